// What a person sees: Debian's chromium plays the camera live over HLS (hls.js) and WebRTC (WHEP), and a recorded
// range through the VOD playlist, all with a media ticket as a page without headers would. "Plays" means the
// video element's currentTime advances and the frames carry the test camera's clock code.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openPlayer, type BrowserPlayer } from './helpers/browser-player.js';
import { judgeClockedFrames } from './helpers/clock-code.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { listen } from './helpers/event-clients.js';
import { chunkCollector } from './helpers/recording.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

describe('playback in chromium', { timeout: 180_000 }, () => {
  let t: TestApp;
  let source: TestCamera;
  let player: BrowserPlayer;
  let origin: string;
  let cameraId: number;
  let chunks: ReturnType<typeof chunkCollector>;
  let ticket: { ticket: string; hls_url: string; whep_url: string };
  // Frames stamped before the suite began are not of this run.
  const runStart = Date.now();

  before(async () => {
    t = await createTestApp();
    source = await startTestCamera({ clockCode: true, gop: 15, fps: 15 });
    origin = `http://${await listen(t.app)}`;
    const camera = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1', rtsp_url: source.url });
    cameraId = camera.id;
    await t.container.cameraConfig.idle();
    chunks = chunkCollector(t.container.recordingEngine, cameraId);
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/v1/camera-config/${cameraId}`,
      token: t.adminToken,
      payload: {
        transport_security: 'plaintext_allowed',
        webrtc_publisher: true,
        recording_enabled: true,
        recording_segment_seconds: 10,
      },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    ticket = (
      await t.request({
        method: 'POST',
        url: `/api/v1/cameras/${cameraId}/stream-ticket`,
        token: t.adminToken,
      })
    ).json();
    player = await openPlayer(origin);
  });
  after(async () => {
    await player?.close();
    await t.close();
    await source.close();
  });

  /**
   * Playback advanced, nothing failed, and the frames shown are the camera's from this run, moving forward (their
   * clock code decodes to a time of this run); one stray frame does not decide it.
   */
  async function assertPlays(what: string) {
    await player.takeFrames();
    await player.waitForProgress(2);
    assert.deepEqual(await player.errors(), [], what);
    const verdict = judgeClockedFrames(await player.takeFrames(), runStart);
    assert.equal(verdict, null, `${what}: ${verdict}`);
    await player.stop();
  }

  it('plays live HLS with hls.js', async () => {
    await player.playHls(`${origin}${ticket.hls_url}`, { liveSyncDurationCount: 2 });
    await assertPlays('live HLS');
  });

  it('plays live WebRTC through WHEP', async () => {
    await player.playWhep(`${origin}${ticket.whep_url}`);
    await assertPlays('WebRTC');
  });

  it('plays a recorded range through the VOD playlist', async () => {
    const [first] = await chunks.waitFor(1);
    const range = `start_unix=${Math.floor(first!.startMs / 1000)}&end_unix=${Math.ceil(first!.endMs / 1000)}`;
    const query = `${range}&ticket=${ticket.ticket}`;
    await player.playHls(`${origin}/api/v1/recordings/${cameraId}/playlist.m3u8?${query}`);
    await assertPlays('recorded range');
  });
});
