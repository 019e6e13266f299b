// Motion detection of a camera through the API and at run time: settings are read with the view right and
// replaced with the manage right, audited, and refused with the field named when a mask cannot be used; a test
// camera whose ball moves raises motion.start on the event log, without a connection of its own, and a mask over
// the whole picture ends it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BusEvent } from '../src/platform/events/event-types.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

const WHOLE_PICTURE = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
];

describe('motion detection', { timeout: 120_000 }, () => {
  let t: TestApp;
  let source: TestCamera;

  before(async () => {
    t = await createTestApp();
    source = await startTestCamera();
  });
  after(async () => {
    await t?.close();
    await source?.close();
  });

  const motion = (cameraId: number, token: string | undefined, payload?: object) =>
    t.request({
      method: payload ? 'PUT' : 'GET',
      url: `/api/v1/cameras/${cameraId}/motion`,
      ...(token ? { token } : {}),
      ...(payload ? { payload } : {}),
    });

  const motionBoxes = (cameraId: number, token: string | undefined) =>
    t.request({
      method: 'GET',
      url: `/api/v1/cameras/${cameraId}/motion/boxes`,
      ...(token ? { token } : {}),
    });

  /** The next event of `type` for the camera on the recorder's event log. */
  const nextEvent = (cameraId: number, type: string) =>
    new Promise<BusEvent>((resolve) => {
      const stop = t.container.events.listen((event) => {
        if (event.camera_id !== cameraId || event.type !== type) return;
        stop();
        resolve(event);
      });
    });

  it('reads with the view right, replaces with the manage right, and names a mask that cannot be used', async () => {
    const camera = await createCamera(t, t.adminToken);
    const viewer = await t.createUser('motionviewer');
    const stranger = await t.createUser('motionstranger');
    await grant(t, camera.id, viewer.id, { can_view: true });

    const defaults = await motion(camera.id, viewer.token);
    assert.equal(defaults.statusCode, 200, defaults.body);
    assert.deepEqual(defaults.json(), {
      camera_id: camera.id,
      enabled: false,
      fps: 5,
      threshold: 25,
      min_area: 0.002,
      masks: [],
      active: false,
      updated_at: null,
    });
    assert.equal((await motion(camera.id, undefined)).statusCode, 401);
    assert.equal((await motion(camera.id, stranger.token)).statusCode, 404);
    assert.equal((await motion(camera.id, viewer.token, { enabled: true })).statusCode, 403);
    assert.equal((await motion(999_999, t.adminToken)).statusCode, 404);
    assert.deepEqual((await motionBoxes(camera.id, viewer.token)).json(), {
      camera_id: camera.id,
      watching: false,
      at: null,
      age_ms: null,
      boxes: [],
    });
    assert.equal((await motionBoxes(camera.id, undefined)).statusCode, 401);
    assert.equal((await motionBoxes(camera.id, stranger.token)).statusCode, 404);
    assert.equal((await motionBoxes(999_999, t.adminToken)).statusCode, 404);

    const refused = async (masks: unknown, field: (string | number)[], reason: RegExp) => {
      const response = await motion(camera.id, t.adminToken, { enabled: true, masks });
      assert.equal(response.statusCode, 422, response.body);
      const [issue] = response.json().detail;
      assert.deepEqual(issue.loc.slice(0, field.length), field, response.body);
      assert.match(issue.msg, reason);
    };
    await refused(
      [
        [
          [0, 0],
          [1, 1],
        ],
      ],
      ['body', 'masks', 0],
      /3/,
    );
    await refused(
      [
        WHOLE_PICTURE,
        [
          [0, 0],
          [1.5, 0],
          [1, 1],
        ],
      ],
      ['body', 'masks', 1],
      /1/,
    );
    await refused(
      [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
        ],
      ],
      ['body', 'masks', 0],
      /Mask 1: .*cross/,
    );
    assert.equal((await motion(camera.id, t.adminToken)).json().enabled, false, 'nothing was stored');

    const saved = await motion(camera.id, t.adminToken, {
      enabled: false,
      fps: 2,
      threshold: 40,
      min_area: 0.01,
      masks: [
        [
          [0, 0],
          [0.3, 0],
          [0.3, 0.2],
        ],
      ],
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const read = (await motion(camera.id, viewer.token)).json();
    assert.equal(read.fps, 2);
    assert.deepEqual(read.masks, [
      [
        [0, 0],
        [0.3, 0],
        [0.3, 0.2],
      ],
    ]);
    const audit = await t.request({
      method: 'GET',
      url: `/api/v1/audit-logs?action=camera.motion`,
      token: t.adminToken,
    });
    assert.equal(audit.statusCode, 200, audit.body);
    assert.ok(JSON.stringify(audit.json()).includes('camera.motion'), audit.body);
  });

  it('raises motion.start for a moving picture from the camera stream, and a mask over it all ends it', async () => {
    const camera = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1', rtsp_url: source.url });
    await t.request({
      method: 'PATCH',
      url: `/api/v1/camera-config/${camera.id}`,
      token: t.adminToken,
      payload: { transport_security: 'plaintext_allowed' },
    });
    const started = nextEvent(camera.id, 'motion.start');
    const enabled = await motion(camera.id, t.adminToken, { enabled: true });
    assert.equal(enabled.statusCode, 200, enabled.body);
    const start = await started;
    const boxes = start.data.boxes as { x: number; y: number; width: number; height: number }[];
    assert.ok(boxes.length > 0);
    for (const box of boxes)
      assert.ok(box.x >= 0 && box.x + box.width <= 1.001 && box.width * box.height < 0.5);
    assert.equal((await motion(camera.id, t.adminToken)).json().active, true);
    const cameraState = async () =>
      (await t.request({ method: 'GET', url: `/api/v1/cameras/${camera.id}`, token: t.adminToken })).json<{
        motion_active: boolean | null;
      }>().motion_active;
    assert.equal(await cameraState(), true, "the camera's status shows it in motion");
    assert.equal(source.sessions, 1, 'motion reads the camera stream: one connection');
    // The tuner's view: the newest picture's boxes, kept in memory (the ball moves in every picture, but a
    // picture may come out still, so ask until one has boxes, as the tuner does).
    for (;;) {
      const latest = (await motionBoxes(camera.id, t.adminToken)).json<{
        watching: boolean;
        at: string | null;
        age_ms: number | null;
        boxes: { x: number; width: number; height: number }[];
      }>();
      assert.equal(latest.watching, true);
      if (latest.boxes.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      assert.ok(latest.at !== null && Date.parse(latest.at) > Date.now() - 60_000, latest.at ?? 'no time');
      assert.ok(
        latest.age_ms !== null && latest.age_ms >= 0 && latest.age_ms < 60_000,
        String(latest.age_ms),
      );
      for (const box of latest.boxes)
        assert.ok(box.x >= 0 && box.x + box.width <= 1.001, JSON.stringify(box));
      break;
    }

    const ended = nextEvent(camera.id, 'motion.end');
    await motion(camera.id, t.adminToken, { enabled: true, masks: [WHOLE_PICTURE] });
    assert.ok(((await ended).data.duration_ms as number) > 0);
    assert.equal((await motion(camera.id, t.adminToken)).json().active, false);
    assert.equal(await cameraState(), false);
    await motion(camera.id, t.adminToken, { enabled: false });
    await t.container.motionWatch.sync(camera.id); // (queued after the plan the change started)
    assert.equal(await cameraState(), null, 'not watched: no motion state');
    assert.equal((await motionBoxes(camera.id, t.adminToken)).json().watching, false);
  });
});
