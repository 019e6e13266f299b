// Where a camera may make the recorder connect (issue #15 item 7): ffmpeg opens only media demuxers and the
// protocols a scheme needs, so an internal web page cannot be drawn into a snapshot; and a plain user cannot point
// a camera, a config source or a stream target at the recorder's own machine or its link — on save, and when a
// host name resolves there only later.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { resolveHost } from '../src/platform/net/address-scope.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { serve } from './helpers/net-servers.js';
import { nextNotice } from './helpers/recording.js';

const SECRET = 'internal-only-7c41';

describe('camera sources', { timeout: 120_000 }, () => {
  let t: TestApp;
  let alice: { id: number; token: string };
  let internal: { port: number; stop: () => Promise<void> };
  let hits = 0;
  // rebind.example answers a LAN address first and the recorder's loopback afterwards (DNS rebinding).
  let rebindTo = '192.168.50.20';

  before(async () => {
    t = await createTestApp({
      overrides: {
        cameraHostResolver: async (host) =>
          host === 'rebind.example'
            ? [rebindTo]
            : host === 'lan-camera.example'
              ? ['192.168.1.64']
              : resolveHost(host),
      },
    });
    alice = await t.createUser('alice');
    // An internal page, like the adapter's /health: a kilobyte of JSON text.
    internal = await serve(
      createServer((_request, response) => {
        hits += 1;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ status: 'ok', token: SECRET, padding: 'x'.repeat(1000) }));
      }),
    );
  });
  after(async () => {
    await t.close();
    await internal.stop();
  });

  const request = (method: 'POST' | 'PATCH' | 'PUT' | 'GET', url: string, token: string, payload?: object) =>
    t.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });

  it("never renders a web page into a camera's picture (media demuxers only)", async () => {
    const camera = await createCamera(t, t.adminToken, {
      rtsp_url: `http://127.0.0.1:${internal.port}/health#.txt`,
    });
    const snapshot = await request('GET', `/cameras/${camera.id}/snapshot`, t.adminToken);
    assert.equal(
      snapshot.statusCode,
      503,
      `answered ${snapshot.statusCode} ${String(snapshot.headers['content-type'])}`,
    );
    assert.notEqual(snapshot.headers['content-type'], 'image/jpeg');
  });

  it('refuses a plain user a camera on loopback, link-local or unspecified addresses (403 naming the field)', async () => {
    hits = 0;
    const refused: [Record<string, unknown>, string][] = [
      [{ ip_address: '127.0.0.1' }, 'ip_address'],
      [{ ip_address: '169.254.169.254' }, 'ip_address'],
      [{ ip_address: '192.168.1.64', rtsp_url: `rtsp://localhost:${internal.port}/x` }, 'rtsp_url'],
      [{ ip_address: '192.168.1.64', rtsp_url: 'rtsp://[::1]:8554/x' }, 'rtsp_url'],
      [{ ip_address: '192.168.1.64', substream_url: 'http://0.0.0.0:9100/health' }, 'substream_url'],
      [{ ip_address: '192.168.1.64', rtsp_url: 'rtsp://[::ffff:127.0.0.1]/x' }, 'rtsp_url'],
    ];
    for (const [fields, field] of refused) {
      const response = await request('POST', '/cameras?force=true', alice.token, { name: 'x', ...fields });
      assert.equal(response.statusCode, 403, JSON.stringify(fields));
      assert.equal(response.json().detail.code, 'superuser_required');
      assert.deepEqual(response.json().detail.loc, ['body', field]);
    }
    const listed = await request('GET', '/cameras', alice.token);
    assert.equal(listed.json().total, 0, 'nothing was stored');

    // LAN cameras are what people have: fine for everyone. The superuser may use this machine (a go2rtc restream).
    const lan = await request('POST', '/cameras?force=true', alice.token, {
      name: 'lan',
      ip_address: 'lan-camera.example',
      rtsp_url: 'rtsp://192.168.1.64:554/stream1',
    });
    assert.equal(lan.statusCode, 201, lan.body);
    const own = await request('POST', '/cameras?force=true', t.adminToken, {
      name: 'restream',
      ip_address: '127.0.0.1',
      rtsp_url: 'rtsp://127.0.0.1:8554/front',
    });
    assert.equal(own.statusCode, 201, own.body);

    // Updates and the config's source_url follow the same rule, and a refused update changes nothing.
    const id = lan.json().id as number;
    const moved = await request('PATCH', `/cameras/${id}`, alice.token, { rtsp_url: 'rtsp://127.0.0.2/x' });
    assert.equal(moved.statusCode, 403);
    assert.equal(
      (await request('GET', `/cameras/${id}`, alice.token)).json().rtsp_url,
      'rtsp://192.168.1.64:554/stream1',
    );
    const source = await request('PATCH', `/camera-config/${id}`, alice.token, {
      source_url: `http://127.0.0.1:${internal.port}/health`,
    });
    assert.equal(source.statusCode, 403);
    assert.deepEqual(source.json().detail.loc, ['body', 'source_url']);
    assert.equal((await request('GET', `/camera-config/${id}`, alice.token)).json().source_url, null);

    // A stream target is pushed to by the recorder: the same rule for its server.
    await request('PUT', '/cloud/streaming/enabled', t.adminToken, { enabled: true });
    const target = await request('POST', '/cloud/stream-targets', alice.token, {
      camera_id: id,
      protocol: 'rtmp',
      server_url: `rtmp://127.0.0.1:${internal.port}/live`,
    });
    assert.equal(target.statusCode, 403, target.body);
    assert.deepEqual(target.json().detail.loc, ['body', 'server_url']);
    assert.equal(hits, 0, 'the internal server was never contacted for a plain user');
  });

  it("checks again when a plain user's camera connects: a name that resolves to loopback by then is refused", async () => {
    hits = 0;
    const camera = await createCamera(t, alice.token, {
      rtsp_url: `rtsp://rebind.example:${internal.port}/live`,
    });
    rebindTo = '127.0.0.1';
    const refused = nextNotice(
      t.container.recordingEngine,
      (n) => n.type === 'recording.failed' && n.cameraId === camera.id,
    );
    const enabled = await request('PATCH', `/camera-config/${camera.id}`, alice.token, {
      recording_enabled: true,
      transport_security: 'plaintext_allowed',
    });
    assert.equal(enabled.statusCode, 200, enabled.body);
    await refused;
    const state = (await request('GET', `/cameras/${camera.id}`, alice.token)).json();
    assert.equal(state.recording_state, 'failed');
    assert.match(state.stream_warning, /rebind\.example \(127\.0\.0\.1\) is a loopback address/);
    // Live view and snapshots of it are refused the same way.
    assert.equal((await request('GET', `/cameras/${camera.id}/snapshot`, alice.token)).statusCode, 503);
    // The same camera owned by a superuser would connect: the rule follows the owner, not the viewer.
    const admin = await createCamera(t, t.adminToken, {
      rtsp_url: `rtsp://rebind.example:${internal.port}/live`,
    });
    await grant(t, admin.id, alice.id, { can_view: true });
    assert.equal(
      await t.container.cameras.sourceRefusal(
        (await t.container.cameras.find(admin.id))!,
        `rtsp://rebind.example:${internal.port}/live`,
      ),
      null,
    );
    assert.equal(hits, 0);
    await request('PATCH', `/camera-config/${camera.id}`, alice.token, { recording_enabled: false });
  });
});
