import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { RecordingsRepository } from '../src/modules/recordings/recordings.repository.js';
import { ReviewRepository } from '../src/modules/review/review.repository.js';
import { ClusterRepository } from '../src/modules/cluster/cluster.repository.js';
import type { AlertResponse } from '../src/modules/alerts/alerts.schemas.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

describe('recording retention and settings', () => {
  let t: TestApp;
  let sample: string;
  let index: RecordingsRepository;
  before(async () => {
    t = await createTestApp();
    index = new RecordingsRepository(
      t.container.database.db,
      t.container.database.dialect,
      t.container.cameraLeases.nodeId,
    );
    // A real one-second MP4 to stand in for each chunk.
    sample = join(mkdtempSync(join(tmpdir(), 'nvr-sample-')), 'sample.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x64:rate=5',
      '-t',
      '1',
      sample,
    ]);
  });
  after(() => t.close());

  /** Indexed chunks of a camera ending at the given ages (ms before now). */
  async function chunks(cameraId: number, agesMs: number[]) {
    const paths: string[] = [];
    for (const age of agesMs) {
      const end = Date.now() - age;
      const start = end - 10_000;
      const path = `cam-${cameraId}/${new Date(start).toISOString().slice(0, 10).replaceAll('-', '/')}/${start}.mp4`;
      mkdirSync(dirname(join(t.config.recordingsDir, path)), { recursive: true });
      copyFileSync(sample, join(t.config.recordingsDir, path));
      await index.insert(
        {
          camera_id: cameraId,
          start_ms: start,
          end_ms: end,
          duration_seconds: 10,
          size_bytes: 1000,
          path,
          created_at: new Date().toISOString(),
        },
        'a'.repeat(64),
      );
      paths.push(path);
    }
    return paths;
  }

  const settings = (payload?: object) =>
    t.request({
      method: payload ? 'PUT' : 'GET',
      url: '/api/v1/settings/recording',
      token: t.adminToken,
      ...(payload ? { payload } : {}),
    });

  it('has defaults, validates, keeps the root read-only, and is for superusers only', async () => {
    const current = (await settings()).json();
    assert.deepEqual(current, {
      retention_days: 30,
      min_free_disk_gb: 5,
      recordings_root: t.config.recordingsDir,
    });
    assert.equal((await settings({ retention_days: -1 })).statusCode, 422);
    assert.equal((await settings({ recordings_root: '/elsewhere' })).statusCode, 422);
    const updated = await settings({ retention_days: 7 });
    assert.equal(updated.json().retention_days, 7);
    assert.equal(updated.json().min_free_disk_gb, 5);
    const user = await t.createUser('notadmin');
    assert.equal(
      (await t.request({ method: 'GET', url: '/api/v1/settings/recording', token: user.token })).statusCode,
      403,
    );
    await settings({ retention_days: 30 });
  });

  it('reports the disk use: the indexed chunks, the volume, the floor; superusers only', async () => {
    const usage = async () => {
      const answer = await t.request({
        method: 'GET',
        url: '/api/v1/settings/recording/usage',
        token: t.adminToken,
      });
      assert.equal(answer.statusCode, 200, answer.body);
      return answer.json<{
        recordings_bytes: number;
        volume_total_bytes: number | null;
        volume_free_bytes: number | null;
        min_free_bytes: number;
        below_floor: boolean;
      }>();
    };
    const before = await usage();
    assert.ok(before.volume_total_bytes! > 0 && before.volume_free_bytes! > 0);
    assert.ok(before.volume_free_bytes! <= before.volume_total_bytes!);
    assert.equal(before.min_free_bytes, 5 * 1024 ** 3);

    const camera = await createCamera(t, t.adminToken);
    await chunks(camera.id, [2 * HOUR, HOUR]);
    await settings({ min_free_disk_gb: 0.5 });
    const after = await usage();
    assert.equal(after.recordings_bytes, before.recordings_bytes + 2000);
    assert.equal(after.min_free_bytes, 0.5 * 1024 ** 3);
    assert.equal(after.below_floor, after.volume_free_bytes! < after.min_free_bytes);
    await settings({ min_free_disk_gb: 5 });

    const user = await t.createUser('usage-reader');
    const url = '/api/v1/settings/recording/usage';
    assert.equal((await t.request({ method: 'GET', url, token: user.token })).statusCode, 403);
    assert.equal((await t.request({ method: 'GET', url })).statusCode, 401);
  });

  it('deletes chunks past the age, oldest first, files and rows; retention_days 0 keeps everything', async () => {
    const camera = await createCamera(t, t.adminToken);
    const [oldest, old, fresh] = await chunks(camera.id, [3 * DAY, 2 * DAY, HOUR]);
    await settings({ retention_days: 0, min_free_disk_gb: 0 });
    assert.equal((await t.container.retention.run()).deletedByAge, 0);

    await settings({ retention_days: 1 });
    const result = await t.container.retention.run();
    assert.equal(result.deletedByAge, 2);
    assert.ok(!existsSync(join(t.config.recordingsDir, oldest!)));
    assert.ok(!existsSync(join(t.config.recordingsDir, old!)));
    assert.ok(existsSync(join(t.config.recordingsDir, fresh!)));
    const listed = await t.request({
      method: 'GET',
      url: `/api/v1/recordings/${camera.id}?start_unix=${Math.floor((Date.now() - 4 * DAY) / 1000)}&end_unix=${Math.ceil(Date.now() / 1000)}`,
      token: t.adminToken,
    });
    assert.equal(listed.json().length, 1);
  });

  it('below the free-disk floor deletes oldest first and never the chunk being written', async () => {
    const camera = await createCamera(t, t.adminToken);
    await chunks(camera.id, [5 * HOUR, 4 * HOUR]);
    const writing = join(t.config.recordingsDir, `cam-${camera.id}`, '.incoming', 'run-000000.mp4');
    mkdirSync(dirname(writing), { recursive: true });
    writeFileSync(writing, Buffer.alloc(1024));
    // No disk here has 100 TB free: the floor cannot be met, so every indexed chunk goes.
    await settings({ retention_days: 0, min_free_disk_gb: 100000 });
    const floorReached = new Promise<number>((resolve) =>
      t.container.internalEvents.on('storage.floor-reached', (report) => resolve(report.free_bytes)),
    );
    const result = await t.container.retention.run();
    assert.ok(result.deletedForSpace >= 2);
    assert.equal(result.belowFloor, true);
    assert.ok((await floorReached) > 0);
    assert.ok(existsSync(writing), 'the chunk being written survives');
    await t.container.events.idle();
    const alerts = await t.request({
      method: 'GET',
      url: '/api/v1/alerts?source_name=disk_floor',
      token: t.adminToken,
    });
    assert.equal(alerts.json().alerts[0]?.severity, 'critical');
    assert.deepEqual(await index.oldest(10), []);
    await settings({ retention_days: 30, min_free_disk_gb: 5 });
  });

  it('keeps the chunks a review item covers past the continuous retention, until the item expires; the floor wins', async () => {
    const camera = await createCamera(t, t.adminToken);
    const [oldest, covered, beside] = await chunks(camera.id, [3 * DAY, 2 * DAY, 2 * DAY - 20_000]);
    const coveredRow = (await index.overlapping(camera.id, 0, Date.now())).find(
      (row) => row.path === covered,
    )!;
    const reviewItems = new ReviewRepository(t.container.database.db);
    /** A closed incident whose span (with its rolls) is [fromMs, toMs]. */
    const incident = (fromMs: number, toMs: number, nodeId: string | null = null) => {
      const now = new Date().toISOString();
      return reviewItems.insert({
        camera_id: camera.id,
        start_ms: fromMs,
        end_ms: toMs,
        clip_from_ms: fromMs,
        clip_to_ms: toMs,
        severity: 'detection',
        labels: '["person"]',
        zones: '[]',
        track_ids: '[]',
        names: '[]',
        boxes: '[]',
        has_snapshot: false,
        snapshot_ms: null,
        clip_status: 'unavailable',
        reviewed: false,
        reviewed_at: null,
        node_id: nodeId,
        created_at: now,
        updated_at: now,
      });
    };
    const item = await incident(coveredRow.start_ms + 1000, coveredRow.end_ms - 1000);
    await settings({ retention_days: 1, min_free_disk_gb: 0 });
    assert.equal((await t.container.retention.run()).deletedByAge, 2);
    assert.ok(!existsSync(join(t.config.recordingsDir, oldest!)));
    assert.ok(!existsSync(join(t.config.recordingsDir, beside!)), 'the chunk beside the incident goes');
    assert.ok(existsSync(join(t.config.recordingsDir, covered!)), 'the incident keeps its footage');

    // The item's own retention (here 1 day for this camera) ends it, and then its footage goes too.
    const put = await t.request({
      method: 'PUT',
      url: `/api/v1/cameras/${camera.id}/review-settings`,
      token: t.adminToken,
      payload: { retention_days: 1 },
    });
    assert.equal(put.statusCode, 200, put.body);
    // On a cluster each node expires the items whose files it holds, and those of nodes that left: not the items
    // of another node still in the cluster (that node deletes them with their files).
    const otherNode = randomUUID();
    const cluster = new ClusterRepository(t.container.database.db, 'sqlite');
    await cluster.register({
      id: otherNode,
      name: 'other',
      url: 'http://127.0.0.1:1',
      version: 'test',
      capacity: 10,
      started_at: new Date().toISOString(),
    });
    const others = await incident(coveredRow.start_ms + 1000, coveredRow.end_ms - 1000, otherNode);
    const leftBehind = await incident(coveredRow.start_ms + 1000, coveredRow.end_ms - 1000, randomUUID());
    assert.equal(await t.container.review.expire(), 2);
    assert.equal(await reviewItems.find(item.id), undefined);
    assert.equal(await reviewItems.find(leftBehind.id), undefined);
    assert.ok(await reviewItems.find(others.id), 'the other node’s item stays');
    await reviewItems.delete(others.id);
    await cluster.remove(otherNode);
    assert.equal((await t.container.retention.run()).deletedByAge, 1);
    assert.ok(!existsSync(join(t.config.recordingsDir, covered!)));

    // Below the free-disk floor, footage an item keeps goes too once nothing else is left.
    const [kept] = await chunks(camera.id, [HOUR]);
    const keptRow = (await index.overlapping(camera.id, 0, Date.now())).find((row) => row.path === kept)!;
    await incident(keptRow.start_ms, keptRow.end_ms);
    await settings({ retention_days: 0, min_free_disk_gb: 100000 });
    const result = await t.container.retention.run();
    assert.ok(result.deletedForSpace >= 1);
    assert.ok(!existsSync(join(t.config.recordingsDir, kept!)), 'the floor wins');
    await settings({ retention_days: 30, min_free_disk_gb: 5 });
  });

  it("applies a camera's own continuous retention instead of the recording settings' one", async () => {
    const own = await createCamera(t, t.adminToken);
    const other = await createCamera(t, t.adminToken);
    const [ownOld, ownFresh] = await chunks(own.id, [3 * DAY, HOUR]);
    const [otherOld] = await chunks(other.id, [3 * DAY]);
    const put = await t.request({
      method: 'PUT',
      url: `/api/v1/cameras/${own.id}/review-settings`,
      token: t.adminToken,
      payload: { continuous_retention_days: 2 },
    });
    assert.equal(put.statusCode, 200, put.body);
    assert.equal(put.json().continuous_retention_days, 2);
    // The recording settings keep everything; this camera keeps 2 days.
    await settings({ retention_days: 0, min_free_disk_gb: 0 });
    assert.equal((await t.container.retention.run()).deletedByAge, 1);
    assert.ok(!existsSync(join(t.config.recordingsDir, ownOld!)));
    assert.ok(existsSync(join(t.config.recordingsDir, ownFresh!)));
    assert.ok(
      existsSync(join(t.config.recordingsDir, otherOld!)),
      "another camera follows the settings' retention",
    );
    await settings({ retention_days: 30, min_free_disk_gb: 5 });
  });
});

