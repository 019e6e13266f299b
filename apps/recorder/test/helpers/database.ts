// Test databases: a fresh SQLite file per test, and — when TEST_PG_URL points at a PostgreSQL server (CI starts
// one with scripts/start-test-postgres.sh) — a fresh PostgreSQL database per test, dropped afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it, test } from 'node:test';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config.js';
import type { DialectName } from '../../src/platform/db/database.js';

/** Why the PostgreSQL suites cannot run here, or null when they can. */
const PG_URL = process.env.TEST_PG_URL === 'off' ? undefined : process.env.TEST_PG_URL;
export const POSTGRES_SKIP_REASON = PG_URL
  ? null
  : 'no PostgreSQL: TEST_PG_URL is unset or off (npm test starts one when PostgreSQL is installed; CI always does)';
let reportedSkip = false;

/**
 * The dialects to run a file's database suites on. Without PostgreSQL, the file also registers one skipped suite
 * saying so, so that a missing server shows in the report instead of as fewer tests (or, for a PostgreSQL-only
 * file, none at all). Call it at the top level of a test file.
 */
export function testDialects(): DialectName[] {
  if (!POSTGRES_SKIP_REASON) return ['sqlite', 'postgres'];
  if (!reportedSkip) {
    reportedSkip = true;
    test('PostgreSQL suites', { skip: POSTGRES_SKIP_REASON }, () => {});
  }
  return ['sqlite'];
}

/**
 * `it` for a case whose subject is a pipeline (ffmpeg, RTSP, an adapter process, timings), registered on SQLite
 * only: the dialect matters for the SQL a case reaches, not for the processes it drives, and these cases cost
 * tens of seconds each. A file using it keeps, on every dialect, lean cases that reach the same repository
 * queries (its header says which).
 */
export function pipelineCase(dialect: DialectName): typeof it {
  return runsPipelines(dialect) ? it : ((() => {}) as unknown as typeof it);
}

/** Whether a file's pipeline cases run on this dialect (for what only they need, e.g. a test camera). */
export function runsPipelines(dialect: DialectName): boolean {
  return dialect === 'sqlite';
}

export interface TestDatabase {
  config: DatabaseConfig;
  /** the value for DATABASE_URL */
  url: string;
  /** MASTER_KEY and JWT_SECRET for every recorder started on it: recorders sharing a database must share them */
  secrets: { MASTER_KEY: string; JWT_SECRET: string };
  drop(): Promise<void>;
}

const newSecrets = () => ({
  MASTER_KEY: randomBytes(32).toString('hex'),
  JWT_SECRET: randomBytes(32).toString('hex'),
});

export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'nvr-db-'));
    const file = join(dir, 'test.sqlite');
    return {
      config: { dialect: 'sqlite', file },
      url: `sqlite:${file}`,
      secrets: newSecrets(),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = PG_URL;
  if (!adminUrl) throw new Error('TEST_PG_URL is not set');
  const name = `nvr_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { dialect: 'postgres', url: url.toString() },
    url: url.toString(),
    secrets: newSecrets(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
