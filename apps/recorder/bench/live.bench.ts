// npm run bench:live — end-to-end live latency alone (the same figures end `npm run bench:recording`):
// a clock-code test camera watched raw (ffmpeg), over live HLS (hls.js in chromium) and over WebRTC (WHEP).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRecorder, describeMachine, login, startRecorder, stop } from './harness.js';
import { measureLiveLatency, printLatency } from './live-latency.js';

const ADMIN_PASSWORD = 'bench-admin-password';
const SECONDS = Number(process.env.BENCH_DURATION ?? 20);

describeMachine('bench:live');
buildRecorder();
const dataDir = mkdtempSync(join(tmpdir(), 'nvr-bench-live-'));
const recorder = await startRecorder({ DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
try {
  const token = await login(recorder.base, 'admin', ADMIN_PASSWORD);
  printLatency(await measureLiveLatency(recorder.base, token, SECONDS));
} finally {
  await stop(recorder.child);
  rmSync(dataDir, { recursive: true, force: true });
}
