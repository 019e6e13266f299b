// `npm start` as a service manager runs it: SIGTERM to npm (what `docker stop` and systemd send) stops both
// services and every ffmpeg they started, and the chunk being recorded is closed and indexed on the way out.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually } from './helpers/eventually.js';
import { SseClient } from './helpers/event-clients.js';
import { freePort } from './helpers/net-servers.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

// The checkout itself, even when this file runs compiled in its mirror (whose package.json links to the real one):
// `npm start` builds and runs what a person would.
const ROOT = dirname(realpathSync(new URL('../../../package.json', import.meta.url)));
const PASSWORD = 'npm-start-admin-pw';

/** Every process below `pid` (children, grandchildren …), read from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // `pid (comm) state ppid …`; comm may contain spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

describe('npm start', { timeout: 240_000 }, () => {
  let camera: TestCamera;
  let dataDir: string;
  before(async () => {
    camera = await startTestCamera();
    dataDir = mkdtempSync(join(tmpdir(), 'nvr-npm-start-'));
  });
  after(async () => {
    await camera.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops both services and their ffmpeg on SIGTERM, closing the chunk being written', async () => {
    const [recorderPort, adapterPort] = [await freePort(), await freePort()];
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        RTSP_PORT: '0',
        HOST: '127.0.0.1',
        RECORDER_PORT: String(recorderPort),
        ADAPTER_PORT: String(adapterPort),
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const npmExited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${recorderPort}`;
    // `npm start` builds first (quick when the build is current).
    await eventually(async () => (await fetch(`${base}/health`)).ok, {
      timeoutMs: 120_000,
      what: 'the recorder to listen',
    });
    await eventually(async () => (await fetch(`http://127.0.0.1:${adapterPort}/health`)).ok, {
      what: 'the adapter to listen',
    });
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=admin&password=${PASSWORD}`,
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as any;
    };
    const events = await SseClient.open(`127.0.0.1:${recorderPort}`, '/api/v1/events/stream', {
      authorization: `Bearer ${token}`,
    });
    const { id } = await api('POST', '/cameras', {
      name: 'npm',
      ip_address: '127.0.0.1',
      rtsp_url: camera.url,
    });
    await api('PATCH', `/camera-config/${id}`, {
      recording_enabled: true,
      recording_segment_seconds: 60,
      transport_security: 'plaintext_allowed',
    });
    await events.messages.waitFor((m) => m.event === 'recording.started', 'recording.started', 60_000);
    events.close();

    const processes = descendants(npm.pid!);
    const ffmpeg = processes.filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('ffmpeg'));
    assert.ok(ffmpeg.length >= 1, 'an ffmpeg records');
    assert.ok(processes.length >= 4, `npm's processes: ${processes.join(', ')}`);
    const stoppedAt = Date.now();
    npm.kill('SIGTERM');
    assert.equal(await npmExited, 0);
    const left = await eventually(() => processes.every((pid) => !alive(pid)) || undefined, {
      timeoutMs: 10_000,
      what: 'every process started by npm start to end',
    }).catch(() => processes.filter(alive));
    assert.equal(left, true, `still running: ${String(left)}`);

    // The minute being recorded was closed and indexed: it is in the index after a restart, up to the stop.
    const restarted = spawn(process.execPath, ['apps/recorder/dist/main.js'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        RTSP_PORT: '0',
        HOST: '127.0.0.1',
        RECORDER_PORT: String(recorderPort),
      },
      stdio: 'ignore',
    });
    try {
      await eventually(async () => (await fetch(`${base}/health`)).ok, { what: 'the restarted recorder' });
      await api('PATCH', `/camera-config/${id}`, { recording_enabled: false });
      const chunks = (await api('GET', `/recordings/${id}`)) as { end_unix: number }[];
      assert.ok(chunks.length >= 1);
      assert.ok(chunks[0]!.end_unix * 1000 >= stoppedAt - 3000, 'the first chunk runs up to the stop');
    } finally {
      restarted.kill('SIGTERM');
      await new Promise((resolve) => restarted.once('exit', resolve));
    }
  });
});
