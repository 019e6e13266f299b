// Outbound stream targets (API.md §12): the test camera pushed by ffmpeg to a real RTMP server
// (node-media-server) and to an ffmpeg SRT listener, checked with ffprobe; the reconnect policy; the write-only
// stream key; camera rights; restart of enabled targets. The pushes run once, on SQLite (pipelineCase); every
// dialect runs the cases that reach the stream-target SQL (upsert, find, list, delete, enabled on start/stop,
// the targets read back at a restart and on a settings change).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { streamTargetArgs, streamTargetUrl } from '../src/media/ffmpeg/args.js';
import { CameraStream } from '../src/media/ingest/camera-stream.js';
import { DEFAULT_BACKOFF, type Transition } from '../src/media/supervisor.js';
import { StreamTargetRunner } from '../src/modules/cloud/stream-targets/stream-target-runner.js';
import { uploadMediaTls } from './helpers/multipart.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { pipelineCase, runsPipelines, testDialects } from './helpers/database.js';
import { eventually } from './helpers/eventually.js';
import { freePort, selfSignedCertificate, serve } from './helpers/net-servers.js';
import { probeVideo, startRtmpServer, startSrtListener } from './helpers/rtmp-server.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

const KEY = 'live_DoNotLeak_streamkey_42';
describe('stream target ffmpeg arguments', () => {
  it('builds RTMP (copy + AAC), RTMPS with a CA and SRT (re-encode) command lines', () => {
    assert.equal(streamTargetUrl('rtmp', 'rtmp://h:1935/live/', 'k y'), 'rtmp://h:1935/live/k%20y');
    assert.equal(streamTargetUrl('srt', 'srt://h:9000', 'abc'), 'srt://h:9000?streamid=abc');
    assert.equal(streamTargetUrl('rtmp', 'rtmp://h/live', ''), 'rtmp://h/live');
    const rtmp = streamTargetArgs({
      protocol: 'rtmp',
      url: 'rtmp://h/live/k',
      videoCodec: 'copy',
      videoBitrate: null,
      audioCodec: 'aac',
      audioBitrate: '128k',
      caFile: null,
    });
    assert.deepEqual(rtmp.slice(rtmp.indexOf('-map')), [
      ...['-map', '0:v:0', '-map', '0:a:0?', '-c:v', 'copy', '-c:a', 'aac', '-b:a', '128k', '-ar', '44100'],
      ...['-f', 'flv', '-progress', 'pipe:1', 'rtmp://h/live/k'],
    ]);
    // The camera stream comes from the recorder's fan-out on stdin, never from a connection of its own.
    assert.deepEqual(rtmp.slice(rtmp.indexOf('-f'), rtmp.indexOf('-map')), ['-f', 'mpegts', '-i', 'pipe:0']);
    const rtmps = streamTargetArgs({
      protocol: 'rtmps',
      url: 'rtmps://h/live/k',
      videoCodec: 'copy',
      videoBitrate: null,
      audioCodec: 'copy',
      audioBitrate: null,
      caFile: '/ca.pem',
    });
    const i = rtmps.indexOf('-tls_verify');
    assert.deepEqual(rtmps.slice(i, i + 4), ['-tls_verify', '1', '-ca_file', '/ca.pem']);
    const srt = streamTargetArgs({
      protocol: 'srt',
      url: 'srt://h:9000?streamid=k',
      videoCodec: 'libx264',
      videoBitrate: '2M',
      audioCodec: 'aac',
      audioBitrate: null,
      caFile: null,
    });
    assert.ok(
      srt.join(' ').includes('-c:v libx264 -preset veryfast -tune zerolatency -pix_fmt yuv420p -b:v 2M'),
    );
    assert.deepEqual(srt.slice(-5, -3), ['-f', 'mpegts']);
  });
});

