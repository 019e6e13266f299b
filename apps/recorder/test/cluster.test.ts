// Several recorders on one PostgreSQL database (issue #22), as real processes with real test cameras: every
// camera is recorded by exactly one node; a node killed with -9 loses its cameras to the others within the
// lease time; a paused node that lost its leases writes no index row when it wakes (fencing); a drained node
// hands its cameras over with gaps shorter than a chunk.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { endOrphans, startTestCluster, type TestCluster } from './helpers/cluster.js';
import { POSTGRES_SKIP_REASON } from './helpers/database.js';
import { eventually } from './helpers/eventually.js';
import { startRecorderProcess, type RecorderProcess } from './helpers/recorder-process.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';
import { SseClient } from './helpers/event-clients.js';
import {
  peopleStill,
  recorderEnvFor,
  startAdapterProcess,
  type AdapterProcess,
} from './helpers/adapter-process.js';

// Short leases so that failovers take seconds, but not so short that a node starved of CPU by the rest of the
// suite (the files run two at a time) misses its renewals and its cameras bounce between nodes.
const LEASE_SECONDS = 5;
const SEGMENT_SECONDS = 10;
/** A camera moves within the lease, a round, and the start of its ffmpeg: well inside this on a busy machine. */
const FAILOVER_BOUND_MS = 30_000;

interface NodeView {
  id: string;
  name: string;
  online: boolean;
  state: string;
  camera_ids: number[];
}

interface ChunkRow {
  camera_id: number;
  node_id: string;
  start_ms: number;
  end_ms: number;
  path: string;
}

