import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** SHA-256 of a file, hex, read as a stream (a chunk may be hundreds of megabytes). */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const block of createReadStream(path, { highWaterMark: 1024 * 1024 }))
    hash.update(block as Buffer);
  return hash.digest('hex');
}
