// The recorder records: real ffmpeg against GStreamer RTSP test cameras.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { selfSignedCertificate } from './helpers/net-servers.js';
import { chunkCollector, nextNotice } from './helpers/recording.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

const SEGMENT = 10;

describe('recording engine', { timeout: 240_000 }, () => {
  let t: TestApp;
  const cameras: TestCamera[] = [];
  before(async () => {
    t = await createTestApp({ overrides: { recordingBackoff: { baseMs: 200, maxMs: 1000, jitter: 0.1 } } });
  });
  after(async () => {
    await t.close();
    await Promise.all(cameras.map((camera) => camera.close()));
  });

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ) =>
    t.request({
      method,
      url: `/api/v1${url}`,
      token: t.adminToken,
      ...(payload ? { payload } : {}),
      ...(headers ? { headers } : {}),
    });

  async function recordingCamera(fields: Record<string, unknown>, config: Record<string, unknown> = {}) {
    const camera = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1', ...fields });
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

  it('writes chunks that tile the timeline, indexes them, and serves them by range', async () => {
    const source = await startTestCamera();
    cameras.push(source);
    const started = nextNotice(t.container.recordingEngine, (n) => n.type === 'recording.started');
    const camera = await recordingCamera({ rtsp_url: source.url });
    const collector = chunkCollector(t.container.recordingEngine, camera.id);
    await started;
    const live = (await api('GET', `/cameras/${camera.id}`)).json();
    assert.equal(live.recording_state, 'recording');
    assert.equal(live.live_online, true);
    assert.equal(live.media_server_provisioned, true);

    const chunks = await collector.waitFor(3);
    for (const chunk of chunks) {
      const duration = (chunk.endMs - chunk.startMs) / 1000;
      assert.ok(Math.abs(duration - SEGMENT) <= 1, `duration ${duration}`);
      assert.match(chunk.path, new RegExp(`^cam-${camera.id}/\\d{4}/\\d{2}/\\d{2}/${chunk.startMs}\\.mp4$`));
    }
    for (let i = 1; i < chunks.length; i++) {
      const gap = Math.abs(chunks[i]!.startMs - chunks[i - 1]!.endMs);
      assert.ok(gap < 1000, `gap ${gap} ms between chunks`);
    }
    // Each chunk is a playable MP4 of about the segment length.
    const file = join(t.config.recordingsDir, chunks[1]!.path);
    const probed = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]),
    );
    assert.ok(Math.abs(probed - SEGMENT) <= 1, `ffprobe duration ${probed}`);

    // The range query returns exactly the overlapping chunks.
    const [first, second, third] = chunks as [(typeof chunks)[0], (typeof chunks)[0], (typeof chunks)[0]];
    const listed = async (start: number, end: number) =>
      (await api('GET', `/recordings/${camera.id}?start_unix=${start}&end_unix=${end}`))
        .json()
        .map((c: { start_unix: number }) => c.start_unix);
    const all = (await api('GET', `/recordings/${camera.id}`)).json();
    assert.ok(all.length >= 3);
    const secondOnly = await listed(
      Math.ceil(second.startMs / 1000) + 1,
      Math.floor(second.endMs / 1000) - 1,
    );
    assert.deepEqual(secondOnly, [Math.floor(second.startMs / 1000)]);
    const firstTwo = await listed(Math.floor(first.startMs / 1000), Math.floor(second.endMs / 1000) - 1);
    assert.deepEqual(firstTwo, [Math.floor(first.startMs / 1000), Math.floor(second.startMs / 1000)]);
    assert.ok(
      (await listed(Math.floor(third.startMs / 1000), Math.floor(third.startMs / 1000) + 1)).length >= 1,
    );

    // Range download: 206 with exactly the asked bytes.
    const chunk = all[1];
    const bytes = readFileSync(join(t.config.recordingsDir, second.path));
    const ranged = await api('GET', `/recordings/${camera.id}/chunks/${chunk.id}.mp4`, undefined, {
      range: 'bytes=100-199',
    });
    assert.equal(ranged.statusCode, 206);
    assert.equal(ranged.headers['content-range'], `bytes 100-199/${chunk.size_bytes}`);
    const beyond = await api('GET', `/recordings/${camera.id}/chunks/${chunk.id}.mp4`, undefined, {
      range: `bytes=${chunk.size_bytes + 10}-`,
    });
    assert.equal(beyond.statusCode, 416);
    assert.equal(beyond.headers['content-range'], `bytes */${chunk.size_bytes}`);
    assert.deepEqual(beyond.json(), { detail: 'Range not satisfiable' });
    assert.deepEqual(
      ranged.rawPayload,
      (await api('GET', `/recordings/${camera.id}/chunks/${chunk.id}.mp4`)).rawPayload.subarray(100, 200),
    );
    const whole = await api(
      'GET',
      `/recordings/${camera.id}/chunks/${all.find((c: { start_unix: number }) => c.start_unix === Math.floor(second.startMs / 1000)).id}.mp4`,
    );
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.headers['content-type'], 'video/mp4');
    assert.deepEqual(whole.rawPayload, bytes);

    // A VOD playlist over the range: one init section and fragment run per chunk.
    const range = `start_unix=${Math.floor(first.startMs / 1000)}&end_unix=${Math.ceil(third.endMs / 1000)}`;
    const playlist = await api('GET', `/recordings/${camera.id}/playlist.m3u8?${range}`);
    assert.equal(playlist.statusCode, 200);
    assert.equal(playlist.headers['content-type'], 'application/vnd.apple.mpegurl');
    const maps = playlist.body.match(/#EXT-X-MAP:URI="chunks\/(\d+)\.mp4",BYTERANGE="(\d+)@0"/g) ?? [];
    assert.ok(maps.length >= 3, playlist.body);
    assert.ok(playlist.body.includes('#EXT-X-DISCONTINUITY'));
    assert.ok(playlist.body.trimEnd().endsWith('#EXT-X-ENDLIST'));
    // URIs are relative to the playlist, i.e. the chunk download route.
    const [, mapId, initLength] = /#EXT-X-MAP:URI="chunks\/(\d+)\.mp4",BYTERANGE="(\d+)@0"/.exec(
      playlist.body,
    )!;
    const init = await api('GET', `/recordings/${camera.id}/chunks/${mapId}.mp4`, undefined, {
      range: `bytes=0-${Number(initLength) - 1}`,
    });
    assert.equal(init.rawPayload.subarray(4, 8).toString('latin1'), 'ftyp');
    const fragment = await api('GET', `/recordings/${camera.id}/chunks/${mapId}.mp4`, undefined, {
      range: `bytes=${initLength}-${Number(initLength) + 7}`,
    });
    assert.equal(fragment.rawPayload.subarray(4, 8).toString('latin1'), 'moof');

    // Scrub previews: the keyframe at or before an instant, as a small JPEG; nothing where nothing was recorded.
    const preview = await api('GET', `/recordings/${camera.id}/thumbnail?at_ms=${second.startMs + 4500}`);
    assert.equal(preview.statusCode, 200, preview.body.slice(0, 200));
    assert.equal(preview.headers['content-type'], 'image/jpeg');
    const previewFile = join(t.config.dataDir, 'preview-check.jpg');
    writeFileSync(previewFile, preview.rawPayload);
    const [width, height] = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', previewFile],
      { encoding: 'utf8' },
    )
      .trim()
      .split(',')
      .map(Number);
    assert.equal(width, 160);
    assert.ok(height! > 0 && height! < 160, `height ${height}`);
    const wide = await api(
      'GET',
      `/recordings/${camera.id}/thumbnail?at_ms=${second.startMs + 4500}&width=320`,
    );
    assert.equal(wide.statusCode, 200);
    assert.ok(wide.rawPayload.length > preview.rawPayload.length);
    // Between two chunks (they follow within a second): the nearest picture, not a hole in the preview.
    const between = Math.round((first.endMs + second.startMs) / 2);
    assert.equal((await api('GET', `/recordings/${camera.id}/thumbnail?at_ms=${between}`)).statusCode, 200);
    const unrecorded = await api('GET', `/recordings/${camera.id}/thumbnail?at_ms=${first.startMs - 60_000}`);
    assert.equal(unrecorded.statusCode, 404);
    const tooWide = await api('GET', `/recordings/${camera.id}/thumbnail?at_ms=${second.startMs}&width=5000`);
    assert.equal(tooWide.statusCode, 422);
    const stranger = await t.createUser('previewstranger');
    const hidden = await t.request({
      method: 'GET',
      url: `/api/v1/recordings/${camera.id}/thumbnail?at_ms=${second.startMs + 4500}`,
      token: stranger.token,
    });
    assert.equal(hidden.statusCode, 404);

    // Export: one MP4 trimmed to the asked span (± 1 s), spanning a chunk boundary.
    const from = Math.floor(first.startMs / 1000) + 3;
    const to = Math.floor(second.endMs / 1000) - 2;
    const exported = await api('GET', `/recordings/${camera.id}/export?start_unix=${from}&end_unix=${to}`);
    assert.equal(exported.statusCode, 200, exported.body.slice(0, 200));
    assert.match(
      String(exported.headers['content-disposition']),
      /attachment; filename="camera-\d+-\d+-\d+\.mp4"/,
    );
    const exportFile = join(t.config.dataDir, 'export-check.mp4');
    writeFileSync(exportFile, exported.rawPayload);
    const exportedSeconds = Number(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'format=duration',
        '-of',
        'csv=p=0',
        exportFile,
      ]),
    );
    assert.ok(
      Math.abs(exportedSeconds - (to - from)) <= 1,
      `export lasts ${exportedSeconds} s for ${to - from} s`,
    );
    const tooLong = await api(
      'GET',
      `/recordings/${camera.id}/export?start_unix=${from}&end_unix=${from + 4 * 3600 + 1}`,
    );
    assert.equal(tooLong.statusCode, 422);

    // A media ticket opens this camera's media without a header, and nothing else.
    const ticket = (await api('POST', `/cameras/${camera.id}/stream-ticket`)).json();
    assert.ok(ticket.hls_url.includes(ticket.ticket));
    const viaTicket = await t.request({ method: 'GET', url: `${all[0].url}?ticket=${ticket.ticket}` });
    assert.equal(viaTicket.statusCode, 200);
    const other = await createCamera(t, t.adminToken);
    const elsewhere = await t.request({
      method: 'GET',
      url: `/api/v1/recordings/${other.id}?ticket=${ticket.ticket}`,
    });
    assert.equal(elsewhere.statusCode, 401, 'not a general credential');
    const otherMedia = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${other.id}/snapshot?ticket=${ticket.ticket}`,
    });
    assert.equal(otherMedia.statusCode, 404);

    // A snapshot straight from the camera.
    const snapshot = await api('GET', `/cameras/${camera.id}/snapshot`);
    assert.equal(snapshot.statusCode, 200);
    assert.equal(snapshot.headers['content-type'], 'image/jpeg');
    assert.deepEqual([...snapshot.rawPayload.subarray(0, 2)], [0xff, 0xd8]);

    // Turning recording off stops ffmpeg, closing the current chunk.
    const closing = collector.waitFor(chunks.length + 1);
    await api('PATCH', `/camera-config/${camera.id}`, { recording_enabled: false });
    await closing;
    await t.container.recordingEngine.idle();
    assert.equal(t.container.recordingEngine.isRecording(camera.id), false);
    assert.equal((await api('GET', `/cameras/${camera.id}`)).json().recording_state, 'disabled');
  });

  it('a snapshot of a camera that does not answer is a 503', async () => {
    const camera = await createCamera(t, t.adminToken, {
      ip_address: '127.0.0.1',
      rtsp_url: 'rtsp://127.0.0.1:9/none',
    });
    await api('PATCH', `/camera-config/${camera.id}`, { transport_security: 'plaintext_allowed' });
    const response = await api('GET', `/cameras/${camera.id}/snapshot`);
    assert.equal(response.statusCode, 503);
    // At once, with ffmpeg's reason, rather than after the 10 s snapshot timeout.
    assert.match(response.json().detail, /^The camera could not be read: .*(refused|Connection)/i);
  });

  it('a wrong camera password fails with a redacted warning; fixing it through the API resumes recording', async () => {
    const source = await startTestCamera({ user: 'viewer', password: 'right-password' });
    cameras.push(source);
    const failed = nextNotice(t.container.recordingEngine, (n) => n.type === 'recording.failed');
    const camera = await recordingCamera(
      { rtsp_url: source.url, username: 'viewer', password: 'wrong-password' },
      { max_restart_attempts: 1 },
    );
    await failed;
    const state = (await api('GET', `/cameras/${camera.id}`)).json();
    assert.equal(state.recording_state, 'failed');
    assert.equal(state.live_online, false);
    assert.ok(state.stream_warning, 'the reason is shown');
    assert.ok(!state.stream_warning.includes('wrong-password'), state.stream_warning);
    assert.match(state.stream_warning, /401|unauthori[sz]ed|authoriz/i);

    const started = nextNotice(
      t.container.recordingEngine,
      (n) => n.type === 'recording.started' && n.cameraId === camera.id,
    );
    await api('PATCH', `/cameras/${camera.id}`, { password: 'right-password' });
    await started;
    const collector = chunkCollector(t.container.recordingEngine, camera.id);
    await api('PATCH', `/camera-config/${camera.id}`, { recording_enabled: false });
    await collector.waitFor(1);
    assert.ok(!t.logs().includes('right-password') && !t.logs().includes('wrong-password'));
  });

  it('retries with backoff while the camera is gone and resumes when it is back', async () => {
    const source = await startTestCamera();
    cameras.push(source);
    const started = nextNotice(t.container.recordingEngine, (n) => n.type === 'recording.started');
    const camera = await recordingCamera({ rtsp_url: source.url }, { max_restart_attempts: 0 });
    await started;
    const offline = nextNotice(
      t.container.recordingEngine,
      (n) => n.type === 'camera.offline' && n.cameraId === camera.id,
    );
    await source.stop();
    const lost = await offline;
    // Why it went offline is the camera's going, not a warning ffmpeg printed when the run began.
    const why = 'error' in lost ? (lost.error ?? '') : '';
    assert.match(why, /camera closed the stream|refused|Connection/i, why);
    assert.doesNotMatch(why, /DTS|Timestamps are unset/, why);
    const down = (await api('GET', `/cameras/${camera.id}`)).json();
    assert.equal(down.live_online, false);
    assert.ok(['retrying', 'starting'].includes(down.recording_state), down.recording_state);

    const back = nextNotice(
      t.container.recordingEngine,
      (n) => n.type === 'recording.started' && n.cameraId === camera.id,
    );
    await source.start();
    await back;
    const up = (await api('GET', `/cameras/${camera.id}`)).json();
    assert.equal(up.live_online, true);
    assert.equal(up.recording_state, 'recording');
    const config = (await api('GET', `/camera-config/${camera.id}`)).json();
    assert.equal(config.stream_active, true);
    assert.ok(config.last_stream_start);
    await api('PATCH', `/camera-config/${camera.id}`, { recording_enabled: false });
  });

  it('rtsps_required never uses a plaintext source, and records from an RTSPS camera', async () => {
    const plain = await startTestCamera();
    cameras.push(plain);
    const refused = nextNotice(t.container.recordingEngine, (n) => n.type === 'recording.failed');
    const insecure = await recordingCamera(
      { rtsp_url: plain.url },
      { transport_security: 'rtsps_required', max_restart_attempts: 1 },
    );
    await refused;
    const state = (await api('GET', `/cameras/${insecure.id}`)).json();
    assert.equal(state.recording_state, 'failed');
    assert.equal((await api('GET', `/recordings/${insecure.id}`)).json().length, 0);

    const secure = await startTestCamera({ tls: await selfSignedCertificate() });
    cameras.push(secure);
    const started = nextNotice(t.container.recordingEngine, (n) => n.type === 'recording.started');
    const camera = await recordingCamera({ rtsp_url: secure.url }, { transport_security: 'rtsps_required' });
    await started;
    const collector = chunkCollector(t.container.recordingEngine, camera.id);
    await api('PATCH', `/camera-config/${camera.id}`, { recording_enabled: false });
    const [chunk] = await collector.waitFor(1);
    assert.ok(chunk!.sizeBytes > 0);
  });
});
