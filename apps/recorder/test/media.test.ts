// The pure and process-level pieces of the media layer: argument builders, source planning, backoff, the
// ffmpeg process wrapper (real ffmpeg) and the supervisor.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import {
  SOURCE_FORMATS,
  inputArgs,
  inputUrl,
  ingestArgs,
  recordArgs,
  redact,
  type StreamInput,
} from '../src/media/ffmpeg/args.js';
import { exportRange } from '../src/media/ffmpeg/export.js';
import { MediaClock } from '../src/media/media-clock.js';
import { FfmpegProcess } from '../src/media/ffmpeg/process.js';
import { Supervisor, backoffDelay, type Transition } from '../src/media/supervisor.js';
import { planSource } from '../src/modules/camera-sources/stream-source.js';
import { serve } from './helpers/net-servers.js';

const input: StreamInput = {
  url: 'rtsp://127.0.0.1:8554/live',
  username: 'us er',
  password: 'p@ss:w/rd',
  rtspTransport: null,
  extraOptions: { rw_timeout: '5000000' },
  guarded: false,
};

describe('ffmpeg arguments', () => {
  it('puts percent-encoded credentials into the input URL only, and redacts them for logs', () => {
    assert.equal(inputUrl(input), 'rtsp://us%20er:p%40ss%3Aw%2Frd@127.0.0.1:8554/live');
    const args = recordArgs(input, {
      dir: '/rec/cam-1/.incoming',
      prefix: 'p',
      segmentSeconds: 10,
      listFile: '/l.csv',
    });
    assert.deepEqual(args.slice(args.indexOf('-rtsp_transport'), args.indexOf('-rtsp_transport') + 2), [
      '-rtsp_transport',
      'tcp',
    ]);
    assert.deepEqual(args.slice(args.indexOf('-rw_timeout'), args.indexOf('-rw_timeout') + 2), [
      '-rw_timeout',
      '5000000',
    ]);
    assert.ok(args.indexOf('-rw_timeout') < args.indexOf('-i'), 'input options come before -i');
    for (const [flag, value] of [
      ['-c:v', 'copy'],
      ['-c:a', 'copy'],
      ['-f', 'segment'],
      ['-segment_time', '10'],
      ['-segment_format', 'mp4'],
      [
        '-segment_format_options',
        'movflags=+frag_keyframe+empty_moov+default_base_moof:frag_duration=1000000:flush_packets=1',
      ],
      ['-segment_list_type', 'csv'],
      ['-progress', 'pipe:1'],
    ]) {
      assert.equal(args[args.indexOf(flag!) + 1], value, flag);
    }
    assert.equal(args.at(-1), '/rec/cam-1/.incoming/p-%06d.mp4');
    assert.equal(redact(args.join(' ')).includes('p%40ss'), false);
    assert.equal(redact('rtsps://a:b@host/x and http://c:d@e/'), 'rtsps://***@host/x and http://***@e/');
    const udp = recordArgs(
      { ...input, rtspTransport: 'udp', username: null, password: null, extraOptions: {} },
      {
        dir: '/d',
        prefix: 'p',
        segmentSeconds: 60,
        listFile: '/l',
      },
    );
    assert.equal(udp[udp.indexOf('-rtsp_transport') + 1], 'udp');
    assert.equal(udp[udp.indexOf('-i') + 1], 'rtsp://127.0.0.1:8554/live');
    assert.equal(udp[udp.indexOf('-timeout') + 1], '10000000');
  });

  it('sends the recorded stream to the camera stream port too; a pull of its own ends with its receiver', () => {
    const input = {
      url: 'rtsp://cam/live',
      username: null,
      password: null,
      rtspTransport: null,
      extraOptions: {},
      guarded: false,
    };
    const tapped = recordArgs(input, {
      dir: '/d',
      prefix: 'p',
      segmentSeconds: 60,
      listFile: '/l',
      tapPort: 5004,
    });
    assert.deepEqual(tapped.slice(tapped.indexOf('/d/p-%06d.mp4') + 1), [
      ...[
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-c:v',
        'copy',
        '-bsf:v',
        'setts=dts=if(eq(DTS\\,NOPTS)\\,PTS\\,DTS)',
      ],
      ...['-c:a', 'copy', '-f', 'mpegts'],
      // Unconnected: the recording never fails because nobody receives.
      'udp://127.0.0.1:5004?pkt_size=1316',
    ]);
    const pull = ingestArgs(input, 5004);
    assert.equal(pull.at(-1), 'udp://127.0.0.1:5004?pkt_size=1316&connect=1');
    assert.equal(pull.filter((arg) => arg === '-i').length, 1);
  });

  it('lets ffmpeg open only the protocols a source scheme needs and only media demuxers', () => {
    const whitelists = (url: string) => {
      const args = inputArgs({ ...input, url });
      return [args[args.indexOf('-protocol_whitelist') + 1], args[args.indexOf('-format_whitelist') + 1]];
    };
    assert.deepEqual(whitelists('rtsp://h/x'), ['rtsp,rtp,udp,tcp', SOURCE_FORMATS]);
    assert.deepEqual(whitelists('rtsps://h/x'), ['rtsps,rtsp,rtp,udp,tcp,tls', SOURCE_FORMATS]);
    assert.deepEqual(whitelists('rtmp://h/x'), ['rtmp,tcp', SOURCE_FORMATS]);
    assert.deepEqual(whitelists('https://h/x'), ['http,https,tcp,tls,crypto', SOURCE_FORMATS]);
    for (const args of [whitelists('http://h/x.txt'), whitelists('https://h/x')]) {
      assert.ok(!args[0]!.split(',').includes('file'), 'no local files');
      for (const format of ['tty', 'image2', 'concat', 'bin', 'ansi']) {
        assert.ok(!args[1]!.split(',').includes(format), `no ${format} demuxer`);
      }
    }
    assert.throws(() => inputArgs({ ...input, url: 'file:///etc/passwd' }), /unsupported source scheme/);
  });
});

