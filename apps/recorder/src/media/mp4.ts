// Just enough ISO-BMFF reading to serve fragmented MP4 chunks as HLS: where the init section (ftyp + moov)
// ends and the first fragment (moof) begins.
import { open } from 'node:fs/promises';

/** Byte offset of the first `moof` box, i.e. the length of the init section; null if there is none. */
export async function initSectionLength(file: string): Promise<number | null> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(16);
    let offset = 0;
    for (let boxes = 0; boxes < 64; boxes++) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
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
  } finally {
    await handle.close();
  }
}
