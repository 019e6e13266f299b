import { Type, type Static } from '@sinclair/typebox';
import { Timestamp } from '../../platform/http/schemas.js';

export const CertificateSummary = Type.Object({
  subject: Type.String(),
  issuer: Type.String(),
  not_before: Timestamp,
  not_after: Timestamp,
  fingerprint_sha256: Type.String(),
});

/** GET /media-source/tls (API.md §13). The private key is never returned: only `key_set`. */
export const MediaTlsStatus = Type.Object({
  cert: Type.Union([CertificateSummary, Type.Null()]),
  key_set: Type.Boolean(),
  ca_bundle: Type.Union([Type.Object({ certificates: Type.Array(CertificateSummary) }), Type.Null()]),
});
export type MediaTlsStatus = Static<typeof MediaTlsStatus>;

/** The upload answer: the stored state plus what the operator should know (expired or not yet valid). */
export const MediaTlsUploadResponse = Type.Intersect([
  MediaTlsStatus,
  Type.Object({ warnings: Type.Array(Type.String()) }),
]);
export type MediaTlsUploadResponse = Static<typeof MediaTlsUploadResponse>;

export interface MediaTlsUpload {
  cert_file?: Buffer;
  key_file?: Buffer;
  ca_bundle_file?: Buffer;
}
export const UPLOAD_FIELDS = ['cert_file', 'key_file', 'ca_bundle_file'] as const;