/** Bytes of every file under `dir`, as a disk would count them (without block rounding). */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesUnder(path) : statSync(path).size;
  }
  return total;
}

/**
 * The free-disk floor (issue #32, item 11) on a small disk of 1 GiB that holds the recordings directory: its
 * free space is what the files under it leave, less what `others` (other programs' files) take, so deleting a
 * chunk file really frees its bytes. Retention's own timer is stopped: each round here is started by the test
 * (directly, or by a full-disk notice as the recording engine sends one).
 */
describe('the free-disk floor on a small disk', () => {
  const GiB = 1024 ** 3;
  const CHUNK = 100 * 1024;
  /** min_free_disk_gb 0.01: a floor of 10.2 MiB */
  const FLOOR_GB = 0.01;
  const floor = FLOOR_GB * GiB;
  const disk = { capacity: GiB, others: 0 };
  let t: TestApp;
  let index: RecordingsRepository;
  let cameraId: number;

  before(async () => {
    t = await createTestApp({
      overrides: { recordingsFreeBytes: async (root) => disk.capacity - disk.others - bytesUnder(root) },
    });
    await t.container.retention.stop();
    index = new RecordingsRepository(
      t.container.database.db,
      t.container.database.dialect,
      t.container.cameraLeases.nodeId,
    );
    cameraId = (await createCamera(t, t.adminToken)).id;
  });
  after(() => t.close());

  /** `count` indexed chunks of CHUNK bytes, a minute apart, oldest first. */
  async function chunks(count: number): Promise<string[]> {
    const paths: string[] = [];
    const first = Date.now() - (count + 1) * 60_000;
    for (let i = 0; i < count; i++) {
      const start = first + i * 60_000;
      const path = `cam-${cameraId}/floor/${start}.mp4`;
      mkdirSync(dirname(join(t.config.recordingsDir, path)), { recursive: true });
      writeFileSync(join(t.config.recordingsDir, path), Buffer.alloc(CHUNK));
      await index.insert(
        {
          camera_id: cameraId,
          start_ms: start,
          end_ms: start + 60_000,
          duration_seconds: 60,
          size_bytes: CHUNK,
          path,
          created_at: new Date().toISOString(),
        },
        'a'.repeat(64),
      );
      paths.push(path);
    }
    return paths;
  }
  const present = (paths: string[]) => paths.filter((p) => existsSync(join(t.config.recordingsDir, p)));
  const free = () => disk.capacity - disk.others - bytesUnder(t.config.recordingsDir);
  /** Other files take the disk until exactly `bytes` are free. */
  const leaveFree = (bytes: number) => {
    disk.others = disk.capacity - bytesUnder(t.config.recordingsDir) - Math.floor(bytes);
  };
  const floorSetting = async (gb: number) => {
    const put = await t.request({
      method: 'PUT',
      url: '/api/v1/settings/recording',
      token: t.adminToken,
      payload: { retention_days: 0, min_free_disk_gb: gb },
    });
    assert.equal(put.statusCode, 200, put.body);
  };
  const nextAlert = (source: string) =>
    new Promise<AlertResponse>((resolve) => {
      const off = t.container.internalEvents.on('alert.raised', ({ alert }) => {
        if (alert.source_name !== source) return;
        off();
        resolve(alert);
      });
    });
  const outcomeOf = (alert: AlertResponse) =>
    (alert.data as { retention?: { outcome: string } }).retention?.outcome;
  /** What the recording engine sends when ffmpeg cannot write; answered by the alert it raises. */
  const diskFull = async () => {
    const raised = nextAlert('storage_error');
    t.container.internalEvents.emit('recording.notice', {
      type: 'storage.error',
      cameraId,
      error: 'No space left on device',
    });
    const alert = await raised;
    const ack = await t.request({
      method: 'POST',
      url: '/api/v1/alerts/acknowledge',
      token: t.adminToken,
      payload: { ids: [alert.id] },
    });
    assert.equal(ack.statusCode, 200, ack.body);
    return alert;
  };

  it('deletes just enough: 0.3 MB short of the floor, three 100 KiB chunks go, the oldest', async () => {
    const paths = await chunks(30);
    await floorSetting(FLOOR_GB);
    leaveFree(floor - 300_000);
    const result = await t.container.retention.run();
    assert.equal(result.deletedForSpace, 3, 'ceil(300,000 / 102,400) chunks, not a batch of 20');
    assert.deepEqual(present(paths), paths.slice(3), 'the three oldest went');
    assert.equal(result.belowFloor, false);
    assert.ok(free() >= floor, 'the floor is met');
    assert.ok(free() - floor < CHUNK, 'overshooting by less than one chunk');
    assert.equal((await index.oldest(100)).length, 27);
  });

  it('a full disk without a floor: the alert says retention deletes nothing to make room', async () => {
    const paths = present(await chunks(2));
    await floorSetting(0);
    leaveFree(1000);
    const alert = await diskFull();
    assert.equal(alert.title, 'Recording cannot write to its disk');
    assert.equal(
      alert.message,
      `Recording stopped writing (first seen on camera ${cameraId}): No space left on device ` +
        'No free-space floor is set (min_free_disk_gb is 0), so retention deletes no footage to make room: ' +
        'free space on the disk, or set a floor. Recording resumes by itself when space is back.',
    );
    assert.doesNotMatch(alert.message, /making room/);
    assert.equal(outcomeOf(alert), 'no_floor');
    assert.deepEqual(present(paths), paths, 'nothing was deleted');
  });

  it('a full disk under the floor: the alert says how many of the oldest chunks retention deleted', async () => {
    const before = (await index.oldest(1000)).map((row) => row.path);
    await floorSetting(FLOOR_GB);
    leaveFree(floor - 250_000);
    const alert = await diskFull();
    assert.match(
      alert.message,
      /: No space left on device Retention deleted the 3 oldest chunks to bring free space back to the floor of 10\.2 MiB \(10\.3 MiB free now\)\. Recording resumes by itself when space is back\.$/,
    );
    assert.deepEqual(present(before), before.slice(3));
    assert.equal(outcomeOf(alert), 'made_room');
  });

  it('a full disk with nothing left to delete: both alerts say so', async () => {
    const floorAlert = nextAlert('disk_floor');
    leaveFree(1000);
    const alert = await diskFull();
    assert.match(
      alert.message,
      /: No space left on device Free space is [\d.]+ MiB, below the floor of 10\.2 MiB, and retention has no footage left to delete: free space by other means\. Recording resumes by itself when space is back\.$/,
    );
    assert.deepEqual(await index.oldest(10), [], 'every chunk went');
    assert.equal(outcomeOf(alert), 'nothing_left');
    assert.match(
      (await floorAlert).message,
      /^Free space on .+ is [\d.]+ MiB, below the floor of 10\.2 MiB, and retention has no footage left there that it could delete: free space by other means\.$/,
    );
  });

  it('a disk that refuses writes above the floor: the alert says retention has nothing to delete', async () => {
    const paths = await chunks(2);
    leaveFree(floor + 1024 ** 2);
    const alert = await diskFull();
    assert.match(
      alert.message,
      /: No space left on device Free space is 11\.2 MiB, above the floor of 10\.2 MiB, so retention has nothing to delete: the disk may be read-only or over a quota, or a chunk may need more room than the floor leaves\. Recording resumes by itself once the disk takes writes again\.$/,
    );
    assert.deepEqual(present(paths), paths);
    assert.equal(outcomeOf(alert), 'above_floor');
  });
});
