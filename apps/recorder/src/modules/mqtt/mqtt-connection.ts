// One connection to the configured MQTT broker: connects, tells the rest when it is up (so every retained state
// is published again — a restarted broker may have lost them), reconnects with a capped, jittered backoff after
// any loss, and keeps a status for the API. A broker that refuses the credentials is `auth_failed`: reported
// once to `onAuthFailed` per run of refusals, and retried on the same backoff (the operator may fix the broker's
// password file rather than ours), never in a tight loop. Each attempt is a fresh client, so no state of a
// failed session leaks into the next.
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { BackoffPolicy } from '../../media/supervisor.js';

export type MqttState = 'disabled' | 'connecting' | 'connected' | 'auth_failed' | 'error';

export interface MqttStatus {
  state: MqttState;
  last_error: string | null;
  /** when the state last changed (null: never connected) */
  since: string | null;
  /** connection attempts since the last successful one */
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

/** How long a clean disconnect waits for the broker to take the retained `offline`. */
const OFFLINE_ACK_MS = 2000;

// MQTT 3.1.1 CONNACK codes 4 (bad user name or password) and 5 (not authorized); MQTT 5's 0x86 and 0x87.
const AUTH_REFUSALS = new Set([4, 5, 0x86, 0x87]);

export class MqttConnection {
  #client: MqttClient | null = null;
  #timer: NodeJS.Timeout | null = null;
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

  constructor(
    private readonly settings: ConnectionSettings,
    private readonly handlers: ConnectionHandlers,
    private readonly backoff: BackoffPolicy = DEFAULT_MQTT_BACKOFF,
  ) {}

  get status(): MqttStatus {
    return { ...this.#status };
  }

  get connected(): boolean {
    return this.#status.state === 'connected';
  }

  start(): void {
    this.#attempt();
  }

  /** Publishes when connected; while disconnected the message is dropped (retained states follow on connect). */
  publish(topic: string, payload: string | Buffer, retain: boolean): void {
    const client = this.#client;
    if (!client || !this.connected) return;
    client.publish(topic, payload, { qos: 0, retain }, () => {});
  }

  /** Says `offline` (retained) and disconnects; no more attempts. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const client = this.#client;
    this.#client = null;
    if (!client) return;
    if (client.connected) {
      // Acknowledged, or given up after a moment: a broker that stopped answering must not hold up shutdown.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, OFFLINE_ACK_MS);
        client.publish(this.settings.availabilityTopic, 'offline', { qos: 1, retain: true }, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    // Connected: a graceful end (the `offline` above goes out first); still connecting: abort at once.
    await new Promise<void>((resolve) => client.end(!client.connected, {}, () => resolve()));
  }

  #attempt(): void {
    if (this.#closed) return;
    this.#timer = null;
    // A retry keeps the last failure's state (error, auth_failed) until it succeeds: that is what an operator needs
    // to see. `connecting` is only the first attempt of a connection.
    this.#set(
      this.#failures === 0 ? { state: 'connecting', next_attempt_at: null } : { next_attempt_at: null },
    );
    const client = mqtt.connect(this.settings.url, this.#options());
    this.#client = client;
    let settled = false;
    const lost = (reason: string, authRefused: boolean) => {
      if (settled || this.#client !== client) return;
      settled = true;
      client.removeAllListeners();
      client.on('error', () => {}); // a late socket error of a client being dropped
      client.end(true);
      this.#client = null;
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
      this.#schedule();
    };
    client.on('connect', () => {
      // A CONNACK that arrives after close() ended this client (a restart while connecting) is no session.
      if (this.#closed || this.#client !== client) return;
      this.#failures = 0;
      this.#authReported = false;
      this.#set({ state: 'connected', last_error: null, failed_attempts: 0 });
      this.handlers.log.info({ url: redactedUrl(this.settings.url) }, 'MQTT connected');
      client.publish(this.settings.availabilityTopic, 'online', { qos: 1, retain: true }, () => {});
      if (this.settings.subscriptions.length > 0)
        client.subscribe(this.settings.subscriptions, { qos: 0 }, (error, granted) => {
          // 0x80: refused (ACLs, or a broker without shared subscriptions): commands would never arrive.
          const refused = (granted ?? []).filter((grant) => grant.qos === 0x80).map((grant) => grant.topic);
          if (error || refused.length > 0)
            this.handlers.log.warn(
              { refused, err: error?.message },
              'MQTT: the broker refused the command subscriptions; commands are not received',
            );
        });
      this.handlers.onConnected();
    });
    client.on('message', (topic, payload) => this.handlers.onMessage(topic, payload));
    client.on('error', (error: Error & { code?: unknown }) => {
      const authRefused = typeof error.code === 'number' && AUTH_REFUSALS.has(error.code);
      if (!authRefused) this.handlers.log.warn({ err: error.message }, 'MQTT connection error');
      lost(error.message, authRefused);
    });
    client.on('close', () => {
      if (!this.#closed && this.#status.state === 'connected')
        this.handlers.log.warn({}, 'MQTT connection lost; reconnecting');
      lost(this.#status.state === 'connected' ? 'connection lost' : 'connection closed', false);
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

  #options(): IClientOptions {
    const { settings } = this;
    return {
      clientId: settings.clientId,
      clean: true,
      protocolVersion: 4,
      reconnectPeriod: 0, // reconnection is ours (capped backoff, fresh client)
      connectTimeout: 10_000,
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

/** The broker URL for logs (it never carries credentials, but keep the habit). */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'mqtt';
  }
}
