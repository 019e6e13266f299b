import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createServer as createTlsServer } from 'node:tls';
import { probeTls } from '../src/media/tls-probe.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { selfSignedCertificate, serve } from './helpers/net-servers.js';

describe('camera stream config', () => {
  let t: TestApp;
  before(async () => {
    // The real probe, with a short handshake timeout so the "never answers" case stays quick.
    t = await createTestApp({
      overrides: { tlsProber: (host, port) => probeTls(host, port, { timeoutMs: 300 }) },
    });
  });
  after(() => t.close());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url: `/api/v1${url}`, token: t.adminToken, ...(payload ? { payload } : {}) });

  it('every camera gets a config with SEED.md defaults; a second one is 409', async () => {
    const camera = await createCamera(t, t.adminToken);
    await t.container.cameraConfig.idle();
    const config = (await api('GET', `/camera-config/${camera.id}`)).json();
    assert.equal(config.camera_id, camera.id);
    assert.equal(config.auto_restart, true);
    assert.equal(config.max_restart_attempts, 3);
    assert.equal(config.proxy_enabled, false);
    assert.equal(config.recording_enabled, false);
    assert.equal(config.recording_segment_seconds, 60);
    assert.equal(config.rtmp_publisher, false);
    assert.equal(config.webrtc_publisher, false);
    assert.equal(config.stream_protocol, 'rtsp');
    assert.equal(config.stream_active, false);
    assert.equal(config.stream_failures, 0);
    assert.equal(config.transport_security_operator_set, false);
    const again = await api('POST', '/camera-config', { camera_id: camera.id });
    assert.equal(again.statusCode, 409);

    assert.equal((await api('DELETE', `/camera-config/${camera.id}`)).statusCode, 204);
    assert.equal((await api('GET', `/camera-config/${camera.id}`)).statusCode, 404);
    const created = await api('POST', '/camera-config', {
      camera_id: camera.id,
      recording_enabled: true,
      transport_security: 'rtsps_required',
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().transport_security, 'rtsps_required');
    assert.equal(created.json().transport_security_operator_set, true);
    assert.equal(created.json().transport_security_probe_result, 'not_probed');
    // Recording is now on, but this camera has no stream URL: the engine says so instead of pretending.
    await t.container.recordingEngine.idle();
    const state = (await api('GET', `/cameras/${camera.id}`)).json();
    assert.equal(state.recording_enabled, true);
    assert.equal(state.recording_state, 'failed');
    assert.match(state.stream_warning, /No stream URL/);
  });

  it('enforces patterns, enums and ranges on create and update', async () => {
    const camera = await createCamera(t, t.adminToken);
    const cases: [Record<string, unknown>, (string | number)[], number][] = [
      [{ recording_segment_seconds: 10 }, [], 200],
      [{ recording_segment_seconds: 3600 }, [], 200],
      [{ recording_segment_seconds: 9 }, ['body', 'recording_segment_seconds'], 422],
      [{ recording_segment_seconds: 3601 }, ['body', 'recording_segment_seconds'], 422],
      [{ rtsp_transport: '' }, [], 200],
      [{ rtsp_transport: 'auto' }, [], 200],
      [{ rtsp_transport: 'tcp' }, [], 200],
      [{ rtsp_transport: 'http' }, ['body', 'rtsp_transport'], 422],
      [{ stream_protocol: 'hls' }, ['body', 'stream_protocol'], 422],
      [{ stream_protocol: 'webrtc' }, [], 200],
      [{ transport_security: 'sometimes' }, ['body', 'transport_security'], 422],
      [{ recording_path: '../elsewhere' }, ['body', 'recording_path'], 422],
      [{ recording_path: '/etc' }, ['body', 'recording_path'], 422],
      [{ recording_path: 'archive/front' }, [], 200],
      [{ extra_options: '{"rw_timeout": 5000000, "fflags": "+genpts"}' }, [], 200],
      [{ extra_options: '{"vf": "scale=1:1"}' }, ['body', 'extra_options', 'vf'], 422],
      [{ extra_options: '[1]' }, ['body', 'extra_options'], 422],
      [{ source_url: 'rtsp://user:secret@127.0.0.1/x' }, ['body', 'source_url'], 422],
      [{ source_url: 'gopher://127.0.0.1/x' }, ['body', 'source_url'], 422],
      [{ unknown_field: 1 }, ['body', 'unknown_field'], 422],
    ];
    for (const [payload, loc, status] of cases) {
      const response = await api('PATCH', `/camera-config/${camera.id}`, payload);
      assert.equal(response.statusCode, status, `${JSON.stringify(payload)}: ${response.body}`);
      if (status === 422) assert.deepEqual(response.json().detail[0].loc, loc);
    }
    const config = (await api('GET', `/cameras/${camera.id}/config`)).json();
    assert.equal(config.recording_path, 'archive/front');
    assert.equal(config.stream_protocol, 'webrtc');
    // A binned camera's path follows its configured recording_path.
    assert.equal((await api('DELETE', `/cameras/${camera.id}`)).json().path, 'archive/front');
    // The same rules apply on create.
    const other = await createCamera(t, t.adminToken);
    await api('DELETE', `/camera-config/${other.id}`);
    const bad = await api('POST', '/camera-config', { camera_id: other.id, recording_segment_seconds: 5 });
    assert.equal(bad.statusCode, 422);
  });

  it('null clears nullable fields and leaves the others', async () => {
    const camera = await createCamera(t, t.adminToken);
    await api('PATCH', `/camera-config/${camera.id}`, { rtsp_transport: 'udp', recording_enabled: true });
    const after = await api('PUT', `/camera-config/${camera.id}`, {
      rtsp_transport: null,
      recording_enabled: null,
    });
    assert.equal(after.json().rtsp_transport, null);
    assert.equal(after.json().recording_enabled, true);
  });

  describe('RTSPS probe', () => {
    let tls: Awaited<ReturnType<typeof serve>>;
    let plain: Awaited<ReturnType<typeof serve>>;
    let silent: Awaited<ReturnType<typeof serve>>;
    let closedPort: number;

    before(async () => {
      tls = await serve(createTlsServer(await selfSignedCertificate()));
      plain = await serve(createServer((socket) => socket.end('RTSP/1.0 400 Bad Request\r\n\r\n')));
      silent = await serve(createServer(() => {}));
      const gone = await serve(createServer());
      closedPort = gone.port;
      await gone.stop();
    });
    after(async () => {
      await Promise.all([tls.stop(), plain.stop(), silent.stop()]);
    });

    const probe = async (cameraId: number, query: string) => {
      const response = await api('POST', `/cameras/${cameraId}/transport-security/probe?${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return response.json();
    };

    it('maps handshake outcomes to results, and the policy follows them', async () => {
      const camera = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1' });
      await t.container.cameraConfig.idle();

      const supported = await probe(camera.id, `port=${tls.port}`);
      assert.equal(supported.transport_security_probe_result, 'supported');
      assert.equal(supported.transport_security, 'rtsps_preferred');
      assert.ok(supported.transport_security_probed_at);

      const plainText = await probe(camera.id, `port=${plain.port}`);
      assert.equal(plainText.transport_security_probe_result, 'not_supported');
      assert.equal(plainText.transport_security, 'plaintext_allowed');

      const closed = await probe(camera.id, `port=${closedPort}`);
      assert.equal(closed.transport_security_probe_result, 'not_supported');

      const silence = await probe(camera.id, `port=${silent.port}`);
      assert.equal(silence.transport_security_probe_result, 'inconclusive');
      assert.equal(silence.transport_security, 'plaintext_allowed', 'inconclusive leaves the policy alone');
    });

    it('an operator-set policy survives probes until reset_policy=true', async () => {
      const camera = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1' });
      await t.container.cameraConfig.idle();
      const set = await api('PUT', `/cameras/${camera.id}/transport-security`, { policy: 'rtsps_required' });
      assert.equal(set.json().transport_security_operator_set, true);

      const probed = await probe(camera.id, `port=${plain.port}`);
      assert.equal(probed.transport_security_probe_result, 'not_supported');
      assert.equal(probed.transport_security, 'rtsps_required');

      const reset = await probe(camera.id, `port=${plain.port}&reset_policy=true`);
      assert.equal(reset.transport_security, 'plaintext_allowed');
      assert.equal(reset.transport_security_operator_set, false);

      // Setting the policy through the config update is operator-set too.
      const viaConfig = await api('PATCH', `/camera-config/${camera.id}`, {
        transport_security: 'rtsps_preferred',
      });
      assert.equal(viaConfig.json().transport_security_operator_set, true);
    });

    it('probes in the background on create and when the source changes, on the source URL’s port', async () => {
      const camera = await createCamera(t, t.adminToken, { rtsp_url: `rtsps://127.0.0.1:${tls.port}/live` });
      await t.container.cameraConfig.idle();
      const first = (await api('GET', `/camera-config/${camera.id}`)).json();
      assert.equal(first.transport_security_probe_result, 'supported');

      await api('PATCH', `/camera-config/${camera.id}`, {
        source_url: `rtsps://127.0.0.1:${plain.port}/live`,
      });
      await t.container.cameraConfig.idle();
      const second = (await api('GET', `/camera-config/${camera.id}`)).json();
      assert.equal(second.transport_security_probe_result, 'not_supported');
      assert.equal(second.transport_security, 'plaintext_allowed');

      await api('PATCH', `/camera-config/${camera.id}`, { source_url: null });
      await api('PATCH', `/cameras/${camera.id}`, { rtsp_url: `rtsps://127.0.0.1:${tls.port}/other` });
      await t.container.cameraConfig.idle();
      const third = (await api('GET', `/camera-config/${camera.id}`)).json();
      assert.equal(third.transport_security_probe_result, 'supported');
      assert.equal(third.transport_security, 'rtsps_preferred');
    });
  });
});
