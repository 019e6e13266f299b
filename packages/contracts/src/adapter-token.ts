// The bearer token the recorder and its local adapter share when the operator chose none (ADAPTER_TOKEN):
// DATA_DIR/adapter.token, mode 0600, made by whichever service starts first. It is written to a private
// temporary file and then hard-linked into place, so the file appears with its whole content or not at all,
// and of two services starting at once the second reads what the first wrote instead of writing its own.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const ADAPTER_TOKEN_FILE = 'adapter.token';

/** Where the shared token of the services using `dataDir` lives. */
export const adapterTokenPath = (dataDir: string): string => join(dataDir, ADAPTER_TOKEN_FILE);

/** A bearer token is visible ASCII without spaces (it goes into an Authorization header as it is). */
export const isBearerToken = (token: string): boolean => /^[\x21-\x7e]+$/.test(token);

/** The token in `path`, created (256 random bits, base64url) if there is none yet. */
export function loadOrCreateAdapterToken(path: string): string {
  const existing = readToken(path);
  if (existing !== null) return existing;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const token = randomBytes(32).toString('base64url');
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${token}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, path);
    return token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = readToken(path);
    if (winner === null) throw new Error(`${path} vanished while it was being created`);
    return winner;
  } finally {
    rmSync(temporary, { force: true });
  }
}

function readToken(path: string): string | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const token = text.trim();
  // The message names the file, never its content.
  if (!isBearerToken(token))
    throw new Error(`${path} does not hold a bearer token (printable ASCII, no spaces)`);
  return token;
}
