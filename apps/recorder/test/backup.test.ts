import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { multipart } from './helpers/multipart.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';
import { selfSignedCertificate } from './helpers/net-servers.js';
import { nextNotice } from './helpers/recording.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

const SECRET_KEY = 'correct horse battery staple';
const CAMERA_PASSWORD = 'cam-Secret-4711';
const WEBHOOK_SECRET = 'whsec-Backup-0815';
const PROVIDER_TOKEN = 'hf_Backup-token-2718';
const S3_SECRET = 's3-Secret-key-1414';
const STREAM_KEY = 'live-Stream-key-1732';
const ADAPTER_TOKEN = 'adapter-Token-1123';

/** Everything the API shows of the configuration, with runtime state left out. */
async function configuration(t: TestApp, aliceToken: string) {
  const get = async (url: string, token = t.adminToken) => {
    const response = await t.request({ method: 'GET', url: `/api/v1${url}`, token });
    assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
    return response.json();
  };
  const runtime = [
    'live_online',
    'recording_state',
    'stream_action',
    'stream_warning',
    'media_server_provisioned',
    'last_recording_at',
  ];
  const cameras = (await get('/cameras')).cameras.map((c: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(c).filter(([k]) => !runtime.includes(k))),
  );
  const configs = [];
  const permissions = [];
  for (const camera of cameras) {
    const config = await get(`/camera-config/${camera.id}`);
    for (const k of ['stream_active', 'stream_failures', 'last_provisioned_at', 'last_stream_start'])
      delete config[k];
    configs.push(config);
    permissions.push(await get(`/cameras/${camera.id}/permissions`));
  }
  const users = (await get('/users')).users.map(({ last_login_at: _l, ...u }: Record<string, unknown>) => u);
  return {
    users,
    cameras,
    configs,
    permissions,
    skills: await get('/skills'),
    alertActions: await get('/alerts/actions'),
    // recordings_root is where each server keeps its files (RECORDINGS_DIR), not configuration.
    recordingSettings: { ...(await get('/settings/recording')), recordings_root: undefined },
    layouts: await get('/layouts', aliceToken),
    apps: await get('/apps'),
    mediaTls: await get('/media-source/tls'),
    aiModels: await get('/ai-models'),
    cloudSettings: await get('/cloud/settings'),
    cloudCredentials: await get('/cloud/credentials'),
    cloudModels: await get('/cloud/models'),
    streamTargets: await get('/cloud/stream-targets'),
    // Registered adapters as configured (their live status differs between servers).
    adapters: (await get('/adapters')).adapters
      .filter((a: { source: string }) => a.source === 'api')
      .map(({ name, url, token_set }: Record<string, unknown>) => ({ name, url, token_set })),
  };
}