describe('media clock', () => {
  const T0 = 1_800_000_000_000;
  it('keeps the earliest offset through jitter and late reports', () => {
    const clock = new MediaClock();
    for (const [media, late] of [
      [0.5, 300],
      [1, 20],
      [1.5, 900], // one report read late (a busy event loop): not a freeze
      [2, 25],
      [2.5, 10],
    ] as const) {
      assert.equal(clock.observe(media, T0 + media * 1000 + late), 0);
    }
    assert.equal(clock.wallTime(0), T0 + 10);
    assert.equal(clock.wallTime(10), T0 + 10_010);
  });

  it('starts a new anchor after a freeze that outlasts the confirmation time', () => {
    const clock = new MediaClock();
    clock.observe(1, T0 + 1000);
    clock.observe(2, T0 + 2000);
    // Frozen for 5 s; the media then carries on from 2 s.
    assert.equal(clock.observe(2.5, T0 + 7500), 0);
    assert.equal(clock.observe(3, T0 + 8000), 0);
    assert.equal(clock.observe(3.5, T0 + 8500), 0);
    assert.equal(clock.observe(4, T0 + 9000), 0);
    assert.equal(clock.observe(4.5, T0 + 9500), 5000, 'confirmed once it held for DRIFT_CONFIRM_MS');
    assert.equal(clock.wallTime(1.5), T0 + 1500, 'media before the freeze keeps its time');
    assert.equal(clock.wallTime(2), T0 + 2000);
    assert.equal(clock.wallTime(3), T0 + 8000, 'media after the freeze is 5 s later');
  });

  it('on a starved machine: a freeze right after a late report is cut after that report, at its own lateness', () => {
    const clock = new MediaClock();
    clock.observe(9, T0 + 9000);
    clock.observe(9.5, T0 + 9500);
    // Read 1.2 s late (a busy machine) before the camera froze for 5 s: a chunk starting at 10 s began before
    // the freeze although no report after 9.5 s was on time.
    assert.equal(clock.observe(10.1, T0 + 11_300), 0);
    assert.equal(clock.observe(10.6, T0 + 15_600), 0);
    assert.equal(clock.observe(11.1, T0 + 16_150), 0);
    assert.equal(clock.observe(11.6, T0 + 16_600), 0);
    assert.equal(clock.observe(12.1, T0 + 17_100), 0);
    assert.equal(clock.observe(12.6, T0 + 17_600), 5000);
    assert.equal(clock.wallTime(10), T0 + 10_000, 'media before the freeze keeps its time');
    assert.equal(clock.wallTime(10.1), T0 + 10_100);
    assert.equal(clock.wallTime(11), T0 + 16_000, 'media after the freeze is 5 s later');
  });

  it('a camera on Wi-Fi that stalls for 2.5 s and stays that late is jitter, not a freeze', () => {
    const clock = new MediaClock();
    clock.observe(1, T0 + 1000);
    clock.observe(2, T0 + 2000);
    for (let media = 2.5; media <= 12; media += 0.5)
      assert.equal(clock.observe(media, T0 + media * 1000 + 2500), 0, `${media} s`);
    assert.equal(clock.wallTime(10), T0 + 10_000, 'the first anchor holds');
  });

  it('lateness that shrinks is a backlog worked off, not a freeze', () => {
    const clock = new MediaClock();
    clock.observe(1, T0 + 1000);
    clock.observe(2, T0 + 2000);
    // Starved for 3 s, then catching up at twice the speed: each report less late than the one before.
    for (const [media, late] of [
      [2.5, 2500],
      [3.5, 2000],
      [4.5, 1500],
      [5, 1400],
      [6, 900],
    ] as const) {
      assert.equal(clock.observe(media, T0 + media * 1000 + late), 0, `${media} s`);
    }
    assert.equal(clock.wallTime(5), T0 + 5000);
  });
});

