// npm run bench:events — the event stream and acknowledge under load.
// The recorder runs in its own process (this file with --child: config → container → app → listen, like
// main.ts). It publishes events through its own bus when the parent asks over IPC, so no extra HTTP route is
// needed. The parent holds 200 SSE and 20 WebSocket clients spread over 10 users with grants on 2 cameras each,
// publishes 50 events/s for 60 s, and measures publish→client latency, lost events, and the recorder's RSS/CPU.
// Then it acknowledges 10,000 alerts by filter. Targets: p99 < 50 ms, no lost events, ack < 1 s on SQLite.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { api, describeMachine, freePort, login, root, stop } from './harness.js';

const SSE_CLIENTS = Number(process.env.BENCH_SSE ?? 200);
const WS_CLIENTS = Number(process.env.BENCH_WS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const ALERTS = Number(process.env.BENCH_ALERTS ?? 10_000);
const CAMERAS = 10;
const USERS = 10;
const ADMIN_PASSWORD = 'bench-admin-password';
const USER_PASSWORD = 'bench-Password-1';

const now = () => performance.timeOrigin + performance.now();

type Command =
  | { cmd: 'publish'; rate: number; seconds: number; cameraIds: number[] }
  | { cmd: 'usage' }
  | { cmd: 'seed-alerts'; count: number; cameraIds: number[] };

// ───────────────────────────── child: the recorder ─────────────────────────────
async function child(): Promise<void> {
  const { loadConfig } = await import('../src/config.js');
  const { createContainer } = await import('../src/container.js');
  const { buildApp } = await import('../src/app.js');
  const config = loadConfig();
  const container = await createContainer(config);
  await container.users.bootstrapAdmin(config.auth.adminPassword);
  const app = await buildApp(container);
  await app.listen({ host: '127.0.0.1', port: config.port });
  const send = (message: unknown) => process.send?.(message);

  process.on('message', (message: Command) => {
    void (async () => {
      if (message.cmd === 'usage') {
        send({ cmd: 'usage', rss: process.memoryUsage().rss, cpu: process.cpuUsage(), at: now() });
      } else if (message.cmd === 'publish') {
        const published: { id: number; camera_id: number }[] = [];
        const total = message.rate * message.seconds;
        const start = now();
        for (let i = 0; i < total; i++) {
          const due = start + (i * 1000) / message.rate;
          const wait = due - now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          const cameraId = message.cameraIds[i % message.cameraIds.length]!;
          // awaited only for the id: the next publish starts on schedule regardless
          void container.events
            .publish({
              type: 'detection',
              camera_id: cameraId,
              source: 'bench',
              data: { seq: i, sent_at: now() },
            })
            .then((event) => published.push({ id: event.id, camera_id: cameraId }));
        }
        await container.events.idle();
        send({ cmd: 'published', events: published });
      } else {
        const { db } = container.database;
        const at = new Date().toISOString();
        for (let done = 0; done < message.count; done += 500) {
          const rows = Array.from({ length: Math.min(500, message.count - done) }, (_, j) => ({
            camera_id: message.cameraIds[(done + j) % message.cameraIds.length]!,
            source_name: 'bench',
            severity: 'high',
            severity_rank: 3,
            title: 'Bench alert',
            message: '',
            created_at: at,
            acknowledged: false,
            acknowledged_at: null,
            acknowledged_by: null,
            acknowledged_by_id: null,
            data: '{}',
          }));
          await db.insertInto('alerts').values(rows).execute();
        }
        send({ cmd: 'seeded' });
      }
    })();
  });
  send({ cmd: 'ready' });
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => container.close())
      .then(() => process.exit(0));
  });
}

// ───────────────────────────── parent: the clients ─────────────────────────────
interface Client {
  kind: 'sse' | 'ws';
  cameras: Set<number>;
  received: Set<number>;
  lagged: number;
  close(): void;
}

const latencies: number[] = [];

