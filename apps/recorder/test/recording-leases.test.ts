// Recording never stops by accident (issue #32, item 1): binning, restoring or deleting other cameras must not
// take the lease of a camera that records, and a camera whose recording is on but that no node records is tried
// again and, past the grace, alerted with the reason. The lease accounting runs on both dialects (it is SQL); the
// case with a real camera and ffmpeg runs on SQLite only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RecorderEvents } from '../src/modules/recorder-events.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { binCamera, createCamera, hardDeletePhrase } from './helpers/cameras.js';
import { pipelineCase, testDialects } from './helpers/database.js';
import { nextNotice } from './helpers/recording.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

for (const dialect of testDialects()) {
  describe(`camera leases follow the bin (${dialect})`, () => {
    let t: TestApp;
    let source: TestCamera | undefined;
    const released: number[] = [];
    before(async () => {
      t = await createTestApp({
        dialect,
        overrides: { recordingBackoff: { baseMs: 200, maxMs: 1000, jitter: 0.1 } },
      });
      t.container.internalEvents.on('camera.ownership-changed', ({ cameraId, owned }) => {
        if (!owned) released.push(cameraId);
      });
    });
    after(async () => {
      await t.close();
      await source?.close();
    });

    const leases = () => t.container.cameraLeases;
    const rounds = async (n: number) => {
      for (let i = 0; i < n; i++) await leases().rebalance();
    };

    it('binning three spare cameras leaves the fourth camera its lease, and restore and hard delete keep the count', async () => {
      const spares: Record<string, any>[] = [];
      for (let i = 0; i < 3; i++) spares.push(await createCamera(t, t.adminToken));
      const kept = await createCamera(t, t.adminToken);
      await rounds(1);
      assert.deepEqual(leases().heldCameras(), [...spares.map((c) => c.id), kept.id]);

      for (const spare of spares) await binCamera(t, t.adminToken, spare.id);
      await rounds(4);
      assert.deepEqual(leases().heldCameras(), [kept.id], 'only the camera outside the bin keeps a lease');
      assert.ok(!released.includes(kept.id), 'the camera outside the bin was never given back');

      // Back from the bin: it gets its lease again, and the others keep theirs.
      const restored = await t.request({
        method: 'POST',
        url: `/api/v1/cameras/${spares[0]!.id}/restore`,
        token: t.adminToken,
      });
      assert.equal(restored.statusCode, 200, restored.body);
      await rounds(2);
      assert.deepEqual(leases().heldCameras(), [spares[0]!.id, kept.id]);

      // Deleted for good: nothing is "lost to another node", nothing else moves.
      const deleted = await t.request({
        method: 'POST',
        url: `/api/v1/cameras/${spares[1]!.id}/hard-delete`,
        token: t.adminToken,
        payload: { confirmation_phrase: hardDeletePhrase(spares[1]!.name as string) },
      });
      assert.equal(deleted.statusCode, 200, deleted.body);
      await rounds(2);
      assert.deepEqual(leases().heldCameras(), [spares[0]!.id, kept.id]);
      assert.doesNotMatch(t.logs(), /camera lease lost to another node/);
      assert.ok(!released.includes(kept.id));
    });

    it('a plain user binning his own cameras does not stop the admin camera that records', async () => {
      const user = await t.createUser(`binner-${dialect}`);
      const own = [];
      for (let i = 0; i < 3; i++) own.push(await createCamera(t, user.token));
      const admins = await createCamera(t, t.adminToken);
      await rounds(1);
      for (const camera of own) await binCamera(t, user.token, camera.id);
      await rounds(4);
      assert.ok(leases().heldCameras().includes(admins.id));
      assert.ok(own.every((camera) => !leases().heldCameras().includes(camera.id)));
    });

    pipelineCase(dialect)(
      'a camera that records keeps recording while three others go to the bin',
      async () => {
        source = await startTestCamera();
        const spares: Record<string, any>[] = [];
        for (let i = 0; i < 3; i++) spares.push(await createCamera(t, t.adminToken));
        const started = nextNotice(t.container.recordingEngine, (n) => n.type === 'recording.started');
        const camera = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1', rtsp_url: source.url });
        await t.container.cameraConfig.idle();
        const patched = await t.request({
          method: 'PATCH',
          url: `/api/v1/camera-config/${camera.id}`,
          token: t.adminToken,
          payload: { recording_enabled: true, transport_security: 'plaintext_allowed' },
        });
        assert.equal(patched.statusCode, 200, patched.body);
        await started;
        for (const spare of spares) await binCamera(t, t.adminToken, spare.id);
        await rounds(4);
        await t.container.recordingEngine.idle();
        assert.ok(t.container.recordingEngine.isRecording(camera.id), 'still recording');
        assert.ok(!released.includes(camera.id));
        const status = await t.request({
          method: 'GET',
          url: `/api/v1/cameras/${camera.id}`,
          token: t.adminToken,
        });
        assert.notEqual(status.json().recording_state, 'stopped');
      },
    );
  });

  describe(`camera leases at shutdown (${dialect})`, () => {
    let t: TestApp;
    before(async () => (t = await createTestApp({ dialect })));
    after(() => t.close());

    it('takes no further camera once shutdown began, and keeps renewing the ones it holds', async () => {
      const leases = t.container.cameraLeases;
      const held = await createCamera(t, t.adminToken);
      await leases.rebalance();
      assert.deepEqual(leases.heldCameras(), [held.id]);
      const fence = leases.fence(held.id);

      leases.stopTaking();
      const later = await createCamera(t, t.adminToken);
      await leases.rebalance();
      await leases.rebalance();
      assert.equal(await leases.claim(later.id), false, 'not claimed on demand either');
      assert.deepEqual(
        leases.heldCameras(),
        [held.id],
        'the camera created after is left to the other nodes',
      );
      assert.deepEqual(leases.fence(held.id), fence, 'the lease held is renewed, not lost');
    });
  });

  describe(`a camera that should record and that no node records (${dialect})`, () => {
    let t: TestApp;
    const uncovered: RecorderEvents['recording.uncovered'][] = [];
    before(async () => {
      // Room for one camera only: the second one that should record can be recorded by nobody.
      t = await createTestApp({
        dialect,
        env: { NODE_CAPACITY: '1' },
        overrides: { recordingWatchGraceMs: 0 },
      });
      t.container.internalEvents.on('recording.uncovered', (report) => void uncovered.push(report));
    });
    after(() => t.close());

    it('raises recording_not_running with the reason and logs a warning, once', async () => {
      const cameras = [];
      for (let i = 0; i < 2; i++) {
        // Nothing answers there: its recorder runs and retries, which counts as recorded (the offline alert's).
        const camera = await createCamera(t, t.adminToken, {
          name: `watched ${i}`,
          rtsp_url: `rtsp://127.0.0.1:9/watched-${i}`,
        });
        await t.container.cameraConfig.idle();
        const patched = await t.request({
          method: 'PATCH',
          url: `/api/v1/camera-config/${camera.id}`,
          token: t.adminToken,
          payload: { recording_enabled: true, transport_security: 'plaintext_allowed' },
        });
        assert.equal(patched.statusCode, 200, patched.body);
        cameras.push(camera);
      }
      await t.container.recordingEngine.idle();
      const [held, left] = cameras.sort(
        (a, b) =>
          Number(t.container.recordingEngine.isRecording(b.id)) -
          Number(t.container.recordingEngine.isRecording(a.id)),
      );
      assert.ok(
        t.container.recordingEngine.isRecording(held!.id),
        JSON.stringify(cameras.map((c) => t.container.recordingEngine.whyNotRecording(c.id))),
      );
      assert.ok(!t.container.recordingEngine.isRecording(left!.id));

      await t.container.recordingWatch.check();
      await t.container.recordingWatch.check();
      await t.container.alerts.idle();
      assert.equal(uncovered.length, 1, 'announced once');
      assert.equal(uncovered[0]!.cameraId, left!.id);
      assert.match(uncovered[0]!.reason, /NODE_CAPACITY \(1\)/);

      const alerts = await t.request({
        method: 'GET',
        url: '/api/v1/alerts?source_name=recording_not_running',
        token: t.adminToken,
      });
      assert.equal(alerts.statusCode, 200, alerts.body);
      const [alert, ...more] = alerts.json().alerts as Record<string, any>[];
      assert.equal(more.length, 0);
      assert.equal(alert!.camera_id, left!.id);
      assert.equal(alert!.severity, 'critical');
      assert.match(alert!.message as string, /no recorder node holds it/);
      const warning = t
        .logs()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => line.msg === 'recording is on but no recorder node records the camera');
      assert.equal(warning?.level, 40);
      assert.equal(warning?.cameraId, left!.id);
      assert.match(String(warning?.reason), /NODE_CAPACITY/);

      // The camera that took the room goes away: the watch hands the room to the one left out.
      const givenBack = new Promise<void>((resolve) =>
        t.container.internalEvents.on('camera.ownership-changed', ({ cameraId, owned }) => {
          if (cameraId === held!.id && !owned) resolve();
        }),
      );
      await binCamera(t, t.adminToken, held!.id);
      await givenBack;
      await t.container.recordingWatch.check();
      assert.ok(t.container.recordingEngine.isRecording(left!.id), 'the watch started it');
      assert.match(t.logs(), /camera is recorded again/);
    });
  });
}
