// A real MQTT broker for tests: Debian's mosquitto on free loopback ports, its own config, password file (made
// with mosquitto_passwd) and, optionally, a TLS listener with a certificate from a CA the test made. It never
// touches a system broker (own ports, own files, no persistence), and a test client (mqtt.js) that collects what
// the recorder publishes. Needs the mosquitto and mosquitto-clients packages (.ci/apt-packages.txt).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import { freePort } from './net-servers.js';

const run = promisify(execFile);

export interface TestCa {
  /** the CA certificate (what the recorder is given to verify the broker) */
  caCert: Buffer;
  /** a server certificate for 127.0.0.1 signed by the CA, and its key */
  cert: Buffer;
  key: Buffer;
}

/** A throwaway CA and a broker certificate it signed, for IP 127.0.0.1 (made with the openssl CLI). */
export async function makeTestCa(): Promise<TestCa> {
  const dir = await mkdtemp(join(tmpdir(), 'nvr-mqtt-ca-'));
  const f = (name: string) => join(dir, name);
  try {
    await run(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=nvr test CA', '-days', '1'].concat([
        '-keyout',
        f('ca.key'),
        '-out',
        f('ca.pem'),
      ]),
    );
    await run(
      'openssl',
      ['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1'].concat([
        '-keyout',
        f('server.key'),
        '-out',
        f('server.csr'),
      ]),
    );
    await writeFile(f('ext.cnf'), 'subjectAltName=IP:127.0.0.1\n');
    await run('openssl', [
      'x509',
      '-req',
      '-in',
      f('server.csr'),
      '-CA',
      f('ca.pem'),
      '-CAkey',
      f('ca.key'),
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      f('ext.cnf'),
      '-out',
      f('server.pem'),
    ]);
    const [caCert, cert, key] = await Promise.all(
      [f('ca.pem'), f('server.pem'), f('server.key')].map((p) => readFile(p)),
    );
    return { caCert: caCert!, cert: cert!, key: key! };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface TestBroker {
  port: number;
  /** the TLS listener's port (when started with tls) */
  tlsPort: number | null;
  url: string;
  tlsUrl: string | null;
  /** stops the broker (its retained messages are gone: no persistence) */
  stop(): Promise<void>;
  /** starts it again on the same ports */
  start(): Promise<void>;
  close(): Promise<void>;
  /** what the broker logged since it last started (with `verbose`, every packet it received and sent) */
  log(): string;
  /** resolves with the log once a line of it matches */
  logged(match: RegExp, what: string, timeoutMs?: number): Promise<string>;
}

export async function startBroker(options: {
  users: Record<string, string>;
  tls?: TestCa;
  /** log every packet (mosquitto's debug log): who published what, to whom it went */
  verbose?: boolean;
}): Promise<TestBroker> {
  const dir = await mkdtemp(join(tmpdir(), 'nvr-mosquitto-'));
  const port = await freePort();
  const tlsPort = options.tls ? await freePort() : null;
  const passwords = join(dir, 'passwd');
  await writeFile(passwords, '', { mode: 0o600 });
  for (const [user, password] of Object.entries(options.users))
    await run('mosquitto_passwd', ['-b', passwords, user, password]);
  const lines = [
    // mosquitto started as root drops to its own account, which could not read these files.
    `user ${userInfo().username}`,
    'per_listener_settings false',
    'allow_anonymous false',
    `password_file ${passwords}`,
    'persistence false',
    'log_dest stderr',
    'log_type error',
    'log_type warning',
    'log_type notice',
    'log_type information',
    ...(options.verbose ? ['log_type debug'] : []),
    `listener ${port} 127.0.0.1`,
  ];
  if (options.tls && tlsPort !== null) {
    await writeFile(join(dir, 'ca.pem'), options.tls.caCert);
    await writeFile(join(dir, 'server.pem'), options.tls.cert);
    await writeFile(join(dir, 'server.key'), options.tls.key, { mode: 0o600 });
    lines.push(
      `listener ${tlsPort} 127.0.0.1`,
      `cafile ${join(dir, 'ca.pem')}`,
      `certfile ${join(dir, 'server.pem')}`,
      `keyfile ${join(dir, 'server.key')}`,
    );
  }
  const configFile = join(dir, 'mosquitto.conf');
  await writeFile(configFile, `${lines.join('\n')}\n`);

  let child: ChildProcess | null = null;
  let log = '';
  const logWaiters = new Set<() => void>();
  const start = async () => {
    const proc = spawn('mosquitto', ['-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    child = proc;
    log = '';
    proc.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      for (const check of logWaiters) check();
    });
    // Ready once every listener says so in the log ("Opening ipv4 listen socket on port N").
    const listeners = tlsPort === null ? 1 : 2;
    await new Promise<void>((resolve, reject) => {
      proc.stderr.on('data', () => {
        if ((log.match(/listen socket on port/g) ?? []).length >= listeners && /running/.test(log)) resolve();
      });
      proc.once('exit', (code) => reject(new Error(`mosquitto exited (${code}): ${log}`)));
    });
  };
  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    port,
    tlsPort,
    url: `mqtt://127.0.0.1:${port}`,
    tlsUrl: tlsPort === null ? null : `mqtts://127.0.0.1:${tlsPort}`,
    start,
    stop,
    log: () => log,
    logged(match, what, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!match.test(log)) return;
          logWaiters.delete(check);
          clearTimeout(timer);
          resolve(log);
        };
        const timer = setTimeout(() => {
          logWaiters.delete(check);
          reject(new Error(`timed out waiting for the broker to log ${what}`));
        }, timeoutMs);
        logWaiters.add(check);
        check();
      });
    },
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface Message {
  topic: string;
  payload: Buffer;
  retain: boolean;
}

/** A test client that records every message on the given filters; `next(match)` awaits one. */
export async function watchBroker(
  url: string,
  credentials: { username: string; password: string },
  filters: string[],
): Promise<{
  client: MqttClient;
  messages: Message[];
  /** the first message from index `from` on (default: any seen so far) that matches */
  next(
    match: (message: Message) => boolean,
    options?: { what?: string; from?: number; timeoutMs?: number },
  ): Promise<Message>;
  /** the last message seen on the topic */
  last(topic: string): Message | undefined;
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}> {
  // MQTT 5 with retain-as-published: `retain` tells what the publisher asked for, not only replays.
  const client = await mqtt.connectAsync(url, {
    ...credentials,
    reconnectPeriod: 200,
    clean: true,
    protocolVersion: 5,
  });
  const messages: Message[] = [];
  const waiters = new Set<{ match: (m: Message) => boolean; resolve: (m: Message) => void }>();
  client.on('message', (topic, payload, packet) => {
    const message = { topic, payload, retain: packet.retain };
    messages.push(message);
    for (const waiter of waiters) {
      if (waiter.match(message)) {
        waiters.delete(waiter);
        waiter.resolve(message);
      }
    }
  });
  // After a broker restart the test client's session is new: subscribe again on every connect.
  client.on('connect', () => void client.subscribe(filters, { qos: 0, rap: true }));
  await client.subscribeAsync(filters, { qos: 0, rap: true });
  return {
    client,
    messages,
    next(match, { what = 'an MQTT message', from = 0, timeoutMs = 20_000 } = {}) {
      const seen = messages.slice(from).find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (m: Message) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`timed out waiting for ${what}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    last(topic) {
      return messages.findLast((m) => m.topic === topic);
    },
    async publish(topic, payload) {
      await client.publishAsync(topic, payload);
    },
    async close() {
      // Not forced: a forced end drops the client's state while a message may still be on its way in.
      await client.endAsync();
    },
  };
}
