import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Reads a secret kept in the data directory, creating it (mode 0600) on first use. `wx` makes two processes
 * that start at once agree on one value: the loser of the race reads what the winner wrote.
 */
export function loadOrCreateSecretFile(path: string, bytes: number): Buffer {
  try {
    return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes);
  try {
    writeFileSync(path, secret.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  }
}
