// How a recorder on PostgreSQL learns that the database changed, for the result cache (result-cache.ts): every
// table gets a statement-level trigger that sends NOTIFY on the `nvr_changes` channel with the table's name
// (empty for deletes, which may cascade), which PostgreSQL delivers only when the writing transaction commits,
// and each recorder listens on one connection of its own. Its own writes stamp the cache at once
// (pg-driver.ts); those of other nodes when their notification arrives (milliseconds). While the listening
// connection is down, nothing is cached.
// The same connection carries other channels for whoever asks (`Notifications`: the event relay listens on
// `nvr_events`), so a recorder holds one listening connection whatever it follows.
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import type { ResultCache } from './result-cache.js';

export const CHANGES_CHANNEL = 'nvr_changes';
/** The listening connection's application_name (pg_stat_activity). */
export const LISTENER_NAME = 'nvr-change-listener';
const TRIGGER = 'nvr_notify_change';
/** Serializes trigger installation between recorders starting at once. */
const INSTALL_LOCK = 7_340_021;
const RECONNECT_MS = 1_000;
/** A connection that stops answering (a half-open TCP connection gets no error) is noticed within this: */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;

/**
 * Gives every table of the schema the change trigger (tables of later migrations included: this runs after
 * every migration run). Idempotent; Kysely's own migration tables are left out.
 */
export async function installChangeTriggers(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${INSTALL_LOCK})`.execute(trx);
    await sql`
      create or replace function nvr_notify_change() returns trigger language plpgsql as $$
      begin
        -- the table that changed; empty (everything) for a delete or truncate, which may cascade to others
        perform pg_notify(${sql.lit(CHANGES_CHANNEL)},
          case when TG_OP in ('DELETE', 'TRUNCATE') then '' else TG_TABLE_NAME::text end);
        return null;
      end $$`.execute(trx);
    const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname not like 'kysely_%'
        and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = ${TRIGGER})`.execute(
      trx,
    );
    for (const { name } of rows) {
      await sql`create trigger ${sql.id(TRIGGER)} after insert or update or delete or truncate on ${sql.id(name)}
        for each statement execute function nvr_notify_change()`.execute(trx);
    }
  });
}

/** Follows one channel of the listening connection. */
export interface ChannelHandler {
  /** a notification on the channel (delivered when the sending transaction committed) */
  notified(payload: string): void;
  /** the channel is listened to (again): whatever was sent while it was not has been missed */
  listening(): void;
}

/** PostgreSQL notifications on the recorder's one listening connection. */
export interface Notifications {
  /** Listens on a channel (reconnects included); returns the function that stops. */
  listen(channel: string, handler: ChannelHandler): () => void;
}

/**
 * Keeps a LISTEN connection open and stamps the cache on every notification; caching is off while it is down.
 * Other channels' handlers are told each time their channel is listened to again.
 */
export class ChangeListener implements Notifications {
  #client: pg.Client | undefined;
  /** the client whose LISTENs are all in place; undefined while (re)connecting */
  #listening: pg.Client | undefined;
  readonly #channels = new Map<string, Set<ChannelHandler>>();
  #timer: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #closed = false;
  /** resolves once the first connection listens (or failed): tests and start-up can wait for it */
  readonly ready: Promise<void>;
  #onReady!: () => void;

  constructor(
    private readonly url: string,
    private readonly cache: ResultCache,
  ) {
    this.ready = new Promise((resolve) => (this.#onReady = resolve));
    cache.setEnabled(false);
    void this.#connect();
  }

  listen(channel: string, handler: ChannelHandler): () => void {
    if (channel === CHANGES_CHANNEL) throw new Error(`${CHANGES_CHANNEL} belongs to the result cache`);
    let handlers = this.#channels.get(channel);
    if (!handlers) {
      this.#channels.set(channel, (handlers = new Set()));
      const client = this.#listening;
      // A connection already up listens now; one still connecting listens to every channel once it is up.
      if (client) {
        client.query(`LISTEN ${pg.escapeIdentifier(channel)}`).then(
          () => this.#listening === client && this.#tellListening(channel),
          () => undefined, // the connection failed: its loss handler reconnects and listens again
        );
      }
    } else if (this.#listening) {
      queueMicrotask(() => handler.listening());
    }
    handlers.add(handler);
    return () => {
      handlers.delete(handler);
      if (handlers.size > 0 || this.#channels.get(channel) !== handlers) return;
      this.#channels.delete(channel);
      const client = this.#listening;
      if (client) client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      application_name: LISTENER_NAME,
    });
    this.#client = client;
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = undefined;
      this.#listening = undefined;
      this.cache.setEnabled(false);
      clearInterval(this.#heartbeat);
      client.removeAllListeners();
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (!this.#closed) this.#timer = setTimeout(() => void this.#connect(), RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', ({ channel, payload }) => {
      // An empty payload (a delete, or a recorder of an earlier version) may have changed any table.
      if (channel === CHANGES_CHANNEL) this.cache.bump(payload ? [payload] : 'all');
      else for (const handler of this.#channels.get(channel) ?? []) handler.notified(payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      // Changes made while no one listened are unknown: nothing cached before counts.
      if (this.#client === client && !this.#closed) {
        this.cache.setEnabled(true);
        this.#heartbeat = setInterval(() => void this.#beat(client, lost), HEARTBEAT_MS).unref();
      }
      // Every channel followed so far, and those asked for while these LISTENs ran.
      const listened = new Set<string>();
      for (let missing = [...this.#channels.keys()]; missing.length > 0;) {
        for (const channel of missing) {
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          listened.add(channel);
        }
        missing = [...this.#channels.keys()].filter((channel) => !listened.has(channel));
      }
      if (this.#client === client && !this.#closed) {
        this.#listening = client;
        for (const channel of listened) this.#tellListening(channel);
      }
    } catch {
      lost();
    } finally {
      this.#onReady();
    }
  }

  #tellListening(channel: string): void {
    for (const handler of this.#channels.get(channel) ?? []) handler.listening();
  }

  async #beat(client: pg.Client, lost: () => void): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    const silent = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => reject(new Error('no answer')), HEARTBEAT_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.query('select 1'), silent]);
    } catch {
      lost();
    } finally {
      clearTimeout(timeout);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = undefined;
    clearTimeout(this.#timer);
    clearInterval(this.#heartbeat);
    this.cache.setEnabled(false);
    const client = this.#client;
    this.#client = undefined;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
