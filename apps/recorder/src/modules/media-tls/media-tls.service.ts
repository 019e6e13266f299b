// Media-source TLS material (API.md §13): an optional client certificate with its private key, and a CA bundle.
// Uploaded by a superuser as PEM, checked (parsable, key matches certificate), stored with the key sealed.
// This service is the one place consumers read it from: the CA bundle verifies cameras' RTSPS certificates,
// RTMPS targets and S3 endpoints; the certificate and key are the client identity where a server asks for one.
import { isIP } from 'node:net';
import { connect } from 'node:tls';
import { requireSuperuser } from '../../platform/auth/guards.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { BadRequestError } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { MediaTlsRepository, MediaTlsRow } from './media-tls.repository.js';
import type { MediaTlsStatus, MediaTlsUpload, MediaTlsUploadResponse } from './media-tls.schemas.js';
import { PemError, keyMatches, parseCertificates, parsePrivateKey, summarize, toPem } from './pem.js';
import type { RecorderEventBus } from '../recorder-events.js';

export const PRIVATE_KEY_PURPOSE = 'media_tls.private_key';

export interface ClientMaterial {
  /** PEM: the certificate, then any chain certificates uploaded with it */
  cert: string;
  /** PEM (PKCS#8) */
  key: string;
}

export type PeerVerdict = { ok: true; warning?: string } | { ok: false; error: string };

/** TLS errors that mean "the peer's certificate is not acceptable", as opposed to "could not reach it". */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

export class MediaTlsService {
  constructor(
    private readonly repository: MediaTlsRepository,
    private readonly secretBox: SecretBox,
    private readonly audit: AuditService,
    private readonly events: RecorderEventBus,
  ) {}

  /** After every change (upload, delete, restore): consumers drop what they derived from the old material. */
  notifyChanged(): void {
    this.events.emit('media-tls.changed', {});
  }

  /** Only superusers manage the material; routes call this before reading an upload. */
  authorize(context: RequestContext): void {
    requireSuperuser(context.principal);
  }

  async status(context: RequestContext): Promise<MediaTlsStatus> {
    requireSuperuser(context.principal);
    return describe(await this.repository.get());
  }

  /**
   * Stores the files given; parts not sent keep their stored value. The key must match the certificate it
   * ends up with (sent now or stored before). An expired (or not yet valid) certificate is stored, with a warning.
   */
  async upload(context: RequestContext, upload: MediaTlsUpload): Promise<MediaTlsUploadResponse> {
    requireSuperuser(context.principal);
    const sent = (['cert_file', 'key_file', 'ca_bundle_file'] as const).filter(
      (f) => upload[f] !== undefined,
    );
    if (sent.length === 0)
      throw new BadRequestError('Send at least one of cert_file, key_file, ca_bundle_file');
    const current = await this.repository.get();
    const next: MediaTlsRow = {
      cert_pem: current?.cert_pem ?? null,
      key_sealed: current?.key_sealed ?? null,
      ca_bundle_pem: current?.ca_bundle_pem ?? null,
      updated_at: new Date().toISOString(),
    };
    const warnings: string[] = [];
    try {
      if (upload.cert_file) {
        const chain = parseCertificates(text(upload.cert_file), 'cert_file');
        next.cert_pem = toPem(chain);
        warnings.push(...validityWarnings('cert_file', chain[0]!));
      }
      if (upload.ca_bundle_file) {
        const bundle = parseCertificates(text(upload.ca_bundle_file), 'ca_bundle_file');
        next.ca_bundle_pem = toPem(bundle);
        bundle.forEach((c, i) =>
          warnings.push(...validityWarnings(`ca_bundle_file certificate ${i + 1}`, c)),
        );
      }
      const key = upload.key_file
        ? parsePrivateKey(text(upload.key_file), 'key_file')
        : next.key_sealed
          ? parsePrivateKey(this.secretBox.open(next.key_sealed, PRIVATE_KEY_PURPOSE), 'the stored key')
          : null;
      if (key) {
        if (!next.cert_pem) throw new PemError('key_file needs its certificate: send cert_file with it');
        const [leaf] = parseCertificates(next.cert_pem, 'cert_file');
        if (!keyMatches(leaf!, key)) {
          throw new PemError(
            upload.key_file
              ? 'key_file does not match the certificate'
              : 'The stored key does not match this certificate: send key_file with it',
          );
        }
        if (upload.key_file) {
          next.key_sealed = this.secretBox.seal(
            key.export({ type: 'pkcs8', format: 'pem' }).toString(),
            PRIVATE_KEY_PURPOSE,
          );
        }
      }
    } catch (error) {
      if (error instanceof PemError)
        throw new BadRequestError({ code: 'invalid_tls_material', message: error.message });
      throw error;
    }
    await this.repository.save(next);
    const status = describe(next);
    await this.audit.record(context, {
      action: 'media_tls.upload',
      entityType: 'media_tls',
      details: {
        files: sent,
        cert_fingerprint_sha256: status.cert?.fingerprint_sha256 ?? null,
        ca_certificates: status.ca_bundle?.certificates.length ?? 0,
      },
    });
    this.notifyChanged();
    return { ...status, warnings };
  }

