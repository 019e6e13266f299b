// Row types of every table, as Kysely sees them. Timestamps are ISO-8601 UTC strings on both dialects
// (lexicographic order is chronological), booleans are real booleans (see sqlite-driver.ts).
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** lower-cased username: uniqueness and login are case-insensitive */
  username_key: string;
  email: string | null;
  password_hash: string;
  is_active: boolean;
  is_superuser: boolean;
  created_at: string;
  updated_at: string | null;
  last_login_at: string | null;
}

export interface RefreshTokensTable {
  jti: string;
  family_id: string;
  user_id: number;
  expires_at: string;
  created_at: string;
  revoked_at: string | null;
}

export interface LoginThrottleTable {
  username_key: string;
  failures: number;
  locked_until: string | null;
  updated_at: string;
}

export interface AuditLogsTable {
  id: Generated<number>;
  timestamp: string;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  user_id: number | null;
  username: string | null;
  ip: string | null;
  user_agent: string | null;
  /** JSON text */
  details: string | null;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  login_throttle: LoginThrottleTable;
  audit_logs: AuditLogsTable;
}
