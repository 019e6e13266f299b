// The recordings disk (issue #15): a full disk is a storage error, not a camera going offline, and recording
// resumes when space is back; a recordings volume that is not mounted keeps the index and records nothing until
// it returns. A real recorder process, a real GStreamer camera, and (for the full disk) a small tmpfs mounted in
// a mount namespace of the recorder's own.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually } from './helpers/eventually.js';
import { startRecorderProcess, type RecorderProcess } from './helpers/recorder-process.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

/** `unshare` arguments that give a process a mount namespace of its own, or null where that is not allowed. */
function mountNamespace(): string[] | null {
  const args =
    process.getuid?.() === 0
      ? ['--mount', '--propagation', 'private']
      : ['--user', '--map-root-user', '--mount', '--propagation', 'private'];
  const probe = spawnSync('unshare', [...args, 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs /mnt'], {
    encoding: 'utf8',
  });
  return probe.status === 0 ? args : null;
}

async function recordingCamera(recorder: RecorderProcess, camera: TestCamera): Promise<number> {
  const created = await recorder.api('POST', '/cameras', {
    name: 'storage',
    ip_address: '127.0.0.1',
    rtsp_url: camera.url,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id as number;
  const config = await recorder.api('PATCH', `/camera-config/${id}`, {
    recording_enabled: true,
    recording_segment_seconds: 10,
    transport_security: 'plaintext_allowed',
  });
  assert.equal(config.status, 200, JSON.stringify(config.body));
  return id;
}

describe('recording storage', { timeout: 300_000 }, () => {
  let camera: TestCamera;
  const recorders: RecorderProcess[] = [];
  const dirs: string[] = [];
  before(async () => {
    camera = await startTestCamera();
  });
  after(async () => {
    for (const recorder of recorders) await recorder.kill('SIGKILL');
    await camera.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a full disk is a storage error with an alert, and recording resumes by itself when space is back', async (t) => {
    const unshare = mountNamespace();
    if (!unshare) {
      t.skip('needs a mount namespace (unshare) to give the recorder a small disk');
      return;
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'nvr-full-disk-'));
    dirs.push(dataDir);
    const recordings = join(dataDir, 'recordings');
    mkdirSync(recordings);
    const recorder = await startRecorderProcess({
      dataDir,
      wrap: (command) => [
        'unshare',
        ...unshare,
        'sh',
        '-c',
        'mount -t tmpfs -o size=32m tmpfs "$0" && exec "$@"',
        recordings,
        ...command,
      ],
    });
    recorders.push(recorder);
    // The recorder's view of its disk (a tmpfs only its mount namespace sees).
    const disk = join(`/proc/${recorder.child.pid}/root`, recordings);
    // The floor would have retention delete everything on a 32 MB disk: what is tested here is the disk filling.
    await recorder.api('PUT', '/settings/recording', { min_free_disk_gb: 0 });
    const events = await recorder.events();
    const id = await recordingCamera(recorder, camera);
    await events.messages.waitFor((m) => m.event === 'recording.started', 'recording.started', 60_000);

    // Something else fills the disk, leaving less than a chunk.
    const filler = join(disk, 'filler.bin');
    const { bavail, bsize } = statfsSync(disk);
    writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 64 * 1024)));
    const failed = await events.messages.waitFor(
      (m) => m.event === 'storage.error' && m.data.camera_id === id,
      'storage.error',
      60_000,
    );
    assert.match(failed.data.data.error, /No space left on device/);
    const state = (await recorder.api('GET', `/cameras/${id}`)).body;
    assert.equal(state.recording_state, 'storage_error');
    assert.notEqual(state.live_online, false, 'the camera itself is fine');
    assert.ok(!events.ofType('camera.offline').length, 'no camera.offline for a full disk');
    const alerts = (await recorder.api('GET', '/alerts')).body.alerts as {
      source_name: string;
      message: string;
    }[];
    const full = alerts.find((alert) => alert.source_name === 'storage_error');
    assert.ok(full, JSON.stringify(alerts));
    // With no floor retention deletes nothing to make room, and the alert says so (issue #32).
    assert.match(full.message, /No free-space floor is set \(min_free_disk_gb is 0\)/);
    assert.doesNotMatch(full.message, /making room/);
    assert.equal(failed.data.data.retention.outcome, 'no_floor');

    // Space comes back: recording resumes without anyone touching the camera.
    const resumedAfter = events.messages.items.length;
    rmSync(filler);
    await events.messages.waitFor(
      (m) => m.event === 'recording.started' && events.messages.items.indexOf(m) >= resumedAfter,
      'recording.started after the disk had space again',
      90_000,
    );
    assert.equal((await recorder.api('GET', `/cameras/${id}`)).body.recording_state, 'recording');
    events.close();
  });

  it('a recordings volume that is not mounted keeps the index, records nothing, and resumes when it is back', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nvr-volume-'));
    dirs.push(dataDir);
    const recordings = join(dataDir, 'recordings');
    const first = await startRecorderProcess({ dataDir });
    recorders.push(first);
    const id = await recordingCamera(first, camera);
    const indexed = await eventually(
      async () => {
        const chunks = (await first.api('GET', `/recordings/${id}`)).body as unknown[];
        return chunks.length >= 1 ? chunks : undefined;
      },
      { timeoutMs: 60_000, what: 'a chunk in the index' },
    );
    await first.kill('SIGTERM');
    const before = indexed as { id: number }[];

    // The disk is not mounted at the next start: its mount point is an empty directory.
    renameSync(recordings, `${recordings}.disk`);
    mkdirSync(recordings);
    const second = await startRecorderProcess({ dataDir });
    recorders.push(second);
    const events = await second.events('?type=storage.unavailable,storage.available,recording.started', {
      replay: true,
    });
    const unavailable = await events.messages.waitFor(
      (m) => m.event === 'storage.unavailable',
      'storage.unavailable',
    );
    assert.match(unavailable.data.data.error, /is the recordings disk mounted/);
    const state = (await second.api('GET', `/cameras/${id}`)).body;
    assert.equal(state.recording_state, 'storage_error');
    assert.match(state.stream_warning, /is the recordings disk mounted/);
    // Every chunk indexed before (and the one closed at the stop) is still listed.
    const during = (await second.api('GET', `/recordings/${id}`)).body as { id: number }[];
    for (const chunk of before)
      assert.ok(
        during.some((c) => c.id === chunk.id),
        `chunk ${chunk.id} kept`,
      );
    assert.ok(during.length > before.length, 'the chunk closed at the stop was indexed');
    assert.deepEqual(
      readdirSync(recordings).filter((name) => !name.startsWith('.')),
      [],
      'nothing is recorded onto the disk underneath',
    );
    const alerts = (await second.api('GET', '/alerts')).body.alerts as { source_name: string }[];
    assert.ok(
      alerts.some((alert) => alert.source_name === 'storage_unavailable'),
      JSON.stringify(alerts),
    );

    // The disk is mounted again: the recorder notices, reconciles and records.
    rmSync(recordings, { recursive: true });
    renameSync(`${recordings}.disk`, recordings);
    await events.messages.waitFor((m) => m.event === 'storage.available', 'storage.available', 30_000);
    await events.messages.waitFor((m) => m.event === 'recording.started', 'recording.started', 60_000);
    const after = (await second.api('GET', `/recordings/${id}`)).body as { id: number }[];
    for (const chunk of before)
      assert.ok(
        after.some((c) => c.id === chunk.id),
        `chunk ${chunk.id} kept`,
      );
    assert.ok(existsSync(join(recordings, '.nvr-volume')));
    events.close();
  });
});
