// Configuration backup and restore (API.md §13). A backup is every configuration table (SECTIONS) with secrets
// opened, as one JSON document, gzip'd and encrypted under a key derived from the operator's secret_key. A
// restore decrypts and checks the whole file first, then replaces the configuration in one transaction — all
// or nothing — and tells the running services (recording, live view, TLS consumers) to pick it up.
import { requireSuperuser } from '../../platform/auth/guards.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { BadRequestError } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { RecorderEventBus } from '../recorder-events.js';
import { BackupFileError, FORMAT_VERSION, openBackup, sealBackup } from './backup-file.js';
import { RestoreStepError, type BackupRepository } from './backup.repository.js';
import type { RestoreReport } from './backup.schemas.js';
import { SECTIONS, type BackupSection, type Row } from './sections.js';

const PAYLOAD_FORMAT = 'nvr-config-backup';

interface Payload {
  format: typeof PAYLOAD_FORMAT;
  version: number;
  created_at: string;
  server_version: string;
  sections: Record<string, Row[]>;
}

export class BackupService {
  constructor(
    private readonly repository: BackupRepository,
    private readonly secretBox: SecretBox,
    private readonly audit: AuditService,
    private readonly serverVersion: string,
    /** 'backup.restored' makes the running services follow the restored configuration before restore answers */
    private readonly events: RecorderEventBus,
    private readonly sections: readonly BackupSection[] = SECTIONS,
  ) {}

  /** Only superusers back up and restore; routes call this before reading an upload. */
  authorize(context: RequestContext): void {
    requireSuperuser(context.principal);
  }

