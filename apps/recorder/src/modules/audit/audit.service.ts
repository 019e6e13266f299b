// Every module records its mutations here. Details are scrubbed of anything that looks like a secret before
// they are stored, so a careless caller cannot leak a password into the audit trail.
import { requireSuperuser } from '../../platform/auth/guards.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import type { AuditLogList, AuditLogQuery } from './audit.schemas.js';
import type { AuditRepository } from './audit.repository.js';

export interface AuditActor {
  userId: number | null;
  username: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEntry {
  action: string;
  entityType?: string;
  entityId?: string | number;
  details?: Record<string, unknown>;
}

const SECRET_KEY =
  /pass(word|phrase)?|secret|token|api_?key|access_key|private|stream_key|authorization|credential|master_key/i;

export function scrubSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) =>
      SECRET_KEY.test(key) && !key.endsWith('_set') ? [key, '[REDACTED]'] : [key, scrubSecrets(inner)],
    ),
  );
}

export function actorOf(context: RequestContext): AuditActor {
  return {
    userId: context.principal.userId,
    username: context.principal.username,
    ip: context.ip,
    userAgent: context.userAgent,
  };
}

export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  async record(actor: AuditActor | RequestContext, entry: AuditEntry): Promise<void> {
    const who = 'principal' in actor ? actorOf(actor) : actor;
    await this.repository.insert({
      timestamp: new Date().toISOString(),
      action: entry.action,
      entity_type: entry.entityType ?? null,
      entity_id: entry.entityId === undefined ? null : String(entry.entityId),
      user_id: who.userId,
      username: who.username,
      ip: who.ip,
      user_agent: who.userAgent,
      details: entry.details === undefined ? null : JSON.stringify(scrubSecrets(entry.details)),
    });
  }

  async list(context: RequestContext, query: AuditLogQuery): Promise<AuditLogList> {
    requireSuperuser(context.principal);
    const { rows, total } = await this.repository.list(query);
    return {
      total,
      logs: rows.map((row) => ({ ...row, details: parseDetails(row.details) })),
    };
  }
}

function parseDetails(text: string | null): Record<string, unknown> | string | null {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : text;
  } catch {
    return text;
  }
}
