// The shared frames directory only ever holds recent frames: every minute, files the detection loop wrote
// (under cam-*/ and rec-*/) that are older than the maximum age are removed.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { BusLog } from '../../platform/events/event-bus.js';

const OWN_DIRS = /^(cam|rec)-/;

export class FramesCleaner {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<number> | null = null;

  constructor(
    private readonly framesDir: string,
    private readonly maxAgeMs: number,
    private readonly intervalMs = 60_000,
    private readonly log: BusLog = console,
  ) {}

  start(): void {
    if (this.#timer) return;
    void this.sweep();
    this.#timer = setInterval(() => void this.sweep(), this.intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  /** Removes the old frames now; resolves with how many files went. */
  sweep(): Promise<number> {
    this.#running ??= this.#sweep()
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'frames cleanup failed');
        return 0;
      })
      .finally(() => (this.#running = null));
    return this.#running;
  }

  async #sweep(): Promise<number> {
    const cutoff = Date.now() - this.maxAgeMs;
    let removed = 0;
    const dirs = await readdir(this.framesDir, { withFileTypes: true }).catch(() => []);
    for (const dir of dirs) {
      if (!dir.isDirectory() || !OWN_DIRS.test(dir.name)) continue;
      const path = join(this.framesDir, dir.name);
      const files = await readdir(path, { withFileTypes: true }).catch(() => []);
      for (const file of files) {
        if (!file.isFile()) continue;
        const full = join(path, file.name);
        const info = await stat(full).catch(() => null);
        if (info && info.mtimeMs < cutoff) {
          await rm(full, { force: true });
          removed += 1;
        }
      }
    }
    return removed;
  }
}