describe('stream target reconnect policy', () => {
  const run = async (
    maxReconnectAttempts: number,
    { guarded = false, port: at }: { guarded?: boolean; port?: number } = {},
  ) => {
    const port = at ?? (await freePort()); // nobody listens: every attempt fails at once
    // The runner's ffmpeg reads a test pattern instead of the camera stream it is attached to (which the
    // recording "sends", so the stream never pulls a camera itself).
    const stream = new CameraStream({
      ffmpegPath: 'ffmpeg',
      resolve: () => Promise.reject(new Error('no camera')),
      backoff: DEFAULT_BACKOFF,
      lingerMs: 1000,
      stallTimeoutMs: 20_000,
    });
    await stream.open();
    stream.setRecorded(true);
    const transitions: Transition[] = [];
    // The runner reports every transition: wait for the one to 'failed' instead of polling its state.
    let gaveUp!: () => void;
    const failed = new Promise<void>((resolve) => (gaveUp = resolve));
    const runner = new StreamTargetRunner(
      {
        args: [
          '-hide_banner',
          '-loglevel',
          'error',
          '-f',
          'lavfi',
          '-i',
          'testsrc=size=160x120:rate=5',
          '-c:v',
          'libx264',
          '-f',
          'flv',
          `rtmp://127.0.0.1:${port}/live/${KEY}`,
        ],
        secrets: [KEY],
        maxReconnectAttempts,
        reconnectDelayMs: 1000,
        guarded,
      },
      'ffmpeg',
      stream,
      (_runner, transition) => {
        transitions.push(transition);
        if (transition.to === 'failed') gaveUp();
      },
    );
    runner.start();
    await failed;
    assert.equal(runner.state, 'failed');
    await runner.stop();
    await stream.close();
    return { runner, transitions };
  };

  it('waits reconnect_delay_seconds between attempts and stops after max_reconnect_attempts', async () => {
    const { runner, transitions } = await run(2);
    const retries = transitions.filter((t) => t.to === 'retrying');
    assert.deepEqual(
      retries.map((t) => t.delayMs),
      [1000, 1000],
    );
    assert.equal(transitions.filter((t) => t.to === 'starting').length, 3, 'first try + 2 reconnects');
    assert.equal(runner.reconnectAttempts, 2);
    assert.equal(runner.failures, 3);
    assert.ok(runner.lastError && !runner.lastError.includes(KEY), runner.lastError ?? '');
  });

  it("pushes a plain user's camera under the connection guard: this machine is refused, never reached", async () => {
    let reached = 0;
    const server = await serve(
      createServer((socket) => {
        reached += 1;
        socket.destroy();
      }),
    );
    const { runner } = await run(0, { guarded: true, port: server.port });
    assert.match(runner.lastError ?? '', /127\.0\.0\.1 is a loopback address/);
    assert.equal(reached, 0);
    await server.stop();
  });

  it('never retries with max_reconnect_attempts 0', async () => {
    const { runner, transitions } = await run(0);
    assert.equal(transitions.filter((t) => t.to === 'retrying').length, 0);
    assert.equal(runner.reconnectAttempts, 0);
  });
});

