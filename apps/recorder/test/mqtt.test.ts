// MQTT and Home Assistant discovery against a real mosquitto started here (password file, TLS listener with a CA
// made here): the settings API, the connection over TLS with the media-source CA, discovery messages checked
// against HA's documented schema, commands (detection, recording with real chunks, alert acknowledge), a broker
// restart, refused credentials, and a binned camera's entities removed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { auditRows, binCamera, createCamera } from './helpers/cameras.js';
import { eventually } from './helpers/eventually.js';
import { discoveryProblems } from './helpers/ha-discovery-schema.js';
import { makeTestCa, startBroker, watchBroker, type TestBroker, type TestCa } from './helpers/mosquitto.js';
import { multipart } from './helpers/multipart.js';
import { chunkCollector, nextNotice } from './helpers/recording.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';
import type { BusEvent } from '../src/platform/events/event-types.js';
import { loadConfig } from '../src/config.js';

const RECORDER = { username: 'nvr', password: 'recorder-broker-pass' };
const WATCHER = { username: 'watcher', password: 'watcher-broker-pass' };
const PREFIX = 'nvrtest';

describe('MQTT and Home Assistant', () => {
  let t: TestApp;
  let broker: TestBroker;
  let watcher: Awaited<ReturnType<typeof watchBroker>>;
  let source: TestCamera;
  let testCa: TestCa;

  before(async () => {
    const ca = await makeTestCa();
    broker = await startBroker({
      users: { [RECORDER.username]: RECORDER.password, [WATCHER.username]: WATCHER.password },
      tls: ca,
    });
    t = await createTestApp({
      // The topic prefix comes from the environment (it wins over the stored setting); the rest from the API.
      env: { MQTT_TOPIC_PREFIX: PREFIX },
      overrides: {
        mqtt: { backoff: { baseMs: 100, maxMs: 400, jitter: 0.2 } },
      },
    });
    testCa = ca;
    watcher = await watchBroker(broker.url, WATCHER, [`${PREFIX}/#`, 'homeassistant/#']);
    source = await startTestCamera();
  });

  after(async () => {
    await t?.close();
    await watcher?.close();
    await broker?.close();
    await source?.close();
  });

  const api = (
    method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    token = t.adminToken,
  ) => t.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });
  const settings = () => api('GET', '/integrations/mqtt');
  const text = (topic: string) => watcher.last(topic)?.payload.toString();
  const waitFor = (topic: string, payload: string, from = 0) =>
    watcher.next((m) => m.topic === topic && m.payload.toString() === payload, {
      what: `${topic} = ${payload}`,
      from,
    });

  it('the settings API: superuser only, off by default, validation naming the field, the environment wins', async () => {
    assert.equal((await t.request({ method: 'GET', url: '/api/v1/integrations/mqtt' })).statusCode, 401);
    const user = await t.createUser('plain-mqtt');
    assert.equal((await api('GET', '/integrations/mqtt', undefined, user.token)).statusCode, 403);
    assert.equal((await api('PUT', '/integrations/mqtt', { enabled: false }, user.token)).statusCode, 403);

    const initial = (await settings()).json();
    assert.equal(initial.enabled, false);
    assert.equal(initial.status.state, 'disabled');
    assert.equal(initial.password_set, false);
    assert.equal(initial.topic_prefix, PREFIX);
    assert.equal(initial.discovery_prefix, 'homeassistant');
    assert.deepEqual(initial.from_environment, ['topic_prefix']);
    assert.match(initial.recorder_id, /^[0-9a-f]{12}$/);

    const refused = async (body: object, loc: string) => {
      const response = await api('PUT', '/integrations/mqtt', body);
      assert.equal(response.statusCode, 422, response.body);
      assert.deepEqual(response.json().detail[0].loc, ['body', loc], response.body);
    };
    await refused({ url: 'http://127.0.0.1:1883' }, 'url');
    await refused({ url: 'mqtt://user:pw@127.0.0.1:1883' }, 'url');
    await refused({ enabled: true }, 'url');
    await refused({ discovery_prefix: 'home/#' }, 'discovery_prefix');
    await refused({ client_id: 'has space' }, 'client_id');
    // Set by MQTT_TOPIC_PREFIX: the environment's, not changeable here.
    await refused({ topic_prefix: 'other' }, 'topic_prefix');
    assert.deepEqual((await settings()).json(), initial, 'refused changes leave everything as it was');
  });

  let cameraId: number;

  it('connects over TLS with the media-source CA: availability, states and HA discovery that validates', async () => {
    const camera = await createCamera(t, t.adminToken, { manufacturer: 'Acme', model: 'Cam 3000' });
    cameraId = camera.id;
    const response = await api('PUT', '/integrations/mqtt', {
      enabled: true,
      url: broker.tlsUrl,
      username: RECORDER.username,
      password: RECORDER.password,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().password_set, true);
    assert.ok(!response.body.includes(RECORDER.password), 'the password is never returned');

    // No media-source CA yet: the system's CAs do not know the broker's, so the handshake fails and it retries.
    const unverified = await eventually(
      async () => {
        const status = (await settings()).json().status;
        return status.failed_attempts >= 1 && status;
      },
      { what: 'a failed TLS handshake' },
    );
    assert.equal(unverified.state, 'error');
    assert.match(unverified.last_error, /certificate/i);
    // The CA uploaded as the media-source CA verifies it: the upload reconnects at once.
    const upload = await t.request({
      method: 'POST',
      url: '/api/v1/media-source/tls',
      token: t.adminToken,
      ...multipart({ ca_bundle_file: testCa.caCert }),
    });
    assert.equal(upload.statusCode, 200, upload.body);
    await waitFor(`${PREFIX}/available`, 'online');
    assert.equal((await settings()).json().status.state, 'connected');
    assert.ok(!(await settings()).body.includes(RECORDER.password));

    // One device per camera, seven entities, each valid for its platform.
    const components = [
      'binary_sensor',
      'switch',
      'switch',
      'binary_sensor',
      'binary_sensor',
      'sensor',
      'image',
    ];
    const keys = ['online', 'recording', 'detection', 'motion', 'person', 'person_count', 'last_alert'];
    const recorderId = (await settings()).json().recorder_id;
    const configs = await Promise.all(
      keys.map((key, i) =>
        watcher.next(
          (m) =>
            m.topic === `homeassistant/${components[i]}/nvr_${recorderId}/camera_${cameraId}_${key}/config`,
          {
            what: `discovery of ${key}`,
          },
        ),
      ),
    );
    for (const message of configs) {
      assert.equal(message.retain, true);
      const config = JSON.parse(message.payload.toString());
      assert.deepEqual(discoveryProblems(message.topic, config), [], message.topic);
      assert.deepEqual(config.device.identifiers, [`nvr_${recorderId}_camera_${cameraId}`]);
      assert.equal(config.device.manufacturer, 'Acme');
      assert.equal(config.availability_topic, `${PREFIX}/available`);
    }
    const byKey = Object.fromEntries(keys.map((key, i) => [key, JSON.parse(configs[i]!.payload.toString())]));
    assert.equal(byKey.online.device_class, 'connectivity');
    assert.equal(byKey.recording.command_topic, `${PREFIX}/cameras/${cameraId}/recording/set`);
    assert.equal(byKey.last_alert.image_topic, `${PREFIX}/cameras/${cameraId}/alert/snapshot`);
    // The states the entities read are there, retained.
    await waitFor(`${PREFIX}/cameras/${cameraId}/recording/state`, 'OFF');
    await waitFor(`${PREFIX}/cameras/${cameraId}/detection/state`, 'ON');
    await waitFor(`${PREFIX}/cameras/${cameraId}/person/count`, '0');
    const stats = JSON.parse((await watcher.next((m) => m.topic === `${PREFIX}/stats`)).payload.toString());
    assert.ok(stats.cameras >= 1 && typeof stats.disk_free_bytes === 'number', JSON.stringify(stats));

    // Audited by field name, never with the password.
    const [row] = await auditRows(t, { action: 'integrations.mqtt.update' });
    assert.deepEqual((row!.details as { changed: string[] }).changed.sort(), [
      'enabled',
      'password',
      'url',
      'username',
    ]);
    assert.ok(!JSON.stringify(await auditRows(t)).includes(RECORDER.password));
  });

  it('the schema check fails on a missing command_topic or a wrong device_class', () => {
    const base = { unique_id: 'u', device: { identifiers: ['d'], name: 'n' } };
    assert.notDeepEqual(
      discoveryProblems('homeassistant/switch/n/o/config', { ...base, state_topic: 's' }),
      [],
    );
    assert.notDeepEqual(
      discoveryProblems('homeassistant/binary_sensor/n/o/config', {
        ...base,
        state_topic: 's',
        device_class: 'person',
      }),
      [],
    );
    assert.notDeepEqual(discoveryProblems('homeassistant/image/n/o/config', { ...base }), []);
    assert.deepEqual(discoveryProblems('homeassistant/sensor/n/o/config', { ...base, state_topic: 's' }), []);
  });

  it('commands switch detection and acknowledge alerts, as the mqtt actor; nonsense is ignored', async () => {
    const from = watcher.messages.length;
    await watcher.publish(`${PREFIX}/cameras/${cameraId}/detection/set`, 'MAYBE');
    await watcher.publish(`${PREFIX}/cameras/front-door/detection/set`, 'OFF');
    await watcher.publish(`${PREFIX}/cameras/${cameraId}/detection/set`, 'OFF');
    await waitFor(`${PREFIX}/cameras/${cameraId}/detection/state`, 'OFF', from);
    const config = (await api('GET', `/camera-config/${cameraId}`)).json();
    assert.equal(config.detection_enabled, false);
    const [row] = await auditRows(t, { action: 'camera_config.update' });
    assert.equal(row!.username, 'system:mqtt');
    assert.deepEqual(row!.details, { changed: ['detection_enabled'] });
    // Received before the OFF (one session, in order): both were logged and changed nothing.
    assert.match(t.logs(), /ignored a command whose payload is not ON or OFF/);
    assert.match(t.logs(), /ignored a message on a topic that names no camera or alert/);

    // An alert goes out as JSON; acknowledging it by topic acknowledges it through the alerts service.
    const alert = await t.container.alerts.raise({
      camera_id: cameraId,
      source_name: 'test',
      severity: 'high',
      title: 'something at the door',
    });
    const published = await watcher.next(
      (m) => m.topic === `${PREFIX}/alerts` && JSON.parse(m.payload.toString()).id === alert.id,
    );
    assert.equal(JSON.parse(published.payload.toString()).title, 'something at the door');
    const acknowledged = new Promise<BusEvent>((resolve) => {
      const stop = t.container.events.listen((event) => {
        if (event.type === 'alert.acknowledged') {
          stop();
          resolve(event);
        }
      });
    });
    await watcher.publish(`${PREFIX}/alerts/${alert.id}/acknowledge`, '');
    assert.deepEqual((await acknowledged).data.ids, [alert.id]);
    const stored = (await api('GET', `/alerts/${alert.id}`)).json();
    assert.equal(stored.acknowledged, true);
    assert.equal(stored.acknowledged_by, 'system:mqtt');
  });

  it('publishes motion, object and person counts, zone presence, and an alert with its snapshot', async () => {
    const from = watcher.messages.length;
    const t0 = Date.now();
    // What the motion watch, the object tracker and the zone watch report, as they report it.
    t.container.internalEvents.emit('motion.changed', { cameraId, active: true, at: Date.now(), boxes: [] });
    await waitFor(`${PREFIX}/cameras/${cameraId}/motion/state`, 'ON', from);
    const track = (id: string, label: string) => ({
      track_id: id,
      label,
      confidence: 0.9,
      box: { x: 0.1, y: 0.1, width: 0.2, height: 0.4 },
      first_seen: t0,
      last_seen: t0,
      last_moved: t0,
      stationary: false,
      best: { at: t0, confidence: 0.9, box: { x: 0.1, y: 0.1, width: 0.2, height: 0.4 }, result_id: null },
    });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    const tracked = (modelId: number, tracks: ReturnType<typeof track>[]) =>
      t.container.internalEvents.emit('objects.tracked', {
        cameraId,
        modelId,
        at: Date.now(),
        tracks,
        ended: [],
        picture: { jpeg, width: 640, height: 360 },
      });
    tracked(1, [track('a', 'person'), track('b', 'person'), track('c', 'car')]);
    // A second model seeing one of the same people does not add to the count.
    tracked(2, [track('x', 'person')]);
    await waitFor(`${PREFIX}/cameras/${cameraId}/person/count`, '2', from);
    await waitFor(`${PREFIX}/cameras/${cameraId}/person/state`, 'ON', from);
    assert.deepEqual(JSON.parse(text(`${PREFIX}/cameras/${cameraId}/objects`)!), { person: 2, car: 1 });

    t.container.internalEvents.emit('zone.entered', {
      cameraId,
      zone: 'front/porch',
      trackId: 'a',
      label: 'person',
      at: t0,
    });
    const zone = await watcher.next(
      (m) => m.topic === `${PREFIX}/cameras/${cameraId}/zones/front_porch/objects`,
      {
        what: 'zone presence',
        from,
      },
    );
    assert.deepEqual(JSON.parse(zone.payload.toString()), { person: 1 });
    const entered = await watcher.next((m) => m.topic === `${PREFIX}/cameras/${cameraId}/zones/entered`, {
      from,
    });
    assert.equal(JSON.parse(entered.payload.toString()).zone, 'front/porch');

    // An alert on the camera: its last picture goes out as the last-alert image, retained.
    const alert = await t.container.alerts.raise({
      camera_id: cameraId,
      source_name: 'zone:front/porch',
      severity: 'high',
      title: 'person entered',
    });
    const snapshot = await watcher.next((m) => m.topic === `${PREFIX}/cameras/${cameraId}/alert/snapshot`, {
      from,
    });
    assert.deepEqual(snapshot.payload, jpeg);
    assert.equal(snapshot.retain, true);
    assert.equal(JSON.parse(text(`${PREFIX}/cameras/${cameraId}/alert`)!).id, alert.id);

    const fromEnd = watcher.messages.length;
    tracked(1, []);
    tracked(2, []);
    t.container.internalEvents.emit('motion.changed', {
      cameraId,
      active: false,
      at: Date.now(),
      durationMs: 1000,
    });
    await waitFor(`${PREFIX}/cameras/${cameraId}/person/count`, '0', fromEnd);
    await waitFor(`${PREFIX}/cameras/${cameraId}/motion/state`, 'OFF', fromEnd);
  });

  it('detection switched off stops the camera’s AI frames; on again, they come back', async () => {
    const camera = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1', rtsp_url: source.url });
    await api('PATCH', `/camera-config/${camera.id}`, { transport_security: 'plaintext_allowed' });
    const model = await api('POST', '/ai-models', {
      name: 'people at the gate',
      model_name: 'centernet',
      task: 'person_counting',
      inference_interval: 1,
      assigned_camera_id: camera.id,
      config: JSON.stringify({ trigger: 'always' }),
    });
    assert.equal(model.statusCode, 201, model.body);
    await t.container.detectionLoop.settled();
    assert.ok(t.container.detectionLoop.grabber(camera.id), 'a live model reads the camera');

    const from = watcher.messages.length;
    await watcher.publish(`${PREFIX}/cameras/${camera.id}/detection/set`, 'off');
    await waitFor(`${PREFIX}/cameras/${camera.id}/detection/state`, 'OFF', from);
    await t.container.detectionLoop.settled();
    assert.equal(t.container.detectionLoop.grabber(camera.id), null);
    const status = await eventually(
      async () => {
        const body = (await api('GET', `/ai-models/${model.json().id}/status`)).json();
        return body.last_error === 'detection is switched off for this camera' && body;
      },
      { what: 'the model reporting detection off' },
    );
    assert.equal(status.state, 'idle');

    // Only a state published after this command counts: an 'ON' from before the 'off' may still be in flight.
    const fromOn = watcher.messages.length;
    await watcher.publish(`${PREFIX}/cameras/${camera.id}/detection/set`, 'ON');
    await waitFor(`${PREFIX}/cameras/${camera.id}/detection/state`, 'ON', fromOn);
    await t.container.detectionLoop.settled();
    assert.ok(t.container.detectionLoop.grabber(camera.id), 'reading the camera again');
    await api('DELETE', `/ai-models/${model.json().id}`);
  });

  it('the settings are in configuration backups, the password only inside the encrypted file', async () => {
    const secretKey = 'backup-secret-key-for-mqtt';
    const response = await api('POST', '/system/backup', { secret_key: secretKey });
    assert.equal(response.statusCode, 200);
    assert.ok(!response.rawPayload.includes(RECORDER.password));
    const dry = await t.request({
      method: 'POST',
      url: '/api/v1/system/restore?dry_run=true',
      token: t.adminToken,
      ...multipart({ file: response.rawPayload }, { secret_key: secretKey }),
    });
    assert.equal(dry.statusCode, 200, dry.body);
    const section = dry.json().sections.mqtt_settings;
    assert.equal(section.in_backup, 1);
    assert.equal(section.unchanged, 1, 'the password round-trips (compared in plaintext)');
  });

  it('a bad MQTT_* variable stops the start, naming it', () => {
    assert.throws(
      () => loadConfig({ MQTT_URL: 'http://broker', MQTT_CLIENT_ID: 'has space', MQTT_TOPIC_PREFIX: 'a/+' }),
      (error: Error) =>
        /MQTT_URL must be an mqtt:\/\/ or mqtts:\/\/ URL/.test(error.message) &&
        /MQTT_CLIENT_ID/.test(error.message) &&
        /MQTT_TOPIC_PREFIX/.test(error.message),
    );
  });

  it('a recording command stops the chunks, and another starts them again', async () => {
    const camera = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1', rtsp_url: source.url });
    await t.container.cameraConfig.idle();
    const started = nextNotice(
      t.container.recordingEngine,
      (n) => n.type === 'recording.started' && n.cameraId === camera.id,
    );
    await api('PATCH', `/camera-config/${camera.id}`, {
      recording_enabled: true,
      recording_segment_seconds: 10,
      transport_security: 'plaintext_allowed',
    });
    const collector = chunkCollector(t.container.recordingEngine, camera.id);
    await started;
    await waitFor(`${PREFIX}/cameras/${camera.id}/recording/state`, 'ON');

    // OFF: ffmpeg stops and closes its chunk; the camera no longer records.
    const closing = collector.waitFor(1);
    const fromOff = watcher.messages.length;
    await watcher.publish(`${PREFIX}/cameras/${camera.id}/recording/set`, 'OFF');
    await closing;
    await t.container.recordingEngine.idle();
    assert.equal(t.container.recordingEngine.isRecording(camera.id), false);
    await waitFor(`${PREFIX}/cameras/${camera.id}/recording/state`, 'OFF', fromOff);
    const offAt = Date.now();

    // ON: recording starts again and writes a new chunk.
    const again = nextNotice(
      t.container.recordingEngine,
      (n) => n.type === 'recording.started' && n.cameraId === camera.id,
    );
    await watcher.publish(`${PREFIX}/cameras/${camera.id}/recording/set`, 'ON');
    await again;
    const chunks = await collector.waitFor(2);
    assert.ok(chunks[1]!.startMs >= offAt - 1000, 'the new chunk was recorded after recording came back on');
    const actions = (await auditRows(t, { action: 'camera_config.update' })).filter(
      (r) => r.username === 'system:mqtt',
    );
    assert.ok(actions.length >= 3);
  });

  it('after a broker restart it reconnects and publishes its retained states again', async () => {
    await broker.stop();
    await eventually(async () => (await settings()).json().status.failed_attempts >= 1, {
      what: 'the loss noticed',
    });
    const from = watcher.messages.length;
    await broker.start();
    // The broker kept nothing (no persistence): whatever retained state arrives now, the recorder sent again.
    await waitFor(`${PREFIX}/available`, 'online', from);
    await waitFor(`${PREFIX}/cameras/${cameraId}/detection/state`, 'OFF', from);
    assert.equal((await settings()).json().status.state, 'connected');
  });

  it('refused credentials: auth_failed, one alert, retries with backoff, no crash; fixed, it connects', async () => {
    const raised = new Promise<BusEvent>((resolve) => {
      const stop = t.container.events.listen((event) => {
        if (
          event.type === 'alert.created' &&
          (event.data.alert as { source_name: string }).source_name === 'mqtt_auth'
        ) {
          stop();
          resolve(event);
        }
      });
    });
    const response = await api('PUT', '/integrations/mqtt', { password: 'wrong-password' });
    assert.equal(response.statusCode, 200);
    await raised;
    const failing = await eventually(
      async () => {
        const status = (await settings()).json().status;
        return status.failed_attempts >= 3 && status;
      },
      { what: 'three refused attempts' },
    );
    assert.equal(failing.state, 'auth_failed');
    assert.ok(failing.next_attempt_at, 'another attempt is scheduled');
    const alerts = (await api('GET', '/alerts?source_name=mqtt_auth')).json();
    assert.equal(alerts.total, 1, 'one alert however many attempts were refused');

    const from = watcher.messages.length;
    await api('PUT', '/integrations/mqtt', { password: RECORDER.password });
    await waitFor(`${PREFIX}/available`, 'online', from);
    assert.equal((await settings()).json().status.state, 'connected');
  });

  it('switching discovery off removes the entities from Home Assistant; on again announces them', async () => {
    const recorderId = (await settings()).json().recorder_id;
    const config = `homeassistant/binary_sensor/nvr_${recorderId}/camera_${cameraId}_motion/config`;
    const from = watcher.messages.length;
    assert.equal((await api('PUT', '/integrations/mqtt', { discovery_enabled: false })).statusCode, 200);
    await watcher.next((m) => m.topic === config && m.payload.length === 0, {
      what: 'the config emptied',
      from,
    });
    const back = watcher.messages.length;
    assert.equal((await api('PUT', '/integrations/mqtt', { discovery_enabled: true })).statusCode, 200);
    const announced = await watcher.next((m) => m.topic === config && m.payload.length > 0, {
      what: 'the config again',
      from: back,
    });
    assert.deepEqual(discoveryProblems(announced.topic, JSON.parse(announced.payload.toString())), []);
  });

  it('binning a camera empties its discovery configs and retained states', async () => {
    const recorderId = (await settings()).json().recorder_id;
    const topics = [
      `homeassistant/switch/nvr_${recorderId}/camera_${cameraId}_recording/config`,
      `homeassistant/image/nvr_${recorderId}/camera_${cameraId}_last_alert/config`,
      `${PREFIX}/cameras/${cameraId}/recording/state`,
    ];
    const from = watcher.messages.length;
    await binCamera(t, t.adminToken, cameraId);
    for (const topic of topics) {
      const message = await watcher.next((m) => m.topic === topic && m.payload.length === 0, {
        what: `${topic} emptied`,
        from,
      });
      assert.equal(message.retain, true);
    }
    // Nothing announces them again: after a reconnect (a new broker session), the emptied topics stay empty.
    const reconnected = watcher.messages.length;
    await t.container.mqtt.restart();
    // The stats come last in a new connection's retained states (mqtt-publisher.ts), in order on one session.
    await watcher.next((m) => m.topic === `${PREFIX}/stats`, {
      what: 'the republished stats',
      from: reconnected,
    });
    for (const topic of topics) assert.equal(text(topic), '', topic);
  });
});
