// GET /recordings/{camera_id}/coverage: the spans a timeline draws, merged by the database (both dialects) so a
// week of 10-second chunks never reaches the browser one by one; who may ask; bounds named at their field.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { RecordingsRepository } from '../src/modules/recordings/recordings.repository.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';

/** 2026-11-20T00:00:00Z */
const DAY_START = Date.UTC(2026, 10, 20);

interface CoverageJson {
  camera_id: number;
  min_gap_seconds: number;
  spans: { start_unix: number; end_unix: number; start_time: string; end_time: string; chunks: number }[];
}

for (const dialect of testDialects()) {
  describe(`recording coverage on ${dialect}`, () => {
    let t: TestApp;
    let index: RecordingsRepository;
    let cameraId: number;

    /** Index rows only: coverage reads the index, never the files. */
    async function chunk(startMs: number, endMs: number) {
      await index.insert(
        {
          camera_id: cameraId,
          start_ms: startMs,
          end_ms: endMs,
          duration_seconds: (endMs - startMs) / 1000,
          size_bytes: 1000,
          path: `cam-${cameraId}/${startMs}.mp4`,
          created_at: new Date().toISOString(),
        },
        'a'.repeat(64),
      );
    }

    const coverage = (query: string, token = t.adminToken, camera = cameraId) =>
      t.request({ method: 'GET', url: `/api/v1/recordings/${camera}/coverage?${query}`, token });

    const range = (fromMs: number, toMs: number) =>
      `start_unix=${Math.floor(fromMs / 1000)}&end_unix=${Math.ceil(toMs / 1000)}`;

    before(async () => {
      t = await createTestApp({ dialect });
      index = new RecordingsRepository(
        t.container.database.db,
        t.container.database.dialect,
        t.container.cameraLeases.nodeId,
      );
      cameraId = (await createCamera(t, t.adminToken)).id;
      // 00:00:00–00:00:30 in three chunks 50 ms apart; a 1.5 s gap; 00:00:31.5–00:00:41.5; a 20 s gap;
      // 00:01:01.5–00:01:11.5 and, inside it, a short chunk that must not split it; then 00:01:11.6–00:01:21.6.
      for (let i = 0; i < 3; i++)
        await chunk(DAY_START + i * 10_000 + (i ? 50 : 0), DAY_START + (i + 1) * 10_000);
      await chunk(DAY_START + 31_500, DAY_START + 41_500);
      await chunk(DAY_START + 61_500, DAY_START + 71_500);
      await chunk(DAY_START + 62_000, DAY_START + 63_000);
      await chunk(DAY_START + 71_600, DAY_START + 81_600);
      // Another camera's footage in the same minutes never shows.
      const other = (await createCamera(t, t.adminToken)).id;
      await index.insert(
        {
          camera_id: other,
          start_ms: DAY_START + 42_000,
          end_ms: DAY_START + 60_000,
          duration_seconds: 18,
          size_bytes: 1,
          path: `cam-${other}/${DAY_START + 42_000}.mp4`,
          created_at: new Date().toISOString(),
        },
        'a'.repeat(64),
      );
    });
    after(() => t.close());

    it('merges chunks closer than min_gap_seconds into spans, in the database', async () => {
      const fine = await coverage(`${range(DAY_START, DAY_START + 3600_000)}&min_gap_seconds=1`);
      assert.equal(fine.statusCode, 200, fine.body);
      const body = fine.json<CoverageJson>();
      assert.equal(body.camera_id, cameraId);
      assert.deepEqual(
        body.spans.map((span) => [span.start_time, span.end_time, span.chunks]),
        [
          ['2026-11-20T00:00:00.000Z', '2026-11-20T00:00:30.000Z', 3],
          ['2026-11-20T00:00:31.500Z', '2026-11-20T00:00:41.500Z', 1],
          ['2026-11-20T00:01:01.500Z', '2026-11-20T00:01:21.600Z', 3],
        ],
      );
      assert.deepEqual(
        body.spans.map((span) => [span.start_unix, span.end_unix]),
        [
          [DAY_START / 1000, DAY_START / 1000 + 30],
          [DAY_START / 1000 + 31, DAY_START / 1000 + 42],
          [DAY_START / 1000 + 61, DAY_START / 1000 + 82],
        ],
      );

      // A coarser zoom: the 1.5 s gap closes, the 20 s one stays.
      const coarse = (
        await coverage(`${range(DAY_START, DAY_START + 3600_000)}&min_gap_seconds=2`)
      ).json<CoverageJson>();
      assert.deepEqual(
        coarse.spans.map((span) => [span.start_time, span.end_time, span.chunks]),
        [
          ['2026-11-20T00:00:00.000Z', '2026-11-20T00:00:41.500Z', 4],
          ['2026-11-20T00:01:01.500Z', '2026-11-20T00:01:21.600Z', 3],
        ],
      );
      // Zoomed out to a minute a pixel: one span. The default threshold is 2 s.
      const day = await coverage(`${range(DAY_START, DAY_START + 86_400_000)}&min_gap_seconds=60`);
      assert.equal(day.json<CoverageJson>().spans.length, 1);
      assert.equal(
        (await coverage(range(DAY_START, DAY_START + 3600_000))).json<CoverageJson>().min_gap_seconds,
        2,
      );
      // Gap 0: only touching or overlapping chunks merge.
      const exact = (
        await coverage(`${range(DAY_START, DAY_START + 3600_000)}&min_gap_seconds=0`)
      ).json<CoverageJson>();
      assert.deepEqual(
        exact.spans.map((span) => span.chunks),
        [1, 1, 1, 1, 2, 1],
      );
    });

    it('answers only the spans overlapping the range', async () => {
      // 00:00:35–00:01:05: the second span (whole) and the third (it overlaps the end).
      const body = (
        await coverage(`${range(DAY_START + 35_000, DAY_START + 65_000)}&min_gap_seconds=1`)
      ).json<CoverageJson>();
      assert.deepEqual(
        body.spans.map((span) => span.start_time),
        ['2026-11-20T00:00:31.500Z', '2026-11-20T00:01:01.500Z'],
      );
      const empty = await coverage(range(DAY_START - 86_400_000, DAY_START - 3600_000));
      assert.deepEqual(empty.json<CoverageJson>().spans, []);
    });

    it('summarises a week of 10-second chunks in a few spans', async () => {
      const busy = (await createCamera(t, t.adminToken)).id;
      const week = 7 * 86_400_000;
      const rows = [];
      // 60,480 chunks, with one hour missing on the third day.
      for (let start = DAY_START; start < DAY_START + week; start += 10_000) {
        if (start >= DAY_START + 2 * 86_400_000 && start < DAY_START + 2 * 86_400_000 + 3600_000) continue;
        rows.push({
          camera_id: busy,
          start_ms: start,
          end_ms: start + 10_000,
          duration_seconds: 10,
          size_bytes: 1,
          path: `cam-${busy}/${start}.mp4`,
          created_at: '2026-11-20T00:00:00.000Z',
        });
      }
      for (let i = 0; i < rows.length; i += 2000) {
        await t.container.database.db
          .insertInto('recordings')
          .values(rows.slice(i, i + 2000))
          .execute();
      }
      const response = await coverage(
        `${range(DAY_START, DAY_START + week)}&min_gap_seconds=60`,
        t.adminToken,
        busy,
      );
      assert.equal(response.statusCode, 200);
      assert.deepEqual(
        response.json<CoverageJson>().spans.map((span) => [span.start_time, span.end_time, span.chunks]),
        [
          ['2026-11-20T00:00:00.000Z', '2026-11-22T00:00:00.000Z', 17_280],
          ['2026-11-22T01:00:00.000Z', '2026-11-27T00:00:00.000Z', 5 * 8640 - 360],
        ],
      );
    });

    it('needs a token and the view right; a camera the caller cannot see is 404', async () => {
      // A read needs only the view right, so there is no 403 here: a camera the caller may not view is 404
      // (API.md §3: never reveal another user's camera).
      const url = `/api/v1/recordings/${cameraId}/coverage?${range(DAY_START, DAY_START + 60_000)}`;
      assert.equal((await t.request({ method: 'GET', url })).statusCode, 401);
      assert.equal((await t.request({ method: 'GET', url, token: 'not-a-token' })).statusCode, 401);
      // Media tickets open media URLs only, not this one.
      const ticket = await t.request({
        method: 'POST',
        url: `/api/v1/cameras/${cameraId}/stream-ticket`,
        token: t.adminToken,
      });
      assert.equal(ticket.statusCode, 200, ticket.body);
      const withTicket = `${url}&ticket=${ticket.json<{ ticket: string }>().ticket}`;
      assert.equal((await t.request({ method: 'GET', url: withTicket })).statusCode, 401);

      const stranger = await t.createUser(`stranger${dialect}`);
      assert.equal((await coverage(range(DAY_START, DAY_START + 60_000), stranger.token)).statusCode, 404);
      assert.equal(
        (await coverage(range(DAY_START, DAY_START + 60_000), t.adminToken, 999_999)).statusCode,
        404,
      );
      await grant(t, cameraId, stranger.id, { can_view: true });
      const allowed = await coverage(
        `${range(DAY_START, DAY_START + 60_000)}&min_gap_seconds=5`,
        stranger.token,
      );
      assert.equal(allowed.statusCode, 200);
      assert.equal(allowed.json<CoverageJson>().spans.length, 1);
    });

    it('bounds every query parameter, naming the field', async () => {
      const field = async (query: string) => {
        const response = await coverage(query);
        assert.equal(response.statusCode, 422, `${query}: ${response.body}`);
        return response.json<{ detail: { loc: string[] }[] }>().detail[0]!.loc.join('.');
      };
      assert.equal(await field('end_unix=10'), 'query.start_unix');
      assert.equal(await field('start_unix=10'), 'query.end_unix');
      assert.equal(await field('start_unix=-1&end_unix=10'), 'query.start_unix');
      assert.equal(await field('start_unix=20&end_unix=10'), 'query.end_unix');
      assert.equal(await field(`start_unix=0&end_unix=${32 * 86_400}`), 'query.end_unix');
      assert.equal(await field('start_unix=0&end_unix=10&min_gap_seconds=-1'), 'query.min_gap_seconds');
      assert.equal(await field('start_unix=0&end_unix=10&min_gap_seconds=86401'), 'query.min_gap_seconds');
      assert.equal(await field('start_unix=0&end_unix=10&min_gap_seconds=1.5'), 'query.min_gap_seconds');
    });
  });
}
