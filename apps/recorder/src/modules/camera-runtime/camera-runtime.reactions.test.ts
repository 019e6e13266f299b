// Fast tests of the camera runtime's reactions with fakes (real internal events, a fake stream hub and fake
// pipelines): what changes how a camera is read refreshes the camera's streams and reaches each pipeline once,
// all at once; a lease given back and a restored backup wait for the pipelines.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InternalEvents } from '../../platform/events/internal-events.js';
import type { CameraRow } from '../../platform/db/schema.js';
import type { RecorderEvents } from '../recorder-events.js';
import { cameraRuntimeReactions } from './camera-runtime.reactions.js';

function setup(cameraIds = [1, 2, 3]) {
  const events = new InternalEvents<RecorderEvents>((event, error) => {
    throw new Error(`${event}: ${String(error)}`);
  });
  const steps: string[] = [];
  /** resolves the pipeline's current sync (a pipeline stopping its ffmpeg takes a while) */
  let finishSync: (() => void) | null = null;
  let slowPipeline = false;
  const remove = cameraRuntimeReactions(
    events,
    { refresh: async (cameraId) => void steps.push(`streams ${cameraId}`) },
    async () => cameraIds,
  );
  events.on('camera.runtime-changed', async ({ cameraId }) => {
    steps.push(`pipeline ${cameraId}`);
    if (slowPipeline) await new Promise<void>((resolve) => (finishSync = resolve));
    steps.push(`pipeline ${cameraId} done`);
  });
  return {
    events,
    steps,
    remove,
    slow: () => (slowPipeline = true),
    finish: () => finishSync?.(),
  };
}

const camera = { id: 7 } as CameraRow;
/** Until every handler started by an event has run to its end (they are promises the emit does not wait for). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('camera runtime reactions', () => {
  it('a camera or its config changed: its streams and each pipeline, once', async () => {
    const { events, steps } = setup();
    events.emit('camera.changed', {
      kind: 'updated',
      camera,
      sourceChanged: true,
      credentialsChanged: false,
    });
    await settled();
    assert.deepEqual(steps, ['streams 7', 'pipeline 7', 'pipeline 7 done']);
    steps.length = 0;
    events.emit('camera-config.changed', { cameraId: 7 });
    await settled();
    assert.deepEqual(steps, ['streams 7', 'pipeline 7', 'pipeline 7 done']);
  });

  it('new TLS material reaches every camera', async () => {
    const { events, steps } = setup([1, 2]);
    events.emit('media-tls.changed', {});
    await settled();
    assert.deepEqual(steps.filter((step) => step.startsWith('pipeline') && !step.endsWith('done')).sort(), [
      'pipeline 1',
      'pipeline 2',
    ]);
    assert.ok(steps.indexOf('streams 1') < steps.indexOf('pipeline 1'));
    assert.ok(steps.indexOf('streams 2') < steps.indexOf('pipeline 2'));
  });

  it('tells every pipeline at once, as the change is announced: a slow one holds back no other', () => {
    const { events, steps, slow } = setup();
    slow();
    events.on('camera.runtime-changed', ({ cameraId }) => void steps.push(`other ${cameraId}`));
    events.emit('camera-config.changed', { cameraId: 7 });
    // Synchronously, before emit() returned: the AI's sync is queued while the recording is still stopping.
    assert.deepEqual(steps, ['streams 7', 'pipeline 7', 'other 7']);
  });

  it('a lease given back and a restored backup are answered only once the pipelines have followed', async () => {
    const { events, steps, slow, finish } = setup();
    slow();
    let answered = false;
    const givenBack = events
      .emitAndWait('camera.ownership-changed', { cameraId: 7, owned: false })
      .then(() => (answered = true));
    await settled();
    assert.deepEqual(steps, ['streams 7', 'pipeline 7']);
    assert.equal(answered, false, 'the pipeline is still stopping');
    finish();
    await givenBack;
    assert.deepEqual(steps, ['streams 7', 'pipeline 7', 'pipeline 7 done']);

    steps.length = 0;
    const restored = events.emitAndWait('backup.restored', { cameraIds: [4] });
    await settled();
    assert.deepEqual(steps, ['streams 4', 'pipeline 4']);
    finish();
    await restored;
    assert.deepEqual(steps, ['streams 4', 'pipeline 4', 'pipeline 4 done']);
  });

  it('removes every handler it registered', () => {
    const { events, remove } = setup();
    remove();
    for (const name of [
      'camera.changed',
      'camera-config.changed',
      'camera.ownership-changed',
      'media-tls.changed',
      'backup.restored',
    ] as const)
      assert.equal(events.handlerCount(name), 0, name);
  });
});
