// Recording-mode models analyse recorded chunks once (one frame per inference_interval seconds of footage)
// with the real adapter, reporting progress in their status; new chunks are picked up later; recorders that
// share a recordings mount analyse each chunk once between them. And the frames directory cleaner.
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  peopleClip,
  startAdapterProcess,
  type AdapterProcess,
  recorderEnvFor,
} from './helpers/adapter-process.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import {
  createTestDatabase,
  POSTGRES_SKIP_REASON,
  testDialects,
  type TestDatabase,
} from './helpers/database.js';
import { eventually } from './helpers/eventually.js';

const work = mkdtempSync(join(tmpdir(), 'nvr-ai-rec-'));
const framesDir = join(work, 'frames');
const clip = join(work, 'clip.mp4');
let adapter: AdapterProcess;

/** A recording-mode person counter of the camera's footage, made through the API; its id. */
async function recordingModel(app: TestApp, name: string, cameraId: number): Promise<number> {
  const created = await app.request({
    method: 'POST',
    url: '/api/v1/ai-models',
    token: app.adminToken,
    payload: {
      name,
      model_name: 'centernet',
      task: 'person_counting',
      source_type: 'recording',
      inference_interval: 2,
      assigned_camera_id: cameraId,
    },
  });
  assert.equal(created.statusCode, 201, created.body);
  return created.json().id as number;
}

before(async () => {
  peopleClip(clip, 4);
  adapter = await startAdapterProcess({ framesDir });
});
after(async () => {
  await adapter.close();
  rmSync(work, { recursive: true, force: true });
});

for (const dialect of testDialects()) {
  describe(`recording analysis and frames cleanup on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp({
        dialect,
        env: {
          ...recorderEnvFor(adapter),
        },
        overrides: { recordingRescanMs: 300 },
      });
    });
    after(async () => t.close());

    const get = (url: string) =>
      t.request({ method: 'GET', url, token: t.adminToken }).then((r) => {
        assert.equal(r.statusCode, 200, r.body);
        return r.json();
      });
    const chunk = (cameraId: number, startMs: number) => {
      const dir = join(t.config.recordingsDir, `cam-${cameraId}`, '2026', '01', '01');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${startMs}.mp4`), readFileSync(clip));
    };

    it('analyses each chunk once, reports progress, picks up new chunks', async () => {
      const camera = await createCamera(t, t.adminToken);
      const start = Date.parse('2026-01-01T08:00:00Z');
      chunk(camera.id, start);
      // A chunk still being written (hidden .incoming directory) is not analysed.
      const incoming = join(t.config.recordingsDir, `cam-${camera.id}`, '.incoming');
      mkdirSync(incoming, { recursive: true });
      writeFileSync(join(incoming, 'seg-000001.mp4'), readFileSync(clip));

      const id = await recordingModel(t, 'Footage people', camera.id);
      const status = () => get(`/api/v1/ai-models/${id}/status`);
      const done = await eventually(
        async () => {
          const s = await status();
          return s.progress.completed && s.progress.files_done === 1 ? s : undefined;
        },
        { timeoutMs: 60_000, what: 'the first chunk analysed' },
      );
      assert.equal(done.progress.files_total, 1);
      assert.ok(done.progress.frames_analysed >= 2, JSON.stringify(done));
      assert.equal(done.state, 'idle');
      assert.equal(done.runs, done.progress.frames_analysed);
      const results = () => get(`/api/v1/ai-detection-results?model_id=${id}&limit=500`);
      const first = await results();
      assert.equal(first.total, done.progress.frames_analysed);
      // Footage time: the chunk's start, then one frame per 2 s of footage; newest first.
      const times = first.results.map((r: any) => Date.parse(r.executed_at)).reverse();
      assert.equal(times[0], start);
      assert.equal(times[1], start + 2000);
      assert.ok(first.results.every((r: any) => r.count >= 1 && r.camera_id === camera.id));
      // The frames it handed over by URI are gone again.
      assert.deepEqual(readdirSync(join(framesDir, `rec-model-${id}`)), []);

      // A new chunk is analysed at the next scan, the old one not again.
      chunk(camera.id, start + 60_000);
      const later = await eventually(
        async () => {
          const s = await status();
          return s.progress.completed && s.progress.files_done === 2 ? s : undefined;
        },
        { timeoutMs: 60_000, what: 'the second chunk analysed' },
      );
      assert.equal((await results()).total, later.progress.frames_analysed);

      // Restarting the analysis (a model change) does not analyse anything twice.
      await t.request({
        method: 'PATCH',
        url: `/api/v1/ai-models/${id}`,
        token: t.adminToken,
        payload: { name: 'Footage people (renamed)' },
      });
      await t.container.detectionLoop.settled();
      await eventually(async () => (await status()).progress?.completed === true, { what: 'rescan' });
      assert.equal((await results()).total, later.progress.frames_analysed);
    });

    it('the frames cleaner removes old frames only', async () => {
      const dir = join(framesDir, 'cam-999999');
      mkdirSync(dir, { recursive: true });
      const old = join(dir, 'old.jpg');
      const fresh = join(dir, 'fresh.jpg');
      const foreign = join(framesDir, 'someone-elses.jpg');
      for (const file of [old, fresh, foreign]) writeFileSync(file, 'x');
      const hourAgo = new Date(Date.now() - 3600_000);
      utimesSync(old, hourAgo, hourAgo);
      utimesSync(foreign, hourAgo, hourAgo);
      assert.ok((await t.container.framesCleaner.sweep()) >= 1);
      assert.equal(existsSync(old), false);
      assert.equal(existsSync(fresh), true);
      assert.equal(existsSync(foreign), true);
    });
  });
}

