import type { Updateable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { AiModelRow, AiModelsTable } from '../../platform/db/schema.js';

/** `frames` of a file a node is analysing now (its `analysed_at` is renewed while it does). */
const ANALYSING = -1;
export type { AiModelRow };
export type NewAiModelRow = Omit<AiModelsTable, 'id'>;
export type AiModelPatch = Updateable<Omit<AiModelsTable, 'id' | 'created_at'>>;

export interface AiModelFilter {
  enabled?: boolean | undefined;
  task?: string | undefined;
  cameraId?: number | undefined;
  /** null = every model (superuser); otherwise only models of these cameras */
  visibleCameraIds: readonly number[] | null;
}

export class AiModelsRepository {
  constructor(private readonly db: Db) {}

  insert(row: NewAiModelRow): Promise<AiModelRow> {
    return this.db.insertInto('ai_models').values(row).returningAll().executeTakeFirstOrThrow();
  }

  findById(id: number): Promise<AiModelRow | undefined> {
    return this.db.selectFrom('ai_models').selectAll().where('id', '=', id).executeTakeFirst();
  }

  update(id: number, patch: AiModelPatch): Promise<AiModelRow | undefined> {
    return this.db.updateTable('ai_models').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('ai_models').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async list(
    filter: AiModelFilter,
    page: { skip: number; limit: number },
  ): Promise<{ rows: AiModelRow[]; total: number }> {
    let query = this.db.selectFrom('ai_models');
    if (filter.enabled !== undefined) query = query.where('enabled', '=', filter.enabled);
    if (filter.task !== undefined) query = query.where('task', '=', filter.task);
    if (filter.cameraId !== undefined) query = query.where('assigned_camera_id', '=', filter.cameraId);
    if (filter.visibleCameraIds !== null) {
      const ids = filter.visibleCameraIds;
      query =
        ids.length === 0 ? query.where((eb) => eb.lit(false)) : query.where('assigned_camera_id', 'in', ids);
    }
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('id', 'asc').offset(page.skip).limit(page.limit).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** Every enabled model (the detection loop's schedule). */
  listEnabled(): Promise<AiModelRow[]> {
    return this.db.selectFrom('ai_models').selectAll().where('enabled', '=', true).orderBy('id').execute();
  }

  listIds(): Promise<number[]> {
    return this.db
      .selectFrom('ai_models')
      .select('id')
      .execute()
      .then((rows) => rows.map((r) => r.id));
  }

  /** Chunks a recording-mode model has analysed already. */
  /** The files the model has analysed (path → frames), those being analysed now left out. */
  async analysedFiles(modelId: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('ai_recording_files')
      .select(['path', 'frames'])
      .where('model_id', '=', modelId)
      .where('frames', '!=', ANALYSING)
      .execute();
    return new Map(rows.map((r) => [r.path, r.frames]));
  }

  /**
   * Takes a file for analysis: true when no one has (a row marked ANALYSING), or when the one who did stopped
   * renewing the mark before `staleBefore` (a node that died). Nodes sharing a recordings mount see the same files;
   * this is how each file is analysed by one of them.
   */
  async claimFile(modelId: number, path: string, staleBefore: Date): Promise<boolean> {
    const now = new Date().toISOString();
    const inserted = await this.db
      .insertInto('ai_recording_files')
      .values({ model_id: modelId, path, frames: ANALYSING, analysed_at: now })
      .onConflict((oc) => oc.columns(['model_id', 'path']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
    const retaken = await this.db
      .updateTable('ai_recording_files')
      .set({ analysed_at: now })
      .where('model_id', '=', modelId)
      .where('path', '=', path)
      .where('frames', '=', ANALYSING)
      .where('analysed_at', '<', staleBefore.toISOString())
      .executeTakeFirst();
    return Number(retaken.numUpdatedRows) > 0;
  }

  /** Keeps a claim fresh while the file is analysed. */
  async renewClaim(modelId: number, path: string): Promise<void> {
    await this.db
      .updateTable('ai_recording_files')
      .set({ analysed_at: new Date().toISOString() })
      .where('model_id', '=', modelId)
      .where('path', '=', path)
      .where('frames', '=', ANALYSING)
      .execute();
  }

  /** Gives a claimed file back unanalysed (the analysis stopped). */
  async releaseClaim(modelId: number, path: string): Promise<void> {
    await this.db
      .deleteFrom('ai_recording_files')
      .where('model_id', '=', modelId)
      .where('path', '=', path)
      .where('frames', '=', ANALYSING)
      .execute();
  }

  async markAnalysed(modelId: number, path: string, frames: number): Promise<void> {
    const analysed_at = new Date().toISOString();
    await this.db
      .insertInto('ai_recording_files')
      .values({ model_id: modelId, path, frames, analysed_at })
      .onConflict((oc) => oc.columns(['model_id', 'path']).doUpdateSet({ frames, analysed_at }))
      .execute();
  }

  /** A recording model whose source changed starts over. */
  async forgetAnalysed(modelId: number): Promise<void> {
    await this.db.deleteFrom('ai_recording_files').where('model_id', '=', modelId).execute();
  }
}
