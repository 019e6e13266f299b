import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum, Timestamp } from '../../platform/http/schemas.js';

export const SigningKeyInfo = Type.Object({
  algorithm: Type.Literal('Ed25519'),
  public_key: Type.String({
    description: 'The public key, SPKI DER in base64 (`npm run verify -- file --key …`)',
  }),
  fingerprint: Type.String({
    description:
      'SHA-256 of the public key in hex, in groups of four: write it down to compare with evidence files',
  }),
  created_at: Timestamp,
});
export type SigningKeyInfo = Static<typeof SigningKeyInfo>;

export const INTEGRITY_STATUSES = ['ok', 'altered', 'missing', 'deleted', 'unchained', 'elsewhere'] as const;

export const IntegrityChunk = Type.Object({
  seq: Nullable(Type.Integer({ description: "the chunk's link in its camera's chain (null: unchained)" })),
  start_time: Timestamp,
  end_time: Timestamp,
  status: StringEnum(INTEGRITY_STATUSES, {
    description:
      '`ok`: its bytes match the hash in its link; `altered`: they do not; `missing`: its file is gone, or its row ' +
      'was removed without a link saying so; `deleted`: a link says why and by whom (reason, actor); `unchained`: ' +
      "indexed before the chain existed; `elsewhere`: on another node's disk (reason names it), not checked here",
  }),
  sha256: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  actor: Nullable(Type.String({ description: '`system` or `user:<id>:<username>`' })),
  deleted_at: Nullable(Timestamp),
});
export type IntegrityChunk = Static<typeof IntegrityChunk>;

export const IntegrityReport = Type.Object({
  camera_id: Type.Integer(),
  start_time: Timestamp,
  end_time: Timestamp,
  checked_at: Timestamp,
  verified: Type.Boolean({
    description:
      'every chunk checked matches its link and the chain holds (deleted chunks are explained, not faults)',
  }),
  chain: Type.Object({
    ok: Type.Boolean(),
    problem: Nullable(Type.String()),
    head_seq: Nullable(Type.Integer()),
    signed_seq: Nullable(Type.Integer()),
    signed_at: Nullable(Timestamp),
    key_fingerprint: Type.String(),
  }),
  gaps: Type.Array(
    Type.Object({
      after_seq: Type.Integer(),
      before_seq: Type.Integer({ description: 'links between these two are missing from the chain' }),
    }),
  ),
  counts: Type.Object({
    ok: Type.Integer(),
    altered: Type.Integer(),
    missing: Type.Integer(),
    deleted: Type.Integer(),
    unchained: Type.Integer(),
    elsewhere: Type.Integer(),
    gaps: Type.Integer(),
  }),
  chunks: Type.Array(IntegrityChunk),
});
export type IntegrityReport = Static<typeof IntegrityReport>;
