// Crash safety (API.md §6): kill -9 the recorder in the middle of a chunk, start it again, and nothing that was
// recorded is lost: complete chunks stay indexed, the cut-off chunk is indexed and plays up to its last fragment
// (the ffmpeg the crashed recorder left writing goes on until the new one ends it), recording resumes.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { eventually } from './helpers/eventually.js';
import { startRecorderProcess, type RecorderProcess } from './helpers/recorder-process.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

interface Chunk {
  id: number;
  start_unix: number;
  end_unix: number;
  duration_seconds: number;
  url: string;
}

describe('recorder crash safety', { timeout: 180_000 }, () => {
  let camera: TestCamera;
  let recorder: RecorderProcess;
  before(async () => {
    camera = await startTestCamera();
    recorder = await startRecorderProcess();
  });
  after(async () => {
    await recorder.kill('SIGTERM');
    await camera.close();
    rmSync(recorder.dataDir, { recursive: true, force: true });
  });

  it('loses no more than the last fragment to kill -9 and resumes recording after the restart', async () => {
    const created = await recorder.api('POST', '/cameras', {
      name: 'crash',
      ip_address: '127.0.0.1',
      rtsp_url: camera.url,
    });
    assert.equal(created.status, 201);
    const id = created.body.id as number;
    await recorder.api('PATCH', `/camera-config/${id}`, {
      recording_enabled: true,
      recording_segment_seconds: 10,
      transport_security: 'plaintext_allowed',
    });
    const chunks = async () => (await recorder.api('GET', `/recordings/${id}`)).body as Chunk[];
    const before = await eventually(async () => ((await chunks()).length >= 1 ? chunks() : undefined), {
      timeoutMs: 60_000,
      what: 'the first chunk',
    });
    // Six seconds into the next chunk, pull the plug on the recorder (its ffmpeg, a child, lives on).
    await sleep(before.at(-1)!.end_unix * 1000 + 6000 - Date.now());
    const dataDir = recorder.dataDir;
    await recorder.kill('SIGKILL');
    // The orphaned ffmpeg writes at least until the new recorder has started and ended it.
    const restartingAt = Date.now();
    recorder = await startRecorderProcess({ dataDir });
    // The restart indexes what the orphan wrote before it starts recording.
    await eventually(
      async () => (await recorder.api('GET', `/cameras/${id}`)).body.recording_state === 'recording',
      { timeoutMs: 30_000, what: 'recording to resume' },
    );
    const after = await chunks();
    // Everything indexed before the crash is still there.
    for (const chunk of before) assert.ok(after.some((c) => c.id === chunk.id));
    // What the orphan wrote follows without a gap: one chunk, or more when the restart outlasted the chunk.
    const orphaned: Chunk[] = [];
    for (const chunk of after.filter((c) => !before.some((b) => b.id === c.id))) {
      const previousEnd = (orphaned.at(-1) ?? before.at(-1)!).end_unix;
      if (Math.abs(chunk.start_unix - previousEnd) > 1) break;
      orphaned.push(chunk);
    }
    assert.ok(orphaned.length > 0, 'the cut-off chunk follows the chunk before');
    // The orphaned ffmpeg wrote until the new recorder ended it: the footage reaches the restart, less a fragment.
    const cutOff = orphaned.at(-1)!;
    assert.ok(
      cutOff.end_unix * 1000 >= restartingAt - 3000,
      `ends ${restartingAt - cutOff.end_unix * 1000} ms before the restart`,
    );
    const response = await fetch(`http://${recorder.host}${cutOff.url}`, {
      headers: { authorization: `Bearer ${recorder.token}` },
    });
    const copy = join(dataDir, 'cut-off.mp4');
    writeFileSync(copy, Buffer.from(await response.arrayBuffer()));
    const plays = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', copy], {
        encoding: 'utf8',
      }),
    );
    assert.ok(Math.abs(plays - cutOff.duration_seconds) < 1, `plays ${plays} s`);

    // The chunks recovered after the crash are links of the camera's one evidence chain like the others: the
    // integrity check finds every chunk intact and the chain whole (docs/evidence.md).
    const integrity = await recorder.api(
      'GET',
      `/recordings/${id}/integrity?start_unix=${before[0]!.start_unix}&end_unix=${cutOff.end_unix}`,
    );
    assert.equal(integrity.status, 200);
    const report = integrity.body as {
      verified: boolean;
      chain: { ok: boolean; head_seq: number };
      chunks: { seq: number; status: string }[];
    };
    assert.equal(report.verified, true, JSON.stringify(report));
    assert.equal(report.chain.ok, true);
    assert.deepEqual(
      report.chunks.map((c) => c.status),
      [...before, ...orphaned].map(() => 'ok'),
    );
    assert.deepEqual(
      report.chunks.map((c) => c.seq),
      [...before, ...orphaned].map((_, i) => i + 1),
    );

    // Only one ffmpeg writes for the camera: the one the crashed recorder left behind was ended.
    const writers = execFileSync('pgrep', ['-fc', join(dataDir, 'recordings', `cam-${id}`)], {
      encoding: 'utf8',
    });
    assert.equal(writers.trim(), '1');
  });
});
