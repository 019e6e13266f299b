import { Type, type Static } from '@sinclair/typebox';

export const ConfigBackupRequest = Type.Object(
  { secret_key: Type.String({ minLength: 12, maxLength: 1024 }) },
  { additionalProperties: false },
);
export type ConfigBackupRequest = Static<typeof ConfigBackupRequest>;

export const RestoreQuery = Type.Object({ dry_run: Type.Boolean({ default: false }) });
export type RestoreQuery = Static<typeof RestoreQuery>;

export const SectionChange = Type.Object({
  /** rows in the backup */
  in_backup: Type.Integer(),
  /** rows on this server before the restore */
  current: Type.Integer(),
  added: Type.Integer(),
  removed: Type.Integer(),
  changed: Type.Integer(),
  unchanged: Type.Integer(),
});

export const RestoreReport = Type.Object({
  dry_run: Type.Boolean(),
  /** false for a dry run: nothing was changed */
  applied: Type.Boolean(),
  backup_created_at: Type.String(),
  backup_server_version: Type.String(),
  sections: Type.Record(Type.String(), SectionChange),
});
export type RestoreReport = Static<typeof RestoreReport>;
