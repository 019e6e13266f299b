// Issue #32 item 8 (MQTT side): a name that becomes a topic level can never produce a topic the broker refuses.
// mosquitto drops a client that publishes to a topic with a control character (or another character MQTT says a
// topic should not hold), and the recorder used to send it again after every reconnect: dropped about once a
// second, every Home Assistant entity unavailable, until a restart. Against a real mosquitto: a zone name stored
// before the string rule (written straight into the database, as an old database has it), a zone name the API
// still accepts but a topic cannot carry, and the connection's own guard for any topic at all.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { startBroker, watchBroker, type TestBroker } from './helpers/mosquitto.js';
import { MqttConnection } from '../src/modules/mqtt/mqtt-connection.js';

const RECORDER = { username: 'nvr', password: 'recorder-broker-pass' };
const WATCHER = { username: 'watcher', password: 'watcher-broker-pass' };
const PREFIX = 'safetest';
/** the whole picture: every object stands in it */
const EVERYWHERE = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
];

describe('MQTT topic levels made from names', () => {
  let t: TestApp;
  let broker: TestBroker;
  let watcher: Awaited<ReturnType<typeof watchBroker>>;
  let clientId: string;

  before(async () => {
    broker = await startBroker({
      users: { [RECORDER.username]: RECORDER.password, [WATCHER.username]: WATCHER.password },
    });
    t = await createTestApp({
      env: { MQTT_TOPIC_PREFIX: PREFIX },
      overrides: { mqtt: { backoff: { baseMs: 100, maxMs: 400, jitter: 0.2 } } },
    });
    watcher = await watchBroker(broker.url, WATCHER, [`${PREFIX}/#`]);
    const response = await api('PUT', '/integrations/mqtt', {
      enabled: true,
      url: broker.url,
      ...RECORDER,
    });
    assert.equal(response.statusCode, 200, response.body);
    await watcher.next((m) => m.topic === `${PREFIX}/available` && m.payload.toString() === 'online', {
      what: 'the recorder online',
    });
    clientId = (await settings()).status.client_id;
  });

  after(async () => {
    await t?.close();
    await watcher?.close();
    await broker?.close();
  });

  const api = (method: string, url: string, payload?: object) =>
    t.request({
      method: method,
      url: `/api/v1${url}`,
      token: t.adminToken,
      ...(payload ? { payload } : {}),
    });
  const settings = async () => (await api('GET', '/integrations/mqtt')).json();

  /** A person standing in every zone of the camera, as the object tracker reports it. */
  const personSeen = (cameraId: number, trackId: string) => {
    const now = Date.now();
    const box = { x: 0.4, y: 0.3, width: 0.2, height: 0.4 };
    t.container.internalEvents.emit('objects.tracked', {
      cameraId,
      modelId: 1,
      at: now,
      tracks: [
        {
          track_id: trackId,
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
      ended: [],
      picture: null,
    });
  };

  /**
   * The session was never dropped: still connected with no failed attempt, and the broker logged no disconnection
   * of our client. A later message of the same session arrived first, so the broker had read what came before it.
   */
  const assertStillConnected = async (cameraId: number) => {
    const from = watcher.messages.length;
    t.container.internalEvents.emit('motion.changed', { cameraId, active: true, at: Date.now(), boxes: [] });
    await watcher.next(
      (m) => m.topic === `${PREFIX}/cameras/${cameraId}/motion/state` && m.payload.toString() === 'ON',
      { what: 'a later message of the same session', from },
    );
    const status = (await settings()).status;
    assert.equal(status.state, 'connected');
    assert.equal(status.failed_attempts, 0, JSON.stringify(status));
    assert.doesNotMatch(broker.log(), new RegExp(`Client ${clientId} (disconnected|closed its connection)`));
    assert.doesNotMatch(t.logs(), /MQTT connection lost/);
  };

  it('a zone name from an old database with a control character: a safe level, the bridge stays connected', async () => {
    const camera = await createCamera(t, t.adminToken);
    // As a database written before the string rule holds it: the API refuses this name now.
    await t.container.database.db
      .insertInto('camera_zones')
      .values({
        camera_id: camera.id,
        zones: JSON.stringify([{ name: 'porch\u0001', polygon: EVERYWHERE, labels: [], alert: null }]),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const from = watcher.messages.length;
    personSeen(camera.id, 'p1');
    const presence = await watcher.next(
      (m) => m.topic === `${PREFIX}/cameras/${camera.id}/zones/porch_/objects`,
      { what: 'the zone presence under the safe level', from },
    );
    assert.deepEqual(JSON.parse(presence.payload.toString()), { person: 1 });
    // The payload keeps the name as it is (JSON escapes it); only the topic level is made safe.
    const entered = await watcher.next((m) => m.topic === `${PREFIX}/cameras/${camera.id}/zones/entered`, {
      from,
    });
    assert.equal(JSON.parse(entered.payload.toString()).zone, 'porch\u0001');
    await assertStillConnected(camera.id);
  });

  it('a zone name the API accepts but a topic cannot carry (+ # / U+0085 U+FFFF): a safe level, still connected', async () => {
    const camera = await createCamera(t, t.adminToken);
    const name = 'gate #1+2/\u0085\uffff';
    const saved = await api('PUT', `/cameras/${camera.id}/zones`, {
      zones: [{ name, polygon: EVERYWHERE }],
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const from = watcher.messages.length;
    personSeen(camera.id, 'p2');
    const presence = await watcher.next(
      (m) => m.topic === `${PREFIX}/cameras/${camera.id}/zones/gate _1_2___/objects`,
      { what: 'the zone presence under the safe level', from },
    );
    assert.deepEqual(JSON.parse(presence.payload.toString()), { person: 1 });
    await assertStillConnected(camera.id);
  });

  it('the connection never sends a topic a broker would refuse: dropped with a warning, the session goes on', async () => {
    const warnings: string[] = [];
    let connected!: () => void;
    const up = new Promise<void>((resolve) => (connected = resolve));
    const connection = new MqttConnection(
      {
        url: broker.url,
        ...RECORDER,
        clientId: 'topic-guard-test',
        availabilityTopic: `${PREFIX}/guard/available`,
        subscriptions: [],
        ca: null,
      },
      {
        onConnected: () => connected(),
        onMessage: () => {},
        onAuthFailed: () => {},
        log: { info: () => {}, warn: (_obj, msg) => warnings.push(msg) },
      },
    );
    connection.start();
    try {
      await up;
      const from = watcher.messages.length;
      for (const topic of [`${PREFIX}/guard/a\u0001`, `${PREFIX}/guard/+`, `${PREFIX}/guard/\u009f`, ''])
        connection.publish(topic, 'refused', false);
      connection.publish(`${PREFIX}/guard/fine`, 'sent', false);
      await watcher.next((m) => m.topic === `${PREFIX}/guard/fine`, { what: 'the valid message', from });
      const sent = watcher.messages.slice(from).map((m) => m.topic);
      assert.deepEqual(
        sent.filter((topic) => topic !== `${PREFIX}/guard/available`),
        [`${PREFIX}/guard/fine`],
      );
      assert.equal(connection.status.state, 'connected');
      assert.equal(connection.status.failed_attempts, 0);
      assert.equal(warnings.filter((w) => /not a valid topic/.test(w)).length, 4, warnings.join('\n'));
      assert.doesNotMatch(broker.log(), /Client topic-guard-test (disconnected|closed its connection)/);
    } finally {
      await connection.close();
    }
  });
});
