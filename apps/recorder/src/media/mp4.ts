// Just enough ISO-BMFF reading to serve fragmented MP4 chunks as HLS: where the init section (ftyp + moov)
// ends and the first fragment (moof) begins, and which codec its video track holds.
import { open, type FileHandle } from 'node:fs/promises';

/** Reads up to 16 bytes at an offset into the buffer; answers how many it read. */
type BoxHeaderReader = (header: Buffer, offset: number) => Promise<number> | number;

/** Byte offset of the first `moof` box, i.e. the length of the init section; null if there is none. */
export async function initSectionLength(file: string): Promise<number | null> {
  const handle = await open(file, 'r');
  try {
    return await lengthIn(handle);
  } finally {
    await handle.close();
  }
}

const lengthIn = (handle: FileHandle) =>
  firstFragmentOffset(async (header, offset) => (await handle.read(header, 0, 16, offset)).bytesRead);

/** The same from the first bytes of a chunk (null also when the init section does not end within them). */
export function initSectionLengthOf(prefix: Buffer): Promise<number | null> {
  return firstFragmentOffset((header, offset) =>
    offset >= prefix.length ? 0 : prefix.copy(header, 0, offset, offset + 16),
  );
}

async function firstFragmentOffset(read: BoxHeaderReader): Promise<number | null> {
  const header = Buffer.alloc(16);
  let offset = 0;
  for (let boxes = 0; boxes < 64; boxes++) {
    const bytesRead = await read(header, offset);
    if (bytesRead < 8) return null;
    const type = header.toString('latin1', 4, 8);
    if (type === 'moof') return offset;
    let size = header.readUInt32BE(0);
    // size 1: a 64-bit size follows the type; size 0: the box runs to the end of the file.
    if (size === 1) size = Number(header.readBigUInt64BE(8));
    if (size < 8) return null;
    offset += size;
  }
  return null;
}

/** A chunk's init section: its length, and the codec of its video (ffmpeg's name; null when not one we know). */
export interface InitSection {
  length: number;
  videoCodec: string | null;
}

/** The init section of a chunk file (null when it has none: not a fragmented MP4). */
export async function initSection(file: string): Promise<InitSection | null> {
  const handle = await open(file, 'r');
  try {
    const length = await lengthIn(handle);
    if (length === null) return null;
    const bytes = Buffer.alloc(Math.min(length, MAX_INIT_BYTES));
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    return { length, videoCodec: videoCodecOf(bytes.subarray(0, bytesRead)) };
  } finally {
    await handle.close();
  }
}

/** The same from the first bytes of a chunk. */
export async function initSectionOf(prefix: Buffer): Promise<InitSection | null> {
  const length = await initSectionLengthOf(prefix);
  return length === null ? null : { length, videoCodec: videoCodecOf(prefix.subarray(0, length)) };
}

/** An init section is a few hundred bytes; one larger than this is not read for its codec. */
const MAX_INIT_BYTES = 1024 * 1024;

/** Sample entries (ISO/IEC 14496-15) by the codec names ffmpeg uses. */
const VIDEO_ENTRIES: Record<string, string> = { avc1: 'h264', avc3: 'h264', hvc1: 'hevc', hev1: 'hevc' };

/** moov → trak (the one whose handler is `vide`) → mdia → minf → stbl → stsd → the first sample entry's type. */
function videoCodecOf(init: Buffer): string | null {
  for (const trak of children(init, 'moov').flatMap((moov) => children(moov, 'trak'))) {
    const mdia = children(trak, 'mdia')[0];
    const handler = mdia && children(mdia, 'hdlr')[0];
    // hdlr: version and flags (4), pre_defined (4), then the handler type.
    if (!mdia || !handler || handler.toString('latin1', 8, 12) !== 'vide') continue;
    const stsd = children(mdia, 'minf')
      .flatMap((minf) => children(minf, 'stbl'))
      .flatMap((stbl) => children(stbl, 'stsd'))[0];
    // stsd: version and flags (4), entry count (4), then the entries, each a box.
    if (!stsd || stsd.length < 16) return null;
    const type = stsd.toString('latin1', 12, 16);
    return VIDEO_ENTRIES[type] ?? null;
  }
  return null;
}

/** The bodies of the boxes of a type directly inside `parent` (the whole buffer at the top level). */
function children(parent: Buffer, type: string): Buffer[] {
  const found: Buffer[] = [];
  let offset = 0;
  while (offset + 8 <= parent.length) {
    let size = parent.readUInt32BE(offset);
    let header = 8;
    if (size === 1 && offset + 16 <= parent.length) {
      size = Number(parent.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = parent.length - offset;
    if (size < header || offset + size > parent.length) break;
    if (parent.toString('latin1', offset + 4, offset + 8) === type)
      found.push(parent.subarray(offset + header, offset + size));
    offset += size;
  }
  return found;
}
