// A cluster for tests: recorder processes of their own on one fresh PostgreSQL database, sharing the secrets
// every node of a cluster must share (JWT_SECRET, MASTER_KEY), with short leases so failovers take seconds.
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { INCOMING_DIR, killOrphans } from '../../src/media/camera-recorder.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { startRecorderProcess, type RecorderProcess } from './recorder-process.js';

export interface TestCluster {
  readonly database: TestDatabase;
  readonly nodes: RecorderProcess[];
  /** starts one more node on the same database */
  addNode(name: string): Promise<RecorderProcess>;
  /** every node stopped, the database dropped */
  close(): Promise<void>;
}

export interface TestClusterOptions {
  nodes: number;
  /** CLUSTER_LEASE_SECONDS (default 5: failovers in seconds, and room for a node the suite starves of CPU) */
  leaseSeconds?: number;
  env?: Record<string, string>;
}

export async function startTestCluster(options: TestClusterOptions): Promise<TestCluster> {
  const database = await createTestDatabase('postgres');
  const shared = {
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    MASTER_KEY: randomBytes(32).toString('hex'),
    CLUSTER_LEASE_SECONDS: String(options.leaseSeconds ?? 5),
    ...options.env,
  };
  const nodes: RecorderProcess[] = [];
  const addNode = async (name: string) => {
    const node = await startRecorderProcess({ env: { ...shared, NODE_NAME: name } });
    nodes.push(node);
    return node;
  };
  // One after another: the first one migrates the database and creates the admin.
  for (let i = 0; i < options.nodes; i++) await addNode(`node-${String.fromCharCode(97 + i)}`);
  return {
    database,
    nodes,
    addNode,
    async close() {
      await Promise.all(nodes.map((node) => node.kill('SIGTERM')));
      // A node killed with -9 left its ffmpeg recording (as a real crash does): end those too.
      for (const node of nodes) await endOrphans(node.dataDir);
      await database.drop();
    },
  };
}

/** Ends the recording ffmpeg processes a killed recorder left running in its data directory. */
export async function endOrphans(dataDir: string): Promise<void> {
  const root = join(dataDir, 'recordings');
  for (const camera of await readdir(root).catch(() => [] as string[]))
    await killOrphans(join(root, camera, INCOMING_DIR));
}
