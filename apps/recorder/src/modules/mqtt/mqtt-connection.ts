// One connection to the configured MQTT broker: connects, tells the rest when it is up (so every retained state
// is published again — a restarted broker may have lost them), reconnects with a capped, jittered backoff after
// any loss, and keeps a status for the API. A broker that refuses the credentials is `auth_failed`: reported
// once to `onAuthFailed` per run of refusals, and retried on the same backoff (the operator may fix the broker's
// password file rather than ours), never in a tight loop. Each attempt is a fresh client, so no state of a
// failed session leaks into the next.
//
// A broker can stall or misbehave at any step, so nothing waits on it without a deadline (issue #32): CONNACK,
// SUBACK and the PUBACK of `online` each have one, past which the session is dropped and retried on the backoff
// with the reason in the status; closing waits at most `closeMs` for the `offline` PUBACK and again for the
// socket, then destroys it (a settings change and shutdown never hang on a broker). An incoming packet larger than
// MAX_INCOMING_PACKET_BYTES closes the connection once that many bytes of it are buffered, not when it is whole.
// A topic a broker would refuse (mqtt-topics.ts) is never sent: one bad name must not end the session. And a
// session the broker ends within its first STABLE_SESSION_MS does not reset the backoff, so a broker that drops
// us for something we send on every connect is retried ever more slowly rather than once a second.
import type { IClientOptions, MqttClient, connect as mqttConnect } from 'mqtt';
import type { parser as packetParser } from 'mqtt-packet';
import type { Duplex } from 'node:stream';
import type { BackoffPolicy } from '../../media/supervisor.js';
import { topicProblem } from './mqtt-topics.js';

export type MqttState = 'disabled' | 'connecting' | 'connected' | 'auth_failed' | 'error';

export interface MqttStatus {
  state: MqttState;
  last_error: string | null;
  /** when the state last changed (null: never connected) */
  since: string | null;
  /** attempts since the last session that held (one the broker ended within STABLE_SESSION_MS counts as failed) */
  failed_attempts: number;
  /** when the next attempt is due, while waiting to reconnect */
  next_attempt_at: string | null;
}

/** 1 s doubling to a minute, ±20 % (the recording supervisor's policy shape). */
export const DEFAULT_MQTT_BACKOFF: BackoffPolicy = { baseMs: 1000, maxMs: 60_000, jitter: 0.2 };

export interface ConnectionSettings {
  url: string;
  username: string | null;
  password: string | null;
  clientId: string;
  /** retained `online` after connecting; the broker publishes the will `offline` when we vanish */
  availabilityTopic: string;
  /** topic filters subscribed on every connect (commands) */
  subscriptions: string[];
  /** PEM CA bundle for mqtts:// (the media-source CA); null: the system's CAs */
  ca: string | null;
}

export interface ConnectionHandlers {
  /** connected (again): publish every retained state now */
  onConnected(): void;
  onMessage(topic: string, payload: Buffer): void;
  /** the broker refused our credentials (once per run of refusals) */
  onAuthFailed(reason: string): void;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** How long each exchange with the broker may take before the session is given up. */
export interface MqttDeadlines {
  /** from opening the connection to the broker's CONNACK (TCP, TLS and CONNECT together) */
  connectMs: number;
  /** the broker's SUBACK of the command subscriptions and PUBACK of `online` */
  ackMs: number;
  /** closing: the PUBACK of `offline`, then the socket closing; past each, it is not waited for */
  closeMs: number;
}

export const DEFAULT_MQTT_DEADLINES: MqttDeadlines = { connectMs: 10_000, ackMs: 10_000, closeMs: 2_000 };

/**
 * The largest packet taken from the broker. The recorder receives only commands (ON/OFF, an acknowledgement)
 * and the broker's acknowledgements: a few hundred bytes. A larger one closes the connection.
 */
export const MAX_INCOMING_PACKET_BYTES = 64 * 1024;

/** A session shorter than this (the broker ended it) counts as a failed attempt for the backoff. */
export const STABLE_SESSION_MS = 30_000;

// MQTT 3.1.1 CONNACK codes 4 (bad user name or password) and 5 (not authorized); MQTT 5's 0x86 and 0x87.
const AUTH_REFUSALS = new Set([4, 5, 0x86, 0x87]);

export class MqttConnection {
  #client: MqttClient | null = null;
  #timer: NodeJS.Timeout | null = null;
  #stableTimer: NodeJS.Timeout | null = null;
  /** the deadlines of the acknowledgements the broker owes this session */
  readonly #ackTimers = new Set<NodeJS.Timeout>();
  #closed = false;
  #failures = 0;
  #authReported = false;
  #status: MqttStatus = {
    state: 'connecting',
    last_error: null,
    since: new Date().toISOString(),
    failed_attempts: 0,
    next_attempt_at: null,
  };
  readonly #deadlines: MqttDeadlines;

  constructor(
    private readonly settings: ConnectionSettings,
    private readonly handlers: ConnectionHandlers,
    private readonly backoff: BackoffPolicy = DEFAULT_MQTT_BACKOFF,
    deadlines: Partial<MqttDeadlines> = {},
  ) {
    this.#deadlines = { ...DEFAULT_MQTT_DEADLINES, ...deadlines };
  }

