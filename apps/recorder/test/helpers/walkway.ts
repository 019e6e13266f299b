// The rig of the motion, zone and incident tests: a test camera playing OpenCV's vtest.avi pedestrians in a loop
// (walking, then the last picture held), the real adapter, and a recorder wired to it. The areas the tests draw on
// that picture (640×480) are here too: the timestamp overlay the test cameras burn in (masked, as an operator
// would, or it counts as motion every second) and the pavement where the people walk.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { ContainerOverrides } from '../../src/container.js';
import { peopleFrames, startAdapterProcess, type AdapterProcess, recorderEnvFor } from './adapter-process.js';
// The walkway tests wait for the adapter the same way as every test with one.
export { adapterPolled } from './adapter-process.js';
import { createTestApp, type TestApp } from './app.js';
import { startTestCamera, type TestCamera } from './rtsp-camera.js';

export const CLOCK_OVERLAY = [
  [0, 0],
  [0.32, 0],
  [0.32, 0.16],
  [0, 0.16],
];
export const WHOLE_PICTURE = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
];
/** Where the people of vtest.avi walk: the paths and the road, below the lawn at the top. */
export const PAVEMENT = [
  [0, 0.3],
  [1, 0.3],
  [1, 0.85],
  [0, 0.85],
];

export interface WalkwayRig {
  walkway: TestCamera;
  adapter: AdapterProcess;
  t: TestApp;
  close(): Promise<void>;
}

/** Starts the camera and the adapter side by side, then the recorder; `work` holds the frames. */
export async function startWalkwayRig(
  work: string,
  scene: { movingSeconds: number; stillSeconds: number },
  overrides: ContainerOverrides = {},
): Promise<WalkwayRig> {
  const frames = peopleFrames(join(work, 'frames'), scene);
  const framesDir = join(work, 'frames-shared');
  const [walkway, adapter] = await Promise.all([
    startTestCamera({ frames, fps: 10, gop: 10, width: 640, height: 480 }),
    startAdapterProcess({ framesDir }),
  ]);
  const t = await createTestApp({
    env: {
      ...recorderEnvFor(adapter),
    },
    overrides: { adapterRecheckMs: 200, grabberBackoffMs: 200, ...overrides },
  });
  return {
    walkway,
    adapter,
    t,
    async close() {
      await t.close();
      await Promise.all([walkway.close(), adapter.close()]);
    },
  };
}

/**
 * A camera of the admin reading `url` (several may read the same test camera), plaintext allowed, with `config`
 * added to its stream config and the clock overlay masked for motion (motion `enabled` as given).
 */
export async function addCamera(
  t: TestApp,
  url: string,
  options: { name?: string; config?: object; motion?: boolean } = {},
): Promise<number> {
  const send = async (method: 'POST' | 'PATCH' | 'PUT', path: string, payload: object) => {
    const response = await t.request({ method, url: `/api/v1${path}`, token: t.adminToken, payload });
    assert.ok(response.statusCode < 300, `${path}: ${response.statusCode} ${response.body}`);
    return response.json<{ id: number }>();
  };
  const { id } = await send('POST', '/cameras?force=true', {
    name: options.name ?? 'Walkway',
    ip_address: '127.0.0.1',
    rtsp_url: url,
  });
  await send('PATCH', `/camera-config/${id}`, { transport_security: 'plaintext_allowed', ...options.config });
  await send('PUT', `/cameras/${id}/motion`, { enabled: options.motion ?? false, masks: [CLOCK_OVERLAY] });
  return id;
}
