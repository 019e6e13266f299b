import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { RecordingsRepository } from '../src/modules/recordings/recordings.repository.js';
import { ReviewRepository } from '../src/modules/review/review.repository.js';
import { ClusterRepository } from '../src/modules/cluster/cluster.repository.js';
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
      await index.insert({
        camera_id: cameraId,
        start_ms: start,
        end_ms: end,
        duration_seconds: 10,
        size_bytes: 1000,
        path,
        created_at: new Date().toISOString(),
      });
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
        boxes: '[]',
        has_snapshot: false,
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
