import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { RaiseAlert } from '../src/modules/alerts/alerts.schemas.js';
import type { BusEvent } from '../src/platform/events/event-types.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';

for (const dialect of testDialects()) {
  describe(`alerts on ${dialect}`, () => {
    let t: TestApp;
    let alice: { id: number; token: string };
    let camA: number;
    let camB: number;

    const raise = (fields: Partial<RaiseAlert> = {}) =>
      t.container.alerts.raise({ source_name: 'people', severity: 'medium', title: 'Person', ...fields });
    const ack = (token: string | undefined, payload?: unknown) =>
      t.request({
        method: 'POST',
        url: '/api/v1/alerts/acknowledge',
        token,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const acknowledgedIds = async (): Promise<number[]> =>
      (
        await t.request({
          method: 'GET',
          url: '/api/v1/alerts?acknowledged=true&limit=500',
          token: t.adminToken,
        })
      )
        .json()
        .alerts.map((a: any) => a.id)
        .sort((a: number, b: number) => a - b);

    before(async () => {
      t = await createTestApp({ dialect, overrides: { offlineAlertMs: 30 } });
      alice = await t.createUser('alice');
      camA = (await createCamera(t, t.adminToken)).id;
      camB = (await createCamera(t, t.adminToken)).id;
      await grant(t, camA, alice.id, { can_view: true });
    });
    after(() => t.close());
    // Each test starts with nothing open.
    beforeEach(async () => {
      assert.equal((await ack(t.adminToken)).statusCode, 200);
    });

    it('lists alerts in scope with filters; others are 404', async () => {
      const mine = await raise({ camera_id: camA, severity: 'high', source_name: 'cars' });
      const theirs = await raise({ camera_id: camB });
      const system = await raise({ source_name: 'disk_floor', severity: 'critical' });
      const list = await t.request({
        method: 'GET',
        url: '/api/v1/alerts?acknowledged=false',
        token: alice.token,
      });
      assert.equal(list.statusCode, 200);
      assert.deepEqual(list.json(), { alerts: [mine], total: 1 });
      assert.equal(mine.acknowledged, false);
      assert.equal(mine.acknowledged_by, null);

      const admin = await t.request({
        method: 'GET',
        url: '/api/v1/alerts?acknowledged=false&severity=critical',
        token: t.adminToken,
      });
      assert.deepEqual(
        admin.json().alerts.map((a: any) => a.id),
        [system.id],
      );
      const bySource = await t.request({
        method: 'GET',
        url: `/api/v1/alerts?source_name=cars&camera_id=${camA}`,
        token: alice.token,
      });
      assert.deepEqual(bySource.json().alerts, [mine]);
      for (const id of [theirs.id, system.id]) {
        assert.equal(
          (await t.request({ method: 'GET', url: `/api/v1/alerts/${id}`, token: alice.token })).statusCode,
          404,
        );
      }
      assert.deepEqual(
        (await t.request({ method: 'GET', url: `/api/v1/alerts/${mine.id}`, token: alice.token })).json(),
        mine,
      );
      assert.equal(
        (await t.request({ method: 'GET', url: `/api/v1/alerts?camera_id=${camB}`, token: alice.token }))
          .statusCode,
        404,
      );
      assert.equal((await t.request({ method: 'GET', url: '/api/v1/alerts' })).statusCode, 401);
      const bad = await t.request({
        method: 'GET',
        url: '/api/v1/alerts?severity=urgent',
        token: alice.token,
      });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(bad.json().detail[0].loc, ['query', 'severity']);
    });

    it('ids alone: exactly those, all or none; acknowledging again reports already_acknowledged', async () => {
      const a1 = await raise({ camera_id: camA });
      const a2 = await raise({ camera_id: camA });
      const a3 = await raise({ camera_id: camA });
      const response = await ack(alice.token, { ids: [a1.id, a2.id] });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { acknowledged: 2, already_acknowledged: 0, ids: [a1.id, a2.id] });
      const again = await ack(alice.token, { ids: [a1.id, a2.id, a3.id] });
      assert.deepEqual(again.json(), { acknowledged: 1, already_acknowledged: 2, ids: [a3.id] });
      const stored = (
        await t.request({ method: 'GET', url: `/api/v1/alerts/${a1.id}`, token: alice.token })
      ).json();
      assert.equal(stored.acknowledged, true);
      assert.equal(stored.acknowledged_by, 'alice');
      assert.match(stored.acknowledged_at, /Z$/);
      assert.deepEqual((await ack(alice.token, { ids: [a1.id] })).json(), {
        acknowledged: 0,
        already_acknowledged: 1,
        ids: [],
      });
    });

    it('ids with one id out of scope (or unknown) → 404 and nothing acknowledged', async () => {
      const mine = await raise({ camera_id: camA });
      const theirs = await raise({ camera_id: camB });
      const system = await raise({ source_name: 'disk_floor', severity: 'critical' });
      const before = await acknowledgedIds();
      for (const ids of [
        [mine.id, theirs.id],
        [mine.id, system.id],
        [mine.id, 999_999],
      ]) {
        const response = await ack(alice.token, { ids });
        assert.equal(response.statusCode, 404, JSON.stringify(ids));
      }
      assert.deepEqual(await acknowledgedIds(), before);
    });

    it('ids with severity or source_name → 422 ambiguous_acknowledge and the database unchanged', async () => {
      const open = await raise({ camera_id: camA, severity: 'high' });
      const before = await acknowledgedIds();
      for (const filter of [
        { severity: 'high' },
        { source_name: 'people' },
        { severity: 'low', source_name: 'x' },
      ]) {
        const response = await ack(t.adminToken, { ids: [open.id], ...filter });
        assert.equal(response.statusCode, 422);
        assert.equal(response.json().detail.code, 'ambiguous_acknowledge');
        assert.ok(response.json().detail.message);
      }
      assert.deepEqual(await acknowledgedIds(), before);
      // invalid shapes are plain validation errors naming the field
      const badSeverity = await ack(t.adminToken, { severity: 'urgent' });
      assert.equal(badSeverity.statusCode, 422);
      assert.deepEqual(badSeverity.json().detail[0].loc, ['body', 'severity']);
      assert.equal((await ack(t.adminToken, { camera_id: camA })).statusCode, 422);
      assert.equal((await ack(t.adminToken, { ids: [] })).statusCode, 422);
      assert.deepEqual(await acknowledgedIds(), before);
    });

    it('filters acknowledge every unacknowledged match in scope', async () => {
      const high = await raise({ camera_id: camA, severity: 'high' });
      const low = await raise({ camera_id: camA, severity: 'low', source_name: 'cars' });
      const otherCamera = await raise({ camera_id: camB, severity: 'high' });
      const bySeverity = await ack(alice.token, { severity: 'high' });
      assert.deepEqual(bySeverity.json(), { acknowledged: 1, already_acknowledged: 0, ids: [high.id] });
      const bySource = await ack(alice.token, { source_name: 'cars', severity: null });
      assert.deepEqual(bySource.json(), { acknowledged: 1, already_acknowledged: 0, ids: [low.id] });
      const acknowledged = await acknowledgedIds();
      assert.ok(!acknowledged.includes(otherCamera.id));
    });

    it('an empty body acknowledges everything in scope; a non-superuser never acknowledges system alerts', async () => {
      const mine = await raise({ camera_id: camA });
      const theirs = await raise({ camera_id: camB });
      const system = await raise({ source_name: 'disk_floor', severity: 'critical' });
      const response = await ack(alice.token);
      assert.deepEqual(response.json(), { acknowledged: 1, already_acknowledged: 0, ids: [mine.id] });
      const asJson = await ack(alice.token, {});
      assert.deepEqual(asJson.json(), { acknowledged: 0, already_acknowledged: 0, ids: [] });
      let acknowledged = await acknowledgedIds();
      assert.ok(!acknowledged.includes(theirs.id) && !acknowledged.includes(system.id));
      assert.equal((await ack(alice.token, { source_name: 'disk_floor' })).json().acknowledged, 0);
      const all = await ack(t.adminToken);
      assert.deepEqual(all.json().ids, [theirs.id, system.id]);
      acknowledged = await acknowledgedIds();
      assert.ok(acknowledged.includes(system.id));
    });

    it('per-alert acknowledge, alert.* events scoped to the camera, audit rows', async () => {
      // Events earlier tests published are delivered first, so that this test sees only its own.
      await t.container.events.idle();
      const seen: BusEvent[] = [];
      const stop = t.container.events.listen((event) => void seen.push(event));
      const alert = await raise({ camera_id: camA, severity: 'low' });
      const first = await t.request({
        method: 'POST',
        url: `/api/v1/alerts/${alert.id}/acknowledge`,
        token: alice.token,
      });
      assert.equal(first.statusCode, 200);
      assert.equal(first.json().acknowledged, true);
      const second = await t.request({
        method: 'POST',
        url: `/api/v1/alerts/${alert.id}/acknowledge`,
        token: alice.token,
      });
      assert.deepEqual(second.json(), first.json());
      const hidden = await raise({ camera_id: camB });
      assert.equal(
        (
          await t.request({
            method: 'POST',
            url: `/api/v1/alerts/${hidden.id}/acknowledge`,
            token: alice.token,
          })
        ).statusCode,
        404,
      );
      await t.container.events.idle();
      stop();
      const created = seen.find((e) => e.type === 'alert.created' && (e.data.alert as any).id === alert.id);
      assert.equal(created?.camera_id, camA);
      assert.equal(created?.severity, 'low');
      const acked = seen.filter(
        (e) => e.type === 'alert.acknowledged' && (e.data.ids as number[]).includes(alert.id),
      );
      assert.equal(acked.length, 1, 'acknowledging again publishes nothing');
      assert.deepEqual(acked[0]!.data.ids, [alert.id]);
      assert.equal(acked[0]!.camera_id, camA);
      assert.equal(acked[0]!.data.acknowledged_by, 'alice');

      const audit = await t.request({
        method: 'GET',
        url: '/api/v1/audit-logs?action=alert.acknowledge&limit=1',
        token: t.adminToken,
      });
      const row = audit.json().logs[0];
      assert.equal(row.username, 'alice');
      assert.equal(row.entity_id, String(alert.id));
    });

    it('raises high after a camera stays offline, not when it comes back in time', async () => {
      const events = t.container.events;
      const wait = (cameraId: number) =>
        new Promise<BusEvent>((resolve) => {
          const stop = events.listen((event) => {
            if (event.type === 'alert.created' && event.camera_id === cameraId) {
              stop();
              resolve(event);
            }
          });
        });
      const back = await createCamera(t, t.adminToken);
      await events.publish({ type: 'camera.offline', camera_id: back.id, source: 'recorder', data: {} });
      await events.publish({ type: 'camera.online', camera_id: back.id, source: 'recorder', data: {} });
      const raised = wait(camA);
      await events.publish({
        type: 'camera.offline',
        camera_id: camA,
        source: 'recorder',
        data: { reason: 'eof' },
      });
      const event = await raised;
      await t.container.alerts.idle();
      const alert = event.data.alert as any;
      assert.equal(alert.severity, 'high');
      assert.equal(alert.source_name, 'camera_offline');
      assert.match(alert.title, /offline/);
      assert.equal(alert.data.reason, 'eof');
      // the camera that came back was scheduled first: had it not been cancelled, its alert would exist by now
      const forBack = await t.request({
        method: 'GET',
        url: `/api/v1/alerts?camera_id=${back.id}`,
        token: t.adminToken,
      });
      assert.equal(forBack.json().total, 0);
    });

    it('raises critical on recording failures (once while open) and on the disk floor', async () => {
      const events = t.container.events;
      await events.publish({
        type: 'recording.failed',
        camera_id: camA,
        source: 'recorder',
        data: { error: 'ffmpeg exited 1' },
      });
      await events.publish({
        type: 'recording.failed',
        camera_id: camA,
        source: 'recorder',
        data: { error: 'again' },
      });
      await events.idle();
      await t.container.alerts.idle();
      const failures = (
        await t.request({
          method: 'GET',
          url: '/api/v1/alerts?source_name=recording_failure&acknowledged=false',
          token: alice.token,
        })
      ).json();
      assert.equal(failures.total, 1);
      assert.equal(failures.alerts[0].severity, 'critical');
      assert.match(failures.alerts[0].message, /ffmpeg exited 1/);

      const disk = await t.container.alerts.diskFloorReached({
        path: '/rec',
        free_bytes: 1024 ** 3,
        floor_bytes: 2 * 1024 ** 3,
      });
      assert.equal(disk?.severity, 'critical');
      assert.equal(disk?.camera_id, null);
      assert.equal(
        await t.container.alerts.diskFloorReached({ path: '/rec', free_bytes: 1, floor_bytes: 2 }),
        null,
      );
      const visibleToAlice = (
        await t.request({ method: 'GET', url: '/api/v1/alerts?source_name=disk_floor', token: alice.token })
      ).json();
      assert.equal(visibleToAlice.total, 0);
    });
  });
}
