// The backup file format, version 1:
//   "NVRBAK" | version (1 byte) | scrypt log2 N, r, p (1 byte each) | salt (16) | IV (12) | tag (16) | ciphertext
// The key is scrypt(secret_key, salt); the payload is gzip'd JSON, sealed with AES-256-GCM, with the whole header
// as associated data, so a changed byte anywhere — header, tag or body — fails authentication.
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCallback } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { jsonDepthExceeds } from '../../platform/http/json-body.js';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const MAGIC = Buffer.from('NVRBAK', 'ascii');
export const FORMAT_VERSION = 1;
/**
 * The scrypt cost every backup is written with (32 MiB, ~0.1 s), and the only one a restore accepts: the header
 * is read before anything is authenticated, so any other value is refused before scrypt runs (a forged log2 N 20
 * asked for 1 GiB and 6 s per request).
 */
export const KDF = { logN: 15, r: 8, p: 1 } as const;
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
  return sealBackupText(JSON.stringify(payload), secretKey);
}

/** A backup file of the payload's JSON text as it stands. */
export async function sealBackupText(json: string, secretKey: string): Promise<Buffer> {
  const { logN, r, p } = KDF;
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const header = Buffer.concat([MAGIC, Buffer.from([FORMAT_VERSION, logN, r, p]), salt, iv]);
  const key = await deriveKey(secretKey, salt, logN, r, p);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(header);
  const body = Buffer.concat([cipher.update(gzipSync(Buffer.from(json, 'utf8'))), cipher.final()]);
  return Buffer.concat([header, cipher.getAuthTag(), body]);
}

/** The payload; BackupFileError with a sentence for a file that is not a backup, truncated, or the wrong key. */
export async function openBackup(file: Buffer, secretKey: string): Promise<unknown> {
  if (file.length < HEADER_BYTES + TAG_BYTES || !file.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new BackupFileError('This is not a configuration backup file (or it is truncated)');
  }
  const [version, logN, r, p] = file.subarray(MAGIC.length, MAGIC.length + 4);
  if (version !== FORMAT_VERSION) throw new BackupFileError(`Unsupported backup format version ${version}`);
  if (logN !== KDF.logN || r !== KDF.r || p !== KDF.p) {
    throw new BackupFileError(
      `The backup header asks for scrypt parameters (log2 N ${logN}, r ${r}, p ${p}) that this recorder does ` +
        `not write (log2 N ${KDF.logN}, r ${KDF.r}, p ${KDF.p}): the file is damaged or not from an NVR recorder`,
    );
  }
  const header = file.subarray(0, HEADER_BYTES);
  const salt = header.subarray(MAGIC.length + 4, MAGIC.length + 20);
  const iv = header.subarray(MAGIC.length + 20, HEADER_BYTES);
  const key = await deriveKey(secretKey, salt, KDF.logN, KDF.r, KDF.p);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(header);
  decipher.setAuthTag(file.subarray(HEADER_BYTES, HEADER_BYTES + TAG_BYTES));
  let compressed: Buffer;
  try {
    compressed = Buffer.concat([decipher.update(file.subarray(HEADER_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new BackupFileError('The backup could not be decrypted: wrong secret key, or the file is damaged');
  }
  let text: string;
  try {
    text = gunzipSync(compressed, { maxOutputLength: MAX_PAYLOAD_BYTES }).toString('utf8');
  } catch {
    throw new BackupFileError('The backup content is damaged');
  }
  // Rows are flat: a value nested deeper is no backup of ours (and would overflow the restore's JSON.stringify).
  if (jsonDepthExceeds(text)) throw new BackupFileError('The backup content is nested too deeply');
  try {
    return JSON.parse(text);
  } catch {
    throw new BackupFileError('The backup content is damaged');
  }
}
