// The cameras people own (issue #33): H.264 with G.711 µ-law, A-law, AAC or Opus audio, MJPEG, H.265, H.264 with
// B-frames, RTP over UDP only, and Digest authentication — each recorded into chunks a browser plays (H.264 or H.265
// video, AAC or Opus audio) with its sound, each giving a snapshot, each playing live in Debian's chromium over HLS
// (hls.js, its sound decoded there) and WebRTC (sound as Opus), and each playing recorded. H.265 plays as chromium
// asks for it: live transcoded to H.264 once for every viewer, or as the camera's H.264 substream when it has one;
// recorded as its chunks' H.264 transcode, and exported as recorded or transcoded. The audio check decodes the
// chunk's sound and finds the test camera's 440 Hz tone in it; in chromium, the bytes of audio the element decoded
// grow (HLS) or the WebRTC receiver's decoded sound has energy. All cameras at once, small and slow, to keep the
// machine's load low.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { openPlayer, type BrowserPlayer } from './helpers/browser-player.js';
import { listen } from './helpers/event-clients.js';
import { chunkCollector, nextNotice } from './helpers/recording.js';
import { startTestCamera, type TestCamera, type TestCameraOptions } from './helpers/rtsp-camera.js';

const run = promisify(execFile);

interface Kind {
  name: string;
  camera: TestCameraOptions;
  video: 'h264' | 'hevc';
  audio: 'aac' | 'opus' | null;
  /** what the camera's status says it converts */
  converts: RegExp | null;
  /** plays recorded in chromium */
  browser: boolean;
  /** the camera's stream settings beside the zoo's own */
  config?: Record<string, unknown>;
}

/**
 * The kinds whose pictures or sound differ on the way to a WebRTC viewer: copied, converted, transcoded,
 * B-frames; G.711 and AAC sound (the fan-out's AAC becomes Opus).
 */
const OVER_WEBRTC = new Set(['H.264 + G.711 µ-law', 'H.264 + AAC', 'MJPEG', 'H.265', 'H.264 with B-frames']);

const KINDS: Kind[] = [
  {
    name: 'H.264 + G.711 µ-law',
    camera: { audio: 'pcmu' },
    video: 'h264',
    audio: 'aac',
    converts: /G\.711 µ-law audio is converted to AAC/,
    browser: true,
  },
  {
    name: 'H.264 + G.711 A-law',
    camera: { audio: 'pcma' },
    video: 'h264',
    audio: 'aac',
    converts: /G\.711 A-law audio/,
    browser: true,
  },
  {
    name: 'H.264 + AAC',
    camera: { audio: 'aac' },
    video: 'h264',
    audio: 'aac',
    converts: null,
    browser: true,
  },
  {
    name: 'H.264 + Opus',
    camera: { audio: 'opus' },
    video: 'h264',
    audio: 'opus',
    converts: null,
    browser: true,
  },
  {
    name: 'MJPEG',
    camera: { codec: 'mjpeg' },
    video: 'h264',
    audio: null,
    converts: /MJPEG video is converted to H\.264/,
    browser: true,
  },
  { name: 'H.265', camera: { codec: 'h265' }, video: 'hevc', audio: null, converts: null, browser: true },
  {
    name: 'H.264 with B-frames',
    camera: { bframes: true },
    video: 'h264',
    audio: null,
    converts: null,
    browser: true,
  },
  {
    // A camera (or a network) where RTP comes over UDP only: the recorder is told so (rtsp_transport).
    name: 'H.264 + AAC over RTSP/UDP',
    camera: { audio: 'aac', transport: 'udp' },
    video: 'h264',
    audio: 'aac',
    converts: null,
    browser: true,
    config: { rtsp_transport: 'udp' },
  },
  {
    name: 'H.264 behind Digest authentication',
    camera: { user: 'viewer', password: 'zoo-pass', digest: true },
    video: 'h264',
    audio: null,
    converts: null,
    browser: true,
  },
];

