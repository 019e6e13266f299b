// Issue #15 item 20 (probe): the RTSPS probe is no port scanner. Users who manage a camera probe the ports the
// camera is configured with; any other port is the superuser's (403 naming `port`). Real TLS and TCP servers
// on loopback, the real probe.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createServer as createTlsServer } from 'node:tls';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';
import { selfSignedCertificate, serve } from './helpers/net-servers.js';

for (const dialect of testDialects()) {
  describe(`RTSPS probe rights on ${dialect}`, () => {
    let t: TestApp;
    let tls: Awaited<ReturnType<typeof serve>>;
    /** Some other service on the camera's host: what a port scan would look for. */
    let other: Awaited<ReturnType<typeof serve>>;

    before(async () => {
      tls = await serve(createTlsServer(await selfSignedCertificate()));
      other = await serve(createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.2\r\n')));
      t = await createTestApp({ dialect });
    });
    after(async () => {
      await t.close();
      await Promise.all([tls.stop(), other.stop()]);
    });

    const probe = (cameraId: number, query: string, token: string) =>
      t.request({
        method: 'POST',
        url: `/api/v1/cameras/${cameraId}/transport-security/probe?${query}`,
        token,
      });

    it("a manager probes the camera's own ports; other ports are the superuser's", async () => {
      // The superuser sets the camera up on this machine; a plain user manages it through a grant.
      const camera = await createCamera(t, t.adminToken, {
        ip_address: '127.0.0.1',
        rtsp_url: `rtsps://127.0.0.1:${tls.port}/live`,
      });
      await t.container.cameraConfig.idle();
      const manager = await t.createUser(`probe_manager_${dialect}`);
      await grant(t, camera.id, manager.id, { can_manage: true });
      const viewer = await t.createUser(`probe_viewer_${dialect}`);
      await grant(t, camera.id, viewer.id, { can_view: true });

      for (const query of ['', `port=${tls.port}`, 'port=322']) {
        const own = await probe(camera.id, query, manager.token);
        assert.equal(own.statusCode, 200, `${query}: ${own.body}`);
      }
      assert.equal(
        (await probe(camera.id, '', manager.token)).json().transport_security_probe_result,
        'supported',
      );

      const configNow = async () =>
        (
          await t.request({ method: 'GET', url: `/api/v1/cameras/${camera.id}/config`, token: t.adminToken })
        ).json();
      const before = await configNow();
      for (const port of [other.port, 22, 6379]) {
        const scan = await probe(camera.id, `port=${port}`, manager.token);
        assert.equal(scan.statusCode, 403, `port ${port}: ${scan.body}`);
        const detail = scan.json().detail;
        assert.equal(detail.code, 'superuser_required');
        assert.deepEqual(detail.loc, ['query', 'port']);
        assert.match(detail.message, new RegExp(`port ${port}`));
      }
      // A refused probe leaves the config as it was.
      assert.deepEqual(await configNow(), before);

      // Viewers may not probe at all, and strangers do not see the camera.
      assert.equal((await probe(camera.id, '', viewer.token)).statusCode, 403);
      const stranger = await t.createUser(`probe_stranger_${dialect}`);
      assert.equal((await probe(camera.id, `port=${other.port}`, stranger.token)).statusCode, 404);

      // The superuser may probe any port of the camera's host.
      const anyPort = await probe(camera.id, `port=${other.port}`, t.adminToken);
      assert.equal(anyPort.statusCode, 200, anyPort.body);
      assert.equal(anyPort.json().transport_security_probe_result, 'not_supported');
      // The port a probe recorded is the camera's RTSPS port from then on, for its managers too.
      assert.equal((await probe(camera.id, `port=${other.port}`, manager.token)).statusCode, 200);
    });
  });
}
