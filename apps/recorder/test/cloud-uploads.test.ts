// Cloud settings and cloud recording upload (API.md §12): every closed chunk goes to an S3-compatible bucket
// (a local s3rver behind a SigV4-verifying front), from a durable queue that retries while the server is down.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { uploadMediaTls } from './helpers/multipart.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';
import { eventually } from './helpers/eventually.js';
import { selfSignedCertificate } from './helpers/net-servers.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';
import { S3_ACCESS_KEY, startS3Server, type S3Server } from './helpers/s3-server.js';

const SECRET = 's3-secret-DoNotLeak-2718';
const STREAM_TOKEN = 'stream-token-DoNotLeak-3141';

for (const dialect of testDialects()) {
  describe(`cloud settings and recording upload on ${dialect}`, { timeout: 120_000 }, () => {
    let t: TestApp;
    let s3: S3Server;
    let camera: TestCamera;
    let user: { token: string };

    before(async () => {
      s3 = await startS3Server({ secretKey: SECRET });
      camera = await startTestCamera();
      t = await createTestApp({
        dialect,
        overrides: { cloud: { uploadRetryDelaysMs: Array.from({ length: 30 }, () => 300) } },
      });
      user = await t.createUser('viewer');
    });
    after(async () => {
      await t.close();
      await camera.close();
      await s3.close();
    });

    const settings = (payload?: object, token = t.adminToken) =>
      t.request({
        method: payload ? 'PUT' : 'GET',
        url: '/api/v1/cloud/settings',
        token,
        ...(payload ? { payload } : {}),
      });
    const status = async () =>
      (await t.request({ method: 'GET', url: '/api/v1/cloud/recording/status', token: t.adminToken })).json();

    it('settings: defaults, partial update, write-only secrets, complete configuration to enable, 401/403', async () => {
      const initial = await settings();
      assert.equal(initial.statusCode, 200);
      assert.deepEqual(initial.json().recording, {
        enabled: false,
        use_byok: true,
        access_key: null,
        secret_key_set: false,
        bucket: null,
        region: null,
        server_url: null,
        storage_class: null,
      });
      assert.deepEqual(initial.json().streaming, {
        enabled: false,
        protocol: 'webrtc',
        video_codec: 'h264',
        encryption: 'dtls-srtp',
        server_url: null,
        auth_token_set: false,
      });
      assert.equal((await settings(undefined, user.token)).statusCode, 403);
      assert.equal((await t.request({ method: 'GET', url: '/api/v1/cloud/settings' })).statusCode, 401);
      assert.equal((await settings({ recording: { bucket: 'abc' } }, user.token)).statusCode, 403);

      const incomplete = await settings({ recording: { enabled: true, server_url: s3.endpoint } });
      assert.equal(incomplete.statusCode, 422);
      assert.deepEqual(incomplete.json().detail[0].loc, ['body', 'recording', 'bucket']);
      assert.equal((await settings()).json().recording.server_url, null, 'nothing changed');

      for (const [payload, field] of [
        [{ streaming: { protocol: 'srt' } }, 'protocol'],
        [{ streaming: { video_codec: 'mpeg2' } }, 'video_codec'],
        [{ streaming: { encryption: 'rot13' } }, 'encryption'],
        [{ recording: { server_url: 'ftp://x' } }, 'server_url'],
        [{ recording: { bucket: 'Bad_Bucket' } }, 'bucket'],
        [{ recording: { colour: 'red' } }, 'colour'],
      ] as const) {
        const response = await settings(payload);
        assert.equal(response.statusCode, 422, JSON.stringify(payload));
        assert.ok(JSON.stringify(response.json().detail).includes(field));
      }

      const streaming = await settings({
        streaming: { protocol: 'rtmp', server_url: 'rtmp://relay.example/live', auth_token: STREAM_TOKEN },
      });
      assert.equal(streaming.statusCode, 200);
      assert.equal(streaming.json().streaming.auth_token_set, true);
      assert.equal(streaming.json().streaming.protocol, 'rtmp');
      const blank = await settings({ streaming: { auth_token: '' } });
      assert.equal(blank.json().streaming.auth_token_set, true, 'blank keeps');
      const cleared = await settings({ streaming: { auth_token: null } });
      assert.equal(cleared.json().streaming.auth_token_set, false, 'null clears');

      const toggled = await t.request({
        method: 'PUT',
        url: '/api/v1/cloud/streaming/enabled',
        token: t.adminToken,
        payload: { enabled: true },
      });
      assert.equal(toggled.statusCode, 200);
      assert.equal(toggled.json().streaming.enabled, true);
      const off = await t.request({
        method: 'PUT',
        url: '/api/v1/cloud/streaming/enabled',
        token: t.adminToken,
        payload: { enabled: false },
      });
      assert.equal(off.json().streaming.enabled, false);
      assert.equal(
        (
          await t.request({
            method: 'PUT',
            url: '/api/v1/cloud/recording/enabled',
            token: t.adminToken,
            payload: {},
          })
        ).statusCode,
        422,
      );
      assert.equal(
        (
          await t.request({
            method: 'PUT',
            url: '/api/v1/cloud/recording/enabled',
            token: user.token,
            payload: { enabled: true },
          })
        ).statusCode,
        403,
      );
      // Recording cannot be switched on without a complete S3 configuration.
      const notReady = await t.request({
        method: 'PUT',
        url: '/api/v1/cloud/recording/enabled',
        token: t.adminToken,
        payload: { enabled: true },
      });
      assert.equal(notReady.statusCode, 422);
    });

    it('uploads each closed chunk (SigV4, path style, storage class) and the bytes read back are the same', async () => {
      const configured = await settings({
        recording: {
          server_url: s3.endpoint,
          bucket: s3.bucket,
          access_key: S3_ACCESS_KEY,
          secret_key: SECRET,
          region: 'eu-central-1',
          storage_class: 'STANDARD_IA',
        },
      });
      assert.equal(configured.statusCode, 200, configured.body);
      assert.equal(configured.json().recording.secret_key_set, true);
      assert.equal(configured.body.includes(SECRET), false);
      const on = await t.request({
        method: 'PUT',
        url: '/api/v1/cloud/recording/enabled',
        token: t.adminToken,
        payload: { enabled: true },
      });
      assert.equal(on.json().recording.enabled, true);

      const cam = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1', rtsp_url: camera.url });
      await t.container.cameraConfig.idle();
      const config = await t.request({
        method: 'PATCH',
        url: `/api/v1/camera-config/${cam.id}`,
        token: t.adminToken,
        payload: {
          recording_enabled: true,
          recording_segment_seconds: 10,
          transport_security: 'plaintext_allowed',
        },
      });
      assert.equal(config.statusCode, 200, config.body);

      const uploaded = await eventually(
        async () => {
          const rows = await t.container.database.db
            .selectFrom('cloud_uploads')
            .selectAll()
            .where('camera_id', '=', cam.id)
            .where('status', '=', 'uploaded')
            .execute();
          return rows.length > 0 ? rows : undefined;
        },
        { what: 'a recorded chunk to be uploaded', timeoutMs: 60_000 },
      );
      await t.request({
        method: 'PATCH',
        url: `/api/v1/camera-config/${cam.id}`,
        token: t.adminToken,
        payload: { recording_enabled: false },
      });
      const row = uploaded[0]!;
      assert.match(row.object_key, new RegExp(`^cam-${cam.id}/\\d{4}/\\d{2}/\\d{2}/\\d+\\.mp4$`));
      const local = readFileSync(join(t.config.recordingsDir, row.recording_path));
      assert.ok(local.length > 1000);
      assert.ok((await s3.get(row.object_key)).equals(local));
      const head = await s3.client().send(new HeadObjectCommand({ Bucket: s3.bucket, Key: row.object_key }));
      assert.equal(head.StorageClass, 'STANDARD_IA');
      assert.equal(head.ContentType, 'video/mp4');
      const put = s3.requests.find((r) => r.method === 'PUT' && r.path.includes(row.object_key));
      assert.equal(put?.signatureValid, true);
      assert.equal(put?.region, 'eu-central-1');
      assert.ok(put?.path.startsWith(`/${s3.bucket}/`), 'path-style addressing');
      const s = await status();
      assert.ok(s.uploaded >= 1);
      assert.ok(s.last_success_at);
    });

    it('keeps chunks queued while the server is down and uploads every one exactly once when it is back', async () => {
      await s3.down();
      const files: { path: string; bytes: Buffer }[] = [];
      const cam = await createCamera(t, t.adminToken);
      for (let i = 0; i < 20; i++) {
        const start = Date.UTC(2026, 0, 2, 3, 4, i * 10);
        const path = `cam-${cam.id}/2026/01/02/${start}.mp4`;
        const bytes = randomBytes(50_000 + i * 1000);
        mkdirSync(dirname(join(t.config.recordingsDir, path)), { recursive: true });
        writeFileSync(join(t.config.recordingsDir, path), bytes);
        files.push({ path, bytes });
        await t.container.cloud.uploads.enqueue({
          cameraId: cam.id,
          path,
          startMs: start,
          endMs: start + 10_000,
          sizeBytes: bytes.length,
        });
      }
      // The same chunk announced twice is queued once.
      await t.container.cloud.uploads.enqueue({
        cameraId: cam.id,
        path: files[0]!.path,
        startMs: 0,
        endMs: 1,
        sizeBytes: 1,
      });

      const failing = await eventually(
        async () => {
          const retried = await t.container.database.db
            .selectFrom('cloud_uploads')
            .select('attempts')
            .where('camera_id', '=', cam.id)
            .where('status', '=', 'pending')
            .where('attempts', '>=', 2)
            .execute();
          return retried.length === 20 ? status() : undefined;
        },
        { what: 'every upload to have failed at least twice', intervalMs: 100 },
      );
      assert.ok(failing.pending >= 20);
      assert.match(failing.last_error, /ECONNREFUSED|connect/i);

      await s3.up();
      await eventually(async () => ((await status()).pending === 0 ? true : undefined), {
        what: 'the queue to drain',
      });
      const s = await status();
      assert.equal(s.failed, 0);
      const rows = await t.container.database.db
        .selectFrom('cloud_uploads')
        .selectAll()
        .where('camera_id', '=', cam.id)
        .execute();
      assert.equal(rows.length, 20, 'the chunk announced twice is queued once');
      assert.ok(rows.every((r) => r.status === 'uploaded'));
      for (const file of files) {
        assert.ok((await s3.get(file.path)).equals(file.bytes), file.path);
        const puts = s3.requests.filter(
          (r) => r.method === 'PUT' && r.status === 200 && r.path.startsWith(`/${s3.bucket}/${file.path}?`),
        );
        assert.equal(puts.length, 1, `${file.path} uploaded once`);
      }
      assert.equal((await s3.keys()).filter((k) => k.startsWith(`cam-${cam.id}/`)).length, 20);
    });

    it('never returns, logs or audits the S3 secret key or the streaming token', async () => {
      const audit = await t.request({
        method: 'GET',
        url: '/api/v1/audit-logs?limit=500',
        token: t.adminToken,
      });
      const text = [audit.body, t.logs(), (await settings()).body].join('\n');
      assert.ok(!text.includes(SECRET));
      assert.ok(!text.includes(STREAM_TOKEN));
      assert.ok(audit.json().logs.some((l: any) => l.action === 'cloud_settings.update'));
    });
  });
}

