// Modules follow each other's changes through in-process events (modules/recorder-events.ts). On a cluster the
// node that serves a request is often not the one that runs the camera it changes, so the events that say "the
// configuration changed" are sent to the other nodes on a PostgreSQL channel, and each node emits the others'
// as relayed events (internal-events.ts): its pipelines follow, nothing is probed, claimed or sent on twice.
// PostgreSQL delivers a channel's notifications in commit order, and this node sends one after another, so a
// node sees another's changes in the order they were made. A notification carries at most 8000 bytes: an event
// too big for one, or anything missed while the listening connection was down, makes the nodes re-read their
// whole configuration, as after a restored backup.
import type { FastifyBaseLogger } from 'fastify';
import type { Notifications } from '../../platform/db/pg-changes.js';
import type { RecorderEventBus, RecorderEvents } from '../recorder-events.js';
import type { ClusterRepository } from './cluster.repository.js';

export const CHANGE_RELAY_CHANNEL = 'nvr_node_changes';

/** The events that announce a change of configuration, which every node running a camera must follow. */
export const RELAYED_EVENTS = [
  'camera.changed',
  'camera-config.changed',
  'motion-settings.changed',
  'zones.changed',
  'ai-model.changed',
  'media-tls.changed',
  'cloud-settings.changed',
  'adapters.changed',
  'mqtt-settings.changed',
  'backup.restored',
] as const satisfies readonly (keyof RecorderEvents)[];

type RelayedEvent = (typeof RELAYED_EVENTS)[number];

/** What goes on the channel: one event, or "re-read everything". */
type RelayMessage = { node: string; event: RelayedEvent; payload: unknown } | { node: string; resync: true };

/** PostgreSQL's limit for a notification payload is 8000 bytes; leave room for the multi-byte characters. */
const MAX_PAYLOAD_BYTES = 7_900;

export interface ChangeRelayDeps {
  events: RecorderEventBus;
  notifications: Notifications;
  repository: Pick<ClusterRepository, 'announce'>;
  nodeId: string;
  /** every camera's id: a resync re-reads each */
  cameraIds: () => Promise<number[]>;
  log: FastifyBaseLogger;
}

export class ChangeRelay {
  #sending: Promise<void> = Promise.resolve();
  #stop = () => {};
  #listenedBefore = false;

  constructor(private readonly deps: ChangeRelayDeps) {}

  start(): void {
    const { events, notifications } = this.deps;
    const unlisten = notifications.listen(CHANGE_RELAY_CHANNEL, {
      notified: (payload) => this.#received(payload),
      listening: () => {
        // The first time is the start (nothing to catch up on); later, the connection was down a while.
        if (this.#listenedBefore) void this.#resync('the listening connection came back');
        this.#listenedBefore = true;
      },
    });
    const unfollow = RELAYED_EVENTS.map((event) =>
      events.on(event, (payload, { relayed }) => {
        if (!relayed) this.#send(event, payload);
      }),
    );
    this.#stop = () => {
      unlisten();
      for (const off of unfollow) off();
    };
  }

  /** Stops following and waits until what was sent has been handed to the database. */
  async stop(): Promise<void> {
    this.#stop();
    await this.#sending;
  }

  #send(event: RelayedEvent, payload: unknown): void {
    const node = this.deps.nodeId;
    let message = JSON.stringify({ node, event, payload } satisfies RelayMessage);
    if (Buffer.byteLength(message) > MAX_PAYLOAD_BYTES) {
      message = JSON.stringify({ node, resync: true } satisfies RelayMessage);
    }
    this.#sending = this.#sending.then(() =>
      this.deps.repository
        .announce(CHANGE_RELAY_CHANNEL, message)
        .catch((error: unknown) =>
          this.deps.log.error({ err: error, event }, 'could not tell the other nodes of a change'),
        ),
    );
  }

  #received(raw: string): void {
    let message: RelayMessage;
    try {
      message = JSON.parse(raw) as RelayMessage;
    } catch {
      this.deps.log.warn('a node sent a change that is not JSON');
      return;
    }
    if (message.node === this.deps.nodeId) return;
    if ('resync' in message) {
      void this.#resync(`node ${message.node} sent a change too big for a notification`);
      return;
    }
    // A newer node's event this version does not know is not followed.
    if (!(RELAYED_EVENTS as readonly string[]).includes(message.event)) return;
    this.deps.events.emitRelayed(message.event, message.payload as never);
  }

  async #resync(why: string): Promise<void> {
    this.deps.log.info({ why }, 'following the whole configuration again');
    try {
      this.deps.events.emitRelayed('backup.restored', { cameraIds: await this.deps.cameraIds() });
    } catch (error) {
      this.deps.log.error({ err: error }, 'could not re-read the configuration');
    }
  }
}