  get status(): MqttStatus {
    return { ...this.#status };
  }

  get connected(): boolean {
    return this.#status.state === 'connected';
  }

  start(): void {
    void loadMqtt().then(() => this.#attempt());
  }

  /**
   * Publishes when connected; while disconnected the message is dropped (retained states follow on connect). A
   * topic a broker would refuse is dropped with a warning instead: the broker would end the session for it.
   */
  publish(topic: string, payload: string | Buffer, retain: boolean): void {
    const client = this.#client;
    if (!client || !this.connected) return;
    const problem = topicProblem(topic);
    if (problem) {
      this.handlers.log.warn(
        { topic: JSON.stringify(topic).slice(0, 300), problem },
        'MQTT: not a valid topic; the message is dropped',
      );
      return;
    }
    client.publish(topic, payload, { qos: 0, retain }, () => {});
  }

  /**
   * Says `offline` (retained) and disconnects; no more attempts. Bounded: a broker that does not acknowledge the
   * `offline` within `closeMs`, or does not close the socket within `closeMs` more, is not waited for.
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#clearTimers();
    const client = this.#client;
    this.#client = null;
    if (!client) return;
    const { closeMs } = this.#deadlines;
    let answering = false;
    if (client.connected) {
      answering = await withDeadline(closeMs, false, (done) =>
        client.publish(this.settings.availabilityTopic, 'offline', { qos: 1, retain: true }, (error) =>
          done(!error),
        ),
      );
    }
    // A broker that answers gets a DISCONNECT (it then keeps the `offline` above rather than sending the will);
    // any other is cut off at once, and its will says `offline` for us.
    const ended = await withDeadline(closeMs, false, (done) => client.end(!answering, {}, () => done(true)));
    if (!ended) client.stream?.destroy();
  }

  #attempt(): void {
    if (this.#closed) return;
    this.#timer = null;
    // A retry keeps the last failure's state (error, auth_failed) until it succeeds: that is what an operator needs
    // to see. `connecting` is only the first attempt of a connection.
    this.#set(
      this.#failures === 0 ? { state: 'connecting', next_attempt_at: null } : { next_attempt_at: null },
    );
    const client = mqttLibraries!.connect(this.settings.url, this.#options());
    this.#client = client;
    let settled = false;
    let opened = false;
    let connectedAt: number | null = null;
    const lost = (reason: string, authRefused = false) => {
      if (settled || this.#client !== client) return;
      settled = true;
      client.removeAllListeners();
      client.on('error', () => {}); // a late socket error of a client being dropped
      client.end(true);
      this.#client = null;
      this.#clearTimers();
      if (this.#closed) return;
      this.#failures += 1;
      this.#set({
        state: authRefused ? 'auth_failed' : 'error',
        last_error: reason,
        failed_attempts: this.#failures,
      });
      if (authRefused && !this.#authReported) {
        this.#authReported = true;
        this.handlers.onAuthFailed(reason);
      }
      if (connectedAt !== null && this.#failures > 1)
        this.handlers.log.warn(
          { reason, sessionMs: Date.now() - connectedAt, failedAttempts: this.#failures },
          'MQTT: the session ended soon after connecting, again; retrying more slowly (see the broker log)',
        );
      this.#schedule();
    };
    /** An acknowledgement the broker owes: past the deadline the session is given up. */
    const awaitAck = (what: string): ((error?: Error | null) => void) => {
      const timer = setTimeout(
        () => lost(`the broker did not acknowledge ${what} within ${seconds(this.#deadlines.ackMs)}`),
        this.#deadlines.ackMs,
      );
      this.#ackTimers.add(timer);
      return () => {
        this.#ackTimers.delete(timer);
        clearTimeout(timer);
      };
    };
    // The socket (TLS: once its handshake is done), for the reason of a CONNACK that never comes.
    client.stream.once(this.settings.url.startsWith('mqtts:') ? 'secureConnect' : 'connect', () => {
      opened = true;
    });
    limitIncomingPackets(client.stream, MAX_INCOMING_PACKET_BYTES, () =>
      lost(`the broker sent a packet larger than ${MAX_INCOMING_PACKET_BYTES} bytes; connection closed`),
    );
    client.on('connect', () => {
      // A CONNACK that arrives after close() ended this client (a restart while connecting) is no session.
      if (this.#closed || this.#client !== client) return;
      connectedAt = Date.now();
      this.#authReported = false;
      this.#set({ state: 'connected', last_error: null });
      // The backoff starts again only once the session has held.
      this.#stableTimer = setTimeout(() => {
        this.#failures = 0;
        this.#set({ failed_attempts: 0 });
      }, STABLE_SESSION_MS);
      this.#stableTimer.unref();
      this.handlers.log.info({ url: redactedUrl(this.settings.url) }, 'MQTT connected');
      const onlineAcked = awaitAck('the PUBLISH of online');
      client.publish(this.settings.availabilityTopic, 'online', { qos: 1, retain: true }, onlineAcked);
      if (this.settings.subscriptions.length > 0) {
        const subscribed = awaitAck('SUBSCRIBE');
        client.subscribe(this.settings.subscriptions, { qos: 0 }, (error, granted) => {
          subscribed();
          // 0x80: refused (ACLs, or a broker without shared subscriptions): commands would never arrive.
          const refused = (granted ?? []).filter((grant) => grant.qos === 0x80).map((grant) => grant.topic);
          if ((error && this.#client === client) || refused.length > 0)
            this.handlers.log.warn(
              { refused, err: error?.message },
              'MQTT: the broker refused the command subscriptions; commands are not received',
            );
        });
      }
      this.handlers.onConnected();
    });
    client.on('message', (topic, payload) => this.handlers.onMessage(topic, payload));
    client.on('error', (error: Error & { code?: unknown }) => {
      const authRefused = typeof error.code === 'number' && AUTH_REFUSALS.has(error.code);
      let reason = error.message;
      if (reason === 'connack timeout') {
        const within = seconds(this.#deadlines.connectMs);
        reason = opened
          ? `the broker accepted the connection but did not answer CONNECT within ${within}`
          : `no connection to the broker within ${within}`;
      }
      if (!authRefused) this.handlers.log.warn({ err: reason }, 'MQTT connection error');
      lost(reason, authRefused);
    });
    client.on('close', () => {
      if (!this.#closed && this.#status.state === 'connected')
        this.handlers.log.warn({}, 'MQTT connection lost; reconnecting');
      lost(this.#status.state === 'connected' ? 'connection lost' : 'connection closed');
    });
  }

  /** Doubling to the cap, with jitter so a fleet of recorders does not reconnect in step. */
  #schedule(): void {
    const exponent = Math.min(this.#failures - 1, 20);
    const base = Math.min(this.backoff.maxMs, this.backoff.baseMs * 2 ** exponent);
    const { jitter } = this.backoff;
    const delay = Math.round(base * (1 - jitter + Math.random() * 2 * jitter));
    this.#set({ next_attempt_at: new Date(Date.now() + delay).toISOString() });
    this.#timer = setTimeout(() => this.#attempt(), delay);
    this.#timer.unref();
  }

  #clearTimers(): void {
    for (const timer of this.#ackTimers) clearTimeout(timer);
    this.#ackTimers.clear();
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#stableTimer) clearTimeout(this.#stableTimer);
    this.#timer = null;
    this.#stableTimer = null;
  }

  #options(): IClientOptions {
    const { settings } = this;
    return {
      clientId: settings.clientId,
      clean: true,
      protocolVersion: 4,
      reconnectPeriod: 0, // reconnection is ours (capped backoff, fresh client)
      connectTimeout: this.#deadlines.connectMs,
      // A PINGREQ every 30 s; mqtt.js drops the session when its PINGRESP does not come in time.
      keepalive: 30,
      queueQoSZero: false,
      resubscribe: false,
      ...(settings.username === null ? {} : { username: settings.username }),
      ...(settings.password === null ? {} : { password: settings.password }),
      will: { topic: settings.availabilityTopic, payload: Buffer.from('offline'), qos: 1, retain: true },
      // mqtts: the chain must verify (the media-source CA when one is uploaded, else the system's), host included.
      rejectUnauthorized: true,
      ...(settings.ca === null ? {} : { ca: settings.ca }),
    };
  }

  #set(change: Partial<MqttStatus>): void {
    const stateChanged = change.state !== undefined && change.state !== this.#status.state;
    this.#status = {
      ...this.#status,
      ...change,
      ...(stateChanged ? { since: new Date().toISOString() } : {}),
    };
  }
}

/**
 * Calls `tooLarge` once the packet being received from the broker has more than `limit` bytes buffered. mqtt.js
 * reads a packet whole before it looks at it (and checks a size only for MQTT 5), so a second parser — mqtt.js's
 * own, mqtt-packet — follows the same bytes; `parse` returns how many bytes it holds of a packet not yet complete.
 */
function limitIncomingPackets(stream: Duplex, limit: number, tooLarge: () => void): void {
  const parser = mqttLibraries!.parser({ protocolVersion: 4 });
  parser.on('error', () => {}); // a malformed packet is mqtt.js's to report
  const onData = (chunk: Buffer) => {
    if (parser.parse(chunk) <= limit) return;
    stream.off('data', onData);
    tooLarge();
  };
  stream.on('data', onData);
}

/** mqtt.js, loaded when the first connection starts: a recorder without MQTT never loads its modules. */
let mqttLibraries: { connect: typeof mqttConnect; parser: typeof packetParser } | undefined;

async function loadMqtt(): Promise<void> {
  if (mqttLibraries) return;
  const [mqtt, mqttPacket] = await Promise.all([import('mqtt'), import('mqtt-packet')]);
  mqttLibraries = { connect: mqtt.connect, parser: mqttPacket.parser };
}

/** Runs `start` and resolves with what it reports, or with `fallback` once `ms` have passed. */
function withDeadline<T>(ms: number, fallback: T, start: (done: (value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    start((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** The broker URL for logs (it never carries credentials, but keep the habit). */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'mqtt';
  }
}