/** The dominant frequency of mono 16-bit samples by zero crossings, and their loudness (RMS, 0–32767). */
function tone(samples: Int16Array, rate: number): { hz: number; rms: number } {
  let crossings = 0;
  let sum = 0;
  for (let i = 1; i < samples.length; i++) {
    if (samples[i - 1]! < 0 !== samples[i]! < 0) crossings += 1;
    sum += samples[i]! * samples[i]!;
  }
  return { hz: crossings / 2 / (samples.length / rate), rms: Math.sqrt(sum / samples.length) };
}

describe(
  'the camera zoo: every kind records footage a browser plays, with its sound, and gives a snapshot',
  { timeout: 240_000 },
  () => {
    let t: TestApp;
    let origin: string;
    let player: BrowserPlayer;
    const sources: TestCamera[] = [];

    before(async () => {
      t = await createTestApp({ overrides: { recordingBackoff: { baseMs: 200, maxMs: 1000, jitter: 0.1 } } });
      origin = `http://${await listen(t.app)}`;
      player = await openPlayer(origin);
    });
    after(async () => {
      await player?.close();
      await t.close();
      await Promise.all(sources.map((source) => source.close()));
    });

    it('records, converts what browsers cannot take, keeps the sound, and snapshots each kind', async () => {
      const cameras = await Promise.all(
        KINDS.map(async (kind) => {
          const source = await startTestCamera({ width: 320, height: 192, fps: 10, gop: 10, ...kind.camera });
          sources.push(source);
          const created = await t.request({
            method: 'POST',
            url: '/api/v1/cameras?force=true',
            token: t.adminToken,
            payload: {
              name: kind.name,
              ip_address: '127.0.0.1',
              rtsp_url: source.url,
              ...(kind.camera.user ? { username: kind.camera.user, password: kind.camera.password } : {}),
            },
          });
          assert.equal(created.statusCode, 201, created.body);
          const id = created.json<{ id: number }>().id;
          return { kind, id, source };
        }),
      );
      await t.container.cameraConfig.idle();
      const started = cameras.map(({ id }) =>
        nextNotice(
          t.container.recordingEngine,
          (n) => n.type === 'recording.started' && n.cameraId === id,
          90_000,
        ),
      );
      for (const { id, kind } of cameras) {
        const patched = await t.request({
          method: 'PATCH',
          url: `/api/v1/camera-config/${id}`,
          token: t.adminToken,
          payload: {
            recording_enabled: true,
            // One chunk from start to stop: a cut shortly before the stop would leave the last chunk a second long.
            recording_segment_seconds: 600,
            transport_security: 'plaintext_allowed',
            webrtc_publisher: true,
            ...kind.config,
          },
        });
        assert.equal(patched.statusCode, 200, patched.body);
      }
      await Promise.all(started);

      for (const { kind, id } of cameras) {
        // A snapshot: one picture decoded from the camera stream the recording sends.
        const snapshot = await t.request({
          method: 'GET',
          url: `/api/v1/cameras/${id}/snapshot`,
          token: t.adminToken,
        });
        assert.equal(snapshot.statusCode, 200, `${kind.name}: ${snapshot.body}`);
        assert.deepEqual([...snapshot.rawPayload.subarray(0, 3)], [0xff, 0xd8, 0xff], kind.name);
        const status = (
          await t.request({ method: 'GET', url: `/api/v1/cameras/${id}`, token: t.adminToken })
        ).json();
        assert.equal(status.recording_state, 'recording', kind.name);
        if (kind.converts) assert.match(status.stream_warning ?? '', kind.converts, kind.name);
        else assert.equal(status.stream_warning, null, kind.name);
      }

      // Live in chromium through hls.js: the picture advances, nothing fails, and the sound is decoded.
      const tickets = new Map<number, string>();
      for (const { kind, id } of cameras) {
        const ticket = await t.request({
          method: 'POST',
          url: `/api/v1/cameras/${id}/stream-ticket`,
          token: t.adminToken,
        });
        tickets.set(id, ticket.json<{ ticket: string }>().ticket);
        // As the web app asks in a browser without HEVC (chromium): H.264 only.
        await player.playHls(`${origin}${ticket.json<{ hls_url: string }>().hls_url}&video=h264`);
        await playsWithSound(kind, 'live');
        const transcoded = t.container.liveHls.isTranscoding(id, 'main');
        assert.equal(transcoded, kind.video === 'hevc', `${kind.name}: transcoded only when not H.264`);
        // And over WebRTC, each kind of picture, and sound as Opus.
        if (!OVER_WEBRTC.has(kind.name)) continue;
        await player.playWhep(`${origin}${ticket.json<{ whep_url: string }>().whep_url}`);
        await player.waitForProgress(2, 30_000);
        assert.deepEqual(await player.errors(), [], `${kind.name} over WebRTC`);
        if (kind.audio) {
          const sound = await player.waitForWebrtcSound(20_000);
          assert.equal(sound.codec, 'audio/opus', kind.name);
          assert.ok(sound.samples > 0, `${kind.name} over WebRTC: sound decoded (${sound.samples} samples)`);
        } else {
          assert.equal(await player.webrtcAudio(), null, `${kind.name} over WebRTC: no sound track`);
        }
        await player.stop();
      }

      // H.265: a second viewer shares the transcode; with an H.264 substream, that is played instead.
      const hevc = cameras.find(({ kind }) => kind.video === 'hevc')!.id;
      const runs = t.container.liveHls.runs(hevc);
      const second = await t.request({
        method: 'GET',
        url: `/api/v1/cameras/${hevc}/live/index.m3u8?video=h264`,
        token: t.adminToken,
      });
      assert.equal(second.statusCode, 200, second.body);
      assert.match(second.body, /media\.m3u8\?video=h264/);
      assert.equal(t.container.liveHls.runs(hevc), runs, 'one transcode for every viewer');
      const h264Source = cameras.find(({ kind }) => kind.name === 'H.264 + AAC')!.source;
      const withSub = await t.request({
        method: 'PATCH',
        url: `/api/v1/cameras/${hevc}`,
        token: t.adminToken,
        payload: { substream_url: h264Source.url },
      });
      assert.equal(withSub.statusCode, 200, withSub.body);
      const viaSub = await t.request({
        method: 'GET',
        url: `/api/v1/cameras/${hevc}/live/index.m3u8?video=h264`,
        token: t.adminToken,
      });
      assert.equal(viaSub.statusCode, 200, viaSub.body);
      assert.match(viaSub.body, /media\.m3u8\?stream=sub$/m, 'the H.264 substream, as the camera sends it');

      // Recording off: each camera's chunk is closed and indexed.
      const collectors = cameras.map(({ id }) => chunkCollector(t.container.recordingEngine, id));
      for (const { id } of cameras) {
        await t.request({
          method: 'PATCH',
          url: `/api/v1/camera-config/${id}`,
          token: t.adminToken,
          payload: { recording_enabled: false },
        });
      }
      for (const [index, { kind }] of cameras.entries()) {
        const [chunk] = await collectors[index]!.waitFor(1);
        const file = join(t.config.recordingsDir, chunk!.path);
        const { stdout } = await run('ffprobe', [
          ...['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,pix_fmt', '-of', 'json', file],
        ]);
        const streams = (JSON.parse(stdout) as { streams: Record<string, string>[] }).streams;
        const video = streams.find((s) => s.codec_type === 'video');
        const audio = streams.find((s) => s.codec_type === 'audio');
        assert.equal(video?.codec_name, kind.video, `${kind.name}: ${stdout}`);
        if (kind.video === 'h264') assert.match(video.pix_fmt ?? '', /^yuv420p$|^yuvj420p$/, kind.name);
        assert.equal(audio?.codec_name ?? null, kind.audio, `${kind.name}: ${stdout}`);
        if (!kind.audio) continue;
        // The sound itself: decoded, it is the camera's 440 Hz tone, not silence.
        const pcm = await run(
          'ffmpeg',
          ['-v', 'error', '-i', file, '-map', '0:a:0', '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'],
          { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
        );
        const bytes = pcm.stdout as unknown as Buffer;
        const samples = new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
        assert.ok(
          samples.length >= 8000,
          `${kind.name}: at least a second of sound (${samples.length} samples)`,
        );
        const { hz, rms } = tone(samples.subarray(1600), 8000);
        assert.ok(rms > 1000, `${kind.name}: sound, not silence (rms ${rms.toFixed(0)})`);
        assert.ok(Math.abs(hz - 440) < 30, `${kind.name}: the camera's 440 Hz tone (${hz.toFixed(0)} Hz)`);
      }

      // The recorded chunk in chromium, through the VOD playlist: it plays, with its sound.
      for (const [index, { kind, id }] of cameras.entries()) {
        if (!kind.browser) continue;
        const [chunk] = collectors[index]!.chunks;
        const range = `start_unix=${Math.floor(chunk!.startMs / 1000)}&end_unix=${Math.ceil(chunk!.endMs / 1000)}`;
        if (kind.video === 'hevc') {
          const listed = await t.request({
            method: 'GET',
            url: `/api/v1/recordings/${id}/playlist.m3u8?${range}&video=h264`,
            token: t.adminToken,
          });
          const chunkId = /chunks\/(\d+)\/h264\/0\.m4s/.exec(listed.body)?.[1];
          assert.ok(chunkId, `the chunk listed as its transcode: ${listed.body}`);
          // The transcode's segments are footage: for those who may view the camera only.
          const segment = `/api/v1/recordings/${id}/chunks/${chunkId}/h264/0.m4s`;
          const stranger = await t.createUser('zoo-stranger');
          assert.equal((await t.request({ method: 'GET', url: segment })).statusCode, 401);
          assert.equal(
            (await t.request({ method: 'GET', url: segment, token: stranger.token })).statusCode,
            404,
          );
          const owner = await t.request({ method: 'GET', url: segment, token: t.adminToken });
          assert.equal(owner.statusCode, 200, owner.body);
          const beyond = segment.replace('/0.m4s', '/999.m4s');
          assert.equal(
            (await t.request({ method: 'GET', url: beyond, token: t.adminToken })).statusCode,
            404,
          );
          // Its export stays H.265 unless asked for H.264: then transcoded, cut to the same footage.
          for (const [video, codec] of [
            ['', 'hevc'],
            ['&video=h264', 'h264'],
          ] as const) {
            const exported = await t.request({
              method: 'GET',
              url: `/api/v1/recordings/${id}/export?${range}${video}`,
              token: t.adminToken,
            });
            assert.equal(exported.statusCode, 200, exported.body);
            assert.match(
              String(exported.headers['content-disposition']),
              video ? /-h264\.mp4"$/ : /\d\.mp4"$/,
            );
            const file = join(t.config.dataDir, `zoo-export${video ? '-h264' : ''}.mp4`);
            await writeFile(file, exported.rawPayload);
            const probed = await run('ffprobe', [
              ...[
                '-v',
                'error',
                '-select_streams',
                'v:0',
                '-show_entries',
                'stream=codec_name:format=duration',
              ],
              ...['-of', 'json', file],
            ]);
            const info = JSON.parse(probed.stdout) as {
              streams: { codec_name: string }[];
              format: { duration: string };
            };
            assert.equal(info.streams[0]?.codec_name, codec, `export${video}`);
            const footage = (chunk!.endMs - chunk!.startMs) / 1000;
            assert.ok(
              Math.abs(Number(info.format.duration) - footage) < 0.5,
              `export${video}: ${info.format.duration} s of the chunk's ${footage} s`,
            );
          }
        }
        // As the web app asks in chromium: H.264 only (H.265 chunks come as their transcode).
        await player.playHls(
          `${origin}/api/v1/recordings/${id}/playlist.m3u8?${range}&ticket=${tickets.get(id)}&video=h264`,
        );
        await playsWithSound(kind, 'recorded', 1);
      }
    });

    /** The picture advances, no error, and — for a camera with sound — the element has decoded audio. */
    async function playsWithSound(kind: Kind, what: string, seconds = 2): Promise<void> {
      await player.waitForProgress(seconds, 30_000);
      assert.deepEqual(await player.errors(), [], `${kind.name} ${what}`);
      // (A string: the recorder's tests are compiled without the DOM's types.) Chromium counts decoded audio bytes.
      const decoded = Number(
        await player.page.evaluate('document.querySelector("video").webkitAudioDecodedByteCount'),
      );
      if (kind.audio) assert.ok(decoded > 0, `${kind.name} ${what}: sound decoded (${decoded} bytes)`);
      else assert.equal(decoded, 0, `${kind.name} ${what}: a camera without sound has none`);
      await player.stop();
    }
  },
);