function onEvent(client: Client, event: { id: number; data: { sent_at?: number } }) {
  if (typeof event.data.sent_at === 'number') latencies.push(now() - event.data.sent_at);
  client.received.add(event.id);
}

function openSse(base: string, token: string, cameras: Set<number>): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client: Client = {
      kind: 'sse',
      cameras,
      received: new Set(),
      lagged: 0,
      close: () => req.destroy(),
    };
    const req = request(`${base}/api/v1/events/stream?type=detection`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    });
    req.on('response', (response) => {
      if (response.statusCode !== 200) return reject(new Error(`SSE ${response.statusCode}`));
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data === undefined) continue;
          if (block.includes('event: lagged')) client.lagged++;
          else onEvent(client, JSON.parse(data));
        }
      });
      resolve(client);
    });
    req.on('error', reject);
    req.end();
  });
}

function openWs(base: string, token: string, cameras: Set<number>): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/v1/events/stream?type=detection`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const client: Client = {
      kind: 'ws',
      cameras,
      received: new Set(),
      lagged: 0,
      close: () => socket.close(),
    };
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8'));
      if (message.type === 'lagged') client.lagged++;
      else if (message.id !== undefined) onEvent(client, message);
    });
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}

function ask<T>(recorder: ChildProcess, command: Command, reply: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: { cmd: string }) => {
      if (message.cmd !== reply) return;
      recorder.off('message', listener);
      resolve(message as T);
    };
    recorder.on('message', listener);
    recorder.send(command);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function parent(): Promise<void> {
  describeMachine('bench:events');
  const dataDir = mkdtempSync(join(tmpdir(), 'nvr-bench-events-'));
  const port = await freePort();
  const recorder = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', new URL(import.meta.url).pathname, '--child'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        RTSP_PORT: '0',
        ADMIN_PASSWORD,
        RECORDER_PORT: String(port),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const clients: Client[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      recorder.once('message', () => resolve());
      recorder.once('exit', (code) => reject(new Error(`recorder exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const admin = await login(base, 'admin', ADMIN_PASSWORD);
    const cameraIds: number[] = [];
    for (let i = 0; i < CAMERAS; i++) {
      const camera = await api(base, '/api/v1/cameras?force=true', {
        method: 'POST',
        token: admin,
        body: JSON.stringify({ name: `Bench ${i}`, ip_address: `127.3.0.${i + 1}` }),
      });
      cameraIds.push(camera.id as number);
    }
    // Each user sees two cameras: every client receives a fifth of the events.
    const users: { token: string; cameras: Set<number> }[] = [];
    for (let u = 0; u < USERS; u++) {
      const user = await api(base, '/api/v1/users', {
        method: 'POST',
        token: admin,
        body: JSON.stringify({ username: `bench${u}`, password: USER_PASSWORD }),
      });
      const cameras = new Set([cameraIds[u % CAMERAS]!, cameraIds[(u + 1) % CAMERAS]!]);
      for (const cameraId of cameras) {
        await api(base, `/api/v1/cameras/${cameraId}/permissions`, {
          method: 'POST',
          token: admin,
          body: JSON.stringify({ user_id: user.id, can_view: true }),
        });
      }
      users.push({ token: await login(base, `bench${u}`, USER_PASSWORD), cameras });
    }

    const connectStart = now();
    for (let i = 0; i < SSE_CLIENTS; i++)
      clients.push(await openSse(base, users[i % USERS]!.token, users[i % USERS]!.cameras));
    for (let i = 0; i < WS_CLIENTS; i++)
      clients.push(await openWs(base, users[i % USERS]!.token, users[i % USERS]!.cameras));
    console.log(
      `${SSE_CLIENTS} SSE + ${WS_CLIENTS} WebSocket clients connected in ${(now() - connectStart).toFixed(0)} ms`,
    );

    // Warm-up: one second of events, not counted.
    await ask(recorder, { cmd: 'publish', rate: RATE, seconds: 1, cameraIds }, 'published');
    await new Promise((r) => setTimeout(r, 500));
    latencies.length = 0;
    for (const client of clients) client.received.clear();

    console.log(`publishing ${RATE} events/s for ${SECONDS} s…`);
    const before = await ask<{ rss: number; cpu: NodeJS.CpuUsage; at: number }>(
      recorder,
      { cmd: 'usage' },
      'usage',
    );
    const rss: number[] = [];
    const sampler = setInterval(() => {
      void ask<{ rss: number }>(recorder, { cmd: 'usage' }, 'usage').then((u) => rss.push(u.rss));
    }, 1000);
    const { events } = await ask<{ events: { id: number; camera_id: number }[] }>(
      recorder,
      { cmd: 'publish', rate: RATE, seconds: SECONDS, cameraIds },
      'published',
    );
    const after = await ask<{ rss: number; cpu: NodeJS.CpuUsage; at: number }>(
      recorder,
      { cmd: 'usage' },
      'usage',
    );
    clearInterval(sampler);
    // Give the last events time to arrive (they normally have already).
    const deadline = now() + 5000;
    const expected = (client: Client) => events.filter((e) => client.cameras.has(e.camera_id));
    while (now() < deadline && clients.some((c) => expected(c).some((e) => !c.received.has(e.id)))) {
      await new Promise((r) => setTimeout(r, 50));
    }
    let lost = 0;
    let delivered = 0;
    let lagged = 0;
    for (const client of clients) {
      for (const event of expected(client)) {
        if (client.received.has(event.id)) delivered++;
        else lost++;
      }
      lagged += client.lagged;
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
    const cpuPercent = (cpuMs / (after.at - before.at)) * 100;

    console.log('\n| measure | value |\n|---|---|');
    console.log(`| events published | ${events.length} (${RATE}/s × ${SECONDS} s) |`);
    console.log(`| deliveries expected / received | ${delivered + lost} / ${delivered} |`);
    console.log(`| lost events | ${lost} (lagged notices: ${lagged}) |`);
    console.log(`| latency p50 | ${percentile(sorted, 0.5).toFixed(2)} ms |`);
    console.log(`| latency p99 | ${percentile(sorted, 0.99).toFixed(2)} ms |`);
    console.log(`| latency max | ${(sorted.at(-1) ?? 0).toFixed(2)} ms |`);
    console.log(
      `| recorder RSS | ${(Math.max(...rss, after.rss) / 2 ** 20).toFixed(0)} MiB peak, ${(after.rss / 2 ** 20).toFixed(0)} MiB at end |`,
    );
    console.log(`| recorder CPU | ${cpuPercent.toFixed(1)} % of one core |`);

    for (const client of clients) client.close();
    clients.length = 0;

    await ask(recorder, { cmd: 'seed-alerts', count: ALERTS, cameraIds }, 'seeded');
    const ackStart = now();
    const result = await api(base, '/api/v1/alerts/acknowledge', {
      method: 'POST',
      token: admin,
      body: JSON.stringify({ source_name: 'bench', severity: 'high' }),
    });
    const ackMs = now() - ackStart;
    if (result.acknowledged !== ALERTS) throw new Error(`acknowledged ${String(result.acknowledged)}`);
    console.log(`| acknowledge ${ALERTS} alerts by filter (SQLite, superuser) | ${ackMs.toFixed(0)} ms |`);

    await ask(recorder, { cmd: 'seed-alerts', count: ALERTS, cameraIds }, 'seeded');
    const scopedStart = now();
    const scoped = await api(base, '/api/v1/alerts/acknowledge', {
      method: 'POST',
      token: users[0]!.token,
      body: '{}',
    });
    console.log(
      `| acknowledge everything in scope (${String(scoped.acknowledged)} alerts of 2 cameras, empty body) | ${(now() - scopedStart).toFixed(0)} ms |`,
    );
  } finally {
    for (const client of clients) client.close();
    await stop(recorder);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--child')) await child();
else await parent();
