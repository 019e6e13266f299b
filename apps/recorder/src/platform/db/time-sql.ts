// Instants are stored as ISO-8601 text (`2026-11-20T08:00:00.000Z`, what Date#toISOString writes), which sorts
// and compares as text; arithmetic on them (gaps between rows) needs them as numbers, which each dialect reads in
// its own way.
import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from './database.js';

/** Unix milliseconds of an ISO-8601 text column or expression, as an integer. */
export function epochMs(dialect: DialectName, iso: RawBuilder<unknown>): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`(extract(epoch from cast(${iso} as timestamptz)) * 1000)::bigint`
    : sql<number>`cast(round((julianday(${iso}) - 2440587.5) * 86400000) as integer)`;
}