describe(
  'recorders sharing one PostgreSQL database',
  { skip: POSTGRES_SKIP_REASON ?? false, timeout: 300_000 },
  () => {
    let cluster: TestCluster;
    let db: pg.Client;
    let adapter: AdapterProcess;
    /** a camera showing people, for detections */
    let peopleCameraId: number;
    const scratch = mkdtempSync(join(tmpdir(), 'nvr-cluster-'));
    const cameras: TestCamera[] = [];
    const cameraIds: number[] = [];

    const nodesSeenBy = async (node: RecorderProcess): Promise<NodeView[]> =>
      (await node.api('GET', '/nodes')).body.nodes as NodeView[];
    const chunks = async (cameraId: number): Promise<ChunkRow[]> =>
      (
        await db.query<ChunkRow>(
          'select camera_id, node_id, start_ms, end_ms, path from recordings where camera_id = $1 order by start_ms',
          [cameraId],
        )
      ).rows.map((row) => ({ ...row, start_ms: Number(row.start_ms), end_ms: Number(row.end_ms) }));
    const nodeIdOf = async (node: RecorderProcess) =>
      (await nodesSeenBy(node)).find((view) => (view as NodeView & { this_node: boolean }).this_node)!.id;
    /** The node (among those given) that holds the camera, as the database says. */
    const holderOf = async (cameraId: number): Promise<string | undefined> =>
      (
        await db.query<{ node_id: string }>(
          'select node_id from camera_leases where camera_id = $1 and expires_ms > 0',
          [cameraId],
        )
      ).rows[0]?.node_id;
    /** Resolves once the camera has a chunk recorded by `nodeId` that starts after `afterMs`. */
    const recordedBy = (cameraId: number, nodeId: string, afterMs: number, timeoutMs: number) =>
      eventually(
        async () =>
          (await chunks(cameraId)).find((chunk) => chunk.node_id === nodeId && chunk.start_ms >= afterMs),
        { timeoutMs, what: `camera ${cameraId} recorded by node ${nodeId}` },
      );

    before(async () => {
      adapter = await startAdapterProcess({ workers: 1 });
      cluster = await startTestCluster({
        nodes: 3,
        leaseSeconds: LEASE_SECONDS,
        env: { RETENTION_INTERVAL_SECONDS: '2', ...recorderEnvFor(adapter) },
      });
      db = new pg.Client({ connectionString: cluster.database.url });
      await db.connect();
      for (let i = 0; i < 4; i++)
        cameras.push(await startTestCamera({ gop: 10, fps: 10, width: 320, height: 180 }));
      const [first] = cluster.nodes;
      for (const [i, camera] of cameras.entries()) {
        const created = await first!.api('POST', '/cameras', {
          name: `cluster-${i}`,
          ip_address: '127.0.0.1',
          rtsp_url: camera.url,
        });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        cameraIds.push(created.body.id as number);
      }
      // Not recorded: a still of people, only for live detections.
      const people = await startTestCamera({ image: peopleStill(scratch) });
      cameras.push(people);
      const created = await first!.api('POST', '/cameras', {
        name: 'cluster-people',
        ip_address: '127.0.0.1',
        rtsp_url: people.url,
      });
      peopleCameraId = created.body.id as number;
      await first!.api('PATCH', `/camera-config/${peopleCameraId}`, {
        transport_security: 'plaintext_allowed',
      });
      // Every node runs some of the cameras; then recording is switched on through the first node, also for the
      // cameras the others run: the change reaches them (modules/cluster/change-relay.ts).
      await eventually(
        async () => {
          const held = await Promise.all([...cameraIds, peopleCameraId].map(holderOf));
          return held.every(Boolean) && new Set(held).size === cluster.nodes.length ? true : undefined;
        },
        { what: 'every node running some of the cameras' },
      );
      const firstId = await nodeIdOf(first!);
      const runElsewhere = (await Promise.all(cameraIds.map(holderOf))).filter((node) => node !== firstId);
      assert.ok(runElsewhere.length > 0, 'some recorded cameras run on the other nodes');
      for (const cameraId of cameraIds) {
        const configured = await first!.api('PATCH', `/camera-config/${cameraId}`, {
          recording_enabled: true,
          recording_segment_seconds: SEGMENT_SECONDS,
          transport_security: 'plaintext_allowed',
        });
        assert.equal(configured.status, 200, JSON.stringify(configured.body));
      }
    });
    after(async () => {
      await db?.end();
      await cluster?.close();
      for (const camera of cameras) await camera.close();
      await adapter?.close();
      rmSync(scratch, { recursive: true, force: true });
    });

    it('refuses to start a node whose MASTER_KEY differs from the cluster', async () => {
      await assert.rejects(
        startRecorderProcess({
          env: {
            DATABASE_URL: cluster.database.url,
            MASTER_KEY: randomBytes(32).toString('hex'),
            NODE_NAME: 'stranger',
          },
        }),
        /MASTER_KEY differs from the one the other recorders on this database use/,
      );
    });

    it('shares the cameras out: each is recorded by exactly one node, without overlapping chunks', async () => {
      const [a, b, c] = cluster.nodes as [RecorderProcess, RecorderProcess, RecorderProcess];
      // Every camera held, by one node each, no node above its share (ceil(4 / 3) = 2) once they have settled: the
      // first node up takes every camera, and hands the extra ones on as the others join.
      const nodes = await eventually(
        async () => {
          const views = await nodesSeenBy(b);
          const held = views.flatMap((view) => view.camera_ids).sort((x, y) => x - y);
          const shared = views.every((view) => view.camera_ids.length <= 2);
          return JSON.stringify(held) === JSON.stringify([...cameraIds, peopleCameraId]) && shared
            ? views
            : undefined;
        },
        { timeoutMs: 30_000, what: 'every camera held by a node, none above its share' },
      );
      assert.equal(nodes.length, 3);
      assert.ok(
        nodes.every((view) => view.online && view.camera_ids.length <= 2),
        JSON.stringify(nodes),
      );
      assert.ok(nodes.some((view) => view.camera_ids.includes(peopleCameraId)));
      // Each camera records (two chunks each), only on its holder, and its chunks tile without overlapping.
      for (const cameraId of cameraIds) {
        const holder = nodes.find((view) => view.camera_ids.includes(cameraId))!.id;
        const list = await eventually(
          async () => ((await chunks(cameraId)).length >= 2 ? chunks(cameraId) : undefined),
          { timeoutMs: 90_000, what: `two chunks of camera ${cameraId}` },
        ).catch((error: unknown) => {
          // What the nodes said of the camera, to tell a camera that never started from one that moved.
          for (const node of cluster.nodes)
            console.error(
              node
                .output()
                .split('\n')
                .filter((line) => line.includes(`"cameraId":${cameraId},`))
                .join('\n'),
            );
          throw error;
        });
        assert.deepEqual(new Set(list.map((chunk) => chunk.node_id)), new Set([holder]));
        for (let i = 1; i < list.length; i++)
          assert.ok(list[i]!.start_ms >= list[i - 1]!.end_ms - 50, `chunks ${i - 1} and ${i} overlap`);
      }
      // Every node's API shows each camera's state as the node running it reports it.
      for (const node of cluster.nodes) {
        await eventually(
          async () => {
            const page = (await node.api('GET', '/cameras?limit=100')).body as {
              cameras: { id: number; recording_state: string; live_online: boolean | null }[];
            };
            return cameraIds.every((id) =>
              page.cameras.some((c) => c.id === id && c.recording_state === 'recording' && c.live_online),
            );
          },
          { timeoutMs: 10_000, what: 'every node to show every camera recording' },
        );
      }
      // Each node's API says the same.
      for (const node of [a, c]) {
        const views = await nodesSeenBy(node);
        assert.deepEqual(
          views.map((view) => [view.id, view.camera_ids]),
          nodes.map((view) => [view.id, view.camera_ids]),
        );
      }
      // Only the holders run ffmpeg for their cameras: one recording process per camera across the cluster.
      for (const cameraId of cameraIds) {
        const writers = cluster.nodes.map((node) =>
          pgrepCount(join(node.dataDir, 'recordings', `cam-${cameraId}`)),
        );
        assert.equal(
          writers.reduce((sum, n) => sum + n, 0),
          1,
          `camera ${cameraId}: ${writers.join(',')}`,
        );
      }
    });

    it('delivers a detection made on one node to an event stream on another, and replays it there', async () => {
      const holderId = (await holderOf(peopleCameraId))!;
      const nodeIds = await Promise.all(cluster.nodes.map(nodeIdOf));
      const holder = cluster.nodes[nodeIds.indexOf(holderId)]!;
      const elsewhere = cluster.nodes.find((node) => node !== holder)!;
      const stream = await elsewhere.events('?type=detection');
      try {
        // Made through a node that does not run the camera: the one that does starts the model.
        const model = await elsewhere.api('POST', '/ai-models', {
          name: 'people across nodes',
          model_name: 'centernet',
          task: 'person_counting',
          inference_interval: 2,
          assigned_camera_id: peopleCameraId,
          config: JSON.stringify({ trigger: 'always', params: { min_confidence: 0.3 } }),
        });
        assert.equal(model.status, 201, JSON.stringify(model.body));
        const detection = await stream.messages.waitFor(
          (message) => message.event === 'detection' && message.data.camera_id === peopleCameraId,
          'a detection from the node that runs the camera',
          60_000,
        );
        assert.ok(detection.data.data.count >= 1, JSON.stringify(detection.data));
        // Its status and a try of it, asked of the node that does not run the camera, come from the one that does.
        const status = await elsewhere.api('GET', `/ai-models/${model.body.id}/status`);
        assert.equal(status.status, 200, JSON.stringify(status.body));
        assert.equal(status.body.state, 'running', JSON.stringify(status.body));
        assert.ok(status.body.runs >= 1, JSON.stringify(status.body));
        const tried = await elsewhere.api('POST', `/ai-models/${model.body.id}/try`, {});
        assert.equal(tried.status, 200, JSON.stringify(tried.body));
        assert.ok(tried.body.count >= 1, JSON.stringify({ ...tried.body, image: undefined }));
        await elsewhere.api('DELETE', `/ai-models/${model.body.id}`);
        // A client that reconnects to this node with the id before it gets it again.
        const replay = await SseClient.open(elsewhere.host, '/api/v1/events/stream?type=detection', {
          authorization: `Bearer ${elsewhere.token}`,
          'last-event-id': String(Number(detection.id) - 1),
        });
        try {
          const again = await replay.messages.waitFor((message) => message.id === detection.id, 'the replay');
          assert.deepEqual(again.data, detection.data);
        } finally {
          replay.close();
        }
      } finally {
        stream.close();
      }
    });

    it('fences a paused node out: after another node took its cameras it indexes nothing more', async () => {
      const paused = await nodeWithCameras();
      const pausedId = await nodeIdOf(paused);
      const taken = recorded((await nodesSeenBy(paused)).find((view) => view.id === pausedId)!);
      const rowsBefore = await rowsOf(pausedId);
      process.kill(paused.child.pid!, 'SIGSTOP');
      try {
        // The others take its cameras once the leases expire, and record them.
        const since = Date.now();
        for (const cameraId of taken) {
          const holder = await eventually(
            async () => {
              const node = await holderOf(cameraId);
              return node && node !== pausedId ? node : undefined;
            },
            { timeoutMs: FAILOVER_BOUND_MS, what: `camera ${cameraId} taken over` },
          );
          await recordedBy(
            cameraId,
            holder,
            since - 5_000,
            FAILOVER_BOUND_MS + SEGMENT_SECONDS * 1000 + 10_000,
          );
        }
      } finally {
        process.kill(paused.child.pid!, 'SIGCONT');
      }
      // Awake again, it finds its leases gone and stops those cameras; the chunk it was writing is refused.
      for (const cameraId of taken) {
        const dir = join(paused.dataDir, 'recordings', `cam-${cameraId}`);
        await eventually(async () => pgrepCount(dir) === 0, {
          timeoutMs: 30_000,
          what: `the paused node to stop recording camera ${cameraId}`,
        });
        // Its ffmpeg gone, the chunk it closed is offered to the index, refused and moved aside.
        await eventually(
          async () => existsSync(join(dir, '.fenced')) && readdirSync(join(dir, '.fenced')).length >= 1,
          { timeoutMs: 10_000, what: 'the chunk written across the takeover kept outside the index' },
        );
      }
      assert.deepEqual(await rowsOf(pausedId), rowsBefore, 'no index row from the fenced node');
    });

    it('runs retention on every node: each deletes the expired chunks on its own disk, and each chunk once', async () => {
      const [first] = cluster.nodes;
      const settings = await first!.api('PUT', '/settings/recording', {
        retention_days: 7,
        min_free_disk_gb: 0,
      });
      assert.equal(settings.status, 200, JSON.stringify(settings.body));
      const deletedBefore = cluster.nodes.map((node) => deletedByAge(node.output()));
      // One expired chunk on each node's disk, indexed as that node's.
      const startMs = Date.now() - 30 * 24 * 3600 * 1000;
      const expired = await Promise.all(
        cluster.nodes.map(async (node, i) => {
          const path = `cam-${cameraIds[0]}/expired/${startMs + i}.mp4`;
          const file = join(node.dataDir, 'recordings', path);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, 'an old chunk');
          await db.query(
            `insert into recordings (camera_id, start_ms, end_ms, duration_seconds, size_bytes, path, created_at, node_id)
           values ($1, $2, $3, 10, 12, $4, $5, $6)`,
            [
              cameraIds[0],
              startMs + i,
              startMs + i + 10_000,
              path,
              new Date().toISOString(),
              await nodeIdOf(node),
            ],
          );
          return { path, file };
        }),
      );
      const paths = expired.map((chunk) => chunk.path);
      await eventually(
        async () => (await db.query('select 1 from recordings where path = any($1)', [paths])).rowCount === 0,
        { timeoutMs: 30_000, what: 'the expired chunks to leave the index' },
      );
      for (const chunk of expired) assert.equal(existsSync(chunk.file), false, `${chunk.file} deleted`);
      // Each node deleted exactly its own one.
      assert.deepEqual(
        cluster.nodes.map((node, i) => deletedByAge(node.output()) - deletedBefore[i]!),
        cluster.nodes.map(() => 1),
      );
    });

    it('moves the cameras of a node killed with -9 to the others, and keeps every chunk it closed', async () => {
      const victim = await nodeWithCameras();
      const victimId = await nodeIdOf(victim);
      const taken = recorded((await nodesSeenBy(victim)).find((view) => view.id === victimId)!);
      const closedBefore = await rowsOf(victimId);
      await victim.kill('SIGKILL');
      const killedAt = Date.now();
      await endOrphans(victim.dataDir);
      for (const cameraId of taken) {
        const holder = await eventually(
          async () => {
            const node = await holderOf(cameraId);
            return node && node !== victimId ? node : undefined;
          },
          { timeoutMs: FAILOVER_BOUND_MS, what: `camera ${cameraId} taken over after the kill` },
        );
        await recordedBy(
          cameraId,
          holder,
          killedAt - 5_000,
          FAILOVER_BOUND_MS + SEGMENT_SECONDS * 1000 + 10_000,
        );
      }
      // Everything it closed before the kill is still indexed and plays from its disk.
      const after = new Set((await rowsOf(victimId)).map((row) => row.path));
      for (const row of closedBefore) {
        assert.ok(after.has(row.path), `${row.path} still indexed`);
        const file = join(victim.dataDir, 'recordings', row.path);
        const plays = Number(
          execFileSync(
            'ffprobe',
            ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
            {
              encoding: 'utf8',
            },
          ),
        );
        assert.ok(plays > 0, `${row.path} plays`);
      }
      cluster.nodes.splice(cluster.nodes.indexOf(victim), 1);
    });

    it('drains a node: its cameras move with gaps shorter than one chunk', async () => {
      const drained = await nodeWithCameras();
      const drainedId = await nodeIdOf(drained);
      const other = cluster.nodes.find((node) => node !== drained)!;
      const moving = recorded((await nodesSeenBy(other)).find((view) => view.id === drainedId)!);
      const answer = await other.api('POST', `/nodes/${drainedId}/drain`);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.state, 'draining');
      const drainedAt = Date.now();
      await eventually(
        async () => (await nodesSeenBy(other)).find((view) => view.id === drainedId)!.camera_ids.length === 0,
        { timeoutMs: FAILOVER_BOUND_MS, what: 'the drained node to hold no camera' },
      );
      for (const cameraId of moving) {
        // Given back first, then taken by another node at its next round.
        const holder = await eventually(
          async () => {
            const node = await holderOf(cameraId);
            return node && node !== drainedId ? node : undefined;
          },
          { timeoutMs: FAILOVER_BOUND_MS, what: `camera ${cameraId} taken by another node` },
        );
        const first = await recordedBy(cameraId, holder, drainedAt - 5_000, SEGMENT_SECONDS * 1000 + 20_000);
        const last = (await chunks(cameraId)).filter((chunk) => chunk.node_id === drainedId).at(-1)!;
        assert.ok(
          first.start_ms - last.end_ms <= SEGMENT_SECONDS * 1000,
          `gap ${first.start_ms - last.end_ms} ms when camera ${cameraId} moved`,
        );
      }
      // A drained node holding nothing can be removed; a running active one cannot.
      const active = cluster.nodes.find((node) => node !== drained)!;
      const refused = await other.api('DELETE', `/nodes/${await nodeIdOf(active)}`);
      assert.equal(refused.status, 409);
    });

    /** The recorded cameras a node holds (the people camera only shows detections). */
    const recorded = (view: NodeView) => view.camera_ids.filter((id) => cameraIds.includes(id));

    /** A running node that holds at least one recorded camera now, and records each one it holds. */
    async function nodeWithCameras(): Promise<RecorderProcess> {
      return eventually(
        async () => {
          for (const node of cluster.nodes) {
            const id = await nodeIdOf(node);
            const view = (await nodesSeenBy(node)).find((candidate) => candidate.id === id)!;
            const held = recorded(view);
            if (held.length === 0 || view.state !== 'active') continue;
            const listed = (await node.api('GET', '/cameras?limit=100')).body.cameras as Record<
              string,
              any
            >[];
            const recording = held.every((cameraId) =>
              listed.some((camera) => camera.id === cameraId && camera.recording_state === 'recording'),
            );
            if (recording) return node;
          }
          return undefined;
        },
        { timeoutMs: 30_000, what: 'a node recording the cameras it holds' },
      );
    }

    async function rowsOf(nodeId: string): Promise<ChunkRow[]> {
      const { rows } = await db.query<ChunkRow>(
        'select camera_id, node_id, start_ms, end_ms, path from recordings where node_id = $1 order by path',
        [nodeId],
      );
      return rows;
    }
  },
);

/** Chunks a node's retention deleted by age, from its log lines. */
function deletedByAge(log: string): number {
  return log
    .split('\n')
    .filter((line) => line.includes('"retention deleted chunks"'))
    .reduce((sum, line) => sum + (JSON.parse(line) as { deletedByAge: number }).deletedByAge, 0);
}

function pgrepCount(pattern: string): number {
  try {
    return Number(execFileSync('pgrep', ['-fc', pattern], { encoding: 'utf8' }).trim());
  } catch {
    return 0;
  }
}
