// The evidence format (issue #37, docs/evidence.md), shared by the recorder and the `verify` CLI: how a chain link
// is hashed, what a signed chain head says, the key fingerprint, and the checks of an evidence file's manifest.
// Pure functions over node:crypto, so the CLI needs neither the server nor its database.
import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** The link before a camera's first: its `prev_hash`. */
export const GENESIS_HASH = '0'.repeat(64);

/** A link as hashed, stored and exported. */
export interface EvidenceLink {
  camera_id: number;
  seq: number;
  /** 'chunk': a chunk indexed; 'deleted': a chunk removed (reason and actor say why and by whom) */
  kind: 'chunk' | 'deleted';
  path: string;
  start_ms: number;
  end_ms: number;
  size_bytes: number;
  sha256: string;
  reason: string | null;
  actor: string;
  node_id: string | null;
  at_ms: number;
  prev_hash: string;
  hash: string;
}

/** A chain head and its signature. */
export interface SignedHead {
  camera_id: number;
  seq: number;
  hash: string;
  signed_at_ms: number;
  /** base64 */
  signature: string;
}

/** The hash of a link: SHA-256 of its fields (hash excluded) in a fixed order, as JSON. */
export function linkHash(link: Omit<EvidenceLink, 'hash'>): string {
  const fields = [
    'nvr-evidence-link/1',
    link.camera_id,
    link.seq,
    link.kind,
    link.path,
    link.start_ms,
    link.end_ms,
    link.size_bytes,
    link.sha256,
    link.reason,
    link.actor,
    link.node_id,
    link.at_ms,
    link.prev_hash,
  ];
  return sha256Hex(JSON.stringify(fields));
}

/** What a head signature signs: the camera, the link count and hash at the head, and when. */
export function headStatement(head: Omit<SignedHead, 'signature'>): Buffer {
  return Buffer.from(
    `nvr-evidence-head/1\n${head.camera_id}\n${head.seq}\n${head.hash}\n${head.signed_at_ms}\n`,
    'utf8',
  );
}

export function signHead(head: Omit<SignedHead, 'signature'>, privateKey: KeyObject): SignedHead {
  return { ...head, signature: sign(null, headStatement(head), privateKey).toString('base64') };
}

export function headSignatureValid(head: SignedHead, publicKey: KeyObject): boolean {
  return verifySignature(headStatement(head), head.signature, publicKey);
}

