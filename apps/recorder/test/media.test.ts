// The pure and process-level pieces of the media layer: argument builders, source planning, backoff, the
// ffmpeg process wrapper (real ffmpeg) and the supervisor.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { describe, it } from 'node:test';
import { inputUrl, recordArgs, redact, type StreamInput } from '../src/media/ffmpeg/args.js';
import { FfmpegProcess } from '../src/media/ffmpeg/process.js';
import { Supervisor, backoffDelay, type Transition } from '../src/media/supervisor.js';
import { planSource } from '../src/modules/recordings/stream-source.js';
import { serve } from './helpers/net-servers.js';

const input: StreamInput = {
  url: 'rtsp://127.0.0.1:8554/live',
  username: 'us er',
  password: 'p@ss:w/rd',
  rtspTransport: null,
  extraOptions: { rw_timeout: '5000000' },
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
      ['-c', 'copy'],
      ['-f', 'segment'],
      ['-segment_time', '10'],
      ['-segment_format', 'mp4'],
      ['-segment_format_options', 'movflags=+frag_keyframe+empty_moov+default_base_moof'],
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
      assert.match(exit.stderrTail, /no data/);
    } finally {
      await silent.stop();
    }
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
