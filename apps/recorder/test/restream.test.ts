// Issue #36: the RTSP restream. Every kind of camera of the zoo (H.264 and H.265, G.711/AAC/Opus sound, MJPEG,
// B-frames, a camera reachable over RTP/UDP only, one behind Digest, a substream) is read through
// rtsp://<recorder>/cameras/<id>[/sub] by ffprobe and by ffmpeg over TCP and over UDP — as Home Assistant's stream
// worker and its Generic Camera's ffmpeg read it — with the NVR user's password; refused (the same 401) without
// one, with a wrong one, for a user without view and for a camera that does not exist. Two readers of a camera
// share its one camera session; a reader that stalls is dropped while the other keeps reading.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { createTestApp, ADMIN_PASSWORD, USER_PASSWORD, type TestApp } from './helpers/app.js';
import { grant } from './helpers/cameras.js';
import { discoveryProblems } from './helpers/ha-discovery-schema.js';
import { startBroker, watchBroker } from './helpers/mosquitto.js';
import { eventually } from './helpers/eventually.js';
import { freePort } from './helpers/net-servers.js';
import { RtspTestClient } from './helpers/rtsp-client.js';
import { startTestCamera, type TestCamera, type TestCameraOptions } from './helpers/rtsp-camera.js';

const run = promisify(execFile);
const STALLED_READER = fileURLToPath(new URL('./helpers/stalled_rtsp_reader.py', import.meta.url));
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

interface Kind {
  name: string;
  camera: TestCameraOptions;
  video: 'h264' | 'hevc';
  audio: boolean;
  config?: Record<string, unknown>;
  /** a second test camera as the substream */
  sub?: TestCameraOptions;
}

const KINDS: Kind[] = [
  { name: 'H.264 + G.711 µ-law', camera: { audio: 'pcmu' }, video: 'h264', audio: true },
  { name: 'H.264 + AAC', camera: { audio: 'aac' }, video: 'h264', audio: true },
  { name: 'H.264 + Opus', camera: { audio: 'opus' }, video: 'h264', audio: true },
  { name: 'MJPEG', camera: { codec: 'mjpeg' }, video: 'h264', audio: false },
  { name: 'H.265', camera: { codec: 'h265' }, video: 'hevc', audio: false, sub: {} },
  { name: 'H.264 with B-frames', camera: { bframes: true }, video: 'h264', audio: false },
  {
    name: 'H.264 + AAC over RTSP/UDP',
    camera: { audio: 'aac', transport: 'udp' },
    video: 'h264',
    audio: true,
    config: { rtsp_transport: 'udp' },
  },
  {
    name: 'H.264 behind Digest',
    camera: { user: 'viewer', password: 'zoo-pass', digest: true },
    video: 'h264',
    audio: false,
  },
];

const SMALL = { width: 320, height: 192, fps: 10, gop: 10 };