for (const dialect of testDialects()) {
  describe(`stream targets on ${dialect}`, { timeout: 180_000 }, () => {
    let t: TestApp;
    let cameraId: number;
    let owner: { id: number; token: string };
    let viewer: { id: number; token: string };
    let stranger: { id: number; token: string };
    const once = pipelineCase(dialect);
    // Only the pushes read the camera: elsewhere it is an address nothing answers on.
    let source: TestCamera | null = null;

    before(async () => {
      if (runsPipelines(dialect)) source = await startTestCamera();
      t = await createTestApp({ dialect });
      // The test camera and the receiving servers are on this machine, where only a superuser may point a
      // camera or a target: the owner is one (viewer and stranger are plain users).
      owner = await t.createUser('owner', { superuser: true });
      viewer = await t.createUser('viewer');
      stranger = await t.createUser('stranger');
      const camera = await createCamera(t, owner.token, {
        ip_address: '127.0.0.1',
        rtsp_url: source?.url ?? 'rtsp://127.0.0.1:1/none',
      });
      cameraId = camera.id;
      await t.container.cameraConfig.idle();
      await t.request({
        method: 'PATCH',
        url: `/api/v1/camera-config/${cameraId}`,
        token: owner.token,
        payload: { transport_security: 'plaintext_allowed' },
      });
      await grant(t, cameraId, viewer.id, { can_view: true });
      const on = await t.request({
        method: 'PUT',
        url: '/api/v1/cloud/streaming/enabled',
        token: t.adminToken,
        payload: { enabled: true },
      });
      assert.equal(on.statusCode, 200);
    });
    after(async () => {
      await t.close();
      await source?.close();
    });

    const post = (url: string, token: string, payload?: object) =>
      t.request({
        method: 'POST',
        url: `/api/v1/cloud/stream-targets${url}`,
        token,
        ...(payload ? { payload } : {}),
      });
    const get = (url: string, token = owner.token) =>
      t.request({ method: 'GET', url: `/api/v1/cloud/stream-targets${url}`, token });
    const status = async (id: string) => (await get(`/${id}/status`)).json();

    it('create/upsert by target_id, write-only stream key, validation, camera rights (401/403/404)', async () => {
      const created = await post('', owner.token, {
        camera_id: cameraId,
        target_id: 'youtube-main',
        server_url: 'rtmp://127.0.0.1:1/live',
        stream_key: KEY,
      });
      assert.equal(created.statusCode, 201, created.body);
      const body = created.json();
      assert.equal(body.stream_key_set, true);
      assert.equal('stream_key' in body, false);
      assert.deepEqual(
        [
          body.enabled,
          body.protocol,
          body.video_codec,
          body.audio_codec,
          body.audio_bitrate,
          body.max_reconnect_attempts,
          body.reconnect_delay_seconds,
          body.use_tls,
          body.use_custom_ca,
        ],
        [false, 'rtmp', 'copy', 'aac', '128k', 5, 5, false, false],
      );
      const updated = await post('', owner.token, {
        camera_id: cameraId,
        target_id: 'youtube-main',
        server_url: 'rtmp://127.0.0.1:2/live',
        stream_key: '',
      });
      assert.equal(updated.statusCode, 200);
      assert.equal(updated.json().stream_key_set, true, 'blank keeps the key');
      assert.equal(updated.json().server_url, 'rtmp://127.0.0.1:2/live');
      const generated = await post('', owner.token, { camera_id: cameraId });
      assert.equal(generated.statusCode, 201);
      assert.match(generated.json().target_id, /^[0-9a-f-]{36}$/);
      assert.equal(generated.json().stream_key_set, false);

      for (const [payload, field] of [
        [{ max_reconnect_attempts: 21 }, 'max_reconnect_attempts'],
        [{ reconnect_delay_seconds: 0 }, 'reconnect_delay_seconds'],
        [{ protocol: 'hls' }, 'protocol'],
        [{ video_codec: 'vp9' }, 'video_codec'],
        [{ server_url: 'srt://127.0.0.1:9000' }, 'server_url'],
        [{ protocol: 'srt', server_url: 'srt://127.0.0.1:9000', use_tls: true }, 'use_tls'],
        [{ enabled: true }, 'server_url'],
        [{ server_url: 'rtmp://user:pw@127.0.0.1/live' }, 'server_url'],
      ] as const) {
        const response = await post('', owner.token, { camera_id: cameraId, target_id: 'bad', ...payload });
        assert.equal(response.statusCode, 422, JSON.stringify(payload));
        assert.ok(JSON.stringify(response.json().detail).includes(field), response.body);
      }
      assert.equal((await get('/bad')).statusCode, 404);

      assert.equal((await post('', viewer.token, { camera_id: cameraId })).statusCode, 403);
      assert.equal((await post('', stranger.token, { camera_id: cameraId })).statusCode, 404);
      // A viewer of the camera may not manage its targets, and is not told they exist (the list shows none).
      assert.equal((await get('/youtube-main', viewer.token)).statusCode, 404);
      assert.equal((await get('/youtube-main', stranger.token)).statusCode, 404);
      assert.equal((await post('/youtube-main/start', viewer.token)).statusCode, 404);
      assert.equal((await t.request({ method: 'GET', url: '/api/v1/cloud/stream-targets' })).statusCode, 401);
      assert.equal((await get('', stranger.token)).json().total, 0);
      const list = (await get('')).json();
      assert.equal(list.total, 2);
      assert.ok(JSON.stringify(list).includes('stream_key_set'));

      const cleared = await post('', owner.token, {
        camera_id: cameraId,
        target_id: 'youtube-main',
        server_url: 'rtmp://127.0.0.1:2/live',
        stream_key: null,
      });
      assert.equal(cleared.json().stream_key_set, false, 'null clears the key');
      assert.equal(
        (
          await t.request({
            method: 'DELETE',
            url: '/api/v1/cloud/stream-targets/youtube-main',
            token: owner.token,
          })
        ).statusCode,
        204,
      );
      assert.equal((await get('/youtube-main')).statusCode, 404);
      await t.request({
        method: 'DELETE',
        url: `/api/v1/cloud/stream-targets/${generated.json().target_id}`,
        token: owner.token,
      });
    });

    it('two plain users: someone else’s target id answers exactly like an id nobody uses (issue #32)', async () => {
      const alice = await t.createUser(`alice-${dialect}`);
      const bob = await t.createUser(`bob-${dialect}`);
      const aliceCamera = (await createCamera(t, alice.token)).id;
      const bobCamera = (await createCamera(t, bob.token)).id;
      const created = await post('', alice.token, { camera_id: aliceCamera, stream_key: KEY });
      assert.equal(created.statusCode, 201, created.body);
      const aliceTarget = created.json().target_id as string;
      assert.match(aliceTarget, /^[0-9a-f-]{36}$/, 'the recorder chose the id');
      const free = `free-${dialect}`;
      const request = (method: string, url: string, payload?: object) =>
        t.request({
          method,
          url: `/api/v1/cloud/stream-targets${url}`,
          token: bob.token,
          ...(payload ? { payload } : {}),
        });
      /** Bob's answer for alice's id and for a free one: the same status and the same body. */
      const sameFor = async (call: (id: string) => ReturnType<typeof request>, status: number) => {
        const taken = await call(aliceTarget);
        const untaken = await call(free);
        assert.equal(taken.statusCode, status, taken.body);
        assert.deepEqual(
          { status: taken.statusCode, body: taken.json() },
          { status: untaken.statusCode, body: untaken.json() },
        );
        return taken.json();
      };
      for (const path of ['', '/status']) await sameFor((id) => request('GET', `/${id}${path}`), 404);
      for (const action of ['start', 'stop']) await sameFor((id) => request('POST', `/${id}/${action}`), 404);
      await sameFor((id) => request('DELETE', `/${id}`), 404);
      // An upsert naming alice's id was "Camera not found" and a free one 201: both are now this 404.
      const upsert = await sameFor(
        (id) => request('POST', '', { camera_id: bobCamera, target_id: id, server_url: '' }),
        404,
      );
      assert.equal(upsert.detail.code, 'stream_target_not_found');
      assert.deepEqual(upsert.detail.loc, ['body', 'target_id']);
      assert.match(upsert.detail.message, /leave target_id out/);
      assert.equal((await get(`/${free}`)).statusCode, 404, 'no target was created under the free id');

      // Bob's own targets: created under the id the recorder chooses, updated by it.
      const own = await request('POST', '', { camera_id: bobCamera });
      assert.equal(own.statusCode, 201, own.body);
      const updated = await request('POST', '', {
        camera_id: bobCamera,
        target_id: own.json().target_id,
        reconnect_delay_seconds: 9,
      });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.equal(updated.json().reconnect_delay_seconds, 9);
      assert.deepEqual(
        (await request('GET', '')).json().targets.map((target: { target_id: string }) => target.target_id),
        [own.json().target_id],
      );
      // Alice's target is as she left it.
      const hers = await t.request({
        method: 'GET',
        url: `/api/v1/cloud/stream-targets/${aliceTarget}`,
        token: alice.token,
      });
      assert.equal(hers.statusCode, 200, hers.body);
      assert.equal(hers.json().camera_id, aliceCamera);
      assert.equal(hers.json().stream_key_set, true);
      for (const [token, id] of [
        [alice.token, aliceTarget],
        [bob.token, own.json().target_id],
      ] as const) {
        await t.request({ method: 'DELETE', url: `/api/v1/cloud/stream-targets/${id}`, token });
      }
    });

    once(
      'pushes to RTMP (video arrives), comes back after a restart, reconnects and gives up when the server dies',
      async () => {
        const rtmp = await startRtmpServer();
        try {
          const created = await post('', owner.token, {
            camera_id: cameraId,
            target_id: 'rtmp-1',
            enabled: true,
            server_url: rtmp.url,
            stream_key: KEY,
            max_reconnect_attempts: 2,
            reconnect_delay_seconds: 1,
          });
          assert.equal(created.statusCode, 201, created.body);
          await eventually(async () => (await status('rtmp-1')).state === 'streaming', {
            what: 'the target to stream',
          });
          const streams = await probeVideo(`${rtmp.url}/${KEY}`);
          assert.equal(streams[0]?.codec_name, 'h264');

          // A restart of the recorder's cloud side brings the enabled target back.
          const firstStart = (await status('rtmp-1')).started_at;
          await t.container.cloud.close();
          await t.container.cloud.start();
          await eventually(
            async () => {
              const s = await status('rtmp-1');
              return s.state === 'streaming' && s.started_at !== firstStart;
            },
            { what: 'the target to stream again after the restart' },
          );

          await rtmp.kill();
          const failed = await eventually(
            async () => {
              const s = await status('rtmp-1');
              return s.state === 'failed' ? s : undefined;
            },
            { what: 'the target to give up' },
          );
          assert.equal(failed.reconnect_attempts, 2);
          assert.equal(failed.failures, 3);
          assert.ok(failed.last_error && !failed.last_error.includes(KEY));

          const stopped = await post('/rtmp-1/stop', owner.token);
          assert.equal(stopped.json().state, 'idle');
          assert.equal((await get('/rtmp-1')).json().enabled, false);
        } finally {
          await rtmp.close();
        }
      },
    );

    once(
      'pushes over RTMPS, verifying the server against the uploaded CA; an untrusted server is refused',
      async () => {
        const tls = await selfSignedCertificate('rtmps.test', ['IP:127.0.0.1', 'DNS:localhost']);
        const rtmp = await startRtmpServer({ tls });
        try {
          const uploaded = await uploadMediaTls(t, { ca_bundle_file: tls.cert });
          assert.equal(uploaded.statusCode, 200, uploaded.body);
          const target = (target_id: string, use_custom_ca: boolean) =>
            post('', owner.token, {
              camera_id: cameraId,
              target_id,
              enabled: true,
              protocol: 'rtmps',
              server_url: rtmp.rtmpsUrl!,
              stream_key: KEY,
              use_custom_ca,
              max_reconnect_attempts: 0,
            });

          // Trusted through the uploaded CA: the video arrives (read back over the server's plain RTMP port).
          assert.equal((await target('rtmps-ca', true)).statusCode, 201);
          await eventually(async () => (await status('rtmps-ca')).state === 'streaming', {
            what: 'the RTMPS target to stream',
          });
          const streams = await probeVideo(`${rtmp.url}/${KEY}`);
          assert.equal(streams[0]?.codec_name, 'h264');
          await post('/rtmps-ca/stop', owner.token);

          // The same self-signed server checked against the system CAs: the TLS handshake fails, nothing is sent.
          assert.equal((await target('rtmps-system', false)).statusCode, 201);
          const failed = await eventually(
            async () => {
              const s = await status('rtmps-system');
              return s.state === 'failed' ? s : undefined;
            },
            { what: 'the untrusted RTMPS target to fail' },
          );
          assert.ok(failed.last_error && !failed.last_error.includes(KEY), failed.last_error);
          // (ffmpeg reports a failed verification only as an I/O error; the CA file is the one difference.)
          await post('/rtmps-system/stop', owner.token);
        } finally {
          await t.request({ method: 'DELETE', url: '/api/v1/media-source/tls', token: t.adminToken });
          await rtmp.close();
        }
      },
    );

    once(
      'pushes to an SRT listener with the stream key as streamid; start needs cloud streaming on',
      async () => {
        const srt = await startSrtListener();
        try {
          const created = await post('', owner.token, {
            camera_id: cameraId,
            target_id: 'srt-1',
            protocol: 'srt',
            server_url: srt.url,
            stream_key: 'srt-key',
            video_codec: 'libx264',
            video_bitrate: '500k',
          });
          assert.equal(created.statusCode, 201, created.body);
          await t.request({
            method: 'PUT',
            url: '/api/v1/cloud/streaming/enabled',
            token: t.adminToken,
            payload: { enabled: false },
          });
          const refused = await post('/srt-1/start', owner.token);
          assert.equal(refused.statusCode, 409);
          assert.equal(refused.json().detail.code, 'cloud_streaming_disabled');
          assert.equal((await get('/srt-1')).json().enabled, false);
          await t.request({
            method: 'PUT',
            url: '/api/v1/cloud/streaming/enabled',
            token: t.adminToken,
            payload: { enabled: true },
          });

          const started = await post('/srt-1/start', owner.token);
          assert.equal(started.statusCode, 200, started.body);
          // What arrived is read as it grows until it holds H.264 video (a fixed size took 20 s at this bitrate).
          const streams = await eventually(
            async () => {
              const found = existsSync(srt.file) ? await probeVideo(srt.file) : [];
              return found[0]?.width ? found : undefined;
            },
            { what: 'H.264 video to arrive over SRT', intervalMs: 500 },
          );
          assert.equal(streams[0]?.codec_name, 'h264');

          // Switching cloud streaming off stops the target; it stays enabled and waits.
          await t.request({
            method: 'PUT',
            url: '/api/v1/cloud/streaming/enabled',
            token: t.adminToken,
            payload: { enabled: false },
          });
          await eventually(async () => (await status('srt-1')).state === 'waiting', {
            what: 'the target to wait',
          });
          await post('/srt-1/stop', owner.token);
          await t.request({
            method: 'PUT',
            url: '/api/v1/cloud/streaming/enabled',
            token: t.adminToken,
            payload: { enabled: true },
          });
        } finally {
          await srt.close();
        }
      },
    );

    once(
      'pushes an H.265 camera as it is over SRT and as H.264 over RTMP (FLV carries no H.265), saying so',
      async () => {
        const hevc = await startTestCamera({ codec: 'h265' });
        const [rtmp, srt] = await Promise.all([startRtmpServer(), startSrtListener()]);
        try {
          const camera = await createCamera(t, owner.token, { ip_address: '127.0.0.1', rtsp_url: hevc.url });
          await t.container.cameraConfig.idle();
          await t.request({
            method: 'PATCH',
            url: `/api/v1/camera-config/${camera.id}`,
            token: owner.token,
            payload: { transport_security: 'plaintext_allowed' },
          });
          // An encoder RTMP cannot carry is refused up front, naming the field.
          const refused = await post('', owner.token, {
            camera_id: camera.id,
            server_url: rtmp.url,
            video_codec: 'libx265',
          });
          assert.equal(refused.statusCode, 422);
          assert.deepEqual(refused.json().detail[0].loc, ['body', 'video_codec']);

          for (const [target_id, protocol, server_url] of [
            ['hevc-rtmp', 'rtmp', rtmp.url],
            ['hevc-srt', 'srt', srt.url],
          ] as const) {
            const created = await post('', owner.token, {
              camera_id: camera.id,
              target_id,
              protocol,
              server_url,
              stream_key: KEY,
              enabled: true,
            });
            assert.equal(created.statusCode, 201, created.body);
          }
          const rtmpStatus = await eventually(
            async () => {
              const s = await status('hevc-rtmp');
              return s.state === 'streaming' ? s : undefined;
            },
            { what: 'the RTMP target to stream' },
          );
          assert.match(rtmpStatus.conversion, /H\.265 video is converted to H\.264 for this target: RTMP/);
          assert.equal((await probeVideo(`${rtmp.url}/${KEY}`))[0]?.codec_name, 'h264');
          const srtStreams = await eventually(
            async () => {
              const found = existsSync(srt.file) ? await probeVideo(srt.file) : [];
              return found[0]?.width ? found : undefined;
            },
            { what: 'H.265 video to arrive over SRT', intervalMs: 500 },
          );
          assert.equal(srtStreams[0]?.codec_name, 'hevc');
          assert.equal((await status('hevc-srt')).conversion, null);
          for (const id of ['hevc-rtmp', 'hevc-srt'])
            await t.request({
              method: 'DELETE',
              url: `/api/v1/cloud/stream-targets/${id}`,
              token: owner.token,
            });
        } finally {
          await Promise.all([rtmp.close(), srt.close(), hevc.close()]);
        }
      },
    );

    it('start/stop store `enabled`; an enabled target waits while cloud streaming is off, also after a restart', async () => {
      const created = await post('', owner.token, {
        camera_id: cameraId,
        target_id: 'stored-1',
        server_url: 'rtmp://127.0.0.1:1/live',
        stream_key: KEY,
        max_reconnect_attempts: 0,
      });
      assert.equal(created.statusCode, 201, created.body);
      const streaming = async (enabled: boolean) => {
        const response = await t.request({
          method: 'PUT',
          url: '/api/v1/cloud/streaming/enabled',
          token: t.adminToken,
          payload: { enabled },
        });
        assert.equal(response.statusCode, 200, response.body);
      };
      await streaming(false);
      try {
        assert.equal((await post('/stored-1/start', owner.token)).statusCode, 409);
        assert.equal((await get('/stored-1')).json().enabled, false);
        await streaming(true);
        assert.equal((await post('/stored-1/start', owner.token)).statusCode, 200);
        assert.equal((await get('/stored-1')).json().enabled, true);
        await streaming(false);
        await eventually(async () => (await status('stored-1')).state === 'waiting', {
          what: 'the target to wait',
        });
        // The cloud side started again reads its targets back: the enabled one waits again.
        await t.container.cloud.close();
        await t.container.cloud.start();
        const waiting = await status('stored-1');
        assert.equal(waiting.state, 'waiting', JSON.stringify(waiting));
        const stopped = await post('/stored-1/stop', owner.token);
        assert.equal(stopped.json().state, 'idle');
        assert.equal((await get('/stored-1')).json().enabled, false);
      } finally {
        await streaming(true);
      }
    });

    it('never returns or logs the stream key', async () => {
      const audit = await t.request({
        method: 'GET',
        url: '/api/v1/audit-logs?limit=500',
        token: t.adminToken,
      });
      const everything = [audit.body, t.logs(), (await get('')).body].join('\n');
      assert.ok(!everything.includes(KEY));
      assert.ok(!everything.includes('srt-key'));
    });
  });
}
