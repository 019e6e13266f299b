// Issue #32 item 10: a broker that stalls or misbehaves cannot wedge the recorder. A broker that accepts the TCP
// connection and never sends CONNACK, one that accepts the session and never acknowledges anything, one that
// pushes a 250 MB packet: each ends in the normal retry with the reason in the status, a settings PUT answers
// whatever the old session is doing, SIGTERM ends the recorder and its ffmpeg, and the oversized packet is cut
// off long before it is read whole. The brokers are mqtt-packet servers (helpers/fake-broker.ts): mosquitto does
// none of this. Deadlines are shortened for the in-process cases; the process case runs with the defaults.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { after, afterEach, describe, it } from 'node:test';
import type { Socket } from 'node:net';
import { createTestApp, type TestApp } from './helpers/app.js';
import { eventually } from './helpers/eventually.js';
import { pushHugePublish, startFakeBroker, type FakeBroker } from './helpers/fake-broker.js';
import { startRecorderProcess, type RecorderProcess } from './helpers/recorder-process.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';
import type { MqttDeadlines } from '../src/modules/mqtt/mqtt-connection.js';

const FAST_BACKOFF = { baseMs: 100, maxMs: 400, jitter: 0.2 };
/** Well past any deadline in play; reaching it means the recorder waited on the broker. */
const GENEROUS_MS = 20_000;