describe('stream source and transport security', () => {
  it('applies the policy of API.md §5', () => {
    const plain = 'rtsp://127.0.0.1:554/live';
    assert.deepEqual(planSource(plain, 'plaintext_allowed', 'not_probed', null), {
      ok: true,
      plan: { url: plain, warning: null },
    });
    assert.deepEqual(planSource(plain, 'rtsps_required', 'not_supported', null), {
      ok: true,
      plan: { url: 'rtsps://127.0.0.1:322/live', warning: null },
    });
    assert.deepEqual(planSource(plain, 'rtsps_preferred', 'supported', null), {
      ok: true,
      plan: { url: 'rtsps://127.0.0.1:322/live', warning: null },
    });
    const fallback = planSource(plain, 'rtsps_preferred', 'inconclusive', null);
    assert.ok(fallback.ok && fallback.plan.url === plain && fallback.plan.warning?.includes('plaintext'));
    assert.equal(planSource('rtmp://127.0.0.1/app/key', 'rtsps_required', 'supported', null).ok, false);
    assert.equal(planSource(null, 'plaintext_allowed', 'not_probed', null).ok, false);
    assert.deepEqual(planSource('rtsps://127.0.0.1:7322/x', 'rtsps_required', 'not_probed', null), {
      ok: true,
      plan: { url: 'rtsps://127.0.0.1:7322/x', warning: null },
    });
  });

  it('upgrades a plain rtsp:// source on the probed port', () => {
    const plain = 'rtsp://user:pw@cam.lan:554/live?ch=1';
    assert.deepEqual(planSource(plain, 'rtsps_required', 'not_supported', 8322), {
      ok: true,
      plan: { url: 'rtsps://user:pw@cam.lan:8322/live?ch=1', warning: null },
    });
    assert.deepEqual(planSource(plain, 'rtsps_preferred', 'supported', 8322), {
      ok: true,
      plan: { url: 'rtsps://user:pw@cam.lan:8322/live?ch=1', warning: null },
    });
    // The probed port applies to upgrades only: plaintext keeps its port, an rtsps:// URL is used as given.
    const fallback = planSource(plain, 'rtsps_preferred', 'not_supported', 8322);
    assert.ok(fallback.ok && fallback.plan.url === plain);
    assert.deepEqual(planSource(plain, 'plaintext_allowed', 'supported', 8322), {
      ok: true,
      plan: { url: plain, warning: null },
    });
    assert.deepEqual(planSource('rtsps://cam.lan:7322/x', 'rtsps_required', 'supported', 8322), {
      ok: true,
      plan: { url: 'rtsps://cam.lan:7322/x', warning: null },
    });
  });
});

