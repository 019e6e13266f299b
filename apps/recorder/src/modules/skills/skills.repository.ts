import { sql } from 'kysely';
import type { Db, DialectName } from '../../platform/db/database.js';
import { CompiledRead } from '../../platform/db/compiled-read.js';
import { cacheable } from '../../platform/db/result-cache.js';

export interface AssignmentRow {
  camera_id: number;
  skill: string;
  labels: string[] | null;
}

export interface ConsumerRow {
  camera_id: number;
  skill: string;
  consumer: string;
  params: Record<string, unknown> | null;
  declared_at: string;
}

const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

/** Camera assignments (skill + optional labels) and the consumers that declared they use them. */
export class SkillsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  /**
   * `camera_id` is one of `ids`, passed as one parameter, so the statement is the same for any number of ids:
   * an IN list made a new prepared statement on every PostgreSQL connection for each page size, and for a
   * page of 100 it cost more (measured on PostgreSQL: recorder ~65–90 µs and server ~50 µs per call, against
   * ~56 and ~43 µs for one array).
   */
  #cameraIdIn(ids: readonly number[]) {
    return this.#idCondition(this.#idList(ids));
  }

  /** The one parameter: an array on PostgreSQL, its JSON text on SQLite. */
  #idList(ids: readonly number[]): unknown {
    return this.dialect === 'postgres' ? ids : JSON.stringify(ids);
  }

  #idCondition(list: unknown) {
    return this.dialect === 'postgres'
      ? sql<boolean>`camera_id = any(${sql.val(list)}::integer[])`
      : sql<boolean>`camera_id in (select value from json_each(${list}))`;
  }

  // Read for every camera page: compiled once (see CompiledRead).
  readonly #assignments = new CompiledRead<{ camera_id: number; skill: string; labels: string | null }>(
    1,
    (db, list) =>
      db
        .selectFrom('camera_assignments')
        .select(['camera_id', 'skill', 'labels'])
        .where(this.#idCondition(list))
        .orderBy('camera_id')
        .orderBy('position')
        .modifyEnd(cacheable),
  );

  async assignmentsFor(cameraIds: readonly number[]): Promise<AssignmentRow[]> {
    if (cameraIds.length === 0) return [];
    const rows = await this.#assignments.run(this.db, this.#idList(cameraIds));
    return rows.map((row) => ({ ...row, labels: parseJson<string[]>(row.labels) }));
  }

  async consumersFor(cameraIds: readonly number[]): Promise<ConsumerRow[]> {
    if (cameraIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('skill_consumers')
      .selectAll()
      .where(this.#cameraIdIn(cameraIds))
      .orderBy('declared_at')
      .orderBy('consumer')
      .execute();
    return rows.map((row) => ({ ...row, params: parseJson<Record<string, unknown>>(row.params) }));
  }

  /** Replaces the camera's whole list; declarations of skills that are no longer assigned go with them. */
  async replaceAssignments(
    cameraId: number,
    assignments: { skill: string; labels: string[] | null }[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('camera_assignments').where('camera_id', '=', cameraId).execute();
      let orphans = trx.deleteFrom('skill_consumers').where('camera_id', '=', cameraId);
      if (assignments.length > 0)
        orphans = orphans.where(
          'skill',
          'not in',
          assignments.map((a) => a.skill),
        );
      await orphans.execute();
      if (assignments.length === 0) return;
      await trx
        .insertInto('camera_assignments')
        .values(
          assignments.map((a, position) => ({
            camera_id: cameraId,
            skill: a.skill,
            labels: a.labels === null ? null : JSON.stringify(a.labels),
            position,
          })),
        )
        .execute();
    });
  }

  /**
   * Adds the assignment if the camera lacks it (labels untouched otherwise) and records the declaration.
   * False, with nothing written, when the assignment would be one more than `maxAssignments`.
   */
  async declare(declaration: ConsumerRow, maxAssignments: number): Promise<boolean> {
    const { camera_id, skill } = declaration;
    return this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('camera_assignments')
        .select(['skill', 'position'])
        .where('camera_id', '=', camera_id)
        .execute();
      if (!current.some((row) => row.skill === skill)) {
        if (current.length >= maxAssignments) return false;
        const position = Math.max(-1, ...current.map((row) => Number(row.position))) + 1;
        await trx
          .insertInto('camera_assignments')
          .values({ camera_id, skill, labels: null, position })
          .onConflict((oc) => oc.columns(['camera_id', 'skill']).doNothing())
          .execute();
      }
      const params = declaration.params === null ? null : JSON.stringify(declaration.params);
      await trx
        .insertInto('skill_consumers')
        .values({ ...declaration, params })
        .onConflict((oc) =>
          oc
            .columns(['camera_id', 'skill', 'consumer'])
            .doUpdateSet({ params, declared_at: declaration.declared_at }),
        )
        .execute();
      return true;
    });
  }

  /** Removes one declaration; the assignment goes too when no declaration remains. False if there was none. */
  async undeclare(cameraId: number, skill: string, consumer: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('skill_consumers')
        .where('camera_id', '=', cameraId)
        .where('skill', '=', skill)
        .where('consumer', '=', consumer)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return false;
      const remaining = await trx
        .selectFrom('skill_consumers')
        .select('consumer')
        .where('camera_id', '=', cameraId)
        .where('skill', '=', skill)
        .executeTakeFirst();
      if (!remaining) {
        await trx
          .deleteFrom('camera_assignments')
          .where('camera_id', '=', cameraId)
          .where('skill', '=', skill)
          .execute();
      }
      return true;
    });
  }
}
