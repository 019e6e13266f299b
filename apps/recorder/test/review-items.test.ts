// Review items (issue #19) end to end with the real adapter, a test camera playing OpenCV's vtest.avi pedestrians
// (12 s walking, then the picture held), recording in 10 s chunks: people walking open one incident, which closes
// when nothing has moved for a while. It names its labels and the zone they entered, is an `alert` because the
// zone's rule raised one, and has a snapshot — a JPEG whose drawn box lies on a person the adapter finds in it —
// and, once the footage is indexed, a clip that ffprobe plays and that covers the incident from pre-roll to
// post-roll (± 1 s). Listing filters by label, zone and reviewed; marking one, many and all matching; rights:
// 401 without a token, 404 for someone who cannot see the camera, viewers mark but only managers delete.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BusEvent } from '../src/platform/events/event-types.js';
import type { TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { EventLog } from './helpers/event-log.js';
import { PAVEMENT, adapterPolled, addCamera, startWalkwayRig, type WalkwayRig } from './helpers/walkway.js';

const PRE_ROLL = 3;
const POST_ROLL = 4;

interface Item {
  id: number;
  camera_id: number;
  start_time: string;
  end_time: string | null;
  clip_start_time: string;
  clip_end_time: string | null;
  severity: string;
  labels: string[];
  zones: string[];
  track_ids: string[];
  boxes: { label: string; x: number; y: number; width: number; height: number }[];
  snapshot_time: string | null;
  clip_status: string;
  reviewed: boolean;
}

describe('review items', { timeout: 240_000 }, () => {
  const work = mkdtempSync(join(tmpdir(), 'nvr-review-'));
  let rig: WalkwayRig;
  let t: TestApp;
  let log: EventLog;

  before(async () => {
    rig = await startWalkwayRig(work, { movingSeconds: 12, stillSeconds: 40 }, { reviewCloseAfterMs: 4000 });
    t = rig.t;
    log = new EventLog(t.container.events, ['review.opened', 'review.updated', 'review.closed']);
  });
  after(async () => {
    log?.close();
    await rig?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const call = (
    method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
    url: string,
    token?: string,
    payload?: object,
  ) =>
    t.request({ method, url: `/api/v1${url}`, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });
  const ok = async (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: object) => {
    const response = await call(method, url, t.adminToken, payload);
    assert.ok(response.statusCode < 300, `${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const itemOf = (event: BusEvent) => event.data.item as Item;

  it('review settings: defaults, read with the view right, replaced with the manage right, bounds named', async () => {
    const camera = await createCamera(t, t.adminToken);
    const viewer = await t.createUser('settingsviewer');
    const stranger = await t.createUser('settingsstranger');
    await grant(t, camera.id, viewer.id, { can_view: true });
    const url = `/cameras/${camera.id}/review-settings`;
    const defaults = await call('GET', url, viewer.token);
    assert.equal(defaults.statusCode, 200, defaults.body);
    assert.deepEqual(defaults.json(), {
      camera_id: camera.id,
      pre_roll_seconds: 5,
      post_roll_seconds: 5,
      retention_days: 30,
      continuous_retention_days: null,
      updated_at: null,
    });
    assert.equal((await call('GET', url)).statusCode, 401);
    assert.equal((await call('GET', url, stranger.token)).statusCode, 404);
    assert.equal((await call('PUT', url, viewer.token, { retention_days: 5 })).statusCode, 403);
    const tooLong = await call('PUT', url, t.adminToken, { pre_roll_seconds: 500 });
    assert.equal(tooLong.statusCode, 422);
    assert.ok(tooLong.body.includes('"loc":["body","pre_roll_seconds"]'), tooLong.body);
    const saved = await call('PUT', url, t.adminToken, { retention_days: 60 });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal((await call('GET', url, viewer.token)).json().retention_days, 60);
    assert.equal((await call('GET', url, viewer.token)).json().pre_roll_seconds, 5);
  });

  it('one incident from people walking: labels, zone, alert, snapshot on a person, a clip from pre- to post-roll', async () => {
    await adapterPolled(t);
    const camera = {
      id: await addCamera(t, rig.walkway.url, {
        config: { recording_enabled: true, recording_segment_seconds: 10 },
      }),
    };
    await ok('PUT', `/cameras/${camera.id}/review-settings`, {
      pre_roll_seconds: PRE_ROLL,
      post_roll_seconds: POST_ROLL,
      retention_days: 10,
    });
    await ok('PUT', `/cameras/${camera.id}/zones`, {
      zones: [{ name: 'Pavement', polygon: PAVEMENT, labels: ['person'], alert: { cooldown_seconds: 600 } }],
    });
    await ok('POST', '/ai-models', {
      name: 'Walkway people',
      model_name: 'centernet',
      task: 'person_counting',
      inference_interval: 1,
      assigned_camera_id: camera.id,
      // An alert rule whose cooldown would let it alert at almost every picture of the walk: it alerts once for
      // the incident instead.
      config: JSON.stringify({
        params: { min_confidence: 0.35 },
        alert: { labels: ['person'], min_confidence: 0.35, severity: 'high', cooldown_seconds: 1 },
      }),
    });

    const mine = (type: string) => (e: BusEvent) => e.type === type && e.camera_id === camera.id;
    const opened = itemOf(await log.next(mine('review.opened'), 0, 'an incident opening'));
    const closed = itemOf(
      await log.next(
        (e) => mine('review.closed')(e) && itemOf(e).id === opened.id,
        0,
        'the incident closing',
      ),
    );
    const withClip = itemOf(
      await log.next(
        (e) => mine('review.updated')(e) && itemOf(e).id === opened.id && itemOf(e).clip_status !== 'pending',
        0,
        'its clip',
      ),
    );
    assert.equal(withClip.clip_status, 'ready');
    assert.deepEqual(closed.labels, ['person']);
    assert.deepEqual(closed.zones, ['Pavement']);
    assert.equal(closed.severity, 'alert');
    assert.ok(closed.track_ids.length >= 2, JSON.stringify(closed.track_ids));
    const start = Date.parse(closed.start_time);
    const end = Date.parse(closed.end_time!);
    assert.ok(end - start >= 5_000, `people walked for a while: ${end - start} ms`);
    // One alert of the model for the whole incident (a rule's alert per cooldown was 1 a second here).
    const modelAlerts = (
      (await ok('GET', `/alerts?camera_id=${camera.id}&source_name=Walkway%20people&limit=100`)) as {
        alerts: { created_at: string }[];
      }
    ).alerts.filter((alert) => Date.parse(alert.created_at) <= end);
    assert.equal(modelAlerts.length, 1, JSON.stringify(modelAlerts));
    assert.equal(Date.parse(closed.clip_start_time), start - PRE_ROLL * 1000);
    assert.equal(Date.parse(closed.clip_end_time!), end + POST_ROLL * 1000);

    // The clip plays and lasts from pre-roll to post-roll.
    const clip = await call('GET', `/review-items/${opened.id}/clip`, t.adminToken);
    assert.equal(clip.statusCode, 200);
    assert.equal(clip.headers['content-type'], 'video/mp4');
    const clipFile = join(work, 'clip.mp4');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(clipFile, clip.rawPayload);
    const duration = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', clipFile])
        .toString()
        .trim(),
    );
    const expected = (end - start) / 1000 + PRE_ROLL + POST_ROLL;
    assert.ok(Math.abs(duration - expected) <= 1, `clip ${duration} s, incident with rolls ${expected} s`);
    const ranged = await t.request({
      method: 'GET',
      url: `/api/v1/review-items/${opened.id}/clip`,
      token: t.adminToken,
      headers: { range: 'bytes=0-99' },
    });
    assert.equal(ranged.statusCode, 206);
    assert.equal(ranged.rawPayload.length, 100);

    // The snapshot: a JPEG of the camera's picture with red boxes, one of them on a person the adapter sees.
    const item = (await ok('GET', `/review-items/${opened.id}`)) as Item;
    // Taken while the incident lasted (the web app draws the boxes over the clip at that moment).
    const taken = Date.parse(item.snapshot_time!);
    assert.ok(taken >= start && taken <= end, `snapshot at ${item.snapshot_time}, incident ${start}–${end}`);
    const snapshot = await call('GET', `/review-items/${opened.id}/snapshot`, t.adminToken);
    assert.equal(snapshot.statusCode, 200);
    assert.equal(snapshot.headers['content-type'], 'image/jpeg');
    assert.equal(snapshot.rawPayload.subarray(0, 2).toString('hex'), 'ffd8');
    const people = await fetch(`${rig.adapter.url}/infer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${rig.adapter.token}` },
      body: JSON.stringify({
        task: 'person_detection',
        data: { frame: { b64: snapshot.rawPayload.toString('base64') } },
        params: { min_confidence: 0.3 },
      }),
    }).then(
      (r) =>
        r.json() as Promise<{ detections: { bbox: number[] }[]; frame: { width: number; height: number } }>,
    );
    assert.deepEqual(people.frame, { width: 640, height: 480 });
    const onAPerson = item.boxes.some((box) =>
      people.detections.some((d) => {
        const found = {
          x: d.bbox[0]! / 640,
          y: d.bbox[1]! / 480,
          width: (d.bbox[2]! - d.bbox[0]!) / 640,
          height: (d.bbox[3]! - d.bbox[1]!) / 480,
        };
        return iou(box, found) >= 0.3;
      }),
    );
    assert.ok(onAPerson, `a drawn box lies on a person: ${JSON.stringify(item.boxes)}`);
    assert.ok(redAround(snapshot.rawPayload, item.boxes[0]!), 'the box is drawn in red');
    const thumbnail = await call('GET', `/review-items/${opened.id}/thumbnail`, t.adminToken);
    assert.equal(thumbnail.statusCode, 200);
    assert.ok(thumbnail.rawPayload.length < snapshot.rawPayload.length);

    // Listing and filters.
    const list = (query: string) =>
      ok('GET', `/review-items?camera_id=${camera.id}&${query}`) as Promise<{ items: Item[]; total: number }>;
    assert.ok((await list('label=person')).items.some((i) => i.id === opened.id));
    assert.equal((await list('label=car')).total, 0);
    assert.ok((await list('zone=Pavement')).items.some((i) => i.id === opened.id));
    assert.equal((await list('zone=Lawn')).total, 0);
    assert.ok((await list('severity=alert&reviewed=false')).items.some((i) => i.id === opened.id));

    // Rights, marking and deleting.
    const viewer = await t.createUser('reviewviewer');
    const stranger = await t.createUser('reviewstranger');
    await grant(t, camera.id, viewer.id, { can_view: true });
    assert.equal((await call('GET', `/review-items/${opened.id}`)).statusCode, 401);
    assert.equal((await call('GET', `/review-items/${opened.id}`, stranger.token)).statusCode, 404);
    assert.equal((await call('GET', `/review-items/${opened.id}/clip`, stranger.token)).statusCode, 404);
    assert.equal((await call('GET', `/review-items?camera_id=${camera.id}`, stranger.token)).statusCode, 404);
    assert.equal((await call('GET', '/review-items', stranger.token)).json().total, 0);
    let from = log.seen.length;
    const marked = await call('PATCH', `/review-items/${opened.id}`, viewer.token, { reviewed: true });
    assert.equal(marked.statusCode, 200, marked.body);
    assert.equal(marked.json().reviewed, true);
    // Every open screen is told (review.updated), so other tabs and viewers follow at once.
    const told = await log.next(
      (e) => e.type === 'review.updated' && e.data.review_id === opened.id,
      from,
      'the mark told',
    );
    assert.equal((told.data.item as { reviewed: boolean }).reviewed, true);
    assert.equal(
      (await list('reviewed=false')).items.some((i) => i.id === opened.id),
      false,
    );
    from = log.seen.length;
    const all = await call('POST', '/review-items/reviewed', viewer.token, {
      camera_id: camera.id,
      reviewed: false,
    });
    assert.ok(all.json().updated >= 1, all.body);
    const toldAll = await log.next(
      (e) => e.type === 'review.updated' && Array.isArray(e.data.review_ids),
      from,
      'the bulk mark told',
    );
    assert.equal(toldAll.camera_id, camera.id);
    assert.deepEqual(
      { count: toldAll.data.count, reviewed: toldAll.data.reviewed },
      { count: all.json().updated, reviewed: false },
    );
    assert.ok((toldAll.data.review_ids as number[]).includes(opened.id));
    assert.equal((await ok('GET', `/review-items/${opened.id}`)).reviewed, false);
    const some = await call('POST', '/review-items/reviewed', viewer.token, { ids: [opened.id] });
    assert.equal(some.json().updated, 1);
    assert.equal((await call('DELETE', `/review-items/${opened.id}`, viewer.token)).statusCode, 403);
    assert.equal((await call('DELETE', `/review-items/${opened.id}`, t.adminToken)).statusCode, 204);
    assert.equal((await call('GET', `/review-items/${opened.id}`, t.adminToken)).statusCode, 404);
    assert.equal((await call('GET', `/review-items/${opened.id}/snapshot`, t.adminToken)).statusCode, 404);
  });
});

function iou(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  return (width * height) / (a.width * a.height + b.width * b.height - width * height);
}

/** Whether the pixels along the box's top edge are red (the drawn frame), decoding the JPEG with ffmpeg. */
function redAround(jpeg: Buffer, box: { x: number; y: number; width: number }): boolean {
  const rgb = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-f', 'mjpeg', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    {
      input: jpeg,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const y = Math.round(box.y * 480) + 1;
  let red = 0;
  let total = 0;
  for (let x = Math.round(box.x * 640) + 2; x < Math.round((box.x + box.width) * 640) - 2; x++) {
    const at = (y * 640 + x) * 3;
    total += 1;
    if (rgb[at]! > 180 && rgb[at + 1]! < 90 && rgb[at + 2]! < 90) red += 1;
  }
  return total > 0 && red / total > 0.8;
}
