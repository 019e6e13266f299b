// Reads the fragmented MP4 an ffmpeg writes to a pipe (`-movflags frag_keyframe+empty_moov+default_base_moof`):
// first the init section (ftyp + moov), then one fragment (moof + mdat) at a time. For each fragment it works
// out what low-latency HLS needs to list it as a part: where it starts and how long it lasts on the video track,
// and whether it begins with a keyframe (a part a player can start from).

export interface Fmp4Fragment {
  /** moof + mdat, as written */
  bytes: Buffer;
  /** start on the video track, in seconds from the run's first frame */
  startSeconds: number;
  durationSeconds: number;
  /** begins with a keyframe */
  independent: boolean;
}

export interface Fmp4Listener {
  init(bytes: Buffer): void;
  fragment(fragment: Fmp4Fragment): void;
}

export interface VideoTrack {
  id: number;
  timescale: number;
  /** from moov/mvex/trex: what a fragment leaves unsaid */
  defaultDuration: number;
  defaultFlags: number;
}

/** Largest box accepted: a 4K keyframe fragment is a few MB; anything beyond this is a broken stream. */
const MAX_BOX_BYTES = 64 * 1024 * 1024;
const NON_SYNC_SAMPLE = 0x10000;

export class Fmp4Reader {
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #initBoxes: Buffer[] = [];
  #moof: Buffer | null = null;
  #track: VideoTrack | null = null;
  #firstDecodeTime: number | null = null;

  constructor(private readonly listener: Fmp4Listener) {}

