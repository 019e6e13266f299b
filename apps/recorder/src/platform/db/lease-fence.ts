// Writes fenced by a camera lease (issue #22): a write of a camera's pipelines goes in only while the camera's
// lease still carries the fence the pipeline started with. The lease row is share-locked on PostgreSQL for the
// transaction, so a takeover that committed first is seen, and one that comes later waits for the write.
import type { Transaction } from 'kysely';
import type { Db, DialectName } from './database.js';
import type { Database } from './schema.js';

/** The lease a write is made under: the node that held it and the token it had. */
export interface LeaseFence {
  nodeId: string;
  token: number;
}

/** Runs `write` in a transaction while the lease holds; undefined (nothing written) once it no longer does. */
export async function underLease<T>(
  db: Db,
  dialect: DialectName,
  cameraId: number,
  fence: LeaseFence,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction().execute(async (trx) => {
    const lease = trx
      .selectFrom('camera_leases')
      .select('camera_id')
      .where('camera_id', '=', cameraId)
      .where('node_id', '=', fence.nodeId)
      .where('fence', '=', fence.token);
    const held = await (dialect === 'postgres' ? lease.forShare() : lease).executeTakeFirst();
    return held ? write(trx) : undefined;
  });
}
