// Tamper-evident recordings (issue #37, docs/evidence.md): the installation's Ed25519 signing key, the chain heads
// signed at least once a minute and at every export, evidence exports (one ZIP: the original chunks, a manifest of
// their hashes and chain links, its signature) and the integrity check of what is stored. The links themselves are
// appended where chunks are indexed and deleted (platform/db/evidence-chain.ts).
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestContext } from '../../platform/auth/principal.js';
import {
  checkLinks,
  keyFingerprint,
  linkHash,
  MANIFEST_FILE,
  publicKeyText,
  sha256Hex,
  SIGNATURE_FILE,
  signHead,
  type EvidenceLink,
  type EvidenceManifest,
  type SignedHead,
} from '../../platform/crypto/evidence.js';
import { sha256File } from '../../platform/crypto/file-hash.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { ConflictError } from '../../platform/http/errors.js';
import type { RecordingRow } from '../../platform/db/schema.js';
import type { EvidenceRepository, LinkRow } from './evidence.repository.js';
import type { IntegrityChunk, IntegrityReport, SigningKeyInfo } from './evidence.schemas.js';

export const SIGNING_KEY_PURPOSE = 'evidence-signing-key';
/** The chain heads are signed this often (the issue: at least once a minute). */
export const HEAD_SIGNING_MS = 60_000;

interface LoadedKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicText: string;
  fingerprint: string;
  createdAt: string;
}

/** A stored chunk to check or export, and where its file is here (null: on another node's disk). */
export interface StoredChunk {
  row: RecordingRow;
  file: string | null;
}

export class EvidenceService {
  #key: Promise<LoadedKey> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #signing: Promise<number> | null = null;

