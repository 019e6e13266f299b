// The invariant behind "recording stops only by a person's choice": a camera whose recording is on is recorded by
// some recorder node. Each round the watch looks at every such camera. One that no node records (this node runs no
// recorder for it, and no other node holds its lease) is synced again — the engine claims it when this node has
// room, so a camera left out by a slip in the accounting comes back by itself — and once it has gone unrecorded for
// longer than the grace (two lease lifetimes: a dead node's cameras are taken within one, plus a round), a warning
// names why and 'recording.uncovered' raises the critical alert `recording_not_running`. A camera that
// the recordings volume keeps from recording is left to the volume's own alert.
import type { FastifyBaseLogger } from 'fastify';
import type { CamerasService } from '../cameras/cameras.service.js';
import type { CameraLeases } from '../cluster/camera-leases.js';
import type { RecorderEventBus } from '../recorder-events.js';
import type { RecordingEngine } from './recording-engine.js';

export interface RecordingWatchOptions {
  /** how often the cameras are looked at */
  intervalMs: number;
  /** how long a camera may go unrecorded before the warning and the alert */
  graceMs: number;
}

interface Uncovered {
  since: number;
  reported: boolean;
}

export class RecordingWatch {
  readonly #uncovered = new Map<number, Uncovered>();
  #timer: NodeJS.Timeout | undefined;
  #round: Promise<void> = Promise.resolve();

  constructor(
    private readonly cameras: Pick<CamerasService, 'recordingWanted'>,
    private readonly engine: Pick<RecordingEngine, 'isRecording' | 'sync' | 'whyNotRecording'>,
    private readonly leases: Pick<CameraLeases, 'nodeId' | 'holders' | 'roomRefusal'>,
    private readonly events: RecorderEventBus,
    private readonly log: FastifyBaseLogger,
    private readonly options: RecordingWatchOptions,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.#timer = setInterval(() => void this.check(), this.options.intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#round;
  }

  /** One round (rounds never overlap); resolves when it is done. */
  check(): Promise<void> {
    this.#round = this.#round
      .then(() => this.#check())
      .catch((error: unknown) => this.log.warn({ err: error }, 'recording watch round failed'));
    return this.#round;
  }

  async #check(): Promise<void> {
    const wanted = await this.cameras.recordingWanted();
    const missing = wanted.filter(({ id }) => !this.engine.isRecording(id));
    const holders = missing.length > 0 ? await this.leases.holders() : new Map<number, string>();
    const now = this.now();
    const stillMissing = new Set<number>();
    for (const camera of missing) {
      const holder = holders.get(camera.id);
      // Another node records it (and watches it itself).
      if (holder !== undefined && holder !== this.leases.nodeId) continue;
      await this.engine.sync(camera.id);
      if (this.engine.isRecording(camera.id)) continue;
      const reason = await this.#reason(camera.id, holder === this.leases.nodeId);
      if (reason === null) continue;
      stillMissing.add(camera.id);
      const entry = this.#uncovered.get(camera.id) ?? { since: now, reported: false };
      this.#uncovered.set(camera.id, entry);
      if (entry.reported || now - entry.since < this.options.graceMs) continue;
      entry.reported = true;
      const seconds = Math.round((now - entry.since) / 1000);
      this.log.warn(
        { cameraId: camera.id, reason, seconds },
        'recording is on but no recorder node records the camera',
      );
      this.events.emit('recording.uncovered', { cameraId: camera.id, name: camera.name, reason, seconds });
    }
    for (const [cameraId, entry] of this.#uncovered) {
      if (stillMissing.has(cameraId)) continue;
      this.#uncovered.delete(cameraId);
      if (entry.reported) this.log.info({ cameraId }, 'camera is recorded again');
    }
  }

  /** Why nobody records the camera; null when the recordings volume is why (its own alert says so). */
  async #reason(cameraId: number, heldHere: boolean): Promise<string | null> {
    const engineSays = this.engine.whyNotRecording(cameraId);
    if (engineSays?.cause === 'volume') return null;
    if (heldHere)
      return engineSays?.cause === 'source'
        ? `the node that holds it cannot read it: ${engineSays.message}`
        : 'its recording did not start on the node that holds it';
    const room = await this.leases.roomRefusal();
    return `no recorder node holds it: ${room ?? 'this node could not take it'}`;
  }
}
