// How much of the chunk ffmpeg is writing can be served: the init section (ftyp + moov) and every fragment (moof +
// mdat) written whole so far. A box counts only once all of its bytes are in the file, so an answer never ends in
// a torn fragment, whatever ffmpeg is in the middle of writing. The file is only ever read (its own descriptor,
// no lock, nothing moved), and each look reads on from where the last one stopped: the box headers and the small
// moof boxes of the new fragments, never the media.
import { open, type FileHandle } from 'node:fs/promises';
import { fragmentTiming, videoTrack, type VideoTrack } from './hls/fmp4-reader.js';

export interface ChunkSoFar {
  /** length of the init section (ftyp + moov): the playlist's EXT-X-MAP */
  initBytes: number;
  /** where the last whole fragment ends: what may be served, from byte 0 */
  completeBytes: number;
  /** whole fragments so far */
  fragments: number;
  /** video covered by those fragments, in seconds */
  durationSeconds: number;
}

/** The moov of a chunk is a few kilobytes; a moof a few (one per second of video). Larger ones are not read. */
const MAX_MOOV_BYTES = 1024 * 1024;
const MAX_MOOF_BYTES = 4 * 1024 * 1024;
/** Boxes walked in one look: an hour-long chunk at a fragment a second has about 7,200. */
const MAX_BOXES_PER_LOOK = 20_000;

export class GrowingChunk {
  /** where the next box not yet read starts */
  #offset = 0;
  #initBytes: number | null = null;
  #track: VideoTrack | null = null;
  /** a moof read whose mdat is not whole yet: its decode time and duration */
  #moof: { decodeTime: number; duration: number } | null = null;
  #completeBytes = 0;
  #fragments = 0;
  #firstDecode: number | null = null;
  #endDecode = 0;

  /** looks run one after another: each reads on from where the one before stopped */
  #looking: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {}

  /** What is whole now (null while not even the init section and one fragment are). Throws ENOENT once gone. */
  look(): Promise<ChunkSoFar | null> {
    const next = this.#looking.then(
      () => this.#look(),
      () => this.#look(),
    );
    this.#looking = next;
    return next;
  }

  async #look(): Promise<ChunkSoFar | null> {
    const handle = await open(this.path, 'r');
    try {
      await this.#walk(handle, (await handle.stat()).size);
    } finally {
      await handle.close();
    }
    return this.now();
  }

  /** The state of the last look. */
  now(): ChunkSoFar | null {
    if (this.#initBytes === null || this.#track === null || this.#fragments === 0) return null;
    return {
      initBytes: this.#initBytes,
      completeBytes: this.#completeBytes,
      fragments: this.#fragments,
      durationSeconds: (this.#endDecode - this.#firstDecode!) / this.#track.timescale,
    };
  }

  async #walk(handle: FileHandle, size: number): Promise<void> {
    const header = Buffer.alloc(16);
    for (let boxes = 0; boxes < MAX_BOXES_PER_LOOK && this.#offset + 8 <= size; boxes++) {
      const { bytesRead } = await handle.read(header, 0, 16, this.#offset);
      if (bytesRead < 8) return;
      let boxSize = header.readUInt32BE(0);
      // size 1: a 64-bit size follows the type; size 0 ("to the end of the file") is never whole while it grows.
      if (boxSize === 1) boxSize = bytesRead < 16 ? 0 : Number(header.readBigUInt64BE(8));
      if (boxSize < 8) return;
      // Not all of it written yet: the next look takes it up from here.
      if (this.#offset + boxSize > size) return;
      const type = header.toString('latin1', 4, 8);
      if (type === 'moov') {
        if (boxSize > MAX_MOOV_BYTES) throw new Error(`moov of ${boxSize} bytes in ${this.path}`);
        this.#track = videoTrack(await readBox(handle, this.#offset, boxSize));
        this.#initBytes = this.#offset + boxSize;
      } else if (type === 'moof' && this.#track) {
        if (boxSize > MAX_MOOF_BYTES) throw new Error(`moof of ${boxSize} bytes in ${this.path}`);
        const { decodeTime, duration } = fragmentTiming(
          await readBox(handle, this.#offset, boxSize),
          this.#track,
        );
        this.#moof = { decodeTime, duration };
      } else if (type === 'mdat' && this.#moof) {
        this.#firstDecode ??= this.#moof.decodeTime;
        this.#endDecode = this.#moof.decodeTime + this.#moof.duration;
        this.#fragments += 1;
        this.#completeBytes = this.#offset + boxSize;
        this.#moof = null;
      }
      // ftyp, and whatever else a muxer adds (sidx, mfra at the very end), change nothing served.
      this.#offset += boxSize;
    }
  }
}

async function readBox(handle: FileHandle, offset: number, size: number): Promise<Buffer> {
  const box = Buffer.alloc(size);
  const { bytesRead } = await handle.read(box, 0, size, offset);
  if (bytesRead < size) throw new Error('the file was cut short while it was read');
  return box;
}
