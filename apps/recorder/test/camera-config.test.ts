import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createServer as createTlsServer } from 'node:tls';
import { probeTls } from '../src/media/tls-probe.js';
import { SourceResolver } from '../src/modules/camera-sources/source-resolver.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';
import { multipart } from './helpers/multipart.js';
import { selfSignedCertificate, serve } from './helpers/net-servers.js';
import { nextNotice } from './helpers/recording.js';
import { startTestCamera } from './helpers/rtsp-camera.js';

/** Lets a test stop probes before their handshake: `arrived` resolves when one waits, `release()` lets it go on. */
function probeGate() {
  let arrive!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    arrived,
    release,
    wait: async () => {
      arrive();
      await released;
    },
  };
}

for (const dialect of testDialects()) {
  describe(`camera stream config on ${dialect}`, { timeout: 120_000 }, () => {
    let t: TestApp;
    let gate: ReturnType<typeof probeGate> | null = null;
    before(async () => {
      // The real probe, with a short handshake timeout so the "never answers" case stays quick; a test may hold
      // probes at a gate first.
      t = await createTestApp({
        dialect,
        overrides: {
          tlsProber: async (host, port) => {
            await gate?.wait();
            return probeTls(host, port, { timeoutMs: 300 });
          },
        },
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
        const set = await api('PUT', `/cameras/${camera.id}/transport-security`, {
          policy: 'rtsps_required',
        });
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
        const camera = await createCamera(t, t.adminToken, {
          rtsp_url: `rtsps://127.0.0.1:${tls.port}/live`,
        });
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

      it('a policy the operator sets while a background probe waits survives the probe', async () => {
        gate = probeGate();
        try {
          // The probe will find RTSPS (supported → rtsps_preferred) while the operator chooses plaintext.
          const creating = createCamera(t, t.adminToken, { rtsp_url: `rtsps://127.0.0.1:${tls.port}/live` });
          await gate.arrived;
          const camera = await creating;
          const set = await api('PUT', `/cameras/${camera.id}/transport-security`, {
            policy: 'plaintext_allowed',
          });
          assert.equal(set.statusCode, 200, set.body);
          gate.release();
          await t.container.cameraConfig.idle();
          const config = (await api('GET', `/camera-config/${camera.id}`)).json();
          assert.equal(config.transport_security, 'plaintext_allowed');
          assert.equal(config.transport_security_operator_set, true);
          assert.equal(
            config.transport_security_probe_result,
            'supported',
            'the probe result is still recorded',
          );
        } finally {
          gate.release();
          gate = null;
        }
      });

      it('a policy the operator sets during a probe request survives it; reset_policy=true overrides', async () => {
        const camera = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1' });
        await t.container.cameraConfig.idle();
        gate = probeGate();
        try {
          const probing = api('POST', `/cameras/${camera.id}/transport-security/probe?port=${tls.port}`);
          await gate.arrived;
          // Through the config update this time: also operator-set.
          const set = await api('PATCH', `/camera-config/${camera.id}`, {
            transport_security: 'rtsps_required',
          });
          assert.equal(set.statusCode, 200, set.body);
          gate.release();
          const probed = await probing;
          assert.equal(probed.statusCode, 200, probed.body);
          assert.equal(probed.json().transport_security, 'rtsps_required');
          assert.equal(probed.json().transport_security_operator_set, true);
          assert.equal(probed.json().transport_security_probe_result, 'supported');
        } finally {
          gate.release();
          gate = null;
        }
        // The same race with reset_policy=true: the operator asked the probe to decide, so it does.
        gate = probeGate();
        try {
          const probing = api(
            'POST',
            `/cameras/${camera.id}/transport-security/probe?port=${plain.port}&reset_policy=true`,
          );
          await gate.arrived;
          await api('PUT', `/cameras/${camera.id}/transport-security`, { policy: 'rtsps_required' });
          gate.release();
          const reset = (await probing).json();
          assert.equal(reset.transport_security, 'plaintext_allowed');
          assert.equal(reset.transport_security_operator_set, false);
        } finally {
          gate.release();
          gate = null;
        }
      });

      it('stores the probed port (internal) and upgrades plain rtsp:// sources to RTSPS on it', async () => {
        const camera = await createCamera(t, t.adminToken, {
          ip_address: '127.0.0.1',
          rtsp_url: 'rtsp://127.0.0.1:8554/live',
        });
        await t.container.cameraConfig.idle();
        // The background probe of a plain rtsp:// URL tried 322.
        assert.equal((await t.container.cameraConfig.find(camera.id))?.transport_security_probe_port, 322);

        const probed = await probe(camera.id, `port=${tls.port}`);
        assert.equal(probed.transport_security_probe_result, 'supported');
        assert.equal(probed.transport_security, 'rtsps_preferred');
        assert.equal('transport_security_probe_port' in probed, false, 'not part of CameraConfigResponse');
        assert.equal(
          (await t.container.cameraConfig.find(camera.id))?.transport_security_probe_port,
          tls.port,
        );
        // (The plan only: no certificate check here.)
        const sources = new SourceResolver(
          t.container.cameras,
          t.container.cameraConfig,
          t.container.cameraLeases,
          async () => null,
        );
        const preferred = await sources.resolve(camera.id);
        assert.ok(preferred.ok, JSON.stringify(preferred));
        assert.equal(preferred.source.plan.url, `rtsps://127.0.0.1:${tls.port}/live`);

        // rtsps_required upgrades on the probed port too, whatever the probe said.
        await api('PUT', `/cameras/${camera.id}/transport-security`, { policy: 'rtsps_required' });
        await probe(camera.id, `port=${plain.port}`);
        const required = await sources.resolve(camera.id);
        assert.ok(required.ok, JSON.stringify(required));
        assert.equal(required.source.plan.url, `rtsps://127.0.0.1:${plain.port}/live`);
      });

      it('a restore keeps the probed port', async () => {
        const camera = await createCamera(t, t.adminToken, {
          ip_address: '127.0.0.1',
          rtsp_url: 'rtsp://127.0.0.1:8554/live',
        });
        await t.container.cameraConfig.idle();
        await probe(camera.id, `port=${tls.port}`);
        const secret_key = 'probe-port-backup-key';
        const backup = await api('POST', '/system/backup', { secret_key });
        assert.equal(backup.statusCode, 200, backup.body);
        await probe(camera.id, `port=${plain.port}`);
        const restored = await t.request({
          method: 'POST',
          url: '/api/v1/system/restore',
          token: t.adminToken,
          ...multipart({ file: backup.rawPayload }, { secret_key }),
        });
        assert.equal(restored.statusCode, 200, restored.body);
        assert.equal(
          (await t.container.cameraConfig.find(camera.id))?.transport_security_probe_port,
          tls.port,
        );
      });

      it('records from a camera given as rtsp:// through RTSPS on the probed port', async () => {
        const source = await startTestCamera({ tls: await selfSignedCertificate() });
        const engine = t.container.recordingEngine;
        try {
          const camera = await createCamera(t, t.adminToken, {
            ip_address: '127.0.0.1',
            rtsp_url: source.url.replace(/^rtsps:/, 'rtsp:'),
          });
          await t.container.cameraConfig.idle();
          assert.equal((await probe(camera.id, `port=${source.port}`)).transport_security, 'rtsps_preferred');
          // Started means ffmpeg reads the stream; on any other port the first attempt fails (camera.offline).
          const outcome = nextNotice(
            engine,
            (n) =>
              n.cameraId === camera.id &&
              ['recording.started', 'camera.offline', 'recording.failed'].includes(n.type),
          );
          const enable = await api('PATCH', `/camera-config/${camera.id}`, {
            recording_enabled: true,
            recording_segment_seconds: 10,
          });
          assert.equal(enable.statusCode, 200, enable.body);
          const notice = await outcome;
          assert.equal(notice.type, 'recording.started', JSON.stringify(notice));
          await api('PATCH', `/camera-config/${camera.id}`, { recording_enabled: false });
          await engine.idle();
        } finally {
          await source.close();
        }
      });
    });

    describe('recording_path', () => {
      let other: Record<string, any>;
      before(async () => {
        // Another camera with its own custom directory, and a binned one that still owns its files.
        other = await createCamera(t, t.adminToken);
        const set = await api('PATCH', `/camera-config/${other.id}`, { recording_path: 'site/other' });
        assert.equal(set.statusCode, 200, set.body);
        const binned = await createCamera(t, t.adminToken);
        await api('PATCH', `/camera-config/${binned.id}`, { recording_path: 'binned/cam' });
        assert.equal((await api('DELETE', `/cameras/${binned.id}`)).statusCode, 200);
      });

      const refused = (cameraId: number, otherId: number): [string, RegExp][] => [
        ['.', /recordings root itself/],
        [t.config.recordingsDir, /recordings root itself/],
        [`cam-${otherId}`, new RegExp(`cam-${otherId}`)],
        [`cam-${otherId}/sub`, new RegExp(`cam-${otherId}`)],
        [`cam-${cameraId + 1000}`, /cam-<id>/],
        [`./cam-${cameraId}/../cam-${otherId}`, /cam-<id>/],
        ['site/other', /another camera/],
        ['site/other/inner', /another camera/],
        ['site', /another camera/],
        [join(t.config.recordingsDir, 'site', 'other'), /another camera/],
        ['site/./other/', /another camera/],
        ['binned/cam', /another camera/],
        ['binned', /another camera/],
      ];

      it("refuses paths that are, contain or lie inside another camera's directory; leaves the config as it was", async () => {
        const camera = await createCamera(t, t.adminToken);
        await api('PATCH', `/camera-config/${camera.id}`, {
          recording_path: 'site/mine',
          recording_segment_seconds: 20,
        });
        const before = (await api('GET', `/camera-config/${camera.id}`)).json();
        for (const [path, message] of refused(camera.id, other.id)) {
          for (const [method, url] of [
            ['PATCH', `/camera-config/${camera.id}`],
            ['PUT', `/camera-config/${camera.id}`],
            ['PUT', `/cameras/${camera.id}/config`],
          ] as const) {
            const response = await api(method, url, { recording_path: path, recording_segment_seconds: 30 });
            assert.equal(response.statusCode, 422, `${method} ${url} ${path}: ${response.body}`);
            const [detail] = response.json().detail;
            assert.deepEqual(detail.loc, ['body', 'recording_path']);
            assert.match(detail.msg, message, path);
          }
        }
        assert.deepEqual((await api('GET', `/camera-config/${camera.id}`)).json(), before);
      });

      it('refuses the same paths on create', async () => {
        const camera = await createCamera(t, t.adminToken);
        assert.equal((await api('DELETE', `/camera-config/${camera.id}`)).statusCode, 204);
        for (const [path, message] of refused(camera.id, other.id)) {
          const response = await api('POST', '/camera-config', {
            camera_id: camera.id,
            recording_path: path,
          });
          assert.equal(response.statusCode, 422, `${path}: ${response.body}`);
          assert.deepEqual(response.json().detail[0].loc, ['body', 'recording_path']);
          assert.match(response.json().detail[0].msg, message, path);
        }
        assert.equal(
          (await api('GET', `/camera-config/${camera.id}`)).statusCode,
          404,
          'nothing was created',
        );
        const created = await api('POST', '/camera-config', {
          camera_id: camera.id,
          recording_path: 'site/new',
        });
        assert.equal(created.statusCode, 201, created.body);
      });

      it("accepts siblings, look-alike names and the camera's own default directory", async () => {
        const camera = await createCamera(t, t.adminToken);
        for (const path of [
          'site/sibling',
          'site/other-2',
          'sites',
          `cam-${camera.id}`,
          `cam-${camera.id}/custom`,
          'camera-1',
        ]) {
          const response = await api('PATCH', `/camera-config/${camera.id}`, { recording_path: path });
          assert.equal(response.statusCode, 200, `${path}: ${response.body}`);
          assert.equal(response.json().recording_path, path);
        }
        // Its own path again, and back to the default.
        assert.equal(
          (await api('PUT', `/cameras/${camera.id}/config`, { recording_path: 'camera-1' })).statusCode,
          200,
        );
        const cleared = await api('PATCH', `/camera-config/${camera.id}`, { recording_path: null });
        assert.equal(cleared.json().recording_path, null);
      });
    });
  });
}
