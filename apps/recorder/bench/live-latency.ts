// End-to-end live latency, read from the picture itself: the test camera burns its wall clock into every frame
// as a block code (rtsp_camera.py --clock-code); a viewer decodes the code of each frame it shows and subtracts
// it from its own clock (same machine, same clock). Three viewers in the same run:
//   - raw baseline: ffmpeg decoding the camera's RTSP directly (camera encode + network + decode, no recorder)
//   - live HLS in chromium with hls.js, through the recorder
//   - WebRTC (WHEP) in chromium, through the recorder
import { spawn } from 'node:child_process';
import { openPlayer } from '../test/helpers/browser-player.js';
import { CLOCK_CODE_HEIGHT, CLOCK_CODE_WIDTH, decodeClockCode } from '../test/helpers/clock-code.js';
import { startTestCamera } from '../test/helpers/rtsp-camera.js';
import { api } from './harness.js';

const WIDTH = CLOCK_CODE_WIDTH;
const HEIGHT = CLOCK_CODE_HEIGHT;

async function rawRtspLatencies(url: string, seconds: number): Promise<number[]> {
  const frameBytes = WIDTH * HEIGHT;
  const latencies: number[] = [];
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-fflags', 'nobuffer', '-flags', 'low_delay'],
      ...['-rtsp_transport', 'tcp', '-i', url, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let pending = Buffer.alloc(0);
  child.stdout.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= frameBytes) {
      const stamp = decodeClockCode(pending.subarray(0, frameBytes));
      if (stamp !== null) latencies.push(Date.now() - stamp);
      pending = pending.subarray(frameBytes);
    }
  });
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  child.kill('SIGKILL');
  return latencies.slice(latencies.length > 20 ? 10 : 0); // the first frames carry the connection's start-up
}

export interface LatencyRow {
  viewer: string;
  frames: number;
  p50: number;
  p95: number;
  max: number;
  startupMs: number | null;
}

function summarise(viewer: string, values: number[], startupMs: number | null): LatencyRow {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { viewer, frames: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? NaN, startupMs };
}

/** Adds a clock-code camera to the running recorder and measures each viewer for `seconds`. */
export async function measureLiveLatency(base: string, token: string, seconds = 20): Promise<LatencyRow[]> {
  const camera = await startTestCamera({ clockCode: true, width: WIDTH, height: HEIGHT, fps: 15, gop: 15 });
  const player = await openPlayer(base);
  try {
    const created = await api(base, '/api/v1/cameras?force=true', {
      method: 'POST',
      token,
      body: JSON.stringify({ name: 'latency', ip_address: '127.0.0.1', rtsp_url: camera.url }),
    });
    const id = created.id as number;
    await api(base, `/api/v1/camera-config/${id}`, {
      method: 'PATCH',
      token,
      body: JSON.stringify({ transport_security: 'plaintext_allowed', webrtc_publisher: true }),
    });
    const ticket = (await api(base, `/api/v1/cameras/${id}/stream-ticket`, {
      method: 'POST',
      token,
      body: '{}',
    })) as {
      hls_url: string;
      whep_url: string;
    };

    const rows = [
      summarise('raw: ffmpeg reading the camera directly', await rawRtspLatencies(camera.url, seconds), null),
    ];
    const viewers: [string, () => Promise<void>][] = [
      ['live HLS, hls.js defaults', () => player.playHls(`${base}${ticket.hls_url}`)],
      [
        'live HLS, hls.js liveSyncDurationCount 1',
        () => player.playHls(`${base}${ticket.hls_url}`, { liveSyncDurationCount: 1 }),
      ],
      ['WebRTC (WHEP)', () => player.playWhep(`${base}${ticket.whep_url}`)],
    ];
    for (const [viewer, play] of viewers) {
      const started = performance.now();
      await play();
      await player.waitForProgress(0.1);
      const startupMs = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 3000)); // let the player settle on its live edge
      await player.takeLatencies();
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      rows.push(summarise(viewer, await player.takeLatencies(), startupMs));
      await player.stop();
    }
    return rows;
  } finally {
    await player.close();
    await camera.close();
  }
}

export function printLatency(rows: LatencyRow[]): void {
  console.log('\n| live viewer | frames | latency p50 | p95 | max | request → first frame |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    const startup = row.startupMs === null ? '' : `${row.startupMs.toFixed(0)} ms`;
    console.log(
      `| ${row.viewer} | ${row.frames} | ${row.p50} ms | ${row.p95} ms | ${row.max} ms | ${startup} |`,
    );
  }
  console.log('(target: end-to-end live latency < 3 s)');
}
