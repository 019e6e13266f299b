// GET /recordings/{camera_id}/activity: a camera's detections, motion and incidents as time ranges for the recordings
// timeline, merged by the database (both dialects) so that any number of results comes back as a bounded list;
// who may ask; bounds named at their field.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';

/** 2026-11-20T00:00:00Z */
const DAY_START = Date.UTC(2026, 10, 20);
const iso = (ms: number) => new Date(ms).toISOString();

interface ActivityJson {
  camera_id: number;
  kind: string;
  min_gap_seconds: number;
  ranges: { start_ms: number; end_ms: number; count: number; alerts?: number }[];
}

for (const dialect of testDialects()) {
  describe(`recording activity on ${dialect}`, () => {
    let t: TestApp;
    let cameraId: number;
    let modelId: number;

    /** Detection result rows as the detection loop stores them (`executed_at`: when the picture was analysed). */
    async function findings(camera: number, instants: number[], found = { count: 1, label: 'person' }) {
      const rows = instants.map((at) => ({
        model_id: modelId,
        camera_id: camera,
        task: 'object_detection',
        label: found.label,
        caption: null,
        annotated_image_uri: null,
        confidence: 0.9,
        count: found.count,
        bbox_x: null,
        bbox_y: null,
        bbox_width: null,
        bbox_height: null,
        latency_ms: 5,
        executed_at: iso(at),
        created_at: iso(at + 300),
      }));
      for (let i = 0; i < rows.length; i += 1000) {
        await t.container.database.db
          .insertInto('ai_detection_results')
          .values(rows.slice(i, i + 1000))
          .execute();
      }
    }

    /** Motion as the event log stores it (events.reactions.ts). */
    async function motionEvent(camera: number, type: 'motion.start' | 'motion.end', at: number) {
      await t.container.database.db
        .insertInto('events')
        .values({
          type,
          camera_id: camera,
          source: 'motion',
          severity: 'info',
          timestamp: iso(at),
          data: '{}',
        })
        .execute();
    }

    const activity = (query: string, token = t.adminToken, camera = cameraId) =>
      t.request({ method: 'GET', url: `/api/v1/recordings/${camera}/activity?${query}`, token });
    const range = (fromMs: number, toMs: number) =>
      `start_unix=${Math.floor(fromMs / 1000)}&end_unix=${Math.ceil(toMs / 1000)}`;
    const ranges = async (query: string, camera = cameraId) => {
      const response = await activity(query, t.adminToken, camera);
      assert.equal(response.statusCode, 200, response.body);
      return response
        .json<ActivityJson>()
        .ranges.map((r) => [r.start_ms - DAY_START, r.end_ms - DAY_START, r.count]);
    };

    before(async () => {
      t = await createTestApp({ dialect });
      cameraId = (await createCamera(t, t.adminToken)).id;
      modelId = (
        await t.container.database.db
          .insertInto('ai_models')
          .values({
            name: 'objects',
            model_name: 'yolo',
            task: 'object_detection',
            enabled: true,
            source_type: 'live',
            inference_interval: null,
            assigned_camera_id: cameraId,
            config: null,
            recording_path: null,
            created_at: iso(DAY_START),
            updated_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      // Findings at 0, 1, 2 s; at 30 s; 100–104 s; a result that found nothing at 50 s (not activity).
      await findings(
        cameraId,
        [0, 1000, 2000, 30_000, 100_000, 101_000, 102_000, 103_000, 104_000].map((ms) => DAY_START + ms),
      );
      await findings(cameraId, [DAY_START + 50_000], { count: 0, label: 'person' });
      // Motion: 10–20 s, 25–40 s, a start at 60 s whose end was lost (the next start at 70 s), 70–75 s.
      for (const [type, at] of [
        ['motion.start', 10_000],
        ['motion.end', 20_000],
        ['motion.start', 25_000],
        ['motion.end', 40_000],
        ['motion.start', 60_000],
        ['motion.start', 70_000],
        ['motion.end', 75_000],
      ] as const)
        await motionEvent(cameraId, type, DAY_START + at);
    });
    after(() => t.close());

    it('merges findings closer than min_gap_seconds into ranges, leaving out results that found nothing', async () => {
      assert.deepEqual(
        await ranges(`${range(DAY_START, DAY_START + 3600_000)}&kind=detection&min_gap_seconds=5`),
        [
          [0, 2000, 3],
          [30_000, 30_000, 1],
          [100_000, 104_000, 5],
        ],
      );
      // Wider: 0–30 s joins (28 s apart), 100 s stays apart (70 s).
      assert.deepEqual(
        await ranges(`${range(DAY_START, DAY_START + 3600_000)}&kind=detection&min_gap_seconds=30`),
        [
          [0, 30_000, 4],
          [100_000, 104_000, 5],
        ],
      );
      // Only the range's findings: 90 s on.
      assert.deepEqual(await ranges(`${range(DAY_START + 90_000, DAY_START + 3600_000)}&kind=detection`), [
        [100_000, 104_000, 5],
      ]);
    });

    it('draws motion from its start to its end, merging motions closer than the gap', async () => {
      const day = range(DAY_START, DAY_START + 3600_000);
      assert.deepEqual(await ranges(`${day}&kind=motion&min_gap_seconds=1`), [
        [10_000, 20_000, 1],
        [25_000, 40_000, 1],
        [60_000, 60_000, 1],
        [70_000, 75_000, 1],
      ]);
      assert.deepEqual(await ranges(`${day}&kind=motion&min_gap_seconds=11`), [
        [10_000, 40_000, 2],
        [60_000, 75_000, 2],
      ]);
      // A motion begun before the range and going on into it is there; one over before it is not.
      assert.deepEqual(
        await ranges(`${range(DAY_START + 30_000, DAY_START + 3600_000)}&kind=motion&min_gap_seconds=1`),
        [
          [25_000, 40_000, 1],
          [60_000, 60_000, 1],
          [70_000, 75_000, 1],
        ],
      );
      // A motion still going at the range's end reaches it.
      const open = (await createCamera(t, t.adminToken)).id;
      await motionEvent(open, 'motion.start', DAY_START + 5_000);
      await motionEvent(open, 'motion.end', DAY_START + 200_000);
      assert.deepEqual(await ranges(`${range(DAY_START, DAY_START + 100_000)}&kind=motion`, open), [
        [5_000, 100_000, 1],
      ]);
    });

    it('draws incidents from start to end (an open one to now), merged closer than the gap, counting alerts', async () => {
      const camera = (await createCamera(t, t.adminToken)).id;
      const incident = (startMs: number, endMs: number | null, severity: 'alert' | 'detection') => ({
        camera_id: camera,
        start_ms: DAY_START + startMs,
        end_ms: endMs === null ? null : DAY_START + endMs,
        clip_from_ms: DAY_START + startMs,
        clip_to_ms: endMs === null ? null : DAY_START + endMs,
        severity,
        labels: '["person"]',
        zones: '[]',
        track_ids: '[]',
        boxes: '[]',
        names: '[]',
        has_snapshot: false,
        snapshot_ms: null,
        clip_status: 'unavailable',
        reviewed: false,
        reviewed_at: null,
        created_at: iso(DAY_START + startMs),
        updated_at: iso(DAY_START + startMs),
        node_id: null,
      });
      // 10–20 s (alert), 22–30 s, 100–110 s, and one opened at 200 s and still open.
      await t.container.database.db
        .insertInto('review_items')
        .values([
          incident(10_000, 20_000, 'alert'),
          incident(22_000, 30_000, 'detection'),
          incident(100_000, 110_000, 'detection'),
          incident(200_000, null, 'detection'),
        ])
        .execute();
      const answer = async (query: string) => {
        const response = await activity(query, t.adminToken, camera);
        assert.equal(response.statusCode, 200, response.body);
        return response
          .json<ActivityJson>()
          .ranges.map((r) => [r.start_ms - DAY_START, r.end_ms - DAY_START, r.count, r.alerts]);
      };
      // A past range: the open one reaches the range's end.
      const firstHour = range(DAY_START, DAY_START + 3600_000);
      assert.deepEqual(await answer(`${firstHour}&kind=incident&min_gap_seconds=1`), [
        [10_000, 20_000, 1, 1],
        [22_000, 30_000, 1, 0],
        [100_000, 110_000, 1, 0],
        [200_000, 3600_000, 1, 0],
      ]);
      assert.deepEqual(await answer(`${firstHour}&kind=incident&min_gap_seconds=5`), [
        [10_000, 30_000, 2, 1],
        [100_000, 110_000, 1, 0],
        [200_000, 3600_000, 1, 0],
      ]);
      // An incident begun before the range and going on into it is there; one over before it is not.
      assert.deepEqual(
        await answer(`${range(DAY_START + 25_000, DAY_START + 150_000)}&kind=incident&min_gap_seconds=1`),
        [
          [22_000, 30_000, 1, 0],
          [100_000, 110_000, 1, 0],
        ],
      );
    });

    it('answers at most 2,000 ranges however many results the range holds', async () => {
      const busy = (await createCamera(t, t.adminToken)).id;
      // A finding every 20 s for a day: 4,320 of them, each apart at a 10 s gap.
      const instants = Array.from({ length: 4320 }, (_, i) => DAY_START + i * 20_000);
      await findings(busy, instants);
      const day = range(DAY_START, DAY_START + 86_400_000);
      const fine = await activity(`${day}&kind=detection&min_gap_seconds=10`, t.adminToken, busy);
      const body = fine.json<ActivityJson>();
      // The gap was raised to 44 s (86,400 s / 2,000): consecutive findings merge in pairs or more.
      assert.equal(body.min_gap_seconds, 44);
      assert.equal(body.ranges.length, 1);
      assert.equal(body.ranges[0]!.count, 4320);
      // An hour at 10 s: each finding on its own, all 180 of them, none missing.
      const hour = await ranges(
        `${range(DAY_START, DAY_START + 3600_000 - 1000)}&kind=detection&min_gap_seconds=10`,
        busy,
      );
      assert.equal(hour.length, 180);
      assert.equal(
        hour.reduce((sum, [, , count]) => sum + count!, 0),
        180,
      );
    });

    it('needs a token and the view right; a camera the caller cannot see is 404', async () => {
      const query = `${range(DAY_START, DAY_START + 60_000)}&kind=detection`;
      const url = `/api/v1/recordings/${cameraId}/activity?${query}`;
      assert.equal((await t.request({ method: 'GET', url })).statusCode, 401);
      assert.equal((await t.request({ method: 'GET', url, token: 'not-a-token' })).statusCode, 401);
      const stranger = await t.createUser(`stranger${dialect}`);
      assert.equal((await activity(query, stranger.token)).statusCode, 404);
      assert.equal((await activity(query, t.adminToken, 999_999)).statusCode, 404);
      await grant(t, cameraId, stranger.id, { can_view: true });
      const allowed = await activity(query, stranger.token);
      assert.equal(allowed.statusCode, 200, allowed.body);
      assert.equal(allowed.json<ActivityJson>().ranges.length, 2);
    });

    it('bounds every query parameter, naming the field', async () => {
      const field = async (query: string) => {
        const response = await activity(query);
        assert.equal(response.statusCode, 422, `${query}: ${response.body}`);
        return response.json<{ detail: { loc: string[] }[] }>().detail[0]!.loc.join('.');
      };
      assert.equal(await field('end_unix=10&kind=motion'), 'query.start_unix');
      assert.equal(await field('start_unix=0&end_unix=10'), 'query.kind');
      assert.equal(await field('start_unix=0&end_unix=10&kind=faces'), 'query.kind');
      assert.equal(await field('start_unix=20&end_unix=10&kind=motion'), 'query.end_unix');
      assert.equal(await field(`start_unix=0&end_unix=${32 * 86_400}&kind=motion`), 'query.end_unix');
      assert.equal(
        await field('start_unix=0&end_unix=10&kind=motion&min_gap_seconds=-1'),
        'query.min_gap_seconds',
      );
      assert.equal(
        await field('start_unix=0&end_unix=10&kind=motion&min_gap_seconds=86401'),
        'query.min_gap_seconds',
      );
    });
  });
}
