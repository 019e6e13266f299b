// An AI rule raises one alert per incident and that alert follows the incident (issue #34 item 4). On every
// dialect: AlertsService.update merges `data`, replaces the title and message, keeps the acknowledgement, tells
// `alert.updated` and nobody's notifications (no `alert.raised`), and answers null for an alert that is gone.
// On SQLite, with the real detection loop and adapter: a person_counting model whose rule's cooldown would alert
// every second, on a test camera showing a still of pedestrians while an incident is open on it, raises one alert;
// when the camera’s picture changes to one with more people, that same alert says so (count, last seen, title)
// through `alert.updated`, still acknowledged, with no second alert and no second notification.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { AlertResponse as StoredAlert } from '../src/modules/alerts/alerts.schemas.js';
import type { BusEvent } from '../src/platform/events/event-types.js';
import {
  adapterPolled,
  recorderEnvFor,
  startAdapterProcess,
  type AdapterProcess,
} from './helpers/adapter-process.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { pipelineCase, testDialects } from './helpers/database.js';
import { EventLog } from './helpers/event-log.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

const FIXTURES = new URL('../../../test-fixtures/adapter/', import.meta.url).pathname;
/** One person, and a street of them (the camera shows either at 768×576). */
const STILLS = [`${FIXTURES}person.jpg`, `${FIXTURES}vtest-2s.jpg`];
const MIN_CONFIDENCE = 0.35;
/** An alert as the API and events carry it, `data` open. */
type AlertResponse = Omit<StoredAlert, 'data'> & { data: Record<string, unknown> };
const alertOf = (event: BusEvent) => event.data.alert as AlertResponse;

