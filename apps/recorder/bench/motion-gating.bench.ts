// bench:motion, section 3 — what gating AI on motion saves and what it costs in reaction time (issue #19).
// A scene that moves 20 % of the time: OpenCV's vtest.avi pedestrians walking for 6 s, then the picture held for
// 24 s, in a loop, read by BENCH_GATING_CAMERAS recorder cameras (default 4) with a person_counting model each at
// 1 picture a second and a zone over the pavement with an alert rule. Two phases of BENCH_GATING_LOOPS loops
// (default 3) in the same run: the models with `trigger: always`, then with `on_motion` (the default).
// Figures per phase: inference calls, adapter CPU, incidents (review items) per camera; in the gated phase
// motion onset → motion.start on the event stream and onset → the zone's first alert, p50/p95 (onset: the
// picture motion was seen in). Targets: ≤ 0.35× the calls of `always`, no incident of `always` missed, alert
// p50 < 1.5 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { peopleFrames, startAdapterProcess } from '../test/helpers/adapter-process.js';
import { startTestCamera } from '../test/helpers/rtsp-camera.js';
import { api, cpuSeconds, login, percentile, startRecorder, stop, streamEvents } from './harness.js';

const CAMERAS = Number(process.env.BENCH_GATING_CAMERAS ?? 4);
const LOOPS = Number(process.env.BENCH_GATING_LOOPS ?? 3);
const MOVING_S = 6;
const STILL_S = 24;
const LOOP_MS = (MOVING_S + STILL_S) * 1000;
const ADMIN_PASSWORD = 'bench-admin-password';
const CLOCK_OVERLAY = [
  [0, 0],
  [0.32, 0],
  [0.32, 0.16],
  [0, 0.16],
];
const PAVEMENT = [
  [0, 0.3],
  [1, 0.3],
  [1, 0.85],
  [0, 0.85],
];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface StreamEvent {
  type: string;
  camera_id: number;
  data: Record<string, unknown>;
}

interface Phase {
  calls: number;
  adapterCpuPct: number;
  incidents: number[];
  motionToEvent: number[];
  onsetToAlert: number[];
  /** where the time goes, for the first detection after each onset: onset → sampled, sampled → stored */
  onsetToSampled: number[];
  sampledToStored: number[];
}