  /** Feeds what the process wrote; throws on a stream that is not fragmented MP4. */
  push(chunk: Buffer): void {
    this.#pending.push(chunk);
    this.#pendingBytes += chunk.length;
    for (;;) {
      if (this.#pendingBytes < 8) return;
      const head = this.#peek(8);
      const size = head.readUInt32BE(0);
      if (size < 8 || size > MAX_BOX_BYTES) throw new Error(`unexpected MP4 box size ${size}`);
      if (this.#pendingBytes < size) return;
      this.#box(head.toString('latin1', 4, 8), this.#take(size));
    }
  }

  #box(type: string, box: Buffer): void {
    if (type === 'ftyp') this.#initBoxes = [box];
    else if (type === 'moov') {
      this.#track = videoTrack(box);
      this.listener.init(Buffer.concat([...this.#initBoxes, box]));
    } else if (type === 'moof') this.#moof = box;
    else if (type === 'mdat' && this.#moof && this.#track) {
      const timing = fragmentTiming(this.#moof, this.#track);
      this.#firstDecodeTime ??= timing.decodeTime;
      this.listener.fragment({
        bytes: Buffer.concat([this.#moof, box]),
        startSeconds: (timing.decodeTime - this.#firstDecodeTime) / this.#track.timescale,
        durationSeconds: timing.duration / this.#track.timescale,
        independent: timing.independent,
      });
      this.#moof = null;
    }
    // styp, sidx, mfra and the like carry nothing a live playlist needs.
  }

  #peek(length: number): Buffer {
    return this.#pending[0]!.length >= length
      ? this.#pending[0]!.subarray(0, length)
      : Buffer.concat(this.#pending).subarray(0, length);
  }

  #take(length: number): Buffer {
    const all = this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending);
    const rest = all.subarray(length);
    this.#pending = rest.length ? [rest] : [];
    this.#pendingBytes = rest.length;
    return all.subarray(0, length);
  }
}

/** The children of a box (after its header and, for full boxes, the version/flags word when `skip` says so). */
function* children(box: Buffer, skip = 8): Generator<[string, Buffer]> {
  let offset = skip;
  while (offset + 8 <= box.length) {
    const size = box.readUInt32BE(offset);
    if (size < 8 || offset + size > box.length) return;
    yield [box.toString('latin1', offset + 4, offset + 8), box.subarray(offset, offset + size)];
    offset += size;
  }
}

function child(box: Buffer, type: string): Buffer | null {
  for (const [name, inner] of children(box)) if (name === type) return inner;
  return null;
}

/** The video track of a `moov` box: its id, timescale and the fragment defaults `trex` gives it. */
export function videoTrack(moov: Buffer): VideoTrack {
  let track: VideoTrack | null = null;
  for (const [type, trak] of children(moov)) {
    if (type !== 'trak') continue;
    const mdia = child(trak, 'mdia');
    const handler = mdia && child(mdia, 'hdlr');
    if (!mdia || handler?.toString('latin1', 16, 20) !== 'vide') continue;
    const tkhd = child(trak, 'tkhd')!;
    const mdhd = child(mdia, 'mdhd')!;
    // tkhd and mdhd: version 1 has 64-bit times, which moves what follows.
    const id = tkhd.readUInt32BE(tkhd[8] === 1 ? 28 : 20);
    const timescale = mdhd.readUInt32BE(mdhd[8] === 1 ? 28 : 20);
    track = { id, timescale, defaultDuration: 0, defaultFlags: 0 };
    break;
  }
  if (!track) throw new Error('the MP4 has no video track');
  const mvex = child(moov, 'mvex');
  for (const [type, trex] of mvex ? children(mvex) : []) {
    if (type === 'trex' && trex.readUInt32BE(12) === track.id) {
      track.defaultDuration = trex.readUInt32BE(20);
      track.defaultFlags = trex.readUInt32BE(28);
    }
  }
  return track;
}

/** The video track's decode time, summed sample durations and first-sample sync flag in one fragment. */
export function fragmentTiming(
  moof: Buffer,
  track: VideoTrack,
): { decodeTime: number; duration: number; independent: boolean } {
  for (const [type, traf] of children(moof)) {
    if (type !== 'traf') continue;
    const tfhd = child(traf, 'tfhd');
    if (!tfhd || tfhd.readUInt32BE(12) !== track.id) continue;
    // tfhd: flags choose which optional fields follow the track id.
    const tfhdFlags = tfhd.readUInt32BE(8) & 0xffffff;
    let offset = 16;
    if (tfhdFlags & 0x1) offset += 8; // base data offset
    if (tfhdFlags & 0x2) offset += 4; // sample description index
    let defaultDuration = track.defaultDuration;
    let defaultFlags = track.defaultFlags;
    if (tfhdFlags & 0x8) defaultDuration = tfhd.readUInt32BE((offset += 4) - 4);
    if (tfhdFlags & 0x10) offset += 4; // default sample size
    if (tfhdFlags & 0x20) defaultFlags = tfhd.readUInt32BE(offset);

    const tfdt = child(traf, 'tfdt');
    const decodeTime = !tfdt ? 0 : tfdt[8] === 1 ? Number(tfdt.readBigUInt64BE(12)) : tfdt.readUInt32BE(12);
    let duration = 0;
    let firstFlags: number | null = null;
    for (const [name, trun] of children(traf)) {
      if (name !== 'trun') continue;
      const flags = trun.readUInt32BE(8) & 0xffffff;
      const count = trun.readUInt32BE(12);
      let at = 16;
      if (flags & 0x1) at += 4; // data offset
      if (flags & 0x4) {
        firstFlags ??= trun.readUInt32BE(at);
        at += 4;
      }
      for (let i = 0; i < count; i += 1) {
        let sampleDuration = defaultDuration;
        if (flags & 0x100) sampleDuration = trun.readUInt32BE((at += 4) - 4);
        if (flags & 0x200) at += 4; // size
        if (flags & 0x400) {
          if (i === 0) firstFlags ??= trun.readUInt32BE(at);
          at += 4;
        }
        if (flags & 0x800) at += 4; // composition offset
        duration += sampleDuration;
      }
    }
    return { decodeTime, duration, independent: ((firstFlags ?? defaultFlags) & NON_SYNC_SAMPLE) === 0 };
  }
  throw new Error('an MP4 fragment without the video track');
}

/**
 * The RFC 6381 codecs string of an init section that carries H.264 video alone (`avc1.PPCCLL`), for a
 * multivariant playlist's CODECS; null for anything else (the attribute is then left out, which players accept).
 */
export function h264CodecsOf(init: Buffer): string | null {
  const moov = [...children(init, 0)].find(([type]) => type === 'moov')?.[1];
  if (!moov) return null;
  let codecs: string | null = null;
  for (const [type, trak] of children(moov)) {
    if (type !== 'trak') continue;
    const mdia = child(trak, 'mdia');
    if (mdia && child(mdia, 'hdlr')?.toString('latin1', 16, 20) !== 'vide') return null;
    const at = trak.indexOf('avcC', 0, 'latin1');
    if (at < 0 || at + 8 > trak.length) return null;
    // avcC: version, then profile, profile compatibility and level, one byte each.
    codecs = `avc1.${trak
      .subarray(at + 5, at + 8)
      .toString('hex')
      .toUpperCase()}`;
  }
  return codecs;
}