/** Resolves with the value, or with 'still waiting' once `ms` have passed. */
function within<T>(ms: number, work: Promise<T>): Promise<T | 'still waiting'> {
  let timer: NodeJS.Timeout;
  const late = new Promise<'still waiting'>(
    (resolve) => (timer = setTimeout(() => resolve('still waiting'), ms)),
  );
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

describe('a broker that stalls or misbehaves', { timeout: 120_000 }, () => {
  let t: TestApp | null = null;
  let broker: FakeBroker | null = null;
  // Bounded too: a recorder that waits on the broker when it stops (what this file tests) fails rather than hangs.
  afterEach(
    async () => {
      const [app, fake] = [t, broker];
      t = null;
      broker = null;
      await app?.close();
      await fake?.stop();
    },
    { timeout: 60_000 },
  );

  const start = async (deadlines: Partial<MqttDeadlines>) =>
    (t = await createTestApp({ overrides: { mqtt: { backoff: FAST_BACKOFF, deadlines } } }));
  const put = (app: TestApp, body: object) =>
    app.request({ method: 'PUT', url: '/api/v1/integrations/mqtt', token: app.adminToken, payload: body });
  const status = async (app: TestApp) =>
    (await app.request({ method: 'GET', url: '/api/v1/integrations/mqtt', token: app.adminToken })).json()
      .status;

  it('no CONNACK: the attempt fails at the connect deadline, says why, and is retried on the backoff', async () => {
    broker = await startFakeBroker({ connack: false, acknowledge: false });
    const app = await start({ connectMs: 300 });
    assert.equal((await put(app, { enabled: true, url: broker.url })).statusCode, 200);
    // Read between two attempts (during one, next_attempt_at is null: nothing is scheduled while it runs).
    const failing = await eventually(
      async () => {
        const s = await status(app);
        return s.failed_attempts >= 2 && s.next_attempt_at !== null && s;
      },
      { what: 'two attempts given up and a third scheduled' },
    );
    assert.equal(failing.state, 'error');
    assert.match(failing.last_error, /accepted the connection but did not answer CONNECT within 0\.3 s/);
    assert.ok(failing.next_attempt_at, 'another attempt is scheduled');
    assert.ok(broker.connections() >= 2);
  });

  it('no acknowledgements: a settings PUT answers while the session is wedged, and closing does not wait', async () => {
    broker = await startFakeBroker({ connack: true, acknowledge: false });
    // The acknowledgement deadline far away: the session stays wedged (connected, PUBACK owed) for the PUT.
    const app = await start({ ackMs: 600_000, closeMs: 300 });
    assert.equal((await put(app, { enabled: true, url: broker.url })).statusCode, 200);
    await broker.nextPacket((p) => p.cmd === 'publish' && p.payload.toString() === 'online', 'online');
    assert.equal((await status(app)).state, 'connected');

    const answer = await within(GENEROUS_MS, put(app, { username: 'someone-else' }));
    if (answer === 'still waiting') assert.fail('the PUT waited on the broker');
    assert.equal(answer.statusCode, 200, answer.body);
    assert.notEqual(answer.json().status.state, 'disabled');
    // The new session is up (the broker CONNACKs), with the new settings.
    await broker.nextPacket((p) => p.cmd === 'connect' && p.username === 'someone-else', 'the new CONNECT');

    const closing = await within(GENEROUS_MS, app.container.mqtt.stop());
    assert.notEqual(closing, 'still waiting', 'stopping waited on the broker');
  });

  it('no acknowledgements: the session is given up at the deadline, with the reason, and retried', async () => {
    broker = await startFakeBroker({ connack: true, acknowledge: false });
    const app = await start({ ackMs: 300, closeMs: 300 });
    assert.equal((await put(app, { enabled: true, url: broker.url })).statusCode, 200);
    const failing = await eventually(
      async () => {
        const s = await status(app);
        return s.failed_attempts >= 2 && s;
      },
      { what: 'two sessions given up' },
    );
    assert.equal(failing.state, 'error');
    assert.match(failing.last_error, /did not acknowledge the PUBLISH of online within 0\.3 s/);
    assert.ok(broker.connections() >= 2);
  });

  it('a broker that ends every session for what it is sent: retried ever more slowly, not once a second', async () => {
    // What mosquitto did on every reconnect when a retained topic held a control character (item 8): the session
    // was accepted, so the backoff started again from its first step, and the recorder was dropped once a second.
    broker = await startFakeBroker({ connack: true, acknowledge: true, dropOnPublish: true });
    const app = await start({});
    assert.equal((await put(app, { enabled: true, url: broker.url })).statusCode, 200);
    const failing = await eventually(
      async () => {
        const s = await status(app);
        return s.failed_attempts >= 4 && s;
      },
      { what: 'the failures to add up across sessions' },
    );
    assert.equal(failing.state, 'error');
    assert.match(app.logs(), /the session ended soon after connecting, again; retrying more slowly/);
  });

  it('a 250 MB packet: the connection is closed long before it is read whole, and the status says why', async () => {
    const pushes: Promise<{ written: number; closedByPeer: boolean }>[] = [];
    const cap = 64 * 1024 * 1024;
    broker = await startFakeBroker({
      connack: true,
      acknowledge: true,
      onSession: (socket: Socket) => pushes.push(pushHugePublish(socket, 250 * 1024 * 1024, cap)),
    });
    const app = await start({});
    assert.equal((await put(app, { enabled: true, url: broker.url })).statusCode, 200);
    await eventually(() => pushes.length > 0, { what: 'a session' });
    const { written, closedByPeer } = await pushes[0]!;
    assert.ok(closedByPeer, `the recorder read all ${written} bytes offered without closing`);
    // What the broker got written before it saw the close: the limit, a read or two, and the kernel's buffers.
    assert.ok(written < cap, `${written} bytes written`);
    const s = await eventually(
      async () => {
        const current = await status(app);
        return current.last_error !== null && current;
      },
      { what: 'the reason in the status' },
    );
    assert.match(s.last_error, /the broker sent a packet larger than 65536 bytes; connection closed/);
  });
});

/** Every process below `pid`, read from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parents)
      if (ppid === parent) {
        found.push(child);
        walk(child);
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

describe('SIGTERM with a broker that never acknowledges', { timeout: 180_000 }, () => {
  let camera: TestCamera;
  let broker: FakeBroker;
  let recorder: RecorderProcess | null = null;
  let ffmpeg: number[] = [];
  after(async () => {
    // Whatever the outcome, nothing of this test keeps running.
    if (recorder && recorder.child.exitCode === null) recorder.child.kill('SIGKILL');
    for (const pid of ffmpeg.filter(alive)) process.kill(pid, 'SIGKILL');
    await camera?.close();
    await broker?.stop();
  });

  it('ends the recorder and every ffmpeg it started, without waiting on the broker', async () => {
    camera = await startTestCamera();
    broker = await startFakeBroker({ connack: true, acknowledge: false });
    recorder = await startRecorderProcess({ env: { MQTT_URL: broker.url } });
    const events = await recorder.events('?type=recording.started');
    const created = await recorder.api('POST', '/cameras', {
      name: 'wedged broker',
      ip_address: '127.0.0.1',
      rtsp_url: camera.url,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await recorder.api('PATCH', `/camera-config/${created.body.id}`, {
      recording_enabled: true,
      transport_security: 'plaintext_allowed',
    });
    await events.messages.waitFor((m) => m.event === 'recording.started', 'recording.started', 60_000);
    events.close();
    // The session is wedged: accepted, and the PUBACK of `online` never comes.
    await broker.nextPacket((p) => p.cmd === 'publish' && p.payload.toString() === 'online', 'online');
    ffmpeg = descendants(recorder.child.pid!).filter((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('ffmpeg'),
    );
    assert.ok(ffmpeg.length >= 1, 'an ffmpeg records');

    const exited = await within(GENEROUS_MS, recorder.kill('SIGTERM'));
    assert.notEqual(exited, 'still waiting', 'the recorder waited on the broker at shutdown');
    assert.equal(recorder.child.exitCode, 0, recorder.output().slice(-2000));
    assert.deepEqual(ffmpeg.filter(alive), [], 'ffmpeg left running');
  });
});
