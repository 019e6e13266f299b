// The backup file format, version 1:
//   "NVRBAK" | version (1 byte) | scrypt log2 N, r, p (1 byte each) | salt (16) | IV (12) | tag (16) | ciphertext
// The key is scrypt(secret_key, salt); the payload is gzip'd JSON, sealed with AES-256-GCM, with the whole header
// as associated data, so a changed byte anywhere — header, tag or body — fails authentication.
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCallback } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const MAGIC = Buffer.from('NVRBAK', 'ascii');
export const FORMAT_VERSION = 1;
const DEFAULT_LOG_N = 15;
const HEADER_BYTES = MAGIC.length + 4 + 16 + 12;
const TAG_BYTES = 16;
/** A decompressed payload larger than this is refused (a "zip bomb" from someone holding the key). */
const MAX_PAYLOAD_BYTES = 512 * 1024 * 1024;

export class BackupFileError extends Error {}

async function deriveKey(
  secretKey: string,
  salt: Buffer,
  logN: number,
  r: number,
  p: number,
): Promise<Buffer> {
  const N = 2 ** logN;
  return scrypt(secretKey.normalize('NFC'), salt, 32, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 });
}

export async function sealBackup(payload: unknown, secretKey: string): Promise<Buffer> {
  const [logN, r, p] = [DEFAULT_LOG_N, 8, 1];
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const header = Buffer.concat([MAGIC, Buffer.from([FORMAT_VERSION, logN, r, p]), salt, iv]);
  const key = await deriveKey(secretKey, salt, logN, r, p);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(header);
  const body = Buffer.concat([
    cipher.update(gzipSync(Buffer.from(JSON.stringify(payload), 'utf8'))),
    cipher.final(),
  ]);
  return Buffer.concat([header, cipher.getAuthTag(), body]);
}

/** The payload; BackupFileError with a sentence for a file that is not a backup, truncated, or the wrong key. */
export async function openBackup(file: Buffer, secretKey: string): Promise<unknown> {
  if (file.length < HEADER_BYTES + TAG_BYTES || !file.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new BackupFileError('This is not a configuration backup file (or it is truncated)');
  }
  const [version, logN, r, p] = file.subarray(MAGIC.length, MAGIC.length + 4);
  if (version !== FORMAT_VERSION) throw new BackupFileError(`Unsupported backup format version ${version}`);
  // Bounds keep a forged header from making the server spend minutes or gigabytes on scrypt.
  if (logN! < 10 || logN! > 20 || r! < 1 || r! > 32 || p! < 1 || p! > 16) {
    throw new BackupFileError('The backup header is damaged');
  }
  const header = file.subarray(0, HEADER_BYTES);
  const salt = header.subarray(MAGIC.length + 4, MAGIC.length + 20);
  const iv = header.subarray(MAGIC.length + 20, HEADER_BYTES);
  const key = await deriveKey(secretKey, salt, logN!, r!, p!);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(header);
  decipher.setAuthTag(file.subarray(HEADER_BYTES, HEADER_BYTES + TAG_BYTES));
  let compressed: Buffer;
  try {
    compressed = Buffer.concat([decipher.update(file.subarray(HEADER_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new BackupFileError('The backup could not be decrypted: wrong secret key, or the file is damaged');
  }
  try {
    return JSON.parse(gunzipSync(compressed, { maxOutputLength: MAX_PAYLOAD_BYTES }).toString('utf8'));
  } catch {
    throw new BackupFileError('The backup content is damaged');
  }
}