export async function benchGating(): Promise<void> {
  console.log(
    `\n## 3. AI gated by motion: ${CAMERAS} cameras, a scene walking ${MOVING_S} s of every ${(LOOP_MS / 1000).toFixed(0)} s ` +
      `(${Math.round((MOVING_S * 1000 * 100) / LOOP_MS)} %), person_counting at 1 picture/s, ${LOOPS} loops per phase`,
  );
  const work = mkdtempSync(join(tmpdir(), 'nvr-bench-gating-'));
  const framesDir = join(work, 'shared-frames');
  const scene = peopleFrames(join(work, 'scene'), { movingSeconds: MOVING_S, stillSeconds: STILL_S });
  const camera = await startTestCamera({ frames: scene, fps: 10, gop: 10, width: 640, height: 480 });
  const adapter = await startAdapterProcess({ framesDir, workers: 1 });
  const recorder = await startRecorder({
    DATA_DIR: join(work, 'data'),
    FRAMES_DIR: framesDir,
    ADAPTER_URLS: adapter.url,
    ADAPTER_TOKEN_ADAPTER_1: adapter.token,
    ADAPTER_POLL_SECONDS: '2',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
  });
  let stopListening = () => {};
  try {
    const token = await login(recorder.base, 'admin', ADMIN_PASSWORD);
    const call = (path: string, method: string, body?: object) =>
      api(recorder.base, path, { method, token, ...(body ? { body: JSON.stringify(body) } : {}) });
    const cameraIds: number[] = [];
    const modelIds: number[] = [];
    for (let i = 0; i < CAMERAS; i++) {
      const created = await call('/api/v1/cameras?force=true', 'POST', {
        name: `walkway ${i}`,
        ip_address: '127.0.0.1',
        rtsp_url: camera.url,
      });
      const id = created.id as number;
      cameraIds.push(id);
      await call(`/api/v1/camera-config/${id}`, 'PATCH', { transport_security: 'plaintext_allowed' });
      // Motion on in both phases (its events time the onsets), so the phases differ only in the trigger.
      await call(`/api/v1/cameras/${id}/motion`, 'PUT', { enabled: true, masks: [CLOCK_OVERLAY] });
      await call(`/api/v1/cameras/${id}/zones`, 'PUT', {
        zones: [{ name: 'Pavement', polygon: PAVEMENT, labels: ['person'], alert: { cooldown_seconds: 0 } }],
      });
      const model = await call('/api/v1/ai-models', 'POST', {
        name: `people ${i}`,
        model_name: 'centernet',
        task: 'person_counting',
        inference_interval: 1,
        assigned_camera_id: id,
        enabled: false,
        config: JSON.stringify({ trigger: 'always', params: { min_confidence: 0.35 } }),
      });
      modelIds.push(model.id as number);
    }
    // Wait for the adapter to be polled before measuring anything.
    for (;;) {
      const caps = await call('/api/v1/capabilities', 'GET');
      if ((caps as { orchestrator: { adapters_available: number } }).orchestrator.adapters_available === 1)
        break;
      await sleep(500);
    }

    const seen: { event: StreamEvent; at: number }[] = [];
    stopListening = streamEvents(
      recorder.base,
      token,
      'motion.start,alert.created,detection',
      (event: StreamEvent, at: number) => seen.push({ event, at }),
    );

    const runs = async () => {
      let total = 0;
      for (const id of modelIds) {
        const status = await call(`/api/v1/ai-models/${id}/status`, 'GET');
        total += (status.runs as number) + (status.failures as number);
      }
      return total;
    };
    const phase = async (trigger: 'always' | 'on_motion'): Promise<Phase> => {
      for (const id of modelIds)
        await call(`/api/v1/ai-models/${id}`, 'PATCH', {
          enabled: true,
          config: JSON.stringify({ trigger, params: { min_confidence: 0.35 } }),
        });
      // One loop to settle (grabbers, motion watches, the models' first loads), then LOOPS loops measured.
      await sleep(LOOP_MS);
      const from = Date.now();
      const seenFrom = seen.length;
      const callsBefore = await runs();
      const cpuBefore = cpuSeconds(adapter.pid!);
      await sleep(LOOPS * LOOP_MS);
      const seconds = (Date.now() - from) / 1000;
      const calls = (await runs()) - callsBefore;
      const adapterCpuPct = ((cpuSeconds(adapter.pid!) - cpuBefore) / seconds) * 100;
      for (const id of modelIds) await call(`/api/v1/ai-models/${id}`, 'PATCH', { enabled: false });
      const to = Date.now();
      // Items close 10 s after the last moving picture.
      await sleep(12_000);
      const incidents: number[] = [];
      for (const id of cameraIds) {
        const list = await call(
          `/api/v1/review-items?camera_id=${id}&start_unix=${Math.floor(from / 1000)}&end_unix=${Math.floor(to / 1000)}&limit=500`,
          'GET',
        );
        incidents.push(list.total as number);
      }
      // Latencies: each camera's motion.start, and the first alert of the camera after it.
      const motionToEvent: number[] = [];
      const onsetToAlert: number[] = [];
      const onsetToSampled: number[] = [];
      const sampledToStored: number[] = [];
      const window = seen.slice(seenFrom).filter((s) => s.at <= to);
      for (const [index, { event, at }] of window.entries()) {
        if (event.type !== 'motion.start') continue;
        const onset = event.data.at as number;
        motionToEvent.push(at - onset);
        const alert = window
          .slice(index + 1)
          .find((s) => s.event.type === 'alert.created' && s.event.camera_id === event.camera_id);
        const nextMotion = window
          .slice(index + 1)
          .find((s) => s.event.type === 'motion.start' && s.event.camera_id === event.camera_id);
        if (alert && (!nextMotion || alert.at < nextMotion.at)) onsetToAlert.push(alert.at - onset);
        const detection = window
          .slice(index + 1)
          .find(
            (s) =>
              s.event.type === 'detection' &&
              s.event.camera_id === event.camera_id &&
              (s.event.data.sampled_at as number) >= onset,
          );
        if (detection) {
          onsetToSampled.push((detection.event.data.sampled_at as number) - onset);
          sampledToStored.push(
            (detection.event.data.stored_at as number) - (detection.event.data.sampled_at as number),
          );
        }
      }
      return {
        calls,
        adapterCpuPct,
        incidents,
        motionToEvent,
        onsetToAlert,
        onsetToSampled,
        sampledToStored,
      };
    };

    console.log('phase A: trigger always…');
    const always = await phase('always');
    console.log('phase B: trigger on_motion…');
    const gated = await phase('on_motion');

    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const missed = always.incidents.reduce((n, count, i) => n + Math.max(0, count - gated.incidents[i]!), 0);
    console.log('\n| | always (baseline) | on_motion | ratio | target |');
    console.log('|---|---|---|---|---|');
    console.log(
      `| inference calls | ${always.calls} | ${gated.calls} | ${(gated.calls / always.calls).toFixed(2)}× | ≤ 0.35× |`,
    );
    console.log(
      `| adapter CPU (% of a core) | ${always.adapterCpuPct.toFixed(1)} % | ${gated.adapterCpuPct.toFixed(1)} % | ${(gated.adapterCpuPct / always.adapterCpuPct).toFixed(2)}× | |`,
    );
    console.log(
      `| incidents (review items), per camera | ${always.incidents.join(', ')} | ${gated.incidents.join(', ')} | missed ${missed} | none missed |`,
    );
    const ms = (values: number[]) =>
      `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms (${values.length})`;
    console.log(`| motion onset → motion.start on the stream | | ${ms(gated.motionToEvent)} | | |`);
    console.log(
      `| onset → the zone's alert on the stream | ${ms(always.onsetToAlert)} | ${ms(gated.onsetToAlert)} | | p50 < 1.5 s |`,
    );
    console.log(
      `| of which: onset → the picture analysed | ${ms(always.onsetToSampled)} | ${ms(gated.onsetToSampled)} | | |`,
    );
    console.log(
      `| of which: picture analysed → result stored | ${ms(always.sampledToStored)} | ${ms(gated.sampledToStored)} | | |`,
    );
    console.log(
      `\n(${sum(always.incidents)} and ${sum(gated.incidents)} incidents in ${LOOPS} loops × ${CAMERAS} cameras; ` +
        'onset = the picture in which motion was seen, 2 pictures at 5/s after the walking starts.)',
    );
  } finally {
    stopListening();
    await stop(recorder.child);
    await adapter.close();
    await camera.close();
    rmSync(work, { recursive: true, force: true });
  }
}
