// Retention (API.md §6): chunks older than `retention_days` go, and while free disk space is below
// `min_free_disk_gb` the oldest chunks go. Only indexed chunks are candidates, so the chunk ffmpeg is writing
// (still in `.incoming`) is never touched. Files are deleted before their rows, so the index never points at
// nothing for long, and a failed deletion leaves the row for the next round.
// Footage that another module keeps longer (review items: the incidents a person reviews) is told by a
// FootageKeeper: retention by age passes over it, and the disk floor takes it only when nothing else is left.
import { rm, rmdir, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RecorderEventBus } from '../recorder-events.js';
import type { DeletionCause, RecordingRow, RecordingsRepository } from './recordings.repository.js';
import type { RecordingsVolume } from './recordings-volume.js';
import type { RecordingsService } from './recordings.service.js';

const BATCH = 200;
const GB = 1024 ** 3;
const DAY_MS = 24 * 3600 * 1000;

/** Spans of a camera's footage to keep beyond the continuous retention (the review module gives them). */
export interface KeptSpan {
  cameraId: number;
  fromMs: number;
  toMs: number;
}

export interface FootageKeeper {
  keptSpans(): Promise<KeptSpan[]>;
  /** cameras with their own continuous retention in days (0: kept), instead of the settings' retention_days */
  continuousRetention(): Promise<Map<number, number>>;
}

export interface RetentionResult {
  deletedByAge: number;
  deletedForSpace: number;
  /** free bytes after the round */
  freeBytes: number;
  /** the floor the round kept (min_free_disk_gb in bytes; 0: no floor) */
  floorBytes: number;
  /** true when the floor could not be reached with what the index holds */
  belowFloor: boolean;
}

export class RetentionService {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<RetentionResult> | null = null;
  #keeper: FootageKeeper | null = null;

  constructor(
    private readonly index: RecordingsRepository,
    private readonly settings: RecordingsService,
    private readonly recordingsRoot: string,
    private readonly volume: RecordingsVolume,
    private readonly log: FastifyBaseLogger,
    private readonly events: RecorderEventBus,
    private readonly freeBytes: (path: string) => Promise<number> = freeDiskBytes,
  ) {}

  /** Who keeps footage longer (set once while wiring, before start). */
  keepFor(keeper: FootageKeeper): void {
    this.#keeper = keeper;
  }

  start(intervalMs = 60_000): void {
    this.#timer = setInterval(() => {
      this.run().catch((error: unknown) => this.log.error({ err: error }, 'retention round failed'));
    }, intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => undefined);
  }

  /** One round; concurrent calls share it. */
  run(): Promise<RetentionResult> {
    this.#running ??= this.#round().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #round(): Promise<RetentionResult> {
    // On a volume that is not mounted every file looks gone and the free space is another disk's: hands off.
    if (!this.volume.available) {
      return { deletedByAge: 0, deletedForSpace: 0, freeBytes: Number.NaN, floorBytes: 0, belowFloor: false };
    }
    const { retention_days, min_free_disk_gb } = await this.settings.currentSettings();
    const kept = (await this.#keeper?.keptSpans()) ?? [];
    const isKept = (row: RecordingRow) =>
      kept.some((s) => s.cameraId === row.camera_id && s.fromMs <= row.end_ms && s.toMs >= row.start_ms);
    let deletedByAge = 0;
    const own = (await this.#keeper?.continuousRetention()) ?? new Map<number, number>();
    const now = Date.now();
    const cutoffOf = (days: number) => (days > 0 ? now - days * DAY_MS : Number.NEGATIVE_INFINITY);
    const cutoffFor = (cameraId: number) => cutoffOf(own.get(cameraId) ?? retention_days);
    // The newest cutoff of all bounds the query; each chunk is then held to its own camera's.
    const latest = Math.max(cutoffOf(retention_days), ...[...own.values()].map(cutoffOf));
    if (latest > Number.NEGATIVE_INFINITY) {
      // Paged by position, not by "what is left": kept chunks stay where they are and must be stepped over.
      let after: RecordingRow | undefined;
      for (;;) {
        const candidates = await this.index.oldest(BATCH, latest, after);
        if (candidates.length === 0) break;
        after = candidates.at(-1);
        const expired = candidates.filter((row) => row.end_ms < cutoffFor(row.camera_id) && !isKept(row));
        deletedByAge += await this.#delete(expired, 'retention_age');
        if (candidates.length < BATCH) break;
      }
    }
    const floor = min_free_disk_gb * GB;
    let free = await this.freeBytes(this.recordingsRoot);
    let deletedForSpace = 0;
    // Below the floor: the oldest continuous footage first, kept footage only when nothing else is left; each
    // pass deletes just the oldest chunks whose sizes cover the shortfall (the last one may overshoot it), then
    // measures again (blocks, other writers and the chunk being written make the disk's own figure the truth).
    let after: RecordingRow | undefined;
    let keptToo = false;
    while (free < floor) {
      const oldest = await this.index.oldest(BATCH, undefined, after);
      if (oldest.length === 0) {
        if (keptToo || kept.length === 0) break;
        keptToo = true;
        after = undefined;
        continue;
      }
      const shortfall = floor - free;
      const victims: RecordingRow[] = [];
      let covered = 0;
      for (const row of oldest) {
        // Past every row looked at, deleted or not: a chunk that cannot be deleted is not tried forever.
        after = row;
        if (!keptToo && isKept(row)) continue;
        victims.push(row);
        // A chunk whose size was not recorded still frees something: count it as one byte, never as zero.
        covered += Math.max(row.size_bytes, 1);
        if (covered >= shortfall) break;
      }
      deletedForSpace += await this.#delete(victims, 'retention_space');
      free = await this.freeBytes(this.recordingsRoot);
    }
    const belowFloor = free < floor;
    if (belowFloor) {
      await this.events.emitAndWait('storage.floor-reached', {
        path: this.recordingsRoot,
        free_bytes: free,
        floor_bytes: floor,
      });
    }
    if (deletedByAge + deletedForSpace > 0) {
      this.log.info({ deletedByAge, deletedForSpace, freeBytes: free }, 'retention deleted chunks');
    }
    return { deletedByAge, deletedForSpace, freeBytes: free, floorBytes: floor, belowFloor };
  }

  async #delete(rows: RecordingRow[], reason: DeletionCause['reason']): Promise<number> {
    const deleted: string[] = [];
    for (const row of rows) {
      const file = join(this.recordingsRoot, row.path);
      try {
        await rm(file, { force: true });
        deleted.push(row.path);
        // Tidy the day directory once it is empty (rmdir refuses a non-empty one).
        await rmdir(dirname(file)).catch(() => undefined);
      } catch (error) {
        this.log.warn({ err: error, path: row.path }, 'could not delete an expired chunk');
      }
    }
    await this.index.deleteByPaths(deleted, { reason, actor: 'system' });
    return deleted.length;
  }
}

async function freeDiskBytes(path: string): Promise<number> {
  const stats = await statfs(path).catch(() => null);
  return stats ? stats.bavail * stats.bsize : Number.POSITIVE_INFINITY;
}
