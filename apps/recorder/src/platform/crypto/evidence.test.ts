// The evidence format without a server: links chained by hash, the signed head, and checkEvidence naming the first
// problem of a file (docs/evidence.md).
import assert from 'node:assert/strict';
import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, it } from 'node:test';
import {
  checkEvidence,
  checkLinks,
  GENESIS_HASH,
  keyFingerprint,
  linkHash,
  MANIFEST_FILE,
  publicKeyText,
  sha256Hex,
  signHead,
  SIGNATURE_FILE,
  type EvidenceLink,
  type EvidenceManifest,
} from './evidence.js';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');

/** A chain of chunk links over these contents, and its head signed. */
function chain(contents: string[], key = privateKey) {
  const links: EvidenceLink[] = [];
  for (const [i, content] of contents.entries()) {
    const fields = {
      camera_id: 3,
      seq: i + 1,
      kind: 'chunk' as const,
      path: `cam-3/${i}.mp4`,
      start_ms: 1000 * i,
      end_ms: 1000 * (i + 1),
      size_bytes: content.length,
      sha256: sha256Hex(content),
      reason: null,
      actor: 'system',
      node_id: null,
      at_ms: 5000 + i,
      prev_hash: links.at(-1)?.hash ?? GENESIS_HASH,
    };
    links.push({ ...fields, hash: linkHash(fields) });
  }
  const last = links.at(-1)!;
  const head = signHead({ camera_id: 3, seq: last.seq, hash: last.hash, signed_at_ms: 9000 }, key);
  return { links, head };
}

function evidenceFile(contents: string[], key = privateKey, pub = publicKey) {
  const { links, head } = chain(contents, key);
  const manifest: EvidenceManifest = {
    format: 'nvr-evidence',
    version: 1,
    camera: { id: 3, name: 'door' },
    range: { start_unix: 0, end_unix: contents.length },
    exported_at: '2026-11-29T00:00:00.000Z',
    exported_by: { user_id: 1, username: 'admin' },
    key: { public_key: publicKeyText(pub), fingerprint: keyFingerprint(pub) },
    chunks: links.map((link, i) => ({
      file: `chunks/${i}.mp4`,
      seq: link.seq,
      sha256: link.sha256,
      size_bytes: link.size_bytes,
      start_ms: link.start_ms,
      end_ms: link.end_ms,
    })),
    links,
    head,
  };
  const bytes = Buffer.from(JSON.stringify(manifest));
  const files = new Map<string, Buffer>([
    [MANIFEST_FILE, bytes],
    [SIGNATURE_FILE, Buffer.from(sign(null, bytes, key).toString('base64'))],
    ...contents.map((content, i): [string, Buffer] => [`chunks/${i}.mp4`, Buffer.from(content)]),
  ]);
  return { files, manifest };
}

describe('evidence chain links', () => {
  it('hold together, and any change to one is named', () => {
    const { links, head } = chain(['a', 'b', 'c']);
    assert.equal(checkLinks(links, head, publicKey), null);
    const altered = links.map((link) => ({ ...link }));
    altered[1]!.size_bytes += 1;
    assert.match(checkLinks(altered, head, publicKey)!, /link 2 does not match its hash/);
    const skipped = [links[0]!, links[2]!];
    assert.match(checkLinks(skipped, head, publicKey)!, /chain broken between links 1 and 3/);
    assert.match(checkLinks(links.slice(0, 2), head, publicKey)!, /does not end at its signed head/);
    assert.match(checkLinks(links, head, other.publicKey)!, /signature does not hold/);
  });

  it('fingerprints are 16 groups of four hex digits, one per key', () => {
    assert.match(keyFingerprint(publicKey), /^([0-9a-f]{4} ){15}[0-9a-f]{4}$/);
    assert.notEqual(keyFingerprint(publicKey), keyFingerprint(other.publicKey));
  });
});

describe('checkEvidence', () => {
  it('accepts an intact file with its own key or the expected one', () => {
    const { files } = evidenceFile(['one', 'two']);
    const own = checkEvidence(files, null);
    assert.ok(own.ok && own.keyFromFile);
    assert.ok(checkEvidence(files, keyFingerprint(publicKey)).ok);
    assert.ok(checkEvidence(files, publicKeyText(publicKey)).ok);
  });

  it('names a changed byte, a missing chunk, swapped chunks, a forged manifest and the wrong key', () => {
    const problem = (files: Map<string, Buffer>, key: string | null = keyFingerprint(publicKey)) => {
      const result = checkEvidence(files, key);
      assert.equal(result.ok, false);
      return (result as { problem: string }).problem;
    };
    const byte = evidenceFile(['one', 'two']).files;
    byte.set('chunks/1.mp4', Buffer.from('twO'));
    assert.match(problem(byte), /altered chunk: chunks\/1\.mp4/);
    const missing = evidenceFile(['one', 'two']).files;
    missing.delete('chunks/0.mp4');
    assert.match(problem(missing), /missing chunk: chunks\/0\.mp4/);
    const swapped = evidenceFile(['one', 'two']).files;
    const first = swapped.get('chunks/0.mp4')!;
    swapped.set('chunks/0.mp4', swapped.get('chunks/1.mp4')!);
    swapped.set('chunks/1.mp4', first);
    assert.match(problem(swapped), /reordered chunks: chunks\/0\.mp4 holds the bytes of chunks\/1\.mp4/);
    const forged = evidenceFile(['one', 'two']).files;
    forged.set(MANIFEST_FILE, Buffer.from(forged.get(MANIFEST_FILE)!.toString().replace('admin', 'other')));
    assert.match(problem(forged), /forged manifest/);
    // Signed whole by another key (a forger's): consistent in itself, refused against the key written down.
    const forger = evidenceFile(['one', 'two'], other.privateKey, other.publicKey).files;
    assert.ok(checkEvidence(forger, null).ok);
    assert.match(problem(forger), /wrong key/);
    assert.match(problem(evidenceFile(['one']).files, publicKeyText(other.publicKey)), /wrong key/);
    const extra = evidenceFile(['one']).files;
    extra.set('chunks/9.mp4', Buffer.from('x'));
    assert.match(problem(extra), /unexpected file/);
  });
});
