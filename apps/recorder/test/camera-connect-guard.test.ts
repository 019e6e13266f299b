// The camera host rule holds for every address ffmpeg actually connects to (issue #32, item 7). A plain user may
// point a camera at the LAN, not at the recorder's own machine; a LAN server that answers with an RTSP 302 to
// 127.0.0.1, an HTTP 302 to 127.0.0.1, or an HLS playlist whose segments are on 127.0.0.1 used to lead ffmpeg
// there and show video served only on loopback. The connection guard (native/connect-guard.c) refuses those
// connections; a superuser's camera still follows them (a restream on the same machine is common).
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connectGuardEnv, connectGuardProblem } from '../src/media/ffmpeg/connect-guard.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { serve } from './helpers/net-servers.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

/** An address of this machine on its LAN (the tests' "camera on the network"), if it has one. */
const lan = Object.values(networkInterfaces())
  .flat()
  .find((address) => address?.family === 'IPv4' && !address.internal)?.address;

async function listenOnLan(server: Server | HttpServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, lan, resolve));
  return (server.address() as { port: number }).port;
}

describe(
  'connections of a plain user camera',
  { skip: lan ? false : 'this machine has no LAN address to serve a "LAN camera" on', timeout: 180_000 },
  () => {
    let t: TestApp;
    let alice: { id: number; token: string };
    let camera: TestCamera;
    let loopbackHits = 0;
    let transportStream: { port: number; stop: () => Promise<void> };
    const lanServers: (Server | HttpServer)[] = [];
    const ports = { rtspRedirect: 0, httpRedirect: 0, playlist: 0 };

    before(async () => {
      t = await createTestApp();
      alice = await t.createUser('alice');
      // Video that only this machine can see: a camera on loopback, and an MPEG-TS file served on loopback.
      camera = await startTestCamera();
      const media = join(mkdtempSync(join(tmpdir(), 'nvr-guard-')), 'clip.ts');
      execFileSync('ffmpeg', [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '6'],
        ...['-c:v', 'libx264', '-g', '10', '-f', 'mpegts', media],
      ]);
      const clip = readFileSync(media);
      transportStream = await serve(
        createHttpServer((_request, response) => {
          loopbackHits += 1;
          response.setHeader('content-type', 'video/mp2t');
          response.end(clip);
        }),
      );

      // On the LAN: an RTSP server that answers every request with a redirect to the loopback camera…
      const rtsp = createServer((socket) => {
        socket.on('data', (data) => {
          const cseq = /CSeq:\s*(\d+)/i.exec(data.toString())?.[1] ?? '1';
          socket.write(
            `RTSP/1.0 302 Moved Temporarily\r\nCSeq: ${cseq}\r\nLocation: ${camera.url}\r\nContent-Length: 0\r\n\r\n`,
          );
        });
        socket.on('error', () => undefined);
      });
      // … an HTTP server that redirects to the loopback stream, and an HLS playlist of loopback segments.
      const redirect = createHttpServer((_request, response) => {
        response.writeHead(302, { location: `http://127.0.0.1:${transportStream.port}/live.ts` });
        response.end();
      });
      const playlist = createHttpServer((_request, response) => {
        response.setHeader('content-type', 'application/vnd.apple.mpegurl');
        response.end(
          [
            '#EXTM3U',
            '#EXT-X-VERSION:3',
            '#EXT-X-TARGETDURATION:6',
            '#EXT-X-MEDIA-SEQUENCE:0',
            '#EXTINF:6.0,',
            `http://127.0.0.1:${transportStream.port}/segment-0.ts`,
            '#EXT-X-ENDLIST',
            '',
          ].join('\n'),
        );
      });
      lanServers.push(rtsp, redirect, playlist);
      ports.rtspRedirect = await listenOnLan(rtsp);
      ports.httpRedirect = await listenOnLan(redirect);
      ports.playlist = await listenOnLan(playlist);
    });
    after(async () => {
      await t.close();
      await camera.close();
      await transportStream.stop();
      for (const server of lanServers) server.close();
    });

    async function addCamera(token: string, rtspUrl: string): Promise<number> {
      const created = await t.request({
        method: 'POST',
        url: '/api/v1/cameras?force=true',
        token,
        payload: { name: `guarded ${rtspUrl}`, ip_address: lan, rtsp_url: rtspUrl },
      });
      assert.equal(created.statusCode, 201, created.body);
      const id = created.json<{ id: number }>().id;
      await t.container.cameraConfig.idle();
      const configured = await t.request({
        method: 'PATCH',
        url: `/api/v1/camera-config/${id}`,
        token,
        payload: { transport_security: 'plaintext_allowed' },
      });
      assert.equal(configured.statusCode, 200, configured.body);
      return id;
    }

    const snapshot = (id: number, token: string) =>
      t.request({ method: 'GET', url: `/api/v1/cameras/${id}/snapshot`, token });

    it('the guard works with this ffmpeg, refuses this machine and its link in every form, and lets the LAN through', async () => {
      assert.equal(await connectGuardProblem('ffmpeg'), null);
      // Asynchronously: the LAN listener below answers in this process.
      const stderrOf = (url: string) =>
        new Promise<string>((resolve) => {
          const child = spawn(
            'ffmpeg',
            [
              '-hide_banner',
              '-nostdin',
              '-protocol_whitelist',
              'tcp',
              '-i',
              url,
              '-t',
              '0.1',
              '-f',
              'null',
              '-',
            ],
            { env: connectGuardEnv([]), stdio: ['ignore', 'ignore', 'pipe'] },
          );
          let text = '';
          child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
          child.on('close', () => resolve(text));
        });
      for (const [url, refusal] of [
        ['tcp://169.254.169.254:80', '169.254.169.254 is a link-local address'],
        ['tcp://[::1]:9', '::1 is a loopback address'],
        ['tcp://[::ffff:127.0.0.1]:9', '::ffff:127.0.0.1 is a loopback address'],
        ['tcp://0.0.0.0:9', '0.0.0.0 is an unspecified address'],
        ['tcp://224.0.0.1:9', '224.0.0.1 is a multicast address'],
        ['tcp://[fe80::1]:9', 'fe80::1 is a link-local address'],
      ] as const)
        assert.ok((await stderrOf(url)).includes(`nvr-connect-guard: ${refusal}`), url);
      let reached = 0;
      const lanListener = createServer((socket) => {
        reached += 1;
        socket.destroy();
      });
      const port = await listenOnLan(lanListener);
      assert.ok(!(await stderrOf(`tcp://${lan}:${port}`)).includes('nvr-connect-guard'));
      assert.equal(reached, 1, 'a LAN address is reached');
      lanListener.close();
    });

    for (const [what, url] of [
      ['an RTSP redirect', () => `rtsp://${lan}:${ports.rtspRedirect}/live`],
      ['an HTTP redirect', () => `http://${lan}:${ports.httpRedirect}/live.ts`],
      ['an HLS playlist', () => `http://${lan}:${ports.playlist}/live.m3u8`],
    ] as const) {
      it(`does not follow ${what} to the recorder's own machine`, async () => {
        const hitsBefore = loopbackHits;
        camera.resetMaxSessions();
        const id = await addCamera(alice.token, url());
        const response = await snapshot(id, alice.token);
        assert.equal(response.statusCode, 503, `no picture from loopback: ${response.statusCode}`);
        assert.match(response.json().detail, /127\.0\.0\.1 is a loopback address: only a superuser/);
        assert.equal(camera.maxSessions, 0, 'the loopback camera was never reached');
        assert.equal(loopbackHits, hitsBefore, 'the loopback stream was never fetched');
      });
    }

    it('a recording of such a camera fails with the reason, and a superuser camera still follows the redirect', async () => {
      const id = await addCamera(alice.token, `rtsp://${lan}:${ports.rtspRedirect}/live`);
      const recording = await t.request({
        method: 'PATCH',
        url: `/api/v1/camera-config/${id}`,
        token: alice.token,
        payload: { recording_enabled: true, max_restart_attempts: 1 },
      });
      assert.equal(recording.statusCode, 200, recording.body);
      const failed = await new Promise<string | null>((resolve) =>
        t.container.recordingEngine.onNotice((notice) => {
          if (notice.cameraId === id && notice.type === 'recording.failed') resolve(notice.error);
        }),
      );
      assert.match(failed ?? '', /127\.0\.0\.1 is a loopback address/);
      const state = await t.request({ method: 'GET', url: `/api/v1/cameras/${id}`, token: alice.token });
      assert.match(state.json().stream_warning, /127\.0\.0\.1 is a loopback address/);
      assert.equal(camera.maxSessions, 0);

      const admins = await addCamera(t.adminToken, `rtsp://${lan}:${ports.rtspRedirect}/live`);
      const picture = await snapshot(admins, t.adminToken);
      assert.equal(picture.statusCode, 200, picture.body);
      assert.equal(picture.headers['content-type'], 'image/jpeg');
    });
  },
);
