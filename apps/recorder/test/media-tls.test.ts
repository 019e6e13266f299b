import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:tls';
import { promisify } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import { after, before, describe, it } from 'node:test';
import { multipart } from './helpers/multipart.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';
import { eventually } from './helpers/eventually.js';
import { selfSignedCertificate, serve } from './helpers/net-servers.js';
import { nextNotice } from './helpers/recording.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

type Pem = { key: Buffer; cert: Buffer };

/** A self-signed certificate that expired in 2021 (openssl req cannot back-date; openssl ca can). */
async function expiredCertificate(): Promise<Pem> {
  const dir = await mkdtemp(join(tmpdir(), 'nvr-expired-'));
  try {
    const run = promisify(execFile);
    await run('openssl', [
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=expired',
      '-keyout',
      join(dir, 'k.pem'),
      '-out',
      join(dir, 'r.csr'),
    ]);
    await writeFile(join(dir, 'index.txt'), '');
    await writeFile(join(dir, 'serial'), '01\n');
    await writeFile(
      join(dir, 'ca.cnf'),
      `[ca]\ndefault_ca=d\n[d]\ndatabase=${dir}/index.txt\nnew_certs_dir=${dir}\nserial=${dir}/serial\ndefault_md=sha256\npolicy=p\n[p]\ncommonName=supplied\n`,
    );
    await run('openssl', [
      'ca',
      '-batch',
      '-config',
      join(dir, 'ca.cnf'),
      '-selfsign',
      '-keyfile',
      join(dir, 'k.pem'),
      '-in',
      join(dir, 'r.csr'),
      '-startdate',
      '20200101000000Z',
      '-enddate',
      '20210101000000Z',
      '-out',
      join(dir, 'c.pem'),
    ]);
    const [key, cert] = await Promise.all([readFile(join(dir, 'k.pem')), readFile(join(dir, 'c.pem'))]);
    // openssl ca writes a text dump before the PEM block; keep only the PEM.
    return { key, cert: Buffer.from(cert.toString().slice(cert.toString().indexOf('-----BEGIN'))) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The body lines of a PEM key: if any of them shows up anywhere, the key leaked. */
const keyLines = (key: Buffer) =>
  key
    .toString()
    .split('\n')
    .filter((line) => line.length >= 40 && !line.startsWith('-----'));

for (const dialect of testDialects()) {
  describe(`media-source TLS on ${dialect}`, () => {
    let t: TestApp;
    let pair: Pem;
    let other: Pem;
    let expired: Pem;
    const responses: LightMyRequestResponse[] = [];
    const cameras: TestCamera[] = [];

    before(async () => {
      t = await createTestApp({ dialect });
      [pair, other, expired] = await Promise.all([
        selfSignedCertificate('media.example'),
        selfSignedCertificate('other.example'),
        expiredCertificate(),
      ]);
    });
    after(async () => {
      // The private keys never appear in any response or log line.
      for (const key of [pair.key, other.key, expired.key]) {
        for (const line of keyLines(key)) {
          for (const response of responses) assert.ok(!response.body.includes(line), 'key in a response');
          assert.ok(!t.logs().includes(line), 'key in the logs');
        }
      }
      await t.close();
      await Promise.all(cameras.map((camera) => camera.close()));
    });

    const upload = async (files: Record<string, Buffer | string>, token = t.adminToken) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/media-source/tls',
        token,
        ...multipart(files),
      });
      responses.push(response);
      return response;
    };
    const status = async () => {
      const response = await t.request({
        method: 'GET',
        url: '/api/v1/media-source/tls',
        token: t.adminToken,
      });
      responses.push(response);
      assert.equal(response.statusCode, 200);
      return response.json();
    };
    const clear = async () =>
      assert.equal(
        (await t.request({ method: 'DELETE', url: '/api/v1/media-source/tls', token: t.adminToken }))
          .statusCode,
        204,
      );

    it('a valid certificate and key are accepted; details shown, key only as key_set, stored encrypted', async () => {
      assert.deepEqual(await status(), { cert: null, key_set: false, ca_bundle: null });
      const response = await upload({
        cert_file: pair.cert,
        key_file: pair.key,
        ca_bundle_file: Buffer.concat([pair.cert, other.cert]),
      });
      assert.equal(response.statusCode, 200, response.body);
      const x509 = new X509Certificate(pair.cert);
      const body = response.json();
      assert.deepEqual(body.warnings, []);
      assert.equal(body.key_set, true);
      assert.equal(body.cert.subject, 'CN=media.example');
      assert.equal(body.cert.issuer, 'CN=media.example');
      assert.equal(body.cert.fingerprint_sha256, x509.fingerprint256);
      assert.equal(body.cert.not_after, new Date(x509.validTo).toISOString());
      assert.equal(body.cert.not_before, new Date(x509.validFrom).toISOString());
      assert.deepEqual(
        body.ca_bundle.certificates.map((c: { subject: string }) => c.subject),
        ['CN=media.example', 'CN=other.example'],
      );
      const { warnings: _w, ...stored } = body;
      assert.deepEqual(await status(), stored);

      // At rest: the key is sealed; the service hands consumers the real thing.
      const row = await t.container.database.db.selectFrom('media_tls').selectAll().executeTakeFirstOrThrow();
      for (const line of keyLines(pair.key)) assert.ok(!row.key_sealed!.includes(line));
      const material = await t.container.mediaTls.clientMaterial();
      assert.ok(material);
      assert.ok(new X509Certificate(material.cert).checkPrivateKey(createPrivateKey(material.key)));
      assert.match((await t.container.mediaTls.caBundle())!, /BEGIN CERTIFICATE/);

      const audit = await t.request({
        method: 'GET',
        url: '/api/v1/audit-logs?entity_type=media_tls',
        token: t.adminToken,
      });
      responses.push(audit);
      assert.equal(audit.json().logs[0].action, 'media_tls.upload');
    });

    it('mismatched key, garbage, wrong kinds of PEM → 400 and nothing changed', async () => {
      await clear();
      assert.equal((await upload({ cert_file: pair.cert, key_file: pair.key })).statusCode, 200);
      const before = await status();
      const der = new X509Certificate(pair.cert).raw;
      const cases: Record<string, Buffer | string>[] = [
        { cert_file: pair.cert, key_file: other.key },
        { key_file: other.key },
        { cert_file: other.cert },
        { cert_file: 'hello, I am not a certificate' },
        { cert_file: der },
        { cert_file: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n' },
        { cert_file: Buffer.concat([pair.cert, pair.key]) },
        { key_file: 'garbage' },
        { key_file: pair.cert },
        { ca_bundle_file: 'garbage' },
        {
          ca_bundle_file: Buffer.concat([
            other.cert,
            Buffer.from('-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----\n'),
          ]),
        },
        { ca_bundle_file: pair.cert, cert_file: 'garbage' },
      ];
      for (const files of cases) {
        const response = await upload(files);
        assert.equal(response.statusCode, 400, `${Object.keys(files).join('+')}: ${response.body}`);
        assert.equal(response.json().detail.code, 'invalid_tls_material');
        assert.deepEqual(await status(), before, Object.keys(files).join('+'));
      }
      // A certificate whose key was stored before is refused with a new certificate but no new key.
      const mismatch = await upload({ cert_file: other.cert });
      assert.match(mismatch.json().detail.message, /stored key/);
      // A key cannot come without any certificate.
      await clear();
      const lonely = await upload({ key_file: pair.key });
      assert.equal(lonely.statusCode, 400);
      assert.deepEqual(await status(), { cert: null, key_set: false, ca_bundle: null });
    });

    it('an expired certificate is accepted but reported; partial uploads keep the other parts', async () => {
      await clear();
      const response = await upload({ cert_file: expired.cert, key_file: expired.key });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().cert.not_after, '2021-01-01T00:00:00.000Z');
      assert.equal(response.json().warnings.length, 1);
      assert.match(response.json().warnings[0], /cert_file expired on 2021-01-01T00:00:00.000Z/);

      const ca = await upload({ ca_bundle_file: other.cert });
      assert.equal(ca.statusCode, 200);
      assert.deepEqual(ca.json().warnings, []);
      assert.equal(ca.json().cert.subject, 'CN=expired');
      assert.equal(ca.json().key_set, true);
      const both = await upload({ cert_file: pair.cert, key_file: pair.key });
      assert.equal(both.json().cert.subject, 'CN=media.example');
      assert.equal(both.json().ca_bundle.certificates[0].subject, 'CN=other.example');
      await clear();
      assert.deepEqual(await status(), { cert: null, key_set: false, ca_bundle: null });
      assert.equal(await t.container.mediaTls.clientMaterial(), null);
    });

    it('401 without a token, 403 for users, 415 not multipart, 422 unknown or repeated part, 400 empty', async () => {
      const user = await t.createUser('tlsuser');
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const url = '/api/v1/media-source/tls';
        assert.equal((await t.request({ method, url })).statusCode, 401);
        const files = method === 'POST' ? multipart({ cert_file: pair.cert }) : {};
        assert.equal((await t.request({ method, url, token: user.token, ...files })).statusCode, 403, method);
      }
      const json = await t.request({
        method: 'POST',
        url: '/api/v1/media-source/tls',
        token: t.adminToken,
        payload: { cert_file: pair.cert.toString() },
      });
      assert.equal(json.statusCode, 415);
      const unknown = await upload({ cert_file: pair.cert, private_key: pair.key });
      assert.equal(unknown.statusCode, 422);
      assert.deepEqual(unknown.json().detail[0].loc, ['body', 'private_key']);
      const empty = await t.request({
        method: 'POST',
        url: '/api/v1/media-source/tls',
        token: t.adminToken,
        ...multipart({}),
      });
      assert.equal(empty.statusCode, 400);
      const huge = await upload({ ca_bundle_file: Buffer.alloc(1024 * 1024 + 1, 'A') });
      assert.equal(huge.statusCode, 413);
      assert.deepEqual(await status(), { cert: null, key_set: false, ca_bundle: null });
    });

    it('verifyPeer: the CA bundle decides, the client identity is presented when a server asks', async () => {
      await clear();
      const presented: (string | undefined)[] = [];
      const server = createServer({
        key: pair.key,
        cert: pair.cert,
        requestCert: true,
        rejectUnauthorized: false,
      });
      server.on('secureConnection', (socket) => {
        presented.push(socket.getPeerCertificate().fingerprint256);
        socket.end();
      });
      server.on('tlsClientError', () => undefined);
      const { port, stop } = await serve(server);
      const verify = () => t.container.mediaTls.verifyPeer('127.0.0.1', port);
      try {
        assert.deepEqual(await verify(), { ok: true }, 'no bundle: nothing to verify');
        assert.equal((await upload({ ca_bundle_file: other.cert })).statusCode, 200);
        const untrusted = await verify();
        assert.equal(untrusted.ok, false);
        assert.match(untrusted.ok ? '' : untrusted.error, /RTSPS certificate rejected/);
        assert.equal(
          (await upload({ ca_bundle_file: Buffer.concat([other.cert, pair.cert]) })).statusCode,
          200,
        );
        assert.deepEqual(await verify(), { ok: true });
        assert.equal((await upload({ cert_file: other.cert, key_file: other.key })).statusCode, 200);
        assert.deepEqual(await verify(), { ok: true });
        await eventually(() => presented.length === 2, { what: 'both handshakes seen by the server' });
        assert.equal(presented[0], undefined, 'no identity stored yet');
        assert.equal(presented[1], new X509Certificate(other.cert).fingerprint256);
      } finally {
        await stop();
      }
      const closed = await verify();
      assert.equal(closed.ok, true);
      assert.match(closed.ok ? (closed.warning ?? '') : '', /not verified.*unreachable/);
    });

    it('RTSPS cameras are verified against the CA bundle before recording', async () => {
      await clear();
      const camTls = await selfSignedCertificate('camera.local');
      const source = await startTestCamera({ tls: camTls });
      cameras.push(source);
      assert.equal((await upload({ ca_bundle_file: other.cert })).statusCode, 200);

      const camera = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1', rtsp_url: source.url });
      await t.container.cameraConfig.idle();
      const refused = nextNotice(
        t.container.recordingEngine,
        (n) => n.type === 'recording.failed' && n.cameraId === camera.id,
      );
      const patch = await t.request({
        method: 'PATCH',
        url: `/api/v1/camera-config/${camera.id}`,
        token: t.adminToken,
        payload: {
          recording_enabled: true,
          recording_segment_seconds: 10,
          transport_security: 'rtsps_required',
        },
      });
      assert.equal(patch.statusCode, 200, patch.body);
      await refused;
      const state = (
        await t.request({ method: 'GET', url: `/api/v1/cameras/${camera.id}`, token: t.adminToken })
      ).json();
      assert.equal(state.recording_state, 'failed');
      assert.match(state.stream_warning, /RTSPS certificate rejected/);
      assert.equal(t.container.recordingEngine.isRecording(camera.id), false);

      // Every other consumer reads the camera through the same resolver: none of them connects either.
      const get = (url: string) => t.request({ method: 'GET', url: `/api/v1${url}`, token: t.adminToken });
      for (const url of [`/cameras/${camera.id}/live/index.m3u8`, `/cameras/${camera.id}/snapshot`]) {
        const refusedLive = await get(url);
        assert.equal(refusedLive.statusCode, 503, url);
        assert.match(refusedLive.json().detail, /RTSPS certificate rejected/, url);
      }
      const model = await t.request({
        method: 'POST',
        url: '/api/v1/ai-models',
        token: t.adminToken,
        payload: {
          name: 'tls',
          model_name: 'm',
          task: 'person_counting',
          inference_interval: 1,
          assigned_camera_id: camera.id,
          config: JSON.stringify({ trigger: 'always' }),
        },
      });
      assert.equal(model.statusCode, 201, model.body);
      const modelStatus = await eventually(
        async () => {
          const status = (await get(`/ai-models/${model.json().id}/status`)).json();
          return status.last_error ? status : undefined;
        },
        { what: 'the AI model to find the camera unreadable' },
      );
      assert.equal(modelStatus.state, 'camera_offline');
      assert.match(modelStatus.last_error, /RTSPS certificate rejected/);
      assert.equal(t.container.detectionLoop.grabber(camera.id), null);
      await t.request({
        method: 'PUT',
        url: '/api/v1/cloud/streaming/enabled',
        token: t.adminToken,
        payload: { enabled: true },
      });
      const target = await t.request({
        method: 'POST',
        url: '/api/v1/cloud/stream-targets',
        token: t.adminToken,
        payload: {
          camera_id: camera.id,
          enabled: true,
          server_url: 'rtmp://127.0.0.1:1/live',
          stream_key: 'k',
        },
      });
      assert.equal(target.statusCode, 201, target.body);
      const targetStatus = (await get(`/cloud/stream-targets/${target.json().target_id}/status`)).json();
      assert.equal(targetStatus.state, 'waiting');
      assert.match(targetStatus.last_error, /RTSPS certificate rejected/);
      assert.equal((await t.container.streams.find(camera.id))?.pulls ?? 0, 0, 'no own pull of the camera');
      await t.request({ method: 'DELETE', url: `/api/v1/ai-models/${model.json().id}`, token: t.adminToken });
      await t.request({
        method: 'DELETE',
        url: `/api/v1/cloud/stream-targets/${target.json().target_id}`,
        token: t.adminToken,
      });

      // Trusting the camera's certificate starts it: new material re-syncs the cameras.
      const started = nextNotice(
        t.container.recordingEngine,
        (n) => n.type === 'recording.started' && n.cameraId === camera.id,
      );
      assert.equal((await upload({ ca_bundle_file: camTls.cert })).statusCode, 200);
      await started;
      const running = (
        await t.request({ method: 'GET', url: `/api/v1/cameras/${camera.id}`, token: t.adminToken })
      ).json();
      assert.equal(running.stream_warning, null);
      await t.request({
        method: 'PATCH',
        url: `/api/v1/camera-config/${camera.id}`,
        token: t.adminToken,
        payload: { recording_enabled: false },
      });
      await t.container.recordingEngine.idle();
    });
  });
}
