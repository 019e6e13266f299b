// Crash safety (API.md §6): kill -9 the recorder in the middle of a chunk, start it again, and nothing that was
// recorded is lost: complete chunks stay indexed, the cut-off chunk is playable and indexed, recording resumes.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually } from './helpers/eventually.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';
import { freePort } from './helpers/net-servers.js';

const root = new URL('../../..', import.meta.url).pathname;
const PASSWORD = 'crash-test-admin-pw';

describe('recorder crash safety', { timeout: 180_000 }, () => {
  let camera: TestCamera;
  let dataDir: string;
  let port: number;
  let recorder: ChildProcess | null = null;
  const base = () => `http://127.0.0.1:${port}`;

  const startRecorder = async () => {
    recorder = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', join(root, 'apps/recorder/src/main.ts')],
      {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          RECORDER_PORT: String(port),
          HOST: '127.0.0.1',
          ADMIN_PASSWORD: PASSWORD,
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      },
    );
    await eventually(async () => (await fetch(`${base()}/health`)).ok, { what: 'the recorder to listen' });
  };

  let token = '';
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base()}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  before(async () => {
    camera = await startTestCamera();
    dataDir = mkdtempSync(join(tmpdir(), 'nvr-crash-'));
    port = await freePort();
    await startRecorder();
  });
  after(async () => {
    // A graceful stop ends the recorder's ffmpeg too; whatever still names our data dir goes after it.
    if (recorder && recorder.exitCode === null) {
      const exited = new Promise((resolve) => recorder!.once('exit', resolve));
      recorder.kill('SIGTERM');
      await exited;
    }
    spawnSync('pkill', ['-KILL', '-f', dataDir]);
    await camera.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no chunk to kill -9 and resumes recording after the restart', async () => {
    const login = await fetch(`${base()}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=admin&password=${PASSWORD}`,
    });
    token = ((await login.json()) as { access_token: string }).access_token;
    const created = await api('POST', '/cameras', {
      name: 'crash',
      ip_address: '127.0.0.1',
      rtsp_url: camera.url,
    });
    assert.equal(created.status, 201);
    const id = created.body.id as number;
    await api('PATCH', `/camera-config/${id}`, {
      recording_enabled: true,
      recording_segment_seconds: 10,
      transport_security: 'plaintext_allowed',
    });

    const before = await eventually(
      async () => {
        const chunks = (await api('GET', `/recordings/${id}`)).body as unknown[];
        return chunks.length >= 1 ? chunks : undefined;
      },
      { timeoutMs: 60_000, what: 'the first chunk' },
    );
    // Wait until the chunk being written holds a few seconds of video, then pull the plug.
    const incoming = join(dataDir, 'recordings', `cam-${id}`, '.incoming');
    await eventually(
      () =>
        readdirSync(incoming).some(
          (name) => name.endsWith('.mp4') && statSync(join(incoming, name)).size > 100_000,
        ),
      { timeoutMs: 30_000, what: 'a half-written chunk' },
    );
    recorder!.kill('SIGKILL');
    await new Promise((resolve) => recorder!.once('exit', resolve));

    await startRecorder();
    const after = await eventually(
      async () => {
        const chunks = (await api('GET', `/recordings/${id}`)).body as {
          id: number;
          duration_seconds: number;
          url: string;
        }[];
        return chunks.length >= before.length + 1 ? chunks : undefined;
      },
      { timeoutMs: 10_000, what: 'the cut-off chunk in the index' },
    );
    // Everything indexed before the crash is still there; the cut-off chunk plays.
    const beforeIds = (before as { id: number }[]).map((c) => c.id);
    for (const chunkId of beforeIds) assert.ok(after.some((c) => c.id === chunkId));
    const cutOff = after.find((c) => !beforeIds.includes(c.id))!;
    assert.ok(
      cutOff.duration_seconds > 1 && cutOff.duration_seconds < 11,
      `cut-off duration ${cutOff.duration_seconds}`,
    );
    const download = await fetch(`${base()}${cutOff.url}`, { headers: { authorization: `Bearer ${token}` } });
    const copy = join(dataDir, 'cut-off.mp4');
    writeFileSync(copy, Buffer.from(await download.arrayBuffer()));
    const probed = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', copy], {
        encoding: 'utf8',
      }),
    );
    assert.ok(Math.abs(probed - cutOff.duration_seconds) < 1, `plays ${probed} s`);

    const state = await eventually(
      async () => {
        const cameraState = (await api('GET', `/cameras/${id}`)).body as { recording_state: string };
        return cameraState.recording_state === 'recording' ? cameraState : undefined;
      },
      { timeoutMs: 10_000, what: 'recording to resume' },
    );
    assert.equal(state.recording_state, 'recording');
    // Only one ffmpeg writes for the camera: the one the crashed recorder left behind was ended.
    const writers = execFileSync('pgrep', ['-fc', join(dataDir, 'recordings', `cam-${id}`)], {
      encoding: 'utf8',
    });
    assert.equal(writers.trim(), '1');
  });
});