  constructor(
    private readonly repository: EvidenceRepository,
    private readonly secretBox: SecretBox,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The installation's key: the one in the database, or a new one stored there (the first node's wins). */
  key(): Promise<LoadedKey> {
    this.#key ??= this.#loadKey().catch((error: unknown) => {
      this.#key = null;
      throw error;
    });
    return this.#key;
  }

  async #loadKey(): Promise<LoadedKey> {
    let row = await this.repository.signingKey();
    if (!row) {
      const pair = generateKeyPairSync('ed25519');
      await this.repository.offerSigningKey({
        public_key: publicKeyText(pair.publicKey),
        private_key_sealed: this.secretBox.seal(
          pair.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
          SIGNING_KEY_PURPOSE,
        ),
        created_at: new Date().toISOString(),
      });
      row = await this.repository.signingKey();
      if (!row) throw new Error('the signing key could not be stored');
    }
    const privateKey = createPrivateKey({
      key: Buffer.from(this.secretBox.open(row.private_key_sealed, SIGNING_KEY_PURPOSE), 'base64'),
      format: 'der',
      type: 'pkcs8',
    });
    const publicKey = createPublicKey(privateKey);
    return {
      privateKey,
      publicKey,
      publicText: publicKeyText(publicKey),
      fingerprint: keyFingerprint(publicKey),
      createdAt: row.created_at,
    };
  }

  /** The public half and its fingerprint (any signed-in user: it is what checks an evidence file). */
  async signingKey(_context: RequestContext): Promise<SigningKeyInfo> {
    const key = await this.key();
    return {
      algorithm: 'Ed25519',
      public_key: key.publicText,
      fingerprint: key.fingerprint,
      created_at: key.createdAt,
    };
  }

  start(intervalMs = HEAD_SIGNING_MS): void {
    this.#timer = setInterval(() => {
      this.signHeads().catch((error: unknown) =>
        this.log.error({ err: error }, 'signing chain heads failed'),
      );
    }, intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#signing?.catch(() => undefined);
  }

  /** Signs every chain whose head moved since its last signature; returns how many were signed. */
  signHeads(): Promise<number> {
    this.#signing ??= (async () => {
      const [heads, signed] = await Promise.all([this.repository.heads(), this.repository.latestSigned()]);
      const signedSeq = new Map(signed.map((row) => [row.camera_id, Number(row.seq)]));
      let count = 0;
      for (const head of heads) {
        if ((signedSeq.get(head.camera_id) ?? 0) >= head.seq) continue;
        await this.#sign({ camera_id: head.camera_id, seq: head.seq, hash: head.hash });
        count += 1;
      }
      return count;
    })().finally(() => {
      this.#signing = null;
    });
    return this.#signing;
  }

  async #sign(head: { camera_id: number; seq: number; hash: string }): Promise<SignedHead> {
    const key = await this.key();
    const signed = signHead({ ...head, signed_at_ms: Date.now() }, key.privateKey);
    await this.repository.insertHead({ ...signed, key_fingerprint: key.fingerprint });
    // Two nodes may sign the same head at once: the stored signature is the one that counts.
    const stored = await this.repository.latestSignedOf(head.camera_id);
    return stored && stored.seq === head.seq ? toSignedHead(stored) : signed;
  }

  /**
   * One evidence file of a range: the original chunks (each re-hashed as it is read, and refused if it no longer
   * matches its link), the manifest (camera, range, hashes, the chain from the first chunk's link to the head
   * signed now, who exported and when) and the manifest's signature. A ZIP in a temporary directory.
   */
  async seal(
    context: RequestContext,
    camera: { id: number; name: string },
    range: { start_unix: number; end_unix: number },
    chunks: Array<{ row: RecordingRow; file: string }>,
  ): Promise<{ path: string; size: number; dispose: () => Promise<void> }> {
    const key = await this.key();
    const links = await this.repository.linksOverlapping(
      camera.id,
      chunks[0]!.row.start_ms,
      chunks.at(-1)!.row.end_ms,
    );
    const linkOf = new Map(links.filter((l) => l.kind === 'chunk').map((link) => [link.path, link]));
    const missing = chunks.find((chunk) => !linkOf.has(chunk.row.path));
    if (missing)
      throw new ConflictError(
        `The chunk of ${new Date(missing.row.start_ms).toISOString()} was recorded before the evidence chain existed: ` +
          'it cannot be exported as evidence',
      );
    const head = await this.#sign(await this.#headOf(camera.id));
    const firstSeq = Math.min(...chunks.map((chunk) => Number(linkOf.get(chunk.row.path)!.seq)));
    const chain = (await this.repository.linksFrom(camera.id, firstSeq))
      .filter((link) => link.seq <= head.seq)
      .map(toLink);
    const zip = new AdmZip();
    const entries: EvidenceManifest['chunks'] = [];
    const ordered = [...chunks].sort(
      (a, b) => Number(linkOf.get(a.row.path)!.seq) - Number(linkOf.get(b.row.path)!.seq),
    );
    for (const { row, file } of ordered) {
      const link = linkOf.get(row.path)!;
      const bytes = await readFile(file);
      if (sha256Hex(bytes) !== link.sha256)
        throw new ConflictError(
          `The chunk of ${new Date(row.start_ms).toISOString()} no longer matches its hash: ` +
            'check the range with GET /recordings/{camera_id}/integrity',
        );
      const name = `chunks/${row.start_ms}.mp4`;
      addStored(zip, name, bytes);
      entries.push({
        file: name,
        seq: Number(link.seq),
        sha256: link.sha256,
        size_bytes: bytes.length,
        start_ms: row.start_ms,
        end_ms: row.end_ms,
      });
    }
    const manifest: EvidenceManifest = {
      format: 'nvr-evidence',
      version: 1,
      camera,
      range,
      exported_at: new Date().toISOString(),
      exported_by: { user_id: context.principal.userId, username: context.principal.username },
      key: { public_key: key.publicText, fingerprint: key.fingerprint },
      chunks: entries,
      links: chain,
      head,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2), 'utf8');
    addStored(zip, MANIFEST_FILE, manifestBytes);
    addStored(zip, SIGNATURE_FILE, Buffer.from(sign(null, manifestBytes, key.privateKey).toString('base64')));
    const dir = await mkdtemp(join(tmpdir(), 'nvr-evidence-'));
    const path = join(dir, 'evidence.zip');
    await writeFile(path, zip.toBuffer());
    return { path, size: (await stat(path)).size, dispose: () => rm(dir, { recursive: true, force: true }) };
  }

  async #headOf(cameraId: number): Promise<{ camera_id: number; seq: number; hash: string }> {
    const head = await this.repository.head(cameraId);
    if (!head) throw new ConflictError('This camera has no evidence chain yet');
    return head;
  }

  /**
   * Re-hashes the stored chunks of a range and reports each one: ok, altered (its bytes changed), missing (its file
   * gone, or its row removed without a link saying so), deleted (a link says why and by whom), unchained (indexed
   * before the chain existed) or elsewhere (on another node's disk). The chain from the range's first link to the
   * head is checked too: each link's hash, the run of sequence numbers (a hole is an unexplained gap) and the
   * latest signed head.
   */
  async check(
    cameraId: number,
    startMs: number,
    endMs: number,
    stored: StoredChunk[],
  ): Promise<IntegrityReport> {
    const key = await this.key();
    const links = await this.repository.linksOverlapping(cameraId, startMs, endMs);
    const deletion = new Map(links.filter((l) => l.kind === 'deleted').map((link) => [link.path, link]));
    const rowAt = new Map(stored.map((chunk) => [chunk.row.path, chunk]));
    const items: IntegrityChunk[] = [];
    const chained = new Set<string>();
    for (const link of links.filter((l) => l.kind === 'chunk')) {
      chained.add(link.path);
      const item = (
        status: IntegrityChunk['status'],
        extra: Partial<IntegrityChunk> = {},
      ): IntegrityChunk => ({
        seq: Number(link.seq),
        start_time: new Date(link.start_ms).toISOString(),
        end_time: new Date(link.end_ms).toISOString(),
        status,
        sha256: link.sha256,
        reason: null,
        actor: null,
        deleted_at: null,
        ...extra,
      });
      const gone = deletion.get(link.path);
      const chunk = rowAt.get(link.path);
      if (gone && !chunk) {
        items.push(
          item('deleted', {
            reason: gone.reason,
            actor: gone.actor,
            deleted_at: new Date(gone.at_ms).toISOString(),
          }),
        );
      } else if (!chunk) items.push(item('missing', { reason: 'removed from the index without a link' }));
      else if (chunk.file === null) items.push(item('elsewhere', { reason: chunk.row.node_id }));
      else {
        const actual = await sha256File(chunk.file).catch((error: unknown) => {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
          throw error;
        });
        items.push(
          actual === null
            ? item('missing', { reason: 'the file is gone' })
            : item(
                actual === link.sha256 ? 'ok' : 'altered',
                actual === link.sha256 ? {} : { reason: 'the bytes changed' },
              ),
        );
      }
    }
    for (const chunk of stored) {
      if (chained.has(chunk.row.path)) continue;
      items.push({
        seq: null,
        start_time: new Date(chunk.row.start_ms).toISOString(),
        end_time: new Date(chunk.row.end_ms).toISOString(),
        status: 'unchained',
        sha256: null,
        reason: 'indexed before the evidence chain existed, or without its link',
        actor: null,
        deleted_at: null,
      });
    }
    items.sort((a, b) => a.start_time.localeCompare(b.start_time));
    const chain = await this.#checkChain(cameraId, links, key.publicKey);
    const count = (status: IntegrityChunk['status']) => items.filter((i) => i.status === status).length;
    const counts = {
      ok: count('ok'),
      altered: count('altered'),
      missing: count('missing'),
      deleted: count('deleted'),
      unchained: count('unchained'),
      elsewhere: count('elsewhere'),
      gaps: chain.gaps.length,
    };
    return {
      camera_id: cameraId,
      start_time: new Date(startMs).toISOString(),
      end_time: new Date(endMs).toISOString(),
      checked_at: new Date().toISOString(),
      verified: chain.problem === null && counts.altered + counts.missing + counts.unchained === 0,
      chain: {
        ok: chain.problem === null,
        problem: chain.problem,
        head_seq: chain.headSeq,
        signed_seq: chain.signed?.seq ?? null,
        signed_at: chain.signed ? new Date(chain.signed.signed_at_ms).toISOString() : null,
        key_fingerprint: key.fingerprint,
      },
      gaps: chain.gaps,
      counts,
      chunks: items,
    };
  }

  async #checkChain(
    cameraId: number,
    inRange: LinkRow[],
    publicKey: KeyObject,
  ): Promise<{
    problem: string | null;
    gaps: Array<{ after_seq: number; before_seq: number }>;
    headSeq: number | null;
    signed: SignedHead | null;
  }> {
    const signedRow = await this.repository.latestSignedOf(cameraId);
    const signed = signedRow ? toSignedHead(signedRow) : null;
    if (inRange.length === 0) return { problem: null, gaps: [], headSeq: null, signed };
    const links = (await this.repository.linksFrom(cameraId, Number(inRange[0]!.seq))).map(toLink);
    const gaps: Array<{ after_seq: number; before_seq: number }> = [];
    let problem: string | null = null;
    for (const [i, link] of links.entries()) {
      const before = links[i - 1];
      if (before && link.seq !== before.seq + 1) gaps.push({ after_seq: before.seq, before_seq: link.seq });
    }
    if (gaps.length > 0)
      problem = `links missing from the chain after link ${gaps[0]!.after_seq} (unexplained gap)`;
    else {
      // The run up to the last signed head must hold with its signature; links after it are checked link by link.
      const upToSigned = signed ? links.filter((link) => link.seq <= signed.seq) : [];
      const rest = links.filter((link) => !signed || link.seq > signed.seq);
      if (signed && upToSigned.length > 0) problem = checkLinks(upToSigned, signed, publicKey);
      if (!problem)
        for (const [i, link] of rest.entries()) {
          const previous = i === 0 ? upToSigned.at(-1) : rest[i - 1];
          const { hash, ...fields } = link;
          if (linkHash(fields) !== hash) problem = `chain link ${link.seq} does not match its hash`;
          else if (previous && link.prev_hash !== previous.hash)
            problem = `chain broken between links ${previous.seq} and ${link.seq}`;
          if (problem) break;
        }
    }
    return { problem, gaps, headSeq: links.at(-1)?.seq ?? null, signed };
  }
}

/** Stored, not deflated: video does not compress, and the verifier reads it back as it is. */
function addStored(zip: AdmZip, name: string, bytes: Buffer): void {
  zip.addFile(name, bytes);
  zip.getEntry(name)!.header.method = 0;
}

export function toLink(row: LinkRow): EvidenceLink {
  return {
    camera_id: row.camera_id,
    seq: Number(row.seq),
    kind: row.kind,
    path: row.path,
    start_ms: Number(row.start_ms),
    end_ms: Number(row.end_ms),
    size_bytes: Number(row.size_bytes),
    sha256: row.sha256,
    reason: row.reason,
    actor: row.actor,
    node_id: row.node_id,
    at_ms: Number(row.at_ms),
    prev_hash: row.prev_hash,
    hash: row.hash,
  };
}

function toSignedHead(row: {
  camera_id: number;
  seq: number;
  hash: string;
  signed_at_ms: number;
  signature: string;
}): SignedHead {
  return {
    camera_id: row.camera_id,
    seq: Number(row.seq),
    hash: row.hash,
    signed_at_ms: Number(row.signed_at_ms),
    signature: row.signature,
  };
}
