// Zones of a camera (issue #19). Through the API: read with the view right, replaced with the manage right,
// audited, and a polygon that cannot be used (fewer than 3 points, outside the picture, crossing itself) or a name
// used twice refused with the field named and nothing stored. At run time, with the real adapter and a test
// camera playing OpenCV's vtest.avi pedestrians in a loop: a person_counting model (on motion, the default) feeds
// the tracker; a zone over the pavement sees people enter and leave (zone.enter / zone.exit) and its rule raises
// exactly one alert per tracked person, never one per picture; a loitering rule on the same area alerts only
// for people who stayed 4 s or more.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BusEvent } from '../src/platform/events/event-types.js';
import type { TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { EventLog } from './helpers/event-log.js';
import { PAVEMENT, adapterPolled, addCamera, startWalkwayRig, type WalkwayRig } from './helpers/walkway.js';

const LOITER_SECONDS = 4;

describe('zones', { timeout: 240_000 }, () => {
  const work = mkdtempSync(join(tmpdir(), 'nvr-zones-'));
  let rig: WalkwayRig;
  let t: TestApp;
  let log: EventLog;

  before(async () => {
    rig = await startWalkwayRig(work, { movingSeconds: 24, stillSeconds: 8 });
    t = rig.t;
    log = new EventLog(t.container.events, ['zone.enter', 'zone.exit', 'alert.created', 'detection']);
  });
  after(async () => {
    log?.close();
    await rig?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const zones = (cameraId: number, token: string | undefined, payload?: object) =>
    t.request({
      method: payload ? 'PUT' : 'GET',
      url: `/api/v1/cameras/${cameraId}/zones`,
      ...(token ? { token } : {}),
      ...(payload ? { payload } : {}),
    });

  it('reads with the view right, replaces with the manage right, and names a polygon that cannot be used', async () => {
    const camera = await createCamera(t, t.adminToken);
    const viewer = await t.createUser('zoneviewer');
    const stranger = await t.createUser('zonestranger');
    await grant(t, camera.id, viewer.id, { can_view: true });

    const empty = await zones(camera.id, viewer.token);
    assert.equal(empty.statusCode, 200, empty.body);
    assert.deepEqual(empty.json(), { camera_id: camera.id, zones: [], updated_at: null });
    assert.equal((await zones(camera.id, undefined)).statusCode, 401);
    assert.equal((await zones(camera.id, stranger.token)).statusCode, 404);
    assert.equal((await zones(camera.id, viewer.token, { zones: [] })).statusCode, 403);
    assert.equal((await zones(999_999, t.adminToken)).statusCode, 404);

    const polygonField = '"loc":["body","zones",0,"polygon"';
    const refused: [object, string, RegExp][] = [
      [
        {
          name: 'few',
          polygon: [
            [0, 0],
            [1, 1],
          ],
        },
        `${polygonField}]`,
        /at least 3/,
      ],
      [
        {
          name: 'out',
          polygon: [
            [0, 0],
            [1.5, 0],
            [1, 1],
          ],
        },
        `${polygonField},1,0]`,
        /1/,
      ],
      [
        {
          name: 'bow tie',
          polygon: [
            [0, 0],
            [1, 1],
            [1, 0],
            [0, 1],
          ],
        },
        `${polygonField}]`,
        /cross/,
      ],
    ];
    for (const [zone, field, why] of refused) {
      const response = await zones(camera.id, t.adminToken, { zones: [zone] });
      assert.equal(response.statusCode, 422, response.body);
      assert.ok(response.body.includes(field), response.body);
      assert.match(response.body, why);
    }
    const twice = await zones(camera.id, t.adminToken, {
      zones: [
        { name: 'Door', polygon: PAVEMENT },
        { name: 'door', polygon: PAVEMENT },
      ],
    });
    assert.equal(twice.statusCode, 422, twice.body);
    assert.match(twice.body, /Two zones are named/);
    assert.deepEqual((await zones(camera.id, t.adminToken)).json().zones, [], 'nothing was stored');

    const saved = await zones(camera.id, t.adminToken, {
      zones: [{ name: 'Door', polygon: PAVEMENT, labels: ['Person'], alert: { min_dwell_seconds: 3 } }],
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual((await zones(camera.id, viewer.token)).json().zones, [
      {
        name: 'Door',
        polygon: PAVEMENT,
        labels: ['person'],
        alert: { labels: [], min_count: 1, min_dwell_seconds: 3, cooldown_seconds: 60, severity: 'medium' },
      },
    ]);
    const audit = await t.request({
      method: 'GET',
      url: '/api/v1/audit-logs?action=camera.zones',
      token: t.adminToken,
    });
    assert.match(audit.body, /camera\.zones/);
  });

  it('tracks people into a zone: entry and exit events, one alert per person, loitering after the dwell', async () => {
    await adapterPolled(t);
    const camera = { id: await addCamera(t, rig.walkway.url) };
    const put = (url: string, payload: object) =>
      t.request({ method: 'PUT', url: `/api/v1${url}`, token: t.adminToken, payload }).then((r) => {
        assert.equal(r.statusCode, 200, r.body);
      });
    await put(`/cameras/${camera.id}/zones`, {
      zones: [
        { name: 'Pavement', polygon: PAVEMENT, labels: ['person'], alert: { cooldown_seconds: 0 } },
        {
          name: 'Lingering',
          polygon: PAVEMENT,
          labels: ['person'],
          alert: { min_dwell_seconds: LOITER_SECONDS, cooldown_seconds: 0, severity: 'high' },
        },
      ],
    });
    const model = await t.request({
      method: 'POST',
      url: '/api/v1/ai-models',
      token: t.adminToken,
      payload: {
        name: 'Walkway people',
        model_name: 'centernet',
        task: 'person_counting',
        inference_interval: 1,
        assigned_camera_id: camera.id,
        config: JSON.stringify({ params: { min_confidence: 0.35 } }),
      },
    });
    assert.equal(model.statusCode, 201, model.body);

    const alertOf = (e: BusEvent) =>
      e.data.alert as {
        source_name: string;
        data: { track_id: string; dwell_seconds: number; at: number };
      };
    const zoneAlert = (zone: string) => (e: BusEvent) =>
      e.type === 'alert.created' && e.camera_id === camera.id && alertOf(e).source_name === `zone:${zone}`;
    // A dozen pictures of people walking, and someone lingering.
    await log.count((e) => e.type === 'detection' && e.camera_id === camera.id, 12, 'detections');
    await log.next(zoneAlert('Lingering'), 0, 'a loitering alert');

    const seen = [...log.seen];
    const events = (type: string, zone: string) =>
      seen.filter((e) => e.type === type && e.camera_id === camera.id && e.data.zone === zone);
    const alertsOf = (zone: string) => seen.filter(zoneAlert(zone));
    const alertData = (alert: BusEvent) => alertOf(alert).data;

    // One alert per tracked person: no track in two alerts, each alerted track entered the zone first, and every
    // track that entered before the last alert has had its alert (rule on entry, no cooldown).
    const pavementAlerts = alertsOf('Pavement');
    const alerted = pavementAlerts.map((alert) => alertData(alert).track_id);
    assert.equal(new Set(alerted).size, alerted.length, `a track alerted twice: ${alerted.join(', ')}`);
    const entries = events('zone.enter', 'Pavement');
    const lastAlert = seen.indexOf(pavementAlerts.at(-1)!);
    for (const id of alerted)
      assert.ok(
        entries.some((e) => e.data.track_id === id),
        `alerted track ${id} entered the zone`,
      );
    for (const entry of entries.filter((e) => seen.indexOf(e) < lastAlert))
      assert.ok(
        alerted.includes(entry.data.track_id as string),
        `track ${String(entry.data.track_id)} was alerted`,
      );
    assert.ok(entries.every((e) => e.data.label === 'person'));
    // Not one per picture: people were seen many more times than they were alerted, under stable track ids.
    const peopleSeen = seen
      .filter((e) => e.type === 'detection' && e.camera_id === camera.id)
      .reduce((sum, e) => sum + (e.data.count as number), 0);
    assert.ok(
      pavementAlerts.length * 2 < peopleSeen,
      `alerts (${pavementAlerts.length}) against people seen (${peopleSeen})`,
    );
    assert.ok(events('zone.exit', 'Pavement').some((e) => (e.data.dwell_ms as number) > 0));

    // Loitering: only people who stayed 4 s, counted from their own entry.
    const lingeringEntries = events('zone.enter', 'Lingering');
    for (const alert of alertsOf('Lingering')) {
      assert.equal(alert.severity, 'high');
      const { track_id, dwell_seconds, at } = alertData(alert);
      assert.ok(dwell_seconds >= LOITER_SECONDS, JSON.stringify(alert.data));
      const entered = lingeringEntries.find((e) => e.data.track_id === track_id);
      assert.ok(entered, `track ${track_id} entered Lingering`);
      assert.ok(at - (entered.data.at as number) >= LOITER_SECONDS * 1000);
    }
    const shortStays = events('zone.exit', 'Lingering').filter(
      (e) => (e.data.dwell_ms as number) < LOITER_SECONDS * 1000,
    );
    const lingeringAlerted = alertsOf('Lingering').map((alert) => alertData(alert).track_id);
    for (const exit of shortStays)
      assert.ok(!lingeringAlerted.includes(exit.data.track_id as string), 'a short stay is not loitering');
  });
});
