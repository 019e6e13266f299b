// Motion-gated AI (issue #19) with the real adapter and real test cameras: a camera playing OpenCV's vtest.avi
// pedestrians in a loop (8 s walking, then the last picture held for 22 s) and a camera showing a still picture.
// A person_counting model left at the default trigger (on_motion) analyses the walking camera only while it is in
// motion — motion.start and motion.end come on the event log, and no picture taken while the camera was at rest
// is analysed — and makes no inference call at all on the still camera over 30 s of its pictures, while its
// status says it is waiting for motion. The same walking camera with a mask over the whole picture has no motion
// and no inference. The timestamp overlay of the test cameras is masked, as an operator would.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { peopleStill } from './helpers/adapter-process.js';
import type { TestApp } from './helpers/app.js';
import { EventLog } from './helpers/event-log.js';
import { eventually } from './helpers/eventually.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';
import {
  CLOCK_OVERLAY,
  WHOLE_PICTURE,
  adapterPolled,
  addCamera,
  startWalkwayRig,
  type WalkwayRig,
} from './helpers/walkway.js';

describe('motion-gated AI', { timeout: 240_000 }, () => {
  const work = mkdtempSync(join(tmpdir(), 'nvr-gating-'));
  let rig: WalkwayRig;
  let still: TestCamera;
  let t: TestApp;
  let log: EventLog;

  before(async () => {
    [rig, still] = await Promise.all([
      startWalkwayRig(work, { movingSeconds: 8, stillSeconds: 22 }),
      startTestCamera({ image: peopleStill(work), fps: 5, gop: 5, width: 640, height: 480 }),
    ]);
    t = rig.t;
    log = new EventLog(t.container.events, ['motion.start', 'motion.end', 'detection']);
  });
  after(async () => {
    await rig?.close();
    await still?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const api = async (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const response = await t.request({ method, url: `/api/v1${url}`, token: t.adminToken, payload });
    assert.ok(response.statusCode < 300, `${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  // two of the cameras read the same test camera
  const camera = (url: string, name: string) => addCamera(t, url, { name });
  /** a person_counting model on the camera, analysing a picture a second */
  const modelBody = (cameraId: number, config: object = {}) => ({
    name: `people ${cameraId}`,
    model_name: 'centernet',
    task: 'person_counting',
    inference_interval: 1,
    assigned_camera_id: cameraId,
    config: JSON.stringify({ params: { min_confidence: 0.3 }, ...config }),
  });
  const model = async (cameraId: number, config: object = {}) =>
    (await api('POST', '/ai-models', modelBody(cameraId, config))).id as number;
  /** a model the recorder must refuse (422), with the reason it must give */
  const refusedModel = async (payload: object, reason: RegExp) => {
    const refused = await t.request({
      method: 'POST',
      url: '/api/v1/ai-models',
      token: t.adminToken,
      payload,
    });
    assert.equal(refused.statusCode, 422, refused.body);
    assert.match(refused.body, reason);
  };
  const next = (cameraId: number, type: string, from = 0) =>
    log.next((e) => e.camera_id === cameraId && e.type === type, from, `${type} on camera ${cameraId}`);
  const seen = () => log.seen;

  it('analyses only while the camera is in motion, and nothing on a still or fully masked camera', async () => {
    await adapterPolled(t);
    const walkingId = await camera(rig.walkway.url, 'Walkway');
    const maskedId = await camera(rig.walkway.url, 'Walkway, masked');
    const stillId = await camera(still.url, 'Lawn');
    // Motion detection left off on the still camera: the model's need for it is enough to watch it.
    await api('PUT', `/cameras/${walkingId}/motion`, { enabled: true, masks: [CLOCK_OVERLAY] });
    await api('PUT', `/cameras/${maskedId}/motion`, { enabled: true, masks: [WHOLE_PICTURE] });
    await api('PUT', `/cameras/${stillId}/motion`, { enabled: false, masks: [CLOCK_OVERLAY] });
    const walkingModel = await model(walkingId);
    const maskedModel = await model(maskedId);
    const stillModel = await model(stillId);

    // The still camera's pictures are counted from its frame grabber, to judge "over 30 s" by the pictures seen.
    const grabber = await eventually(() => t.container.detectionLoop.grabber(stillId) ?? undefined, {
      what: "the still camera's frame grabber",
    });
    let firstPictureAt = 0;
    const thirtySeconds = new Promise<void>((resolve) =>
      grabber.on('frame', (frame: { capturedAt: number }) => {
        firstPictureAt ||= frame.capturedAt;
        if (frame.capturedAt - firstPictureAt >= 30_000) resolve();
      }),
    );

    // A whole cycle of the walking camera: motion starts, the model analyses, motion ends, motion starts again.
    const firstStart = await next(walkingId, 'motion.start');
    const firstDetection = await next(walkingId, 'detection', seen().indexOf(firstStart));
    assert.equal(firstDetection.data.model_id, walkingModel);
    const end = await next(walkingId, 'motion.end', seen().indexOf(firstStart));
    const secondStart = await next(walkingId, 'motion.start', seen().indexOf(end));
    await next(walkingId, 'detection', seen().indexOf(secondStart));
    const restFrom = end.data.at as number;
    const restTo = secondStart.data.at as number;
    assert.ok(restTo - restFrom > 10_000, `the scene rests ~17 s between motions: ${restTo - restFrom} ms`);
    const walkingDetections = seen().filter(
      (e) => e.type === 'detection' && e.data.model_id === walkingModel,
    );
    const duringRest = walkingDetections.filter((e) => {
      const sampled = e.data.sampled_at as number;
      return sampled > restFrom && sampled < restTo;
    });
    assert.deepEqual(duringRest, [], 'no picture is analysed while the camera is at rest');
    assert.ok(
      walkingDetections.every((e) => (e.data.count as number) >= 1),
      'the walkers are counted',
    );

    // 30 s of the still camera's pictures without one inference call.
    await thirtySeconds;
    for (const [id, cameraId] of [
      [stillModel, stillId],
      [maskedModel, maskedId],
    ] as const) {
      const status = await api('GET', `/ai-models/${id}/status`);
      assert.equal(status.runs, 0, JSON.stringify(status));
      assert.equal(status.failures, 0, JSON.stringify(status));
      assert.equal(status.waiting_for_motion, true, JSON.stringify(status));
      assert.equal(status.state, 'running');
      assert.deepEqual(
        seen().filter((e) => e.camera_id === cameraId),
        [],
        'neither motion nor detections on the still or masked camera',
      );
    }
    const walkingStatus = await api('GET', `/ai-models/${walkingModel}/status`);
    assert.ok(walkingStatus.runs >= 2, JSON.stringify(walkingStatus));
    // The still camera is watched for motion although its own setting is off; the setting still reads off.
    const stillMotion = await api('GET', `/cameras/${stillId}/motion`);
    assert.equal(stillMotion.enabled, false);
    assert.equal(stillMotion.active, false);
  });

  it('a model that looks where things move sends the motion boxes and counts the walkers in them', async () => {
    const walkingId = await camera(rig.walkway.url, 'Walkway, crops');
    await api('PUT', `/cameras/${walkingId}/motion`, { enabled: true, masks: [CLOCK_OVERLAY] });
    // What the recorder asks the adapter for this camera (the real adapter answers).
    const registry = t.container.adapterRegistry;
    const infer = registry.infer.bind(registry);
    const sent: Record<string, unknown>[] = [];
    registry.infer = (adapter, task, frame, params, cameraId) => {
      if (cameraId === walkingId) sent.push(params);
      return infer(adapter, task, frame, params, cameraId);
    };
    try {
      const id = await model(walkingId, { look_at: 'motion' });
      const detection = await next(walkingId, 'detection', seen().length);
      assert.equal(detection.data.model_id, id);
      assert.ok((detection.data.count as number) >= 1, JSON.stringify(detection.data));
      assert.ok(sent.length >= 1);
      for (const params of sent) {
        const regions = params.regions as { x: number; y: number; width: number; height: number }[];
        assert.ok(Array.isArray(regions) && regions.length >= 1, JSON.stringify(params));
        assert.ok(regions.every((r) => r.width > 0 && r.x + r.width <= 1.0001 && r.y + r.height <= 1.0001));
        assert.equal(params.min_confidence, 0.3);
      }
    } finally {
      registry.infer = infer;
    }
    // Crops are cut around what moves: a model that runs always, or a recording model, cannot ask for them.
    await refusedModel(
      modelBody(walkingId, { trigger: 'always', look_at: 'motion' }),
      /config\.look_at motion needs config\.trigger on_motion/,
    );
    await refusedModel(
      { ...modelBody(walkingId, { look_at: 'motion' }), source_type: 'recording' },
      /config\.look_at applies to live models only/,
    );
  });

  it('a model that runs always analyses the still camera; a recording model cannot name a trigger', async () => {
    const stillId = await camera(still.url, 'Lawn, always');
    const always = await model(stillId, { trigger: 'always' });
    const detection = await next(stillId, 'detection', seen().length);
    assert.equal(detection.data.model_id, always);
    assert.equal((await api('GET', `/ai-models/${always}/status`)).waiting_for_motion, false);

    await refusedModel(
      { ...modelBody(stillId, { trigger: 'on_motion' }), source_type: 'recording' },
      /config\.trigger applies to live models only/,
    );
  });
});
