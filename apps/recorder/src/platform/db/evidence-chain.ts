// Appending to a camera's evidence chain (issue #37, docs/evidence.md), inside the transaction that indexes or
// deletes the chunks, so a chunk row never exists without its link and a deletion never goes unrecorded. One
// sequence per camera: on PostgreSQL the camera's chain is locked for the transaction (an advisory lock: nodes
// appending at once wait for each other); SQLite runs one write transaction at a time. The unique
// (camera_id, seq) is the last word either way: a link built on a stale head is refused, never forked.
import { sql, type Transaction } from 'kysely';
import { GENESIS_HASH, linkHash, type EvidenceLink } from '../crypto/evidence.js';
import type { DialectName } from './database.js';
import type { Database } from './schema.js';

/** Keys the chain locks apart from every other advisory lock of the recorder. */
const CHAIN_LOCK = 7_340_037;

/** A link to append: the chain fills in seq, prev_hash and hash. */
export type NewLink = Omit<EvidenceLink, 'seq' | 'prev_hash' | 'hash'>;

/** Appends links in order (any cameras); returns them as stored. */
export async function appendLinks(
  trx: Transaction<Database>,
  dialect: DialectName,
  links: NewLink[],
): Promise<EvidenceLink[]> {
  const heads = new Map<number, { seq: number; hash: string }>();
  const stored: EvidenceLink[] = [];
  for (const link of links) {
    let head = heads.get(link.camera_id);
    if (!head) {
      if (dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(${CHAIN_LOCK}, ${link.camera_id})`.execute(trx);
      const last = await trx
        .selectFrom('evidence_links')
        .select(['seq', 'hash'])
        .where('camera_id', '=', link.camera_id)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      head = last ? { seq: Number(last.seq), hash: last.hash } : { seq: 0, hash: GENESIS_HASH };
    }
    const fields = { ...link, seq: head.seq + 1, prev_hash: head.hash };
    const full: EvidenceLink = { ...fields, hash: linkHash(fields) };
    await trx.insertInto('evidence_links').values(full).execute();
    heads.set(link.camera_id, { seq: full.seq, hash: full.hash });
    stored.push(full);
  }
  return stored;
}

/** Who a link names as its author: the recorder itself, or a user. */
export function actorOf(user?: { userId: number; username: string }): string {
  return user ? `user:${user.userId}:${user.username}` : 'system';
}