export function verifySignature(data: Buffer, signatureBase64: string, publicKey: KeyObject): boolean {
  try {
    return verify(null, data, publicKey, Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false;
  }
}

/** The public key as exchanged: SPKI DER in base64. */
export function publicKeyText(publicKey: KeyObject): string {
  return publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
}

export function publicKeyFrom(text: string): KeyObject {
  const key = createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 public key');
  return key;
}

/**
 * The fingerprint people write down and compare: SHA-256 of the SPKI DER, hex, in groups of four
 * (`ab12 cd34 …`, 16 groups).
 */
export function keyFingerprint(publicKey: KeyObject): string {
  const hex = createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');
  return hex.match(/.{4}/g)!.join(' ');
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The manifest of an evidence file (`manifest.json`; `manifest.sig` is its Ed25519 signature, base64). */
export interface EvidenceManifest {
  format: 'nvr-evidence';
  version: 1;
  camera: { id: number; name: string };
  range: { start_unix: number; end_unix: number };
  exported_at: string;
  exported_by: { user_id: number; username: string };
  /** the installation's public key (SPKI DER, base64) and its fingerprint */
  key: { public_key: string; fingerprint: string };
  /** the files in the archive, in the chain's order */
  chunks: Array<{
    file: string;
    seq: number;
    sha256: string;
    size_bytes: number;
    start_ms: number;
    end_ms: number;
  }>;
  /** the chain from the first exported chunk's link up to the head signed at the export, contiguous */
  links: EvidenceLink[];
  head: SignedHead;
}

export const MANIFEST_FILE = 'manifest.json';
export const SIGNATURE_FILE = 'manifest.sig';

/** The outcome of checking an evidence file: ok with a summary, or the first problem found. */
export type EvidenceCheck =
  | { ok: true; manifest: EvidenceManifest; fingerprint: string; keyFromFile: boolean; deletions: number }
  | { ok: false; problem: string };

/**
 * Checks an evidence file's contents: the manifest's signature with the key (the expected one, or else the key the
 * file carries), the chain's links and their signed head, then every chunk's bytes against its hash and link.
 * `expected` is a public key (base64 SPKI) or a fingerprint (hex, spaces optional).
 */
export function checkEvidence(files: Map<string, Buffer>, expected: string | null): EvidenceCheck {
  const fail = (problem: string): EvidenceCheck => ({ ok: false, problem });
  const manifestBytes = files.get(MANIFEST_FILE);
  const signature = files.get(SIGNATURE_FILE);
  if (!manifestBytes) return fail(`${MANIFEST_FILE} is missing: not an evidence file`);
  if (!signature) return fail(`${SIGNATURE_FILE} is missing: the manifest is not signed`);
  let manifest: EvidenceManifest;
  let fileKey: KeyObject;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8')) as EvidenceManifest;
    if (manifest.format !== 'nvr-evidence' || manifest.version !== 1) throw new Error('unknown format');
    fileKey = publicKeyFrom(manifest.key.public_key);
  } catch (error) {
    return fail(`${MANIFEST_FILE} cannot be read: ${(error as Error).message}`);
  }
  let key = fileKey;
  if (expected !== null) {
    const wanted = expected.replace(/\s+/g, '').toLowerCase();
    if (/^[0-9a-f]{64}$/.test(wanted)) {
      if (keyFingerprint(fileKey).replace(/ /g, '') !== wanted)
        return fail(
          `wrong key: the file was signed with the key ${keyFingerprint(fileKey)}, not with the one given`,
        );
    } else {
      try {
        key = publicKeyFrom(expected.trim());
      } catch (error) {
        return fail(`--key is neither a fingerprint nor a public key: ${(error as Error).message}`);
      }
    }
  }
  if (!verifySignature(manifestBytes, signature.toString('utf8').trim(), key))
    return fail(
      expected !== null && publicKeyText(key) !== manifest.key.public_key
        ? `wrong key: ${MANIFEST_FILE} is not signed by the key given (its own says ${keyFingerprint(fileKey)})`
        : `forged manifest: ${MANIFEST_FILE} does not match its signature (changed after the export)`,
    );
  const chain = checkLinks(manifest.links, manifest.head, key);
  if (chain) return fail(chain);
  const bySeq = new Map(manifest.links.map((link) => [link.seq, link]));
  const hashes = new Map(manifest.chunks.map((chunk) => [chunk.sha256, chunk.file]));
  let previous: EvidenceManifest['chunks'][number] | null = null;
  for (const chunk of manifest.chunks) {
    const link = bySeq.get(chunk.seq);
    if (
      !link ||
      link.kind !== 'chunk' ||
      link.sha256 !== chunk.sha256 ||
      link.camera_id !== manifest.camera.id
    )
      return fail(`${chunk.file}: its hash is not the one its chain link ${chunk.seq} holds`);
    if (previous && (chunk.seq <= previous.seq || chunk.start_ms < previous.start_ms))
      return fail(`${chunk.file}: chunks out of order in the manifest (after ${previous.file})`);
    previous = chunk;
    const bytes = files.get(chunk.file);
    if (!bytes) return fail(`missing chunk: ${chunk.file} is not in the file`);
    const actual = sha256Hex(bytes);
    if (actual !== chunk.sha256) {
      const other = hashes.get(actual);
      return fail(
        other
          ? `reordered chunks: ${chunk.file} holds the bytes of ${other}`
          : `altered chunk: ${chunk.file} does not match its SHA-256 (${chunk.sha256})`,
      );
    }
  }
  const listed = new Set([MANIFEST_FILE, SIGNATURE_FILE, ...manifest.chunks.map((chunk) => chunk.file)]);
  const extra = [...files.keys()].find((name) => !listed.has(name));
  if (extra) return fail(`unexpected file in the archive: ${extra}`);
  return {
    ok: true,
    manifest,
    fingerprint: keyFingerprint(key),
    keyFromFile: expected === null,
    deletions: manifest.links.filter((link) => link.kind === 'deleted').length,
  };
}

/**
 * Checks a run of links: each hashes to what it says, holds the previous one's hash and follows it by one; the
 * last is the head, whose signature holds with the key. Returns the first problem, or null.
 */
export function checkLinks(links: EvidenceLink[], head: SignedHead, key: KeyObject): string | null {
  if (links.length === 0) return 'the manifest holds no chain links';
  for (const [i, link] of links.entries()) {
    const { hash, ...fields } = link;
    if (linkHash(fields) !== hash) return `chain link ${link.seq} does not match its hash`;
    const before = links[i - 1];
    if (before && (link.seq !== before.seq + 1 || link.prev_hash !== before.hash))
      return `chain broken between links ${before.seq} and ${link.seq}`;
    if (link.camera_id !== head.camera_id) return `chain link ${link.seq} is of another camera`;
  }
  const last = links.at(-1)!;
  if (last.seq !== head.seq || last.hash !== head.hash)
    return `the chain does not end at its signed head (link ${head.seq})`;
  if (!headSignatureValid(head, key)) return `the chain head's signature does not hold with the key`;
  return null;
}