  async clear(context: RequestContext): Promise<void> {
    requireSuperuser(context.principal);
    await this.repository.clear();
    await this.audit.record(context, { action: 'media_tls.delete', entityType: 'media_tls' });
    this.notifyChanged();
  }

  /** The uploaded CA bundle (PEM), or null: what RTSPS, RTMPS and S3 connections verify their peer against. */
  async caBundle(): Promise<string | null> {
    return (await this.repository.get())?.ca_bundle_pem ?? null;
  }

  /** The uploaded client certificate and key, or null when there is no complete pair. */
  async clientMaterial(): Promise<ClientMaterial | null> {
    const row = await this.repository.get();
    if (!row?.cert_pem || !row.key_sealed) return null;
    return { cert: row.cert_pem, key: this.secretBox.open(row.key_sealed, PRIVATE_KEY_PURPOSE) };
  }

  /**
   * Checks a TLS server (a camera's RTSPS port) against the CA bundle, presenting the client identity if one is
   * stored. Without a CA bundle there is nothing to verify against (cameras ship self-signed certificates): ok.
   * The chain is verified, not the host name: cameras are addressed by IP and name themselves in their
   * certificates. An unreachable peer cannot be checked: ok with a warning (the stream fails on its own).
   */
  async verifyPeer(host: string, port: number, { timeoutMs = 5000 } = {}): Promise<PeerVerdict> {
    const ca = await this.caBundle();
    if (!ca) return { ok: true };
    const client = await this.clientMaterial();
    return new Promise((resolve) => {
      let settled = false;
      const socket = connect({
        host,
        port,
        ca,
        ...(client ? { cert: client.cert, key: client.key } : {}),
        rejectUnauthorized: true,
        checkServerIdentity: () => undefined,
        ...(isIP(host) === 0 ? { servername: host } : {}),
      });
      const finish = (verdict: PeerVerdict, graceful = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (graceful) {
          // Lets our last handshake message (and close_notify) reach the peer instead of a bare reset.
          socket.end();
          setTimeout(() => socket.destroy(), 1000).unref();
        } else socket.destroy();
        resolve(verdict);
      };
      const unchecked = (why: string) =>
        finish({ ok: true, warning: `RTSPS certificate not verified: ${why}` });
      const timer = setTimeout(() => unchecked('the camera did not answer in time'), timeoutMs);
      socket.once('secureConnect', () => finish({ ok: true }, true));
      socket.on('error', (err: Error & { code?: string }) => {
        if (NETWORK_CODES.has(err.code ?? '')) unchecked(`the camera was unreachable (${err.code})`);
        else finish({ ok: false, error: `RTSPS certificate rejected: ${err.message}` });
      });
      socket.once('close', () => unchecked('the connection closed during the handshake'));
    });
  }
}

function describe(row: MediaTlsRow | null): MediaTlsStatus {
  const leaf = row?.cert_pem ? parseCertificates(row.cert_pem, 'cert')[0]! : null;
  return {
    cert: leaf ? summarize(leaf) : null,
    key_set: Boolean(row?.key_sealed),
    ca_bundle: row?.ca_bundle_pem
      ? { certificates: parseCertificates(row.ca_bundle_pem, 'ca_bundle').map(summarize) }
      : null,
  };
}

function validityWarnings(what: string, certificate: { validFrom: string; validTo: string }): string[] {
  const now = Date.now();
  if (Date.parse(certificate.validTo) < now)
    return [`${what} expired on ${new Date(certificate.validTo).toISOString()}`];
  if (Date.parse(certificate.validFrom) > now)
    return [`${what} is not valid before ${new Date(certificate.validFrom).toISOString()}`];
  return [];
}

function text(buffer: Buffer): string {
  return buffer.toString('utf8');
}
