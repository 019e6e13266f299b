import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db, DialectName } from '../../platform/db/database.js';
import { underLease, type LeaseFence } from '../../platform/db/lease-fence.js';
import type { AiDetectionResultsTable, Database } from '../../platform/db/schema.js';

export type DetectionResultRow = Selectable<AiDetectionResultsTable> & { model_name: string | null };
export type NewDetectionResultRow = Omit<AiDetectionResultsTable, 'id'>;

export interface DetectionResultFilter {
  modelId?: number | undefined;
  cameraId?: number | undefined;
  task?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  /** null = everything (superuser); else results of these cameras only (no camera-less results) */
  visibleCameraIds: readonly number[] | null;
}

type Eb = ExpressionBuilder<Database & { r: AiDetectionResultsTable }, 'r'>;
/** When the detection happened: executed_at, or when it was stored if the producer did not say. */
const happenedAt = (eb: Eb) => eb.fn.coalesce('r.executed_at', 'r.created_at');

export class DetectionResultsRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  async insert(row: NewDetectionResultRow): Promise<DetectionResultRow> {
    const { id } = await this.db
      .insertInto('ai_detection_results')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.findById(id))!;
  }

  /** A live result, stored only while its camera's lease carries the fence it was analysed under. */
  async insertFenced(row: NewDetectionResultRow, fence: LeaseFence): Promise<DetectionResultRow | undefined> {
    const id = await underLease(this.db, this.dialect, row.camera_id!, fence, async (trx) => {
      const inserted = await trx
        .insertInto('ai_detection_results')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    });
    return id === undefined ? undefined : this.findById(id);
  }

  findById(id: number): Promise<DetectionResultRow | undefined> {
    return this.#select().where('r.id', '=', id).executeTakeFirst();
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('ai_detection_results').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async list(
    filter: DetectionResultFilter,
    page: { skip: number; limit: number },
  ): Promise<{ rows: DetectionResultRow[]; total: number }> {
    const where = (eb: Eb) => {
      const ands = [];
      if (filter.modelId !== undefined) ands.push(eb('r.model_id', '=', filter.modelId));
      if (filter.cameraId !== undefined) ands.push(eb('r.camera_id', '=', filter.cameraId));
      if (filter.task !== undefined) ands.push(eb('r.task', '=', filter.task));
      if (filter.since !== undefined) ands.push(eb(happenedAt(eb), '>=', filter.since));
      if (filter.until !== undefined) ands.push(eb(happenedAt(eb), '<=', filter.until));
      if (filter.visibleCameraIds !== null) {
        ands.push(
          filter.visibleCameraIds.length === 0
            ? eb.lit(false)
            : eb('r.camera_id', 'in', filter.visibleCameraIds),
        );
      }
      return eb.and(ands);
    };
    const [rows, count] = await Promise.all([
      this.#select()
        .where(where)
        .orderBy(happenedAt, 'desc')
        .orderBy('r.id', 'desc')
        .offset(page.skip)
        .limit(page.limit)
        .execute(),
      this.db
        .selectFrom('ai_detection_results as r')
        .where(where)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  #select() {
    return this.db
      .selectFrom('ai_detection_results as r')
      .leftJoin('ai_models as m', 'm.id', 'r.model_id')
      .selectAll('r')
      .select('m.model_name as model_name');
  }
}