describe('backoff', () => {
  it('doubles up to the cap, within the jitter', () => {
    const policy = { baseMs: 1000, maxMs: 30_000, jitter: 0.2 };
    assert.equal(
      backoffDelay(policy, 1, () => 0.5),
      1000,
    );
    assert.equal(
      backoffDelay(policy, 3, () => 0.5),
      4000,
    );
    assert.equal(
      backoffDelay(policy, 20, () => 0.5),
      30_000,
    );
    assert.equal(
      backoffDelay(policy, 1, () => 0),
      800,
    );
    assert.equal(
      backoffDelay(policy, 1, () => 1),
      1200,
    );
  });
});

describe('ffmpeg process', () => {
  const lavfi = [
    '-hide_banner',
    '-nostats',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x64:rate=10',
    '-progress',
    'pipe:1',
    '-f',
    'null',
    '-',
  ];

  it('reports progress and stops politely with q', async () => {
    const process = new FfmpegProcess({ ffmpegPath: 'ffmpeg', args: ['-re', ...lavfi], stallTimeoutMs: 0 });
    const progressed = new Promise((resolve) => process.once('progress', resolve));
    process.start();
    await progressed;
    const exit = await process.stop();
    assert.equal(exit?.requested, true);
    assert.equal(exit?.code, 0, exit?.stderrTail);
  });

  it('kills a process that stops producing data (stall watchdog)', async () => {
    // A "camera" that accepts the connection and never answers.
    const silent = await serve(createServer(() => undefined));
    try {
      const process = new FfmpegProcess({
        ffmpegPath: 'ffmpeg',
        args: [
          '-hide_banner',
          '-rtsp_transport',
          'tcp',
          '-i',
          `rtsp://127.0.0.1:${silent.port}/x`,
          '-f',
          'null',
          '-',
        ],
        stallTimeoutMs: 500,
      });
      process.start();
      const exit = await process.exited();
      assert.equal(exit.stalled, true);
      assert.equal(exit.requested, false);
      assert.match(exit.stderrTail, /no video/);
    } finally {
      await silent.stop();
    }
  });

  it(
    'counts a stream that keeps reporting but whose media time stands still as stalled',
    { timeout: 30_000 },
    async () => {
      // Frames after the first second are dropped: ffmpeg keeps running and reporting, writing nothing new,
      // like a camera that holds its session open and stops sending pictures.
      const process = new FfmpegProcess({
        ffmpegPath: 'ffmpeg',
        args: ['-re', ...lavfi.slice(0, 6), '-vf', "select='lt(t,1)'", ...lavfi.slice(6)],
        stallTimeoutMs: 2000,
      });
      const reports: number[] = [];
      process.on('progress', (progress) => reports.push(progress.outTimeSeconds));
      process.start();
      const exit = await process.exited();
      assert.equal(exit.stalled, true, 'killed by the watchdog');
      assert.ok(reports.length > 0);
      assert.deepEqual(
        reports,
        [...reports].sort((a, b) => a - b),
        'progress is only reported when media time advances',
      );
      assert.equal(new Set(reports).size, reports.length);
    },
  );
});

describe('export', () => {
  const run = promisify(execFile);
  /** The first picture of `file` from `seconds` on, as raw grey pixels. */
  async function pictureAt(file: string, seconds: number): Promise<Buffer> {
    const { stdout } = await run(
      'ffmpeg',
      [
        '-v',
        'error',
        '-i',
        file,
        '-ss',
        String(seconds),
        '-frames:v',
        '1',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'gray',
        '-',
      ],
      { encoding: 'buffer' },
    );
    return stdout;
  }

  it('cuts a stream-copied range to the frame: from mid-GOP in one chunk to mid-GOP in the next', async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'nvr-export-test-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    // Two 10 s chunks as the recorder writes them: one keyframe a second, timestamps from 0 in each file.
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=15', '-t', '20'],
      ...['-c:v', 'libx264', '-g', '15', '-keyint_min', '15', '-sc_threshold', '0', '-bf', '0'],
      ...['-f', 'segment', '-segment_time', '10', '-reset_timestamps', '1', join(dir, 'chunk-%d.mp4')],
    ]);
    const chunks = [0, 1].map((i) => ({
      path: join(dir, `chunk-${i}.mp4`),
      startMs: 1_000_000 + i * 10_000,
      endMs: 1_000_000 + (i + 1) * 10_000,
    }));
    // 4.5 s into the first chunk (half a second after a keyframe) to 9.5 s into the second: 15 s.
    const exported = await exportRange('ffmpeg', chunks, 1_004_500, 1_019_500);
    t.after(exported.dispose);
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', exported.path],
    ]);
    const seconds = Number(stdout.trim());
    assert.ok(Math.abs(seconds - 15) < 0.1, `the export lasts ${seconds} s`);
    // It opens on the picture of the chosen instant, not on the keyframe before it.
    assert.deepEqual(await pictureAt(exported.path, 0), await pictureAt(chunks[0]!.path, 4.5));
    assert.notDeepEqual(await pictureAt(exported.path, 0), await pictureAt(chunks[0]!.path, 4));
  });
});