describe(
  'recording analysis on two recorders sharing a recordings mount',
  { skip: POSTGRES_SKIP_REASON ?? false },
  () => {
    let database: TestDatabase;
    const nodes: TestApp[] = [];
    const mount = join(work, 'shared-recordings');
    before(async () => {
      database = await createTestDatabase('postgres');
      for (let i = 0; i < 2; i++) {
        nodes.push(
          await createTestApp({
            database,
            env: { ...recorderEnvFor(adapter), RECORDINGS_DIR: mount },
            overrides: { recordingRescanMs: 300 },
          }),
        );
      }
    });
    after(async () => {
      for (const node of nodes) await node.close();
      await database?.drop();
    });

    it('analyses each chunk once, though both nodes see every file', async () => {
      const [a, b] = nodes as [TestApp, TestApp];
      const camera = await createCamera(a, a.adminToken);
      const start = Date.parse('2026-02-01T08:00:00Z');
      const dir = join(mount, `cam-${camera.id}`, '2026', '02', '01');
      mkdirSync(dir, { recursive: true });
      const chunks = 6;
      for (let i = 0; i < chunks; i++)
        writeFileSync(join(dir, `${start + i * 60_000}.mp4`), readFileSync(clip));
      const id = await recordingModel(a, 'Shared footage people', camera.id);
      // Each node reports the analysis it did; done when the files both did add up to all of them.
      const status = async (node: TestApp) =>
        (
          await node.request({ method: 'GET', url: `/api/v1/ai-models/${id}/status`, token: node.adminToken })
        ).json();
      const statuses = await eventually(
        async () => {
          const both = await Promise.all([status(a), status(b)]);
          return both.every((s) => s.progress?.completed && s.progress.files_done === chunks)
            ? both
            : undefined;
        },
        { timeoutMs: 90_000, what: 'every chunk analysed' },
      );
      const results = (
        await a.request({
          method: 'GET',
          url: `/api/v1/ai-detection-results?model_id=${id}&limit=500`,
          token: a.adminToken,
        })
      ).json();
      // One result per analysed frame: no frame of any chunk twice.
      const times = results.results.map((r: { executed_at: string }) => r.executed_at);
      assert.equal(new Set(times).size, times.length, 'a frame analysed twice');
      assert.equal(results.total, statuses[0]!.runs + statuses[1]!.runs);
      assert.ok(results.total >= chunks * 2, JSON.stringify(statuses));
    });
  },
);
