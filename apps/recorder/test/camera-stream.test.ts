// One upstream per camera stream (issue #17): with recording, three HLS viewers, two WebRTC viewers, live AI
// frames, a snapshot and a stream target all active on one camera, the camera serves exactly one RTSP session
// (the test camera reports its client connections). Viewers joining and leaving never cut the recording (the
// chunks tile the timeline), a killed consumer is restarted alone, and after the camera is gone for 15 s every
// consumer carries on by itself.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import type { RTCPeerConnection } from 'werift';
import type { IndexedChunk } from '../src/modules/recordings/recording-engine.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { eventually } from './helpers/eventually.js';
import { startRtmpServer } from './helpers/rtmp-server.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';
import { offer, type Viewer } from './helpers/webrtc-viewer.js';

/** Pids of running ffmpeg processes whose command line contains `marker`. */
async function ffmpegPids(marker: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.startsWith('ffmpeg') || !cmdline.includes(marker)) continue;
    // This test's own recorder's children only: other test files run their own ffmpegs beside it.
    const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
    if (Number(/^PPid:\s*(\d+)/m.exec(status)?.[1]) === process.pid) pids.push(Number(entry));
  }
  return pids;
}

describe('one upstream per camera stream', { timeout: 240_000 }, () => {
  let t: TestApp;
  let camera: TestCamera;
  let rtmp: Awaited<ReturnType<typeof startRtmpServer>>;
  const peers: RTCPeerConnection[] = [];
  const chunks: IndexedChunk[] = [];
  let cameraId: number;

  before(async () => {
    camera = await startTestCamera({ gop: 10, fps: 10, width: 320, height: 180 });
    rtmp = await startRtmpServer();
    t = await createTestApp({
      overrides: {
        recordingBackoff: { baseMs: 500, maxMs: 2000, jitter: 0 },
        // Quick retries run out during the outage; the slow cadence (30 s by default) is not what is tested.
        recordingSlowRetryMs: 2000,
        liveIdleStopMs: 120_000,
      },
    });
    t.container.recordingEngine.onChunk((chunk) => chunks.push(chunk));
  });
  after(async () => {
    await Promise.all(peers.map((pc) => pc.close()));
    await t.close();
    await rtmp.close();
    await camera.close();
  });

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url: `/api/v1${url}`, token: t.adminToken, ...(payload ? { payload } : {}) });
  const whep = (sdp: string) =>
    t.request({
      method: 'POST',
      url: `/api/v1/cameras/${cameraId}/live/whep`,
      token: t.adminToken,
      headers: { 'content-type': 'application/sdp' },
      payload: sdp,
    });
  const nextChunk = () =>
    new Promise<IndexedChunk>((resolve) => {
      const listener = (chunk: IndexedChunk) => {
        if (chunk.cameraId === cameraId) resolve(chunk);
      };
      t.container.recordingEngine.onChunk(listener);
    });
  const playlist = async () => {
    const response = await api('GET', `/cameras/${cameraId}/live/media.m3u8`);
    assert.equal(response.statusCode, 200, response.body);
    return response.body;
  };
  const lastSegment = (text: string) =>
    Math.max(...[...text.matchAll(/^seg-(\d+)\.m4s$/gm)].map((match) => Number(match[1])));
  /** Consecutive chunks of the camera follow each other with less than 1 s between them. */
  const assertTiling = (list: IndexedChunk[]) => {
    for (let i = 1; i < list.length; i++) {
      const gap = list[i]!.startMs - list[i - 1]!.endMs;
      assert.ok(Math.abs(gap) < 1000, `chunk ${i} starts ${gap} ms after the one before`);
    }
  };

  const viewers: Viewer[] = [];

  it('serves recording, 3 HLS viewers, 2 WebRTC viewers, AI frames, a snapshot and a stream target from one session', async () => {
    const created = await createCamera(t, t.adminToken, {
      name: 'one-session',
      ip_address: '127.0.0.1',
      rtsp_url: camera.url,
    });
    cameraId = created.id;
    await t.container.cameraConfig.idle();
    const firstChunk = nextChunk();
    const configured = await api('PATCH', `/camera-config/${cameraId}`, {
      transport_security: 'plaintext_allowed',
      recording_enabled: true,
      recording_segment_seconds: 10,
      webrtc_publisher: true,
    });
    assert.equal(configured.statusCode, 200, configured.body);
    await firstChunk;

    // Every consumer joins at once: three HLS viewers, two WebRTC viewers, live AI (a model on the camera makes
    // the detection loop decode its frames; no adapter is needed for that), a snapshot and a stream target.
    const hls = async () => {
      const playlists = await Promise.all([playlist(), playlist(), playlist()]);
      for (const text of playlists) assert.match(text, /part-\d+\.m4s/);
    };
    const webrtc = async () => {
      const { pc, sdp, viewer } = await offer();
      peers.push(pc);
      const answer = await whep(sdp);
      assert.equal(answer.statusCode, 201, answer.body);
      await pc.setRemoteDescription({ type: 'answer', sdp: answer.body });
      viewers.push({ pc, ...viewer });
      await viewer.keyframe;
    };
    const ai = async () => {
      const model = await api('POST', '/ai-models', {
        name: 'frames',
        model_name: 'centernet',
        task: 'person_counting',
        inference_interval: 1,
        assigned_camera_id: cameraId,
        config: JSON.stringify({ trigger: 'always' }),
      });
      assert.equal(model.statusCode, 201, model.body);
      const grabber = await eventually(() => t.container.detectionLoop.grabber(cameraId) ?? undefined, {
        what: 'the frame grabber',
      });
      // A keyframe every second is as often as the model samples: only keyframes are decoded.
      await eventually(() => grabber.keyframesOnly, { what: 'keyframe-only decoding' });
      await once(grabber, 'frame');
    };
    const snapshot = async () => {
      const response = await api('GET', `/cameras/${cameraId}/snapshot`);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.rawPayload.subarray(0, 2).toString('hex'), 'ffd8');
    };
    const target = async () => {
      assert.equal((await api('PUT', '/cloud/streaming/enabled', { enabled: true })).statusCode, 200);
      const created = await api('POST', '/cloud/stream-targets', {
        camera_id: cameraId,
        target_id: 'one-session',
        enabled: true,
        server_url: rtmp.url,
        stream_key: 'key',
      });
      assert.equal(created.statusCode, 201, created.body);
      await eventually(
        async () =>
          (await api('GET', '/cloud/stream-targets/one-session/status')).json().state === 'streaming',
        { what: 'the stream target to stream' },
      );
    };
    await Promise.all([hls(), webrtc(), webrtc(), ai(), snapshot(), target()]);

    assert.equal(camera.sessions, 1, 'one RTSP session serves every consumer');
    assert.equal(camera.maxSessions, 1, 'never more than one at a time');
    const stream = await t.container.streams.find(cameraId);
    assert.equal(stream?.pulls, 0, 'the recording sends the stream: no pull of its own');
  });

  it('viewers joining and leaving leave the recording whole: the chunks tile the timeline', async () => {
    const recorded = chunks.filter((chunk) => chunk.cameraId === cameraId).length;
    // A viewer joins and leaves in the middle of a chunk.
    const { pc, sdp, viewer } = await offer();
    const answer = await whep(sdp);
    assert.equal(answer.statusCode, 201, answer.body);
    await pc.setRemoteDescription({ type: 'answer', sdp: answer.body });
    await viewer.keyframe;
    const location = String(answer.headers.location);
    assert.equal((await t.request({ method: 'DELETE', url: location, token: t.adminToken })).statusCode, 204);
    await pc.close();
    // The chunk being written when the viewer came and went, and the one before it.
    while (chunks.filter((chunk) => chunk.cameraId === cameraId).length < recorded + 1) await nextChunk();
    assertTiling(chunks.filter((chunk) => chunk.cameraId === cameraId));
    assert.equal(camera.maxSessions, 1);
  });

  it('a killed consumer is restarted alone; the recording goes on', async () => {
    const runs = t.container.liveHls.runs(cameraId);
    const before = chunks.filter((chunk) => chunk.cameraId === cameraId).length;
    // The live packager is the ffmpeg cutting 200 ms fragments (the only camera of this suite with live HLS).
    const [hls] = await ffmpegPids('-frag_duration');
    assert.ok(hls, 'the HLS ffmpeg runs');
    process.kill(hls, 'SIGKILL');
    await eventually(() => t.container.liveHls.runs(cameraId) === runs + 1, {
      what: 'the HLS ffmpeg to be restarted',
    });
    const segment = lastSegment(await playlist());
    await eventually(async () => lastSegment(await playlist()) > segment, {
      what: 'new live segments after the restart',
    });
    while (chunks.filter((chunk) => chunk.cameraId === cameraId).length < before + 1) await nextChunk();
    assertTiling(chunks.filter((chunk) => chunk.cameraId === cameraId));
    assert.equal(t.container.recordingEngine.isRecording(cameraId), true);
    assert.equal(camera.maxSessions, 1);
  });

  it('after the camera is gone for 15 s, every consumer recovers without a restart of the recorder', async () => {
    const grabber = t.container.detectionLoop.grabber(cameraId)!;
    const segment = lastSegment(await playlist());
    const packets = viewers.map((viewer) => viewer.packets());
    await camera.stop();
    await sleep(15_000);
    const recording = new Promise<void>((resolve) =>
      t.container.recordingEngine.onNotice((notice) => {
        if (notice.type === 'recording.started' && notice.cameraId === cameraId) resolve();
      }),
    );
    await camera.start();
    camera.resetMaxSessions();

    await recording;
    await once(grabber, 'frame');
    await eventually(async () => lastSegment(await playlist()) > segment, {
      what: 'live HLS to go on',
      timeoutMs: 30_000,
    });
    await eventually(() => viewers.every((viewer, i) => viewer.packets() > packets[i]! + 50), {
      what: 'the WebRTC viewers to receive video again',
      timeoutMs: 30_000,
    });
    await eventually(
      async () => (await api('GET', '/cloud/stream-targets/one-session/status')).json().state === 'streaming',
      { what: 'the stream target to stream again', timeoutMs: 60_000 },
    );
    assert.equal(camera.sessions, 1);
    assert.equal(camera.maxSessions, 1);
  });
});