  async backup(context: RequestContext, secretKey: string): Promise<{ file: Buffer; filename: string }> {
    requireSuperuser(context.principal);
    const rows = await this.repository.exportAll(this.sections);
    const sections: Record<string, Row[]> = {};
    for (const section of this.sections) {
      sections[section.name] = rows[section.name]!.map((row) => this.#open(section, row));
    }
    const createdAt = new Date().toISOString();
    const payload: Payload = {
      format: PAYLOAD_FORMAT,
      version: FORMAT_VERSION,
      created_at: createdAt,
      server_version: this.serverVersion,
      sections,
    };
    const file = await sealBackup(payload, secretKey);
    await this.audit.record(context, {
      action: 'system.backup',
      entityType: 'system',
      details: { counts: Object.fromEntries(Object.entries(sections).map(([name, r]) => [name, r.length])) },
    });
    return { file, filename: `nvr-config-${createdAt.replace(/[:.]/g, '-')}.nvrbak` };
  }

  async restore(
    context: RequestContext,
    file: Buffer | undefined,
    secretKey: string | undefined,
    dryRun: boolean,
  ): Promise<RestoreReport> {
    requireSuperuser(context.principal);
    if (!file || file.length === 0)
      throw new BadRequestError('Send the backup as the multipart field "file"');
    if (!secretKey || secretKey.length < 12) {
      throw new BadRequestError('Send the secret_key the backup was made with (at least 12 characters)');
    }
    let payload: Payload;
    try {
      payload = checkPayload(await openBackup(file, secretKey), this.sections);
    } catch (error) {
      if (error instanceof BackupFileError)
        throw new BadRequestError({ code: 'invalid_backup', message: error.message });
      throw error;
    }
    const incoming: Record<string, Row[]> = {};
    const stored: Record<string, Row[]> = {};
    for (const section of this.sections) {
      incoming[section.name] = (payload.sections[section.name] ?? []).map((row) => this.#seal(section, row));
    }
    // The comparison is made on plaintext (sealed values differ on every seal).
    const current = await this.repository.exportAll(this.sections);
    const report: RestoreReport['sections'] = {};
    for (const section of this.sections) {
      stored[section.name] = current[section.name]!.map((row) => this.#open(section, row));
      report[section.name] = compare(section, stored[section.name]!, payload.sections[section.name] ?? []);
    }
    const cameraIdsBefore = await this.repository.cameraIds();
    try {
      await this.repository.restore(this.sections, incoming, !dryRun);
    } catch (error) {
      if (error instanceof RestoreStepError) {
        throw new BadRequestError({
          code: 'backup_does_not_fit',
          message: `The backup could not be applied (section ${error.section}); nothing was changed`,
          section: error.section,
        });
      }
      throw error;
    }
    if (!dryRun) {
      await this.audit.record(context, {
        action: 'system.restore',
        entityType: 'system',
        details: { backup_created_at: payload.created_at, sections: report },
      });
      const cameraIds = new Set([...cameraIdsBefore, ...(await this.repository.cameraIds())]);
      await this.events.emitAndWait('backup.restored', { cameraIds: [...cameraIds] });
    }
    return {
      dry_run: dryRun,
      applied: !dryRun,
      backup_created_at: payload.created_at,
      backup_server_version: payload.server_version,
      sections: report,
    };
  }

  /** A stored row as it goes into the file: sealed columns replaced by their plaintext. */
  #open(section: BackupSection, row: Row): Row {
    if (!section.secrets) return row;
    const out: Row = { ...row };
    for (const secret of section.secrets) {
      const sealed = out[secret.column];
      delete out[secret.column];
      out[secret.field] = typeof sealed === 'string' ? this.secretBox.open(sealed, secret.purpose) : null;
    }
    return out;
  }

  /** A row from the file as it goes into this database: plaintext sealed with this server's key. */
  #seal(section: BackupSection, row: Row): Row {
    let out: Row = { ...row };
    for (const secret of section.secrets ?? []) {
      const plain = out[secret.field];
      delete out[secret.field];
      out[secret.column] = typeof plain === 'string' ? this.secretBox.seal(plain, secret.purpose) : null;
    }
    if (section.onRestore) out = section.onRestore(out);
    return out;
  }
}

function checkPayload(value: unknown, sections: readonly BackupSection[]): Payload {
  const fail = (why: string): never => {
    throw new BackupFileError(`The backup content is not valid: ${why}`);
  };
  if (!isObject(value) || value.format !== PAYLOAD_FORMAT) return fail('unknown format');
  if (value.version !== FORMAT_VERSION) return fail(`unsupported version ${String(value.version)}`);
  if (typeof value.created_at !== 'string' || typeof value.server_version !== 'string')
    return fail('header fields');
  if (!isObject(value.sections)) return fail('no sections');
  const known = new Map(sections.map((s) => [s.name, s]));
  for (const [name, rows] of Object.entries(value.sections)) {
    const section = known.get(name);
    if (!section) return fail(`unknown section "${name}" (made by a newer version?)`);
    if (!Array.isArray(rows)) return fail(`section "${name}" is not a list`);
    for (const row of rows) {
      if (!isObject(row)) return fail(`a row of "${name}" is not an object`);
      for (const column of section.key)
        if (row[column] === undefined) return fail(`a row of "${name}" has no ${column}`);
      for (const secret of section.secrets ?? []) {
        if (secret.column in row) return fail(`"${name}" carries a sealed value`);
        if (
          row[secret.field] !== null &&
          row[secret.field] !== undefined &&
          typeof row[secret.field] !== 'string'
        )
          return fail(`"${name}".${secret.field} is not text`);
      }
    }
  }
  return value as unknown as Payload;
}

function compare(section: BackupSection, current: Row[], incoming: Row[]) {
  const keyOf = (row: Row) => JSON.stringify(section.key.map((k) => row[k]));
  const stable = (row: Row) =>
    JSON.stringify(
      Object.keys(row)
        .sort()
        .map((k) => [k, row[k]]),
    );
  const before = new Map(current.map((row) => [keyOf(row), stable(row)]));
  let added = 0;
  let changed = 0;
  let unchanged = 0;
  for (const row of incoming) {
    const existing = before.get(keyOf(row));
    if (existing === undefined) added++;
    else if (existing === stable(row)) unchanged++;
    else changed++;
  }
  const incomingKeys = new Set(incoming.map(keyOf));
  const removed = current.filter((row) => !incomingKeys.has(keyOf(row))).length;
  return { in_backup: incoming.length, current: current.length, added, removed, changed, unchanged };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
