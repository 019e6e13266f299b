// The in-process change notifications between modules: handlers are removable, a failing handler (thrown or
// rejected) is logged without reaching the publisher or the others, awaited emits run handlers in order; the
// recorder's modules register their reactions when it starts (construction does nothing) and remove every one of
// them when it closes; the start list runs in order and stops in reverse.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { InternalEvents } from '../src/platform/events/internal-events.js';
import { Lifecycle } from '../src/platform/lifecycle.js';
import type { RecorderEvents } from '../src/modules/recorder-events.js';
import { ADMIN_PASSWORD, createTestApp } from './helpers/app.js';
import { createTestDatabase } from './helpers/database.js';

describe('internal events', () => {
  it('calls every handler, isolates failures and removes handlers', async () => {
    const failures: string[] = [];
    let rejected!: () => void;
    const loggedRejection = new Promise<void>((resolve) => (rejected = resolve));
    const events = new InternalEvents<{ ping: { n: number } }>((event, error) => {
      failures.push(`${event}: ${(error as Error).message}`);
      if (failures.length === 4) rejected();
    });
    const seen: number[] = [];
    events.on('ping', () => {
      throw new Error('thrown');
    });
    events.on('ping', async () => {
      throw new Error('rejected');
    });
    const remove = events.on('ping', ({ n }) => seen.push(n));
    events.emit('ping', { n: 1 });
    remove();
    events.emit('ping', { n: 2 });
    await loggedRejection;
    assert.deepEqual(seen, [1]);
    // Two emits, each with one thrown and one rejected failure: all four logged, none reached emit().
    assert.deepEqual(failures.sort(), ['ping: rejected', 'ping: rejected', 'ping: thrown', 'ping: thrown']);
    assert.equal(events.handlerCount('ping'), 2);
  });

  it('an awaited emit runs the handlers one after another, each to its end, past a failing one', async () => {
    const failures: string[] = [];
    const events = new InternalEvents<{ restored: { id: number } }>((event, error) =>
      failures.push(`${event}: ${(error as Error).message}`),
    );
    const steps: string[] = [];
    events.on('restored', async ({ id }) => {
      await new Promise((resolve) => setImmediate(resolve));
      steps.push(`first ${id}`);
    });
    events.on('restored', async () => {
      throw new Error('broken');
    });
    events.on('restored', ({ id }) => steps.push(`third ${id}`));
    await events.emitAndWait('restored', { id: 7 });
    assert.deepEqual(steps, ['first 7', 'third 7']);
    assert.deepEqual(failures, ['restored: broken']);
  });

  it('tells handlers whether a change was relayed from another node, and so what they emit at once', async () => {
    const events = new InternalEvents<{ changed: { id: number }; followed: { id: number } }>(() => undefined);
    const seen: string[] = [];
    let later!: () => void;
    const laterEmitted = new Promise<void>((resolve) => (later = resolve));
    events.on('changed', async ({ id }, { relayed }) => {
      seen.push(`changed ${id} ${relayed ? 'relayed' : 'here'}`);
      events.emit('followed', { id });
      await new Promise((resolve) => setImmediate(resolve));
      // After an await: a change of this node again (its sockets and timers are not the other node's).
      events.emit('followed', { id: id * 10 });
      later();
    });
    events.on('followed', ({ id }, { relayed }) =>
      seen.push(`followed ${id} ${relayed ? 'relayed' : 'here'}`),
    );
    events.emitRelayed('changed', { id: 1 });
    events.emit('changed', { id: 2 });
    await laterEmitted;
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(seen, [
      'changed 1 relayed',
      'followed 1 relayed',
      'changed 2 here',
      'followed 2 here',
      'followed 10 here',
      'followed 20 here',
    ]);
  });

  it('starts parts in order, stops them in reverse, and undoes a start that fails half way', async () => {
    const steps: string[] = [];
    const part = (name: string, failStart = false) => ({
      name,
      start: () => {
        if (failStart) throw new Error('no');
        steps.push(`start ${name}`);
      },
      stop: () => {
        steps.push(`stop ${name}`);
        if (name === 'b') throw new Error('stuck');
      },
    });
    const lifecycle = new Lifecycle([part('a'), part('b'), part('c')]);
    await lifecycle.start();
    // b fails to stop: a is still stopped, and the failure is reported at the end.
    await assert.rejects(lifecycle.stop(), /b did not stop cleanly/);
    assert.deepEqual(steps, ['start a', 'start b', 'start c', 'stop c', 'stop b', 'stop a']);

    steps.length = 0;
    await assert.rejects(new Lifecycle([part('a'), part('x', true), part('c')]).start(), /x did not start/);
    assert.deepEqual(steps, ['start a', 'stop a']);
  });

  it('building the recorder starts nothing: no reaction is registered before start', async () => {
    const database = await createTestDatabase('sqlite');
    const dataDir = mkdtempSync(join(tmpdir(), 'nvr-construct-'));
    try {
      const container = await createContainer(
        loadConfig({
          DATA_DIR: dataDir,
          RTSP_PORT: '0',
          DATABASE_URL: database.url,
          ADMIN_PASSWORD,
          LOG_LEVEL: 'silent',
        }),
      );
      for (const name of ['camera.changed', 'recording.notice', 'alert.raised', 'backup.restored'] as const)
        assert.equal(container.internalEvents.handlerCount(name), 0, name);
      await container.close();
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the recorder registers its modules’ reactions on start and removes them all on close', async () => {
    const t = await createTestApp();
    const names: (keyof RecorderEvents)[] = [
      'camera.changed',
      'camera-config.changed',
      'camera.runtime-changed',
      'ai-model.changed',
      'media-tls.changed',
      'cloud-settings.changed',
      'recording.notice',
      'recording.chunk-indexed',
      'storage.floor-reached',
      'recording.uncovered',
      'alert.raised',
      'backup.restored',
      'motion-settings.changed',
      'motion.changed',
      'detections.seen',
      'objects.tracked',
      'zones.changed',
      'zone.entered',
      'zone.exited',
      'camera.ownership-changed',
      'adapters.changed',
      'mqtt-settings.changed',
    ];
    const counts = Object.fromEntries(
      names.map((name) => [name, t.container.internalEvents.handlerCount(name)]),
    );
    // What changes how a camera is read (camera.changed, camera-config.changed, camera.ownership-changed,
    // media-tls.changed, backup.restored) reaches the camera runtime, which refreshes the camera's streams and
    // sends camera.runtime-changed to its pipelines: recording, live view, detection, motion, stream targets.
    // camera.changed also reaches the RTSPS probe, the metrics, tracking, the camera leases (a new camera gets a
    // node at once) and MQTT; camera-config.changed, camera.ownership-changed and media-tls.changed MQTT too.
    // recording.notice: the event log with retention (one handler, in order: a full disk's notice is published
    // after the retention round it starts) and MQTT. recording.uncovered: the alert. backup.restored: the
    // runtime, media TLS, adapters, detection (models), motion (settings), stream targets, zones and MQTT.
    // ai-model.changed: detection and tracking. motion.changed: the detection loop (models that run on motion),
    // MQTT and the event log; detections.seen → tracking → objects.tracked → zones and review items;
    // zone.entered and zone.exited reach MQTT and the event log, and zone.entered review items; alert.raised (with
    // alert actions) and recording.chunk-indexed (with the recordings' notices) reach review items too; indexed
    // chunks also reach cloud uploads and the metrics. MQTT follows cameras, configs, recording notices, motion,
    // tracked objects, alerts, the TLS material and restores. adapters.changed and mqtt-settings.changed: the
    // registry and the MQTT session (relayed ones; on PostgreSQL the change relay adds one handler to each event
    // it sends to the other nodes).
    assert.deepEqual(counts, {
      'camera.changed': 6,
      'camera-config.changed': 2,
      'camera.runtime-changed': 5,
      'ai-model.changed': 2,
      'media-tls.changed': 2,
      'cloud-settings.changed': 2,
      'recording.notice': 2,
      'recording.chunk-indexed': 3,
      'storage.floor-reached': 1,
      'recording.uncovered': 1,
      'alert.raised': 3,
      'backup.restored': 8,
      'motion-settings.changed': 1,
      'motion.changed': 3,
      'detections.seen': 1,
      'objects.tracked': 3,
      'zones.changed': 1,
      'zone.entered': 3,
      'zone.exited': 2,
      'camera.ownership-changed': 2,
      'adapters.changed': 1,
      'mqtt-settings.changed': 1,
    });
    await t.close();
    for (const name of names) assert.equal(t.container.internalEvents.handlerCount(name), 0, name);
  });
});
