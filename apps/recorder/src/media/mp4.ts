// Just enough ISO-BMFF reading to serve fragmented MP4 chunks as HLS: where the init section (ftyp + moov)
// ends and the first fragment (moof) begins.
import { open } from 'node:fs/promises';

/** Reads up to 16 bytes at an offset into the buffer; answers how many it read. */
type BoxHeaderReader = (header: Buffer, offset: number) => Promise<number> | number;

/** Byte offset of the first `moof` box, i.e. the length of the init section; null if there is none. */
export async function initSectionLength(file: string): Promise<number | null> {
  const handle = await open(file, 'r');
  try {
    return await firstFragmentOffset(async (header, offset) => {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      return bytesRead;
    });
  } finally {
    await handle.close();
  }
}

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