describe('stream roles: a camera with a substream', { timeout: 120_000 }, () => {
  let t: TestApp;
  let main: TestCamera;
  let sub: TestCamera;

  before(async () => {
    main = await startTestCamera({ gop: 10, fps: 10, width: 320, height: 180 });
    sub = await startTestCamera({ gop: 10, fps: 10, width: 160, height: 90 });
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
    await main.close();
    await sub.close();
  });

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.request({ method, url: `/api/v1${url}`, token: t.adminToken, ...(payload ? { payload } : {}) });

  it('records and shows the single-camera view from the main stream, AI and grid tiles from the substream: 2 sessions', async () => {
    const created = await createCamera(t, t.adminToken, {
      name: 'two-streams',
      ip_address: '127.0.0.1',
      rtsp_url: main.url,
      substream_url: sub.url,
    });
    const id = created.id;
    await t.container.cameraConfig.idle();
    const recording = new Promise<void>((resolve) =>
      t.container.recordingEngine.onNotice((notice) => {
        if (notice.type === 'recording.started' && notice.cameraId === id) resolve();
      }),
    );
    const configured = await api('PATCH', `/camera-config/${id}`, {
      transport_security: 'plaintext_allowed',
      recording_enabled: true,
      recording_segment_seconds: 10,
    });
    assert.equal(configured.statusCode, 200, configured.body);
    assert.deepEqual([configured.json().detect_stream, configured.json().grid_stream], ['sub', 'sub']);
    await recording;

    const ticket = (await api('POST', `/cameras/${id}/stream-ticket`)).json();
    assert.match(ticket.grid_hls_url, /[?&]stream=sub(&|$)/);
    assert.doesNotMatch(ticket.hls_url, /stream=/);
    const gridVariants = await t.request({ method: 'GET', url: ticket.grid_hls_url });
    assert.equal(gridVariants.statusCode, 200, gridVariants.body);
    const gridMedia = /^(media\.m3u8\?\S+)$/m.exec(gridVariants.body)?.[1];
    assert.ok(gridMedia?.includes('stream=sub'), gridVariants.body);
    const grid = await t.request({ method: 'GET', url: `/api/v1/cameras/${id}/live/${gridMedia}` });
    assert.equal(grid.statusCode, 200, grid.body);
    const segment = /URI="(part-\d+\.m4s\?[^"]+)"/.exec(grid.body)?.[1];
    assert.ok(segment?.includes('stream=sub'), grid.body);
    const piece = await t.request({ method: 'GET', url: `/api/v1/cameras/${id}/live/${segment}` });
    assert.equal(piece.statusCode, 200);
    const full = await t.request({ method: 'GET', url: ticket.hls_url });
    assert.equal(full.statusCode, 200, full.body);

    const model = await api('POST', '/ai-models', {
      name: 'sub frames',
      model_name: 'centernet',
      task: 'person_counting',
      inference_interval: 1,
      assigned_camera_id: id,
      config: JSON.stringify({ trigger: 'always' }),
    });
    assert.equal(model.statusCode, 201, model.body);
    const grabber = await eventually(() => t.container.detectionLoop.grabber(id) ?? undefined, {
      what: 'the frame grabber',
    });
    const [frame] = (await once(grabber, 'frame')) as [{ jpeg: Buffer }];
    assert.deepEqual(jpegSize(frame.jpeg), { width: 160, height: 90 }, 'AI decodes the substream');

    assert.deepEqual([main.sessions, sub.sessions], [1, 1]);
    assert.deepEqual([main.maxSessions, sub.maxSessions], [1, 1]);
  });
});

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  for (let i = 2; i + 9 < jpeg.length;) {
    if (jpeg[i] !== 0xff) return { width: 0, height: 0 };
    const marker = jpeg[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xc3) {
      return { height: jpeg.readUInt16BE(i + 5), width: jpeg.readUInt16BE(i + 7) };
    }
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  return { width: 0, height: 0 };
}