for (const dialect of testDialects()) {
  describe(`configuration backup and restore on ${dialect}`, () => {
    let source: TestApp;
    let target: TestApp;
    let camera: TestCamera;
    let file: Buffer;
    let appKey: string;

    before(async () => {
      [source, target] = await Promise.all([createTestApp({ dialect }), createTestApp({ dialect })]);
      camera = await startTestCamera({ user: 'viewer', password: CAMERA_PASSWORD });
    });
    after(async () => {
      await Promise.all([source.close(), target.close(), camera.close()]);
    });

    const backup = (t: TestApp, payload: object, token = t.adminToken) =>
      t.request({ method: 'POST', url: '/api/v1/system/backup', token, payload });
    /** Buffers go as file parts (the backup), strings as text fields (secret_key, …). */
    const restore = (
      t: TestApp,
      parts: Record<string, Buffer | string>,
      query = '',
      token = t.adminToken,
    ) => {
      const files = Object.fromEntries(Object.entries(parts).filter(([, v]) => Buffer.isBuffer(v)));
      const fields = Object.fromEntries(
        Object.entries(parts).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      return t.request({
        method: 'POST',
        url: `/api/v1/system/restore${query}`,
        token,
        ...multipart(files, fields),
      });
    };

    it('backup holds the whole configuration, encrypted; only superusers; secret_key ≥ 12 characters', async () => {
      const s = source;
      const alice = await s.createUser('alice');
      const cam = await createCamera(s, s.adminToken, {
        ip_address: '127.0.0.1',
        rtsp_url: camera.url,
        username: 'viewer',
        password: CAMERA_PASSWORD,
        assignments: [{ skill: 'people_counting', labels: ['person'] }],
      });
      await s.container.cameraConfig.idle();
      const patch = await s.request({
        method: 'PATCH',
        url: `/api/v1/camera-config/${cam.id}`,
        token: s.adminToken,
        payload: {
          recording_segment_seconds: 10,
          transport_security: 'plaintext_allowed',
          max_restart_attempts: 7,
        },
      });
      assert.equal(patch.statusCode, 200, patch.body);
      await grant(s, cam.id, alice.id, { can_view: true });
      const skill = await s.request({
        method: 'PUT',
        url: `/api/v1/skills/people_counting/cameras/${cam.id}`,
        token: s.adminToken,
        payload: { consumer: 'door-app', params: { threshold: 3 } },
      });
      assert.ok(skill.statusCode < 300, skill.body);
      const actions = await s.request({
        method: 'PATCH',
        url: '/api/v1/alerts/actions',
        token: s.adminToken,
        payload: {
          min_severity: 'medium',
          webhook: { enabled: true, url: 'http://127.0.0.1:9/hook', secret: WEBHOOK_SECRET },
        },
      });
      assert.equal(actions.statusCode, 200, actions.body);
      const settings = await s.request({
        method: 'PUT',
        url: '/api/v1/settings/recording',
        token: s.adminToken,
        payload: { retention_days: 12 },
      });
      assert.equal(settings.statusCode, 200, settings.body);
      const layout = await s.request({
        method: 'POST',
        url: '/api/v1/layouts',
        token: alice.token,
        payload: { id: 'wall', name: 'Wall', tiles: [{ row: 0, col: 0, camera_id: cam.id }] },
      });
      assert.equal(layout.statusCode, 201, layout.body);
      const app = await s.request({
        method: 'POST',
        url: '/api/v1/apps/register',
        token: s.adminToken,
        payload: {
          url: 'http://127.0.0.1:7000',
          manifest: { id: 'counter', name: 'Counter', version: '1' },
          wants_key: true,
        },
      });
      appKey = app.json().api_key;
      assert.equal(
        (await s.request({ method: 'POST', url: '/api/v1/apps/counter/enable', token: s.adminToken }))
          .statusCode,
        200,
      );
      const tls = await selfSignedCertificate('media.example');
      const tlsUpload = await s.request({
        method: 'POST',
        url: '/api/v1/media-source/tls',
        token: s.adminToken,
        ...multipart({ cert_file: tls.cert, key_file: tls.key, ca_bundle_file: tls.cert }),
      });
      assert.equal(tlsUpload.statusCode, 200, tlsUpload.body);
      const created = async (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => {
        const response = await s.request({ method, url: `/api/v1${url}`, token: s.adminToken, payload });
        assert.ok(response.statusCode < 300, `${url}: ${response.body}`);
        return response.json();
      };
      const model = await created('/ai-models', {
        name: 'Door people',
        model_name: 'centernet',
        task: 'person_counting',
        assigned_camera_id: cam.id,
        enabled: false,
        config: JSON.stringify({ alert: { min_count: 2, cooldown_seconds: 30 } }),
      });
      await created('/ai-detection-results', {
        model_id: model.id,
        camera_id: cam.id,
        task: 'person_counting',
        count: 2,
      });
      const credential = await created('/cloud/credentials', {
        provider: 'huggingface',
        token: PROVIDER_TOKEN,
      });
      await created('/cloud/models', {
        name: 'cats',
        provider: 'huggingface',
        model_id: 'google/vit-base-patch16-224',
        task: 'image-classification',
        credential_id: credential.id,
      });
      await created(
        '/cloud/settings',
        { recording: { access_key: 'AKIABACKUP', secret_key: S3_SECRET, bucket: 'nvr-backup' } },
        'PUT',
      );
      await created('/adapters', { name: 'garage', url: 'http://127.0.0.1:9/', token: ADAPTER_TOKEN });
      await created('/cloud/stream-targets', {
        camera_id: cam.id,
        target_id: 'youtube-main',
        server_url: 'rtmp://127.0.0.1:1/live',
        stream_key: STREAM_KEY,
      });

      assert.equal((await backup(s, { secret_key: 'too-short' })).statusCode, 422);
      assert.equal((await backup(s, { secret_key: SECRET_KEY }, alice.token)).statusCode, 403);
      assert.equal(
        (
          await s.request({
            method: 'POST',
            url: '/api/v1/system/backup',
            payload: { secret_key: SECRET_KEY },
          })
        ).statusCode,
        401,
      );
      const response = await backup(s, { secret_key: SECRET_KEY });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'application/octet-stream');
      assert.match(
        String(response.headers['content-disposition']),
        /attachment; filename="nvr-config-.*\.nvrbak"/,
      );
      file = response.rawPayload;
      assert.equal(file.subarray(0, 6).toString(), 'NVRBAK');
      for (const secret of [
        CAMERA_PASSWORD,
        WEBHOOK_SECRET,
        PROVIDER_TOKEN,
        S3_SECRET,
        STREAM_KEY,
        ADAPTER_TOKEN,
        'argon2id',
        'alice',
        tls.key.toString().split('\n')[1]!,
      ]) {
        assert.ok(!file.includes(secret), `${secret} readable in the file`);
      }
    });

    it('wrong key, truncated or tampered file → 400 and nothing changed; dry run changes nothing', async () => {
      const t = target;
      const helper = await t.createUser('helper');
      const before = await configuration(t, helper.token);
      const tampered = Buffer.from(file);
      tampered[tampered.length - 5]! ^= 0x01;
      const header = Buffer.from(file);
      header[40]! ^= 0x80;
      const cases: [Record<string, Buffer | string>, string][] = [
        [{ file, secret_key: 'not the right key at all' }, 'wrong secret key'],
        [
          { file: file.subarray(0, file.length - 100), secret_key: SECRET_KEY },
          'wrong secret key, or the file is damaged',
        ],
        [{ file: file.subarray(0, 30), secret_key: SECRET_KEY }, 'not a configuration backup'],
        [{ file: tampered, secret_key: SECRET_KEY }, 'damaged'],
        [{ file: header, secret_key: SECRET_KEY }, 'damaged'],
        [
          { file: Buffer.from('hello world, not a backup'), secret_key: SECRET_KEY },
          'not a configuration backup',
        ],
      ];
      for (const [fields, message] of cases) {
        const response = await restore(t, fields);
        assert.equal(response.statusCode, 400, response.body);
        assert.ok(response.json().detail.message.includes(message), response.body);
      }
      assert.equal((await restore(t, { file })).statusCode, 400, 'no key');
      assert.equal((await restore(t, { file, secret_key: SECRET_KEY }, '', helper.token)).statusCode, 403);
      assert.equal((await restore(t, { file, secret_key: SECRET_KEY, extra: 'x' })).statusCode, 422);

      const dry = await restore(t, { file, secret_key: SECRET_KEY }, '?dry_run=true');
      assert.equal(dry.statusCode, 200, dry.body);
      const report = dry.json();
      assert.equal(report.dry_run, true);
      assert.equal(report.applied, false);
      assert.equal(report.sections.cameras.added, 1);
      assert.equal(report.sections.users.in_backup, 3, 'admin, alice and the app account');
      assert.equal(report.sections.users.current, 2, 'admin and helper');
      assert.equal(
        report.sections.users.added,
        1,
        'by id: helper (2) becomes alice (2), the app account is new',
      );
      assert.equal(report.sections.layouts.added, 1);
      assert.equal(report.sections.apps.added, 1);
      assert.equal(report.sections.media_tls.added, 1);
      assert.deepEqual(await configuration(t, helper.token), before);
    });

    it('restore on a fresh database reproduces the configuration; passwords, keys and camera credentials work', async () => {
      const t = target;
      const response = await restore(t, { file, secret_key: SECRET_KEY });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().applied, true);

      // Same passwords (hashes restored): alice logs in on the new server.
      const alice = await t.login('alice', 'Str0ng-pass-phrase');
      const sourceAlice = await source.login('alice', 'Str0ng-pass-phrase');
      const adminToken = (await t.login('admin', 'admin-pass-for-tests')).access_token;
      t.adminToken = adminToken;
      assert.deepEqual(
        await configuration(t, alice.access_token),
        await configuration(source, sourceAlice.access_token),
      );

      // The app key from the old server works here (hash restored, app enabled).
      const me = await t.request({ method: 'GET', url: '/api/v1/auth/me', token: appKey });
      assert.equal(me.statusCode, 200, me.body);
      assert.equal(me.json().username, 'app.counter');
      // Secrets were re-sealed with this server's key: the TLS key and camera password open.
      assert.ok(await t.container.mediaTls.clientMaterial());
      const [restoredCamera] = (
        await t.request({ method: 'GET', url: '/api/v1/cameras', token: adminToken })
      ).json().cameras;
      assert.deepEqual(await t.container.cameras.credentials(restoredCamera.id), {
        username: 'viewer',
        password: CAMERA_PASSWORD,
      });

      // Cloud secrets too: the provider token, the S3 secret key and the stream key open with this server's key.
      const db = t.container.database.db;
      const box = t.container.secretBox;
      const [cred] = await db.selectFrom('cloud_credentials').select('token_sealed').execute();
      assert.equal(box.open(cred!.token_sealed, 'cloud.provider_token'), PROVIDER_TOKEN);
      const cloud = await db
        .selectFrom('cloud_settings')
        .select('secret_key_sealed')
        .executeTakeFirstOrThrow();
      assert.equal(box.open(cloud.secret_key_sealed!, 'cloud.s3_secret_key'), S3_SECRET);
      const streamTarget = await db
        .selectFrom('stream_targets')
        .select('stream_key_sealed')
        .executeTakeFirstOrThrow();
      assert.equal(box.open(streamTarget.stream_key_sealed!, 'cloud.stream_key'), STREAM_KEY);
      const adapter = await db.selectFrom('ai_adapters').select('token_sealed').executeTakeFirstOrThrow();
      assert.equal(box.open(adapter.token_sealed!, 'ai_adapter.token'), ADAPTER_TOKEN);

      // …and the camera really streams with its restored password.
      await t.request({ method: 'DELETE', url: '/api/v1/media-source/tls', token: adminToken });
      const started = nextNotice(
        t.container.recordingEngine,
        (n) => n.type === 'recording.started' && n.cameraId === restoredCamera.id,
      );
      const enable = await t.request({
        method: 'PATCH',
        url: `/api/v1/camera-config/${restoredCamera.id}`,
        token: adminToken,
        payload: { recording_enabled: true },
      });
      assert.equal(enable.statusCode, 200, enable.body);
      await started;
      await t.request({
        method: 'PATCH',
        url: `/api/v1/camera-config/${restoredCamera.id}`,
        token: adminToken,
        payload: { recording_enabled: false },
      });
      await t.container.recordingEngine.idle();

      const audit = await t.request({
        method: 'GET',
        url: '/api/v1/audit-logs?action=system.restore',
        token: adminToken,
      });
      assert.equal(audit.json().total, 1);
      assert.ok(!audit.body.includes(CAMERA_PASSWORD) && !audit.body.includes(WEBHOOK_SECRET));
    });

    it('restoring onto a changed server brings the backup state back (removed cameras go, deleted layouts return)', async () => {
      const s = source;
      const alice = await s.login('alice', 'Str0ng-pass-phrase');
      await createCamera(s, s.adminToken, { name: 'added later' });
      await s.request({ method: 'DELETE', url: '/api/v1/layouts/wall', token: alice.access_token });
      const results = async () =>
        (await s.request({ method: 'GET', url: '/api/v1/ai-detection-results', token: s.adminToken })).json();
      const resultsBefore = await results();
      assert.equal(resultsBefore.total, 1);
      const response = await restore(s, { file, secret_key: SECRET_KEY });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().sections.cameras.removed, 1);
      assert.equal(response.json().sections.layouts.added, 1);
      const again = await s.login('alice', 'Str0ng-pass-phrase');
      const cameras = (
        await s.request({ method: 'GET', url: '/api/v1/cameras', token: s.adminToken })
      ).json();
      assert.equal(cameras.total, 1);
      const layout = await s.request({
        method: 'GET',
        url: '/api/v1/layouts/wall',
        token: again.access_token,
      });
      assert.equal(layout.statusCode, 200);
      // AI models are restored in place: their detection results (not configuration) are still there.
      assert.deepEqual(await results(), resultsBefore);
    });
  });
}
