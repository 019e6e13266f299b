// npm run bench:restream — the RTSP restream (issue #36) with 1, 8 and 32 readers of one camera: the recorder's
// CPU and memory (the recorder with its ffmpeg children: the camera's pull and the restream's RTP sender) against
// one ffmpeg that reads the same camera and remuxes it alone (`-c copy`, what a reader costs without the
// recorder), and the camera sessions the test camera served (must stay one). Readers are ffmpeg over RTSP/TCP,
// copying to nowhere; their own CPU is not counted.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestCamera } from '../test/helpers/rtsp-camera.js';
import {
  api,
  buildRecorder,
  childrenOf,
  cpuOver,
  describeMachine,
  freePort,
  login,
  rssMb,
  startRecorder,
  stop,
} from './harness.js';

const ADMIN_PASSWORD = 'bench-admin-password';
const SECONDS = Number(process.env.BENCH_DURATION ?? 15);
const READERS = [1, 8, 32];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function reader(url: string): ChildProcess {
  return spawn(
    'ffmpeg',
    ['-v', 'error', '-rtsp_transport', 'tcp', '-i', url, '-map', '0', '-c', 'copy', '-f', 'null', '-'],
    { stdio: 'ignore' },
  );
}

describeMachine('bench:restream');
buildRecorder();
const camera = await startTestCamera({ width: 1280, height: 720, fps: 15, gop: 30, audio: 'aac' });
const dataDir = mkdtempSync(join(tmpdir(), 'nvr-bench-restream-'));
const rtspPort = await freePort();
const recorder = await startRecorder({
  DATA_DIR: dataDir,
  ADMIN_PASSWORD,
  LOG_LEVEL: 'warn',
  RTSP_PORT: String(rtspPort),
});
const rows: string[] = [];
try {
  const token = await login(recorder.base, 'admin', ADMIN_PASSWORD);
  const created = await api(recorder.base, '/api/v1/cameras?force=true', {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'bench', ip_address: '127.0.0.1', rtsp_url: camera.url }),
  });
  const id = created.id as number;
  const url = `rtsp://admin:${ADMIN_PASSWORD}@127.0.0.1:${rtspPort}/cameras/${id}`;

  // The baseline: ffmpeg reading the camera itself and remuxing it, alone.
  const alone = reader(camera.url);
  await sleep(3000);
  const aloneCpu = await cpuOver([alone.pid!], () => sleep(SECONDS * 1000));
  rows.push(
    `| ffmpeg remuxing the camera alone | 1 | ${aloneCpu.toFixed(1)} | ${rssMb(alone.pid!).toFixed(0)} | 1 |`,
  );
  alone.kill('SIGKILL');
  await camera.sessionsReach(0);

  for (const count of READERS) {
    camera.resetMaxSessions();
    const readers = Array.from({ length: count }, () => reader(url));
    // Every reader connected and playing (each one counted in the camera's status).
    let playing = 0;
    for (let waited = 0; waited < 60_000 && playing < count; waited += 250) {
      playing = (await api(recorder.base, `/api/v1/cameras/${id}`, { token })).restream_readers as number;
      await sleep(250);
    }
    await sleep(2000);
    const pids = () => [recorder.child.pid!, ...childrenOf(recorder.child.pid!, 'ffmpeg')];
    const measured = pids();
    const cpu = await cpuOver(measured, () => sleep(SECONDS * 1000));
    const rss = measured.reduce((total, pid) => total + rssMb(pid), 0);
    rows.push(
      `| recorder + its ffmpeg, restreaming | ${playing} of ${count} | ${cpu.toFixed(1)} | ${rss.toFixed(0)} | ${camera.maxSessions} |`,
    );
    for (const child of readers) child.kill('SIGKILL');
    await sleep(1000);
  }
} finally {
  await stop(recorder.child);
  await camera.close();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n1280×720 H.264 15 fps + AAC test camera, ${SECONDS} s per row`);
console.log('| what | readers | CPU % of a core | RSS MiB | camera sessions |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