describe('RTSP restream', { timeout: 240_000 }, () => {
  let t: TestApp;
  let port: number;
  const sources: TestCamera[] = [];

  const createCamera = async (
    name: string,
    camera: TestCameraOptions,
    extra: Record<string, unknown> = {},
  ) => {
    const source = await startTestCamera({ ...SMALL, ...camera });
    sources.push(source);
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/cameras?force=true',
      token: t.adminToken,
      payload: {
        name,
        ip_address: '127.0.0.1',
        rtsp_url: source.url,
        ...(camera.user ? { username: camera.user, password: camera.password } : {}),
        ...extra,
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    return { id: created.json<{ id: number }>().id, source };
  };

  const url = (id: number, path = '', credentials = `admin:${ADMIN_PASSWORD}@`) =>
    `rtsp://${credentials}127.0.0.1:${port}/cameras/${id}${path}`;

  const status = async (id: number) =>
    (await t.request({ method: 'GET', url: `/api/v1/cameras/${id}`, token: t.adminToken })).json<{
      restream_readers: number;
    }>();

  before(async () => {
    port = await freePort();
    t = await createTestApp({
      // NODE_URL: where Home Assistant reaches this recorder (the restream URL MQTT discovery announces).
      env: { RTSP_PORT: String(port), HOST: '127.0.0.1', NODE_URL: 'http://127.0.0.1:8000' },
      overrides: {
        recordingBackoff: { baseMs: 200, maxMs: 1000, jitter: 0.1 },
        restreamIdleStopMs: 1000,
        restreamReaderBacklog: 64 * 1024,
      },
    });
    assert.equal(t.container.rtspPort(), port);
  });
  after(async () => {
    await t?.close();
    await Promise.all(sources.map((source) => source.close()));
  });

  it('reads every zoo camera with ffprobe, and with ffmpeg over TCP and over UDP', async () => {
    const cameras = await Promise.all(
      KINDS.map(async (kind) => {
        const sub = kind.sub ? await startTestCamera({ ...SMALL, ...kind.sub }) : null;
        if (sub) sources.push(sub);
        const camera = await createCamera(kind.name, kind.camera, sub ? { substream_url: sub.url } : {});
        if (kind.config) {
          const patched = await t.request({
            method: 'PATCH',
            url: `/api/v1/camera-config/${camera.id}`,
            token: t.adminToken,
            payload: { transport_security: 'plaintext_allowed', ...kind.config },
          });
          assert.equal(patched.statusCode, 200, patched.body);
        }
        return { kind, sub, ...camera };
      }),
    );
    await t.container.cameraConfig.idle();

    await Promise.all(
      cameras.map(async ({ kind, id, sub }) => {
        // ffprobe, as Home Assistant's Generic Camera integration checks a stream source.
        const probe = await run(
          'ffprobe',
          [
            '-v',
            'error',
            '-rtsp_transport',
            'tcp',
            '-show_entries',
            'stream=codec_type,codec_name',
            '-of',
            'json',
            url(id),
          ],
          { timeout: 60_000 },
        );
        const streams = JSON.parse(probe.stdout).streams as Array<{ codec_type: string; codec_name: string }>;
        assert.deepEqual(
          streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort(),
          [`video:${kind.video}`, ...(kind.audio ? ['audio:aac'] : [])].sort(),
          kind.name,
        );
        // ffmpeg over each transport, decoding pictures (Home Assistant's stream worker opens it the same way).
        for (const transport of ['tcp', 'udp']) {
          const read = await run(
            'ffmpeg',
            ['-v', 'error', '-rtsp_transport', transport, '-i', url(id), '-frames:v', '8', '-f', 'null', '-'],
            { timeout: 60_000 },
          ).catch((error: { stderr?: string }) =>
            assert.fail(`${kind.name} over ${transport}: ${error.stderr}`),
          );
          assert.doesNotMatch(read.stderr, /401|error/i, `${kind.name} over ${transport}`);
        }
        if (sub) {
          const subProbe = await run(
            'ffprobe',
            [
              '-v',
              'error',
              '-rtsp_transport',
              'tcp',
              '-show_entries',
              'stream=codec_name',
              '-of',
              'csv=p=0',
              url(id, '/sub'),
            ],
            { timeout: 60_000 },
          );
          // The H.265 camera's substream is the other test camera's H.264, read from that camera.
          assert.equal(subProbe.stdout.trim(), 'h264', `${kind.name} substream`);
          assert.ok(sub.maxSessions >= 1, 'the substream was read from its own camera');
        }
      }),
    );
  });

  it('refuses without credentials, with a wrong password, without view right and for an unknown camera: 401 alike', async () => {
    const { id } = await createCamera('refusals', {});
    await t.createUser('outsider');
    const viewer = await t.createUser('viewer_user');
    await grant(t, id, viewer.id, { can_view: true });

    const describeAs = async (
      credentials: RtspTestClient['credentials'],
      cameraId = id,
    ): Promise<{ status: number; challenges: string[]; body: string }> => {
      const client = await RtspTestClient.open(port);
      client.credentials = credentials;
      try {
        const uri = `rtsp://127.0.0.1:${port}/cameras/${cameraId}`;
        const answer = await client.request('DESCRIBE', uri, { Accept: 'application/sdp' });
        return {
          status: answer.status,
          challenges: answer.headers.get('www-authenticate') ?? [],
          body: answer.body,
        };
      } finally {
        client.close();
      }
    };

    const none = await describeAs(null);
    assert.equal(none.status, 401);
    assert.ok(
      none.challenges.some((c) => /^Digest realm="NVR", nonce="[^"]+"/.test(c)),
      none.challenges.join(),
    );
    assert.ok(none.challenges.some((c) => c.startsWith('Basic ')));
    for (const scheme of ['digest', 'basic'] as const) {
      assert.equal((await describeAs({ username: 'admin', password: 'wrong', scheme })).status, 401, scheme);
      assert.equal(
        (await describeAs({ username: 'outsider', password: USER_PASSWORD, scheme })).status,
        401,
        `${scheme}: no view right`,
      );
      assert.equal(
        (await describeAs({ username: 'admin', password: ADMIN_PASSWORD, scheme }, 999_999)).status,
        401,
        `${scheme}: unknown camera`,
      );
      const allowed = await describeAs({ username: 'viewer_user', password: USER_PASSWORD, scheme });
      assert.equal(allowed.status, 200, `${scheme}: a user with view`);
      assert.match(allowed.body, /^m=video 0 RTP\/AVP 96$/m);
      assert.match(allowed.body, /a=control:trackID=0/);
    }

    // An account from before the restream has no HA1: Basic works, Digest after its next login.
    await t.container.database.db
      .updateTable('users')
      .set({ digest_ha1_sealed: null })
      .where('username', '=', 'viewer_user')
      .execute();
    const digest = { username: 'viewer_user', password: USER_PASSWORD, scheme: 'digest' as const };
    assert.equal((await describeAs(digest)).status, 401, 'no HA1 yet');
    assert.equal((await describeAs({ ...digest, scheme: 'basic' })).status, 200);
    await t.login('viewer_user', USER_PASSWORD);
    assert.equal((await describeAs(digest)).status, 200, 'HA1 made at login');

    // ffmpeg without credentials, or with a wrong password, is refused.
    for (const credentials of ['', 'admin:wrong@']) {
      await assert.rejects(
        run('ffprobe', ['-v', 'error', '-rtsp_transport', 'tcp', url(id, '', credentials)], {
          timeout: 30_000,
        }),
        (error: { stderr: string }) => /401|Unauthorized/i.test(error.stderr),
      );
    }
    // Each failure was audited, the wrong passwords counted by the login throttle.
    const failures = await t.container.database.db
      .selectFrom('audit_logs')
      .select(['details'])
      .where('action', '=', 'restream.auth_failed')
      .execute();
    assert.ok(failures.length >= 3, `${failures.length} failures audited`);
  });

  it('a malformed request gets 400 and the server keeps serving', async () => {
    const client = await RtspTestClient.open(port);
    client.raw('GARBAGE\x00 nonsense\r\n\r\n');
    await client.whenClosed();
    const next = await RtspTestClient.open(port);
    assert.equal((await next.request('OPTIONS', `rtsp://127.0.0.1:${port}/cameras/1`)).status, 200);
    next.close();
  });

  it('two readers share the one camera session; each is counted and audited; a stalled reader is dropped', async () => {
    const { id, source } = await createCamera('shared', {});
    const runsBefore = t.container.restream.upstreamRuns;

    const play = async () => {
      const client = await RtspTestClient.open(port);
      client.credentials = { username: 'admin', password: ADMIN_PASSWORD, scheme: 'digest' };
      const base = `rtsp://127.0.0.1:${port}/cameras/${id}`;
      const described = await client.request('DESCRIBE', base);
      assert.equal(described.status, 200, described.body);
      const setup = await client.request('SETUP', `${base}/trackID=0`, {
        Transport: 'RTP/AVP/TCP;unicast;interleaved=0-1',
      });
      assert.equal(setup.status, 200);
      assert.match(setup.headers.get('transport')![0]!, /interleaved=0-1/);
      assert.equal((await client.request('PLAY', `${base}/`)).status, 200);
      await eventually(() => (client.received.get(0) ?? 0) > 0, { what: 'RTP from the restream' });
      return client;
    };
    const first = await play();
    const second = await play();
    assert.equal(source.sessions, 1, 'one camera session for both readers');
    assert.equal(source.maxSessions, 1);
    assert.equal((await t.container.streams.find(id))?.pulls, 1);
    assert.equal(t.container.restream.upstreamRuns, runsBefore + 1, 'one restream sender for both readers');
    assert.equal((await status(id)).restream_readers, 2);
    const audited = await t.container.database.db
      .selectFrom('audit_logs')
      .select(['username', 'ip', 'entity_id'])
      .where('action', '=', 'restream.read')
      .where('entity_id', '=', String(id))
      .execute();
    assert.deepEqual(
      audited.map((row) => [row.username, row.ip]),
      [
        ['admin', '127.0.0.1'],
        ['admin', '127.0.0.1'],
      ],
    );
    first.close();
    await eventually(async () => (await status(id)).restream_readers === 1, { what: 'one reader counted' });

    // A third reader stops reading: dropped once its backlog passes the limit; the second keeps getting packets.
    const stalled = spawn(PYTHON, [STALLED_READER, String(port), `/cameras/${id}`, 'admin', ADMIN_PASSWORD], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        stalled.stdout.once('data', () => resolve());
        stalled.once('exit', (code) => reject(new Error(`the stalled reader exited (${code})`)));
      });
      assert.equal((await status(id)).restream_readers, 2);
      await eventually(async () => (await status(id)).restream_readers === 1, {
        what: 'the stalled reader dropped',
        timeoutMs: 60_000,
      });
      const got = second.received.get(0) ?? 0;
      await eventually(() => (second.received.get(0) ?? 0) > got + 10_000, {
        what: 'the other reader going on',
      });
      assert.equal(second.closed, false);
      assert.equal(source.maxSessions, 1);
    } finally {
      stalled.kill();
    }
    second.close();
    await eventually(async () => (await status(id)).restream_readers === 0, { what: 'no reader counted' });
  });

  it('Home Assistant: MQTT discovery announces each camera restream URL, which plays as the ffmpeg of HA reads it', async () => {
    const { id } = await createCamera('home assistant', { audio: 'aac' });
    const recorder = { username: 'recorder', password: 'mqtt-recorder-pass' };
    const ha = { username: 'homeassistant', password: 'mqtt-ha-pass' };
    const broker = await startBroker({
      users: { [recorder.username]: recorder.password, [ha.username]: ha.password },
    });
    const watcher = await watchBroker(broker.url, ha, ['nvr/#', 'homeassistant/#']);
    try {
      const saved = await t.request({
        method: 'PUT',
        url: '/api/v1/integrations/mqtt',
        token: t.adminToken,
        payload: { enabled: true, url: broker.url, ...recorder },
      });
      assert.equal(saved.statusCode, 200, saved.body);
      const config = await watcher.next(
        (m) =>
          /^homeassistant\/sensor\/nvr_[^/]+\/camera_\d+_restream\/config$/.test(m.topic) &&
          m.topic.includes(`camera_${id}_`),
        {
          what: 'the RTSP stream entity',
        },
      );
      const entity = JSON.parse(config.payload.toString());
      assert.deepEqual(discoveryProblems(config.topic, entity), []);
      assert.equal(entity.entity_category, 'diagnostic');
      const state = await watcher.next((m) => m.topic === entity.state_topic && m.payload.length > 0, {
        what: 'the restream URL',
      });
      assert.equal(state.retain, true);
      const announced = state.payload.toString();
      assert.equal(announced, `rtsp://127.0.0.1:${port}/cameras/${id}`);

      // The Generic Camera's stream_source: the announced URL with the user's credentials. HA's stream worker
      // opens it over TCP; its ffmpeg integration takes a still picture from it like this.
      const source = announced.replace('rtsp://', `rtsp://admin:${ADMIN_PASSWORD}@`);
      const still = await run(
        'ffmpeg',
        [
          '-v',
          'error',
          '-rtsp_transport',
          'tcp',
          '-i',
          source,
          '-an',
          '-frames:v',
          '1',
          '-c:v',
          'mjpeg',
          '-f',
          'image2pipe',
          '-',
        ],
        { encoding: 'buffer', timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      );
      assert.deepEqual([...still.stdout.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    } finally {
      await t.request({
        method: 'PUT',
        url: '/api/v1/integrations/mqtt',
        token: t.adminToken,
        payload: { enabled: false },
      });
      await watcher.close();
      await broker.close();
    }
  });
});