for (const dialect of testDialects()) {
  describe(`an AI rule's alert following its incident (${dialect})`, { timeout: 180_000 }, () => {
    let t: TestApp;
    let log: EventLog;
    let adapter: AdapterProcess | null = null;
    let camera: TestCamera | null = null;
    const raised: AlertResponse[] = [];
    let stopRaised = () => {};
    const once = pipelineCase(dialect);

    before(async () => {
      if (dialect === 'sqlite') adapter = await startAdapterProcess();
      t = await createTestApp({
        dialect,
        env: adapter ? recorderEnvFor(adapter) : {},
        // The incident stays open for the whole case.
        overrides: { adapterRecheckMs: 200, grabberBackoffMs: 200, reviewCloseAfterMs: 150_000 },
      });
      log = new EventLog(t.container.events, [
        'alert.created',
        'alert.updated',
        'review.opened',
        'detection',
      ]);
      // What notification actions follow: every alert raised.
      stopRaised = t.container.internalEvents.on('alert.raised', ({ alert }) => void raised.push(alert));
    });
    after(async () => {
      stopRaised();
      log?.close();
      await t?.close();
      await Promise.all([adapter?.close(), camera?.close()]);
    });

    it('update: says more, keeps the acknowledgement, tells alert.updated and notifies nobody', async () => {
      const cameraId = (await createCamera(t, t.adminToken)).id as number;
      const alert = await t.container.alerts.raise({
        camera_id: cameraId,
        source_name: 'Door people',
        severity: 'high',
        title: 'Door people: 1 person detected',
        message: 'first',
        data: { model_id: 7, count: 1, labels: ['person'] },
      });
      const ack = await t.request({
        method: 'POST',
        url: `/api/v1/alerts/${alert.id}/acknowledge`,
        token: t.adminToken,
      });
      assert.equal(ack.statusCode, 200, ack.body);
      const notified = raised.length;
      const from = log.seen.length;
      const updated = await t.container.alerts.update(alert.id, {
        title: 'Door people: 3 person/cars detected',
        message: 'more',
        data: { count: 3, labels: ['person', 'car'], last_seen_at: '2030-01-01T00:00:00.000Z' },
      });
      assert.ok(updated);
      const stored = (
        await t.request({ method: 'GET', url: `/api/v1/alerts/${alert.id}`, token: t.adminToken })
      ).json<AlertResponse>();
      assert.deepEqual(stored, updated);
      assert.equal(stored.title, 'Door people: 3 person/cars detected');
      assert.equal(stored.message, 'more');
      assert.deepEqual(stored.data, {
        model_id: 7,
        count: 3,
        labels: ['person', 'car'],
        last_seen_at: '2030-01-01T00:00:00.000Z',
      });
      assert.equal(stored.acknowledged, true, 'still acknowledged');
      assert.equal(stored.acknowledged_by, 'admin');
      assert.equal(stored.created_at, alert.created_at);
      const told = await log.next((e) => e.type === 'alert.updated', from, 'alert.updated');
      assert.equal(told.camera_id, cameraId);
      assert.deepEqual(alertOf(told), updated);
      assert.equal(raised.length, notified, 'no notification for an update');
      assert.equal(await t.container.alerts.update(999_999, { title: 'x', message: '', data: {} }), null);
    });

    once('one alert for the incident, and it follows the scene growing', async () => {
      // The two stills, the one with fewer people first.
      const entry = () => t.container.adapterRegistry.pick('person_counting')!;
      await adapterPolled(t);
      const counts = await Promise.all(
        STILLS.map(async (file) => {
          const answer = await t.container.adapterRegistry.infer(
            entry(),
            'person_counting',
            { b64: readFileSync(file).toString('base64') },
            { min_confidence: MIN_CONFIDENCE },
            null,
          );
          return (answer.detections as { confidence: number }[]).filter((d) => d.confidence >= MIN_CONFIDENCE)
            .length;
        }),
      );
      assert.ok(Math.abs(counts[0]! - counts[1]!) >= 3, `the stills differ in people: ${counts.join(', ')}`);
      const [few, many] = counts[0]! < counts[1]! ? [0, 1] : [1, 0];
      camera = await startTestCamera({ image: STILLS[few], width: 768, height: 576, fps: 5, gop: 5 });
      const cameraId = (await createCamera(t, t.adminToken, { name: 'Street', rtsp_url: camera.url }))
        .id as number;

      // An incident open on the camera, as the tracker opens them.
      const now = Date.now();
      const box = { x: 0.1, y: 0.3, width: 0.1, height: 0.3 };
      t.container.reviewBuilder.tracked({
        cameraId,
        modelId: 1,
        at: now,
        ended: [],
        picture: { jpeg: readFileSync(STILLS[few]!), width: 768, height: 576 },
        tracks: [
          {
            track_id: 'walker',
            label: 'person',
            confidence: 0.9,
            box,
            first_seen: now,
            last_seen: now,
            last_moved: now,
            stationary: false,
            best: { at: now, confidence: 0.9, box, result_id: null },
          },
        ],
      });
      await log.next((e) => e.type === 'review.opened' && e.camera_id === cameraId, 0, 'the incident');

      const created = await t.request({
        method: 'POST',
        url: '/api/v1/ai-models',
        token: t.adminToken,
        payload: {
          name: 'Street people',
          model_name: 'centernet',
          task: 'person_counting',
          inference_interval: 1,
          assigned_camera_id: cameraId,
          config: JSON.stringify({
            trigger: 'always',
            params: { min_confidence: MIN_CONFIDENCE },
            // A cooldown that would alert at every picture: the incident holds it to one alert.
            alert: {
              labels: ['person'],
              min_confidence: MIN_CONFIDENCE,
              severity: 'high',
              cooldown_seconds: 1,
            },
          }),
        },
      });
      assert.equal(created.statusCode, 201, created.body);
      const modelId = created.json().id as number;
      const mine = (type: string) => (e: BusEvent) =>
        e.type === type && e.camera_id === cameraId && alertOf(e).source_name === 'Street people';
      const first = alertOf(await log.next(mine('alert.created'), 0, 'the alert'));
      const firstCount = first.data.count as number;
      // The camera's picture is the still re-encoded: a borderline person may come and go.
      assert.ok(
        Math.abs(firstCount - counts[few]!) <= 1,
        `${firstCount} people, the still has ${counts[few]}`,
      );
      const ack = await t.request({
        method: 'POST',
        url: `/api/v1/alerts/${first.id}/acknowledge`,
        token: t.adminToken,
      });
      assert.equal(ack.statusCode, 200, ack.body);

      // More people in the picture: the same alert says so.
      await camera.restartAs({ image: STILLS[many], width: 768, height: 576, fps: 5, gop: 5 });
      const grown = alertOf(
        await log.next(
          (e) => mine('alert.updated')(e) && (alertOf(e).data.count as number) >= counts[many]! - 1,
          0,
          `the alert updated to about ${counts[many]} people`,
        ),
      );
      const most = grown.data.count as number;
      assert.equal(grown.id, first.id);
      assert.equal(grown.title, `Street people: ${most} persons detected`);
      assert.deepEqual(grown.data.labels, ['person']);
      assert.ok(Date.parse(grown.data.last_seen_at as string) > Date.parse(first.created_at));
      assert.equal(grown.acknowledged, true, 'an update leaves the acknowledgement alone');
      // Pictures go on matching after the rule's 1 s cooldown: still the one alert.
      const after = log.seen.length;
      await log.count(
        (e) => log.seen.indexOf(e) >= after && e.type === 'detection' && e.data.model_id === modelId,
        2,
        'two more pictures analysed',
      );
      assert.equal(log.seen.filter(mine('alert.created')).length, 1, 'one alert for the incident');
      assert.equal(raised.filter((a) => a.source_name === 'Street people').length, 1, 'notified once');
      const listed = (
        await t.request({
          method: 'GET',
          url: `/api/v1/alerts?source_name=Street%20people`,
          token: t.adminToken,
        })
      ).json<{ alerts: AlertResponse[] }>();
      assert.deepEqual(
        listed.alerts.map((a) => a.id),
        [first.id],
      );
      assert.ok((listed.alerts[0]!.data.count as number) >= most, 'the highest count seen stays');
    });
  });
}
