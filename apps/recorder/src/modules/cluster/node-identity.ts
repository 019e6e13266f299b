// A node's id lives in its data directory, so a restarted recorder is the same node and takes back at once the
// cameras whose leases it still holds.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Reads `DATA_DIR/node-id`, creating it on first start. */
export function loadOrCreateNodeId(dataDir: string): string {
  const path = join(dataDir, 'node-id');
  try {
    const id = readFileSync(path, 'utf8').trim();
    if (UUID.test(id)) return id;
    throw new Error(`${path} does not hold a node id (a UUID); remove it to make a new one`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const id = randomUUID();
  try {
    writeFileSync(path, `${id}\n`, { mode: 0o600, flag: 'wx' });
    return id;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(path, 'utf8').trim();
  }
}
