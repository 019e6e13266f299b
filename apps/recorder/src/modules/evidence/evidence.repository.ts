import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { EvidenceHeadsTable, EvidenceLinksTable, SigningKeysTable } from '../../platform/db/schema.js';

export type LinkRow = Selectable<EvidenceLinksTable>;
export type HeadRow = Selectable<EvidenceHeadsTable>;
export type SigningKeyRow = Selectable<SigningKeysTable>;

/** The evidence chains, their signed heads and the installation's signing key (the links are appended by
 * platform/db/evidence-chain.ts, in the transactions that index and delete chunks). */
export class EvidenceRepository {
  constructor(private readonly db: Db) {}

  signingKey(): Promise<SigningKeyRow | undefined> {
    return this.db.selectFrom('signing_keys').selectAll().where('id', '=', 1).executeTakeFirst();
  }

  /** Stores the key unless another node stored one first (then theirs is the installation's). */
  async offerSigningKey(row: Omit<SigningKeyRow, 'id'>): Promise<void> {
    await this.db
      .insertInto('signing_keys')
      .values({ id: 1, ...row })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /** The newest link of every camera's chain. */
  heads(): Promise<Array<Pick<LinkRow, 'camera_id' | 'seq' | 'hash'>>> {
    return this.db
      .selectFrom('evidence_links as l')
      .select(['l.camera_id', 'l.seq', 'l.hash'])
      .where((eb) =>
        eb(
          'l.seq',
          '=',
          eb
            .selectFrom('evidence_links as m')
            .select((m) => m.fn.max('m.seq').as('seq'))
            .whereRef('m.camera_id', '=', 'l.camera_id'),
        ),
      )
      .execute();
  }

  /** The newest link of one camera's chain. */
  head(cameraId: number): Promise<Pick<LinkRow, 'camera_id' | 'seq' | 'hash'> | undefined> {
    return this.db
      .selectFrom('evidence_links')
      .select(['camera_id', 'seq', 'hash'])
      .where('camera_id', '=', cameraId)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The newest signed head of each camera. */
  latestSigned() {
    return this.db
      .selectFrom('evidence_heads')
      .select(['camera_id', (eb) => eb.fn.max('seq').as('seq')])
      .groupBy('camera_id')
      .execute();
  }

  latestSignedOf(cameraId: number): Promise<HeadRow | undefined> {
    return this.db
      .selectFrom('evidence_heads')
      .selectAll()
      .where('camera_id', '=', cameraId)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Idempotent: nodes signing the same head at once keep one signature. */
  async insertHead(row: HeadRow): Promise<void> {
    await this.db
      .insertInto('evidence_heads')
      .values(row)
      .onConflict((oc) => oc.columns(['camera_id', 'seq']).doNothing())
      .execute();
  }

  /** A camera's links from `fromSeq` on (to its head), in order. */
  linksFrom(cameraId: number, fromSeq: number): Promise<LinkRow[]> {
    return this.db
      .selectFrom('evidence_links')
      .selectAll()
      .where('camera_id', '=', cameraId)
      .where('seq', '>=', fromSeq)
      .orderBy('seq')
      .execute();
  }

  /** A camera's links about chunks that overlap [startMs, endMs], in chain order. */
  linksOverlapping(cameraId: number, startMs: number, endMs: number): Promise<LinkRow[]> {
    return this.db
      .selectFrom('evidence_links')
      .selectAll()
      .where('camera_id', '=', cameraId)
      .where('start_ms', '<=', endMs)
      .where('end_ms', '>=', startMs)
      .orderBy('seq')
      .execute();
  }
}
