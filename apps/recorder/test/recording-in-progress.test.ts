// The chunk being recorded plays before it closes: served up to its last whole fragment (a valid fragmented MP4
// that ffprobe reads to the end), listed by coverage and the playlist, growing, and gone from them once it closes
// and is indexed. Real ffmpeg against a GStreamer RTSP test camera.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { GrowingChunk } from '../src/media/growing-chunk.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { eventually } from './helpers/eventually.js';
import { chunkCollector, nextNotice } from './helpers/recording.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

const SEGMENT = 20;

interface InProgressJson {
  camera_id: number;
  name: string;
  start_time: string;
  end_time: string;
  duration_seconds: number;
  size_bytes: number;
  init_bytes: number;
  video_codec: string | null;
  url: string;
}

describe('the chunk being recorded', { timeout: 180_000 }, () => {
  let t: TestApp;
  let source: TestCamera;
  let cameraId: number;
  let dir: string;
  let collector: ReturnType<typeof chunkCollector>;

  const get = (url: string, token: string | null = t.adminToken, headers?: Record<string, string>) =>
    t.request({ method: 'GET', url, ...(token ? { token } : {}), ...(headers ? { headers } : {}) });
  const inProgress = async () => {
    const response = await get(`/api/v1/recordings/${cameraId}/in-progress`);
    return response.statusCode === 200 ? response.json<InProgressJson>() : null;
  };
  const ffprobe = async (file: string) => {
    const { stdout, stderr } = await promisify(execFile)('ffprobe', [
      '-v',
      'error',
      '-count_packets',
      '-show_entries',
      'format=duration:stream=codec_name,nb_read_packets',
      '-of',
      'json',
      file,
    ]);
    return { stderr, probed: JSON.parse(stdout) as ProbeJson };
  };

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'in-progress-'));
    t = await createTestApp({ overrides: { recordingBackoff: { baseMs: 200, maxMs: 1000, jitter: 0.1 } } });
    source = await startTestCamera();
    const started = nextNotice(t.container.recordingEngine, (n) => n.type === 'recording.started');
    cameraId = (await createCamera(t, t.adminToken, { ip_address: '127.0.0.1', rtsp_url: source.url })).id;
    collector = chunkCollector(t.container.recordingEngine, cameraId);
    await t.container.cameraConfig.idle();
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/v1/camera-config/${cameraId}`,
      token: t.adminToken,
      payload: {
        recording_enabled: true,
        recording_segment_seconds: SEGMENT,
        transport_security: 'plaintext_allowed',
      },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    await started;
  });
  after(async () => {
    await t.close();
    await source.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is served up to its last whole fragment, grows, and is listed until it closes', async () => {
    // A chunk with a few seconds written (the first one may have started before this test looked).
    const first = await eventually(
      async () => {
        const chunk = await inProgress();
        return chunk && chunk.duration_seconds >= 3 && chunk.duration_seconds < SEGMENT - 8 ? chunk : false;
      },
      { timeoutMs: 90_000, what: 'a chunk being written with 3 s in it' },
    );
    assert.equal(first.camera_id, cameraId);
    assert.match(first.name, /^\d+-\d+-\d{6}\.mp4$/);
    assert.equal(first.url, `/api/v1/recordings/${cameraId}/in-progress/${first.name}`);
    assert.equal(first.video_codec, 'h264');
    const startMs = Date.parse(first.start_time);
    const endMs = Date.parse(first.end_time);
    assert.equal(endMs - startMs, Math.round(first.duration_seconds * 1000));
    // It ends at the last whole fragment: within a few seconds of now (a fragment is at most 1 s).
    assert.ok(endMs <= Date.now() + 500 && endMs > Date.now() - 5000, `ends ${Date.now() - endMs} ms ago`);
    // Not in the index yet.
    const indexed = await get(`/api/v1/recordings/${cameraId}`);
    assert.ok(!indexed.json<{ start_time: string }[]>().some((c) => c.start_time === first.start_time));

    // The bytes: a valid fragmented MP4 that ffprobe reads to its end without an error, ending at a fragment.
    const download = await get(first.url);
    assert.equal(download.statusCode, 200, download.body);
    assert.equal(download.headers['content-type'], 'video/mp4');
    assert.ok(download.rawPayload.length >= first.size_bytes);
    const file = join(dir, 'so-far.mp4');
    await writeFile(file, download.rawPayload);
    const whole = await new GrowingChunk(file).look();
    assert.equal(whole?.completeBytes, download.rawPayload.length, 'the answer ends at a whole fragment');
    const { stderr, probed } = await ffprobe(file);
    assert.equal(stderr, '', 'ffprobe reads it without an error');
    assert.equal(probed.streams[0]?.codec_name, 'h264');
    assert.ok(Number(probed.streams[0]?.nb_read_packets) > 0);
    assert.ok(
      Math.abs(Number(probed.format.duration) - whole.durationSeconds) < 0.5,
      `ffprobe ${probed.format.duration} s, fragments ${whole.durationSeconds} s`,
    );

    // A range inside what is whole; one past it is refused (never the fragment being written).
    const part = await get(first.url, t.adminToken, { range: `bytes=0-${first.init_bytes - 1}` });
    assert.equal(part.statusCode, 206);
    assert.equal(part.rawPayload.length, first.init_bytes);
    const beyond = await get(first.url, t.adminToken, { range: `bytes=${first.size_bytes + 50_000_000}-` });
    assert.equal(beyond.statusCode, 416);

    // Coverage reaches into it; the playlist ends with it.
    const range = `start_unix=${Math.floor(startMs / 1000) - 60}&end_unix=${Math.ceil(Date.now() / 1000) + 60}`;
    const coverage = (await get(`/api/v1/recordings/${cameraId}/coverage?${range}&min_gap_seconds=2`)).json<{
      spans: { end_time: string; in_progress: boolean }[];
    }>();
    const last = coverage.spans.at(-1)!;
    assert.equal(last.in_progress, true);
    assert.ok(Date.parse(last.end_time) >= endMs, 'the span reaches the last whole fragment');
    const playlist = (await get(`/api/v1/recordings/${cameraId}/playlist.m3u8?${range}`)).body;
    const tail = playlist.split('\n').slice(-7);
    const listedStart = Date.parse(tail[0]!.replace('#EXT-X-PROGRAM-DATE-TIME:', ''));
    assert.ok(Math.abs(listedStart - startMs) < 50, tail[0]);
    assert.equal(tail[1], `#EXT-X-MAP:URI="in-progress/${first.name}",BYTERANGE="${first.init_bytes}@0"`);
    assert.match(tail[3]!, /^#EXT-X-BYTERANGE:\d+@\d+$/);
    assert.equal(tail[4], `in-progress/${first.name}`);
    assert.equal(tail[5], '#EXT-X-ENDLIST');

    // A scrub preview of an instant in it (the timeline draws it as recorded).
    const preview = await get(`/api/v1/recordings/${cameraId}/thumbnail?at_ms=${endMs - 1500}`);
    assert.equal(preview.statusCode, 200, preview.body);
    assert.deepEqual([...preview.rawPayload.subarray(0, 2)], [0xff, 0xd8], 'a JPEG');

    // It grows: the same file, more whole fragments.
    const grown = await eventually(
      async () => {
        const chunk = await inProgress();
        return chunk?.name === first.name && chunk.duration_seconds >= first.duration_seconds + 2
          ? chunk
          : false;
      },
      { what: 'the chunk to grow' },
    );
    assert.ok(grown.size_bytes > first.size_bytes);
    // The same start (the run's clock may move it by a millisecond or two as it learns).
    assert.ok(
      Math.abs(Date.parse(grown.start_time) - startMs) < 50,
      `${grown.start_time} vs ${first.start_time}`,
    );

    // Once closed and indexed it is a chunk like the others: no longer in progress, the playlist lists the chunk.
    const closed = await eventually(
      () => collector.chunks.find((chunk) => Math.abs(chunk.startMs - startMs) < 1000),
      { timeoutMs: 60_000, what: 'the chunk to close' },
    );
    const next = await inProgress();
    assert.notEqual(next?.name, first.name, 'another chunk is in progress');
    const after = (await get(`/api/v1/recordings/${cameraId}/playlist.m3u8?${range}`)).body;
    assert.ok(!after.includes(`in-progress/${first.name}`), after);
    const rows = (await get(`/api/v1/recordings/${cameraId}?${range}`)).json<
      { url: string; start_time: string }[]
    >();
    const row = rows.find((chunk) => chunk.start_time === new Date(closed.startMs).toISOString())!;
    assert.ok(after.includes(row.url.split('/').pop()!), 'the closed chunk is in the playlist');
    // A player that saw it in progress still gets its bytes by that name: the whole chunk now.
    const late = await get(first.url);
    assert.equal(late.statusCode, 200);
    assert.deepEqual(late.rawPayload, await readFile(join(t.config.recordingsDir, closed.path)));
  });

  it('needs a token (or a media ticket for the bytes) and the view right; others get 404', async () => {
    const chunk = await eventually(async () => (await inProgress()) ?? false, {
      what: 'a chunk in progress',
    });
    const describeUrl = `/api/v1/recordings/${cameraId}/in-progress`;
    assert.equal((await get(describeUrl, null)).statusCode, 401);
    assert.equal((await get(chunk.url, null)).statusCode, 401);
    assert.equal((await get(chunk.url, 'not-a-token')).statusCode, 401);

    const stranger = await t.createUser('in-progress-stranger');
    assert.equal((await get(describeUrl, stranger.token)).statusCode, 404);
    assert.equal((await get(chunk.url, stranger.token)).statusCode, 404);
    assert.equal((await get(`/api/v1/recordings/999999/in-progress`)).statusCode, 404);
    await grant(t, cameraId, stranger.id, { can_view: true });
    assert.equal((await get(describeUrl, stranger.token)).statusCode, 200);

    // The bytes open with a media ticket (hls.js cannot send the header); the description does not.
    const ticket = (
      await t.request({
        method: 'POST',
        url: `/api/v1/cameras/${cameraId}/stream-ticket`,
        token: t.adminToken,
      })
    ).json<{ ticket: string }>().ticket;
    const byTicket = await get(`${chunk.url}?ticket=${ticket}`, null, { range: 'bytes=0-7' });
    assert.equal(byTicket.statusCode, 206);
    assert.equal((await get(`${describeUrl}?ticket=${ticket}`, null)).statusCode, 401);

    // A name that is no chunk of this camera's; one that is not a segment name at all.
    assert.equal((await get(`${describeUrl}/1-0-000000.mp4`)).statusCode, 404);
    const bad = await get(`${describeUrl}/..%2F..%2Fsecret.mp4`);
    assert.equal(bad.statusCode, 422);
    assert.match(bad.body, /file/);
  });
});

interface ProbeJson {
  format: { duration: string };
  streams: { codec_name: string; nb_read_packets: string }[];
}
