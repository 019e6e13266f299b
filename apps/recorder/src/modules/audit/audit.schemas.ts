import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Paging, Timestamp } from '../../platform/http/schemas.js';

export const AuditLogResponse = Type.Object({
  id: Type.Integer(),
  timestamp: Timestamp,
  action: Type.String(),
  details: Type.Union([Type.Object({}, { additionalProperties: true }), Type.String(), Type.Null()]),
  entity_id: Nullable(Type.String()),
  entity_type: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  user_agent: Nullable(Type.String()),
  username: Nullable(Type.String()),
  user_id: Nullable(Type.Integer()),
});
export type AuditLogResponse = Static<typeof AuditLogResponse>;

export const AuditLogList = Type.Object({ logs: Type.Array(AuditLogResponse), total: Type.Integer() });
export type AuditLogList = Static<typeof AuditLogList>;

export const AuditLogQuery = Type.Object({
  ...Paging,
  action: Type.Optional(Type.String({ maxLength: 100 })),
  entity_type: Type.Optional(Type.String({ maxLength: 50 })),
  entity_id: Type.Optional(Type.String({ maxLength: 100 })),
  user_id: Type.Optional(Type.Integer({ minimum: 1 })),
  since: Type.Optional(Timestamp),
  until: Type.Optional(Timestamp),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;