describe('cloud settings with CLOUD_EGRESS=deny', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CLOUD_EGRESS: 'deny' } });
  });
  after(async () => t.close());

  it('refuses to switch recording or streaming on (403 cloud_egress_disabled); settings can still be edited', async () => {
    for (const url of ['/api/v1/cloud/recording/enabled', '/api/v1/cloud/streaming/enabled']) {
      const response = await t.request({
        method: 'PUT',
        url,
        token: t.adminToken,
        payload: { enabled: true },
      });
      assert.equal(response.statusCode, 403);
      assert.equal(response.json().detail.code, 'cloud_egress_disabled');
    }
    const edit = await t.request({
      method: 'PUT',
      url: '/api/v1/cloud/settings',
      token: t.adminToken,
      payload: { recording: { bucket: 'my-bucket' } },
    });
    assert.equal(edit.statusCode, 200);
  });
});

describe('recording upload to an HTTPS endpoint with its own CA', { timeout: 120_000 }, () => {
  let t: TestApp;
  let s3: S3Server;
  let tls: { key: Buffer; cert: Buffer };
  before(async () => {
    tls = await selfSignedCertificate('s3.test', ['IP:127.0.0.1']);
    s3 = await startS3Server({ secretKey: SECRET, tls });
    t = await createTestApp({
      overrides: { cloud: { uploadRetryDelaysMs: Array.from({ length: 30 }, () => 200) } },
    });
  });
  after(async () => {
    await t.close();
    await s3.close();
  });

  it('is refused while the certificate is untrusted and succeeds once the media-source CA trusts it', async () => {
    const configured = await t.request({
      method: 'PUT',
      url: '/api/v1/cloud/settings',
      token: t.adminToken,
      payload: {
        recording: {
          enabled: true,
          use_byok: true,
          server_url: s3.endpoint,
          bucket: s3.bucket,
          access_key: S3_ACCESS_KEY,
          secret_key: SECRET,
        },
      },
    });
    assert.equal(configured.statusCode, 200, configured.body);
    const cam = await createCamera(t, t.adminToken);
    const start = Date.UTC(2026, 0, 3, 4, 5, 6);
    const path = `cam-${cam.id}/2026/01/03/${start}.mp4`;
    const bytes = randomBytes(64_000);
    mkdirSync(dirname(join(t.config.recordingsDir, path)), { recursive: true });
    writeFileSync(join(t.config.recordingsDir, path), bytes);
    await t.container.cloud.uploads.enqueue({
      cameraId: cam.id,
      path,
      startMs: start,
      endMs: start + 10_000,
      sizeBytes: bytes.length,
    });
    const row = () =>
      t.container.database.db
        .selectFrom('cloud_uploads')
        .selectAll()
        .where('recording_path', '=', path)
        .executeTakeFirstOrThrow();

    // A self-signed endpoint is not trusted by the system roots: the upload fails and stays queued.
    const refused = await eventually(async () => ((await row()).attempts >= 2 ? row() : undefined), {
      what: 'the upload to be refused twice',
    });
    assert.equal(refused.status, 'pending');
    assert.match(refused.last_error ?? '', /certificate/i);
    assert.ok(!s3.requests.some((r) => r.method === 'PUT'), 'nothing reached the server');

    // The media-source CA bundle trusts it: the next attempt goes through and the bytes read back the same.
    const uploaded = await uploadMediaTls(t, { ca_bundle_file: tls.cert });
    assert.equal(uploaded.statusCode, 200, uploaded.body);
    const done = await eventually(async () => ((await row()).status === 'uploaded' ? row() : undefined), {
      what: 'the upload to succeed with the CA',
    });
    assert.ok((await s3.get(done.object_key)).equals(bytes));
  });
});