describe('supervisor', () => {
  it('retries failing runs with backoff and gives up after max attempts', async () => {
    const transitions: Transition[] = [];
    const supervisor = new Supervisor({
      autoRestart: true,
      maxRestartAttempts: 2,
      healthyResetMs: 60_000,
      backoff: { baseMs: 10, maxMs: 20, jitter: 0 },
      run: () =>
        new FfmpegProcess({
          ffmpegPath: 'ffmpeg',
          args: ['-hide_banner', '-i', '/nonexistent.mp4', '-f', 'null', '-'],
          stallTimeoutMs: 0,
        }),
    });
    const failed = new Promise<void>((resolve) =>
      supervisor.on('transition', (t) => {
        transitions.push(t);
        if (t.to === 'failed') resolve();
      }),
    );
    supervisor.start();
    await failed;
    assert.deepEqual(
      transitions.map((t) => `${t.to}:${t.action}`),
      [
        'starting:start',
        'retrying:backoff',
        'starting:restart',
        'retrying:backoff',
        'starting:restart',
        'failed:stop',
      ],
    );
    assert.equal(transitions.at(-1)!.failures, 3);
    assert.match(transitions.at(-1)!.error ?? '', /No such file/);
  });

  it('resets the failure count after healthyResetMs of running (API.md §12: after 60 s streaming)', async () => {
    // Every run streams about 1 s and then ends on its own, which counts as a failure.
    const shortRuns = (healthyResetMs: number) =>
      new Supervisor({
        autoRestart: true,
        maxRestartAttempts: 1,
        healthyResetMs,
        backoff: { baseMs: 10, maxMs: 20, jitter: 0 },
        run: () =>
          new FfmpegProcess({
            ffmpegPath: 'ffmpeg',
            args: [
              '-re',
              '-hide_banner',
              '-f',
              'lavfi',
              '-i',
              'testsrc=size=64x64:rate=10',
              '-t',
              '1',
            ].concat(['-progress', 'pipe:1', '-f', 'null', '-']),
            stallTimeoutMs: 0,
          }),
      });
    const watch = (supervisor: Supervisor, until: (t: Transition[]) => boolean) =>
      new Promise<Transition[]>((resolve) => {
        const seen: Transition[] = [];
        supervisor.on('transition', (t) => {
          seen.push(t);
          if (until(seen)) resolve(seen);
        });
        supervisor.start();
      });

    // Without a reset the second failure exceeds max_restart_attempts = 1.
    const strict = shortRuns(60_000);
    const gaveUp = await watch(strict, (seen) => seen.at(-1)!.to === 'failed');
    assert.equal(gaveUp.filter((t) => t.to === 'starting').length, 2);
    await strict.stop();

    // Running longer than healthyResetMs clears the count: the third start comes, nothing fails.
    const forgiving = shortRuns(300);
    const kept = await watch(
      forgiving,
      (seen) => seen.filter((t) => t.to === 'starting').length === 3 || seen.at(-1)!.to === 'failed',
    );
    assert.ok(!kept.some((t) => t.to === 'failed'), kept.map((t) => t.to).join(','));
    await forgiving.stop();
  });

  const streaming = ['-re', '-hide_banner', '-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10'].concat([
    '-progress',
    'pipe:1',
    '-f',
    'null',
    '-',
  ]);
  const missing = ['-hide_banner', '-i', '/nonexistent.mp4', '-f', 'null', '-'];

  it('once failed, keeps trying at the slow cadence and runs again when the source is back', async () => {
    let sourceBack = false;
    const supervisor = new Supervisor({
      autoRestart: true,
      maxRestartAttempts: 1,
      slowRetryMs: 50,
      healthyResetMs: 60_000,
      backoff: { baseMs: 10, maxMs: 20, jitter: 0 },
      run: () =>
        new FfmpegProcess({
          ffmpegPath: 'ffmpeg',
          args: sourceBack ? streaming : missing,
          stallTimeoutMs: 0,
        }),
    });
    const seen: Transition[] = [];
    const running = new Promise<void>((resolve) =>
      supervisor.on('transition', (transition) => {
        seen.push(transition);
        // Three slow attempts fail before the source comes back.
        if (seen.filter((t) => t.to === 'failed' && t.action === 'restart').length === 3) sourceBack = true;
        if (transition.to === 'running') resolve();
      }),
    );
    supervisor.start();
    await running;
    await supervisor.stop();
    const states = seen.map((t) => `${t.to}:${t.action}`);
    assert.deepEqual(states.slice(0, 4), [
      'starting:start',
      'retrying:backoff',
      'starting:restart',
      'failed:backoff',
    ]);
    // After giving up the quick restarts it stays `failed` while it keeps trying, until it streams.
    const afterFailed = states.slice(3, states.indexOf('running:restart'));
    assert.ok(afterFailed.length >= 6, states.join(' '));
    assert.ok(
      afterFailed.every((state) => state === 'failed:backoff' || state === 'failed:restart'),
      states.join(' '),
    );
    assert.ok(
      seen
        .filter((t) => t.delayMs !== undefined)
        .slice(1)
        .every((t) => t.delayMs === 50 || t.to === 'retrying'),
    );
  });

  it('restart() cuts a running process without counting a failure', async () => {
    const supervisor = new Supervisor({
      autoRestart: true,
      maxRestartAttempts: 1,
      healthyResetMs: 60_000,
      backoff: { baseMs: 10, maxMs: 20, jitter: 0 },
      run: () => new FfmpegProcess({ ffmpegPath: 'ffmpeg', args: streaming, stallTimeoutMs: 0 }),
    });
    const seen: Transition[] = [];
    const runs: (() => void)[] = [];
    const running = (n: number) => new Promise<void>((resolve) => (runs[n] = resolve));
    const first = running(1);
    const second = running(2);
    supervisor.on('transition', (transition) => {
      seen.push(transition);
      if (transition.to === 'running') runs[seen.filter((t) => t.to === 'running').length]?.();
    });
    supervisor.start();
    await first;
    await supervisor.restart();
    await second;
    await supervisor.stop();
    assert.deepEqual(seen.map((t) => `${t.to}:${t.action}`).slice(0, 4), [
      'starting:start',
      'running:start',
      'starting:restart',
      'running:restart',
    ]);
    assert.ok(seen.every((t) => t.failures === 0));
  });

  it('reaches running on progress and stops on request', async () => {
    const transitions: string[] = [];
    const supervisor = new Supervisor({
      autoRestart: true,
      maxRestartAttempts: 0,
      healthyResetMs: 60_000,
      backoff: { baseMs: 10, maxMs: 20, jitter: 0 },
      run: () =>
        new FfmpegProcess({
          ffmpegPath: 'ffmpeg',
          args: [
            '-re',
            '-hide_banner',
            '-f',
            'lavfi',
            '-i',
            'testsrc=size=64x64:rate=10',
            '-progress',
            'pipe:1',
            '-f',
            'null',
            '-',
          ],
          stallTimeoutMs: 0,
        }),
    });
    const running = new Promise<void>((resolve) =>
      supervisor.on('transition', (t) => {
        transitions.push(t.to);
        if (t.to === 'running') resolve();
      }),
    );
    supervisor.start();
    await running;
    await supervisor.stop();
    assert.deepEqual(transitions, ['starting', 'running', 'stopped']);
  });
});
