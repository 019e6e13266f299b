// Footage is never lost (issue #15): a killed ffmpeg leaves its chunk playable up to the last fragment, a camera
// that stays away is tried again for ever, and a camera that froze and resumed keeps true times on every chunk.
// Real ffmpeg against GStreamer RTSP test cameras.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { INCOMING_DIR } from '../src/media/camera-recorder.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { clockCodesOf } from './helpers/clock-code.js';
import { chunkCollector, nextNotice } from './helpers/recording.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

const SEGMENT = 10;

const playableSeconds = (file: string) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], {
      encoding: 'utf8',
    }),
  );

describe('footage survives failures', { timeout: 300_000 }, () => {
  let t: TestApp;
  const cameras: TestCamera[] = [];
  before(async () => {
    t = await createTestApp({
      overrides: {
        recordingBackoff: { baseMs: 200, maxMs: 1000, jitter: 0.1 },
        recordingSlowRetryMs: 1500,
      },
    });
  });
  after(async () => {
    await t.close();
    await Promise.all(cameras.map((camera) => camera.close()));
  });

  const api = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
    t.request({ method, url: `/api/v1${url}`, token: t.adminToken, ...(payload ? { payload } : {}) });

  async function recordingCamera(source: TestCamera, config: Record<string, unknown> = {}) {
    const camera = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1', rtsp_url: source.url });
    await t.container.cameraConfig.idle();
    const response = await api('PATCH', `/camera-config/${camera.id}`, {
      recording_enabled: true,
      recording_segment_seconds: SEGMENT,
      transport_security: 'plaintext_allowed',
      ...config,
    });
    assert.equal(response.statusCode, 200, response.body);
    return camera;
  }

  it('kill -9 of ffmpeg in the middle of a chunk loses at most the last fragment', async () => {
    const source = await startTestCamera();
    cameras.push(source);
    const started = nextNotice(t.container.recordingEngine, (n) => n.type === 'recording.started');
    const camera = await recordingCamera(source);
    const collector = chunkCollector(t.container.recordingEngine, camera.id);
    await started;
    const [first] = await collector.waitFor(1);
    // Six seconds into the next chunk, its writer is killed.
    await sleep(first!.endMs + 6000 - Date.now());
    const incoming = join(t.config.recordingsDir, `cam-${camera.id}`, INCOMING_DIR);
    const pid = Number(
      readFileSync(
        join(
          incoming,
          readdirSync(incoming).find((name) => name.endsWith('.pid'))!,
        ),
        'utf8',
      ),
    );
    const restarted = nextNotice(
      t.container.recordingEngine,
      (n) => n.type === 'recording.started' && n.cameraId === camera.id,
    );
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();

    const [, cutOff] = await collector.waitFor(2);
    assert.ok(Math.abs(cutOff!.startMs - first!.endMs) < 1000, 'the cut-off chunk follows the one before');
    const file = join(t.config.recordingsDir, cutOff!.path);
    const plays = playableSeconds(file);
    const written = (killedAt - cutOff!.startMs) / 1000;
    // At most one fragment (1 s) plus the progress report interval is lost.
    assert.ok(
      plays >= written - 2,
      `plays ${plays} s of the ${written.toFixed(1)} s written before the kill`,
    );
    assert.ok(cutOff!.endMs >= killedAt - 2000, `ends ${killedAt - cutOff!.endMs} ms before the kill`);
    await restarted;
    await api('PATCH', `/camera-config/${camera.id}`, { recording_enabled: false });
  });

  it('keeps trying a camera that stayed away past max_restart_attempts, and says so', async () => {
    const source = await startTestCamera();
    cameras.push(source);
    const started = nextNotice(t.container.recordingEngine, (n) => n.type === 'recording.started');
    const camera = await recordingCamera(source, { max_restart_attempts: 2 });
    await started;

    const failed = nextNotice(
      t.container.recordingEngine,
      (n) => n.type === 'recording.failed' && n.cameraId === camera.id,
    );
    await source.stop();
    await failed;
    const down = (await api('GET', `/cameras/${camera.id}`)).json();
    assert.equal(down.recording_state, 'failed');
    assert.equal(down.live_online, false);
    await t.container.alerts.idle();
    const alerts = (await api('GET', `/alerts?camera_id=${camera.id}`)).json();
    assert.ok(
      alerts.alerts.some((a: { source_name: string }) => a.source_name === 'recording_failure'),
      JSON.stringify(alerts),
    );

    // Without any change through the API, recording comes back with the camera.
    const back = nextNotice(
      t.container.recordingEngine,
      (n) => n.type === 'recording.started' && n.cameraId === camera.id,
    );
    await source.start();
    await back;
    const up = (await api('GET', `/cameras/${camera.id}`)).json();
    assert.equal(up.recording_state, 'recording');
    assert.equal(up.live_online, true);

    // Every change of state is one line in the server log, without credentials.
    const lines = t
      .logs()
      .split('\n')
      .filter((line) => line.includes('"recording state changed"'))
      .map((line) => JSON.parse(line) as { level: number; cameraId: number; to: string; error?: string });
    const mine = lines.filter((line) => line.cameraId === camera.id);
    assert.ok(mine.some((line) => line.to === 'retrying' && line.level === 40 && line.error));
    assert.ok(mine.some((line) => line.to === 'failed' && line.level === 50));
    assert.ok(mine.some((line) => line.to === 'recording' && line.level === 30));
    await api('PATCH', `/camera-config/${camera.id}`, { recording_enabled: false });
  });

  it('cuts at a freeze so that every chunk starts and ends at its true wall-clock time', async () => {
    const source = await startTestCamera({ clockCode: true, freezable: true });
    cameras.push(source);
    const started = nextNotice(t.container.recordingEngine, (n) => n.type === 'recording.started');
    const camera = await recordingCamera(source);
    const collector = chunkCollector(t.container.recordingEngine, camera.id);
    await started;
    await collector.waitFor(1);
    // The camera keeps the session open and sends nothing for a while, then carries on where it stopped.
    source.freeze();
    await sleep(5000);
    source.resume();
    const resumedAt = Date.now();
    const chunks = await collector.waitFor(4);
    assert.ok(
      chunks.some((chunk) => chunk.startMs >= resumedAt - 1000),
      'a chunk starts after the freeze',
    );
    for (const chunk of chunks) {
      const codes = await clockCodesOf(join(t.config.recordingsDir, chunk.path));
      assert.ok(codes.length > 0, `${chunk.path} carries clock codes`);
      const startError = codes[0]! - chunk.startMs;
      const endError = codes.at(-1)! - chunk.endMs;
      assert.ok(Math.abs(startError) <= 1000, `${chunk.path} starts ${startError} ms off its first frame`);
      assert.ok(Math.abs(endError) <= 1000, `${chunk.path} ends ${endError} ms off its last frame`);
    }
    assert.match(t.logs(), /camera sent no video for a while and resumed/);
    await api('PATCH', `/camera-config/${camera.id}`, { recording_enabled: false });
  });
});
