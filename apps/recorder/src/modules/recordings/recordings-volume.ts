// Is the recordings volume the one the index describes? A disk that is not mounted leaves an empty directory
// (or none) where the recordings were; reconciling against it would drop every row, and recording into it would
// fill the system disk. The volume carries a marker file once the recorder has used it; it counts as present
// when the marker is there, when the index is empty (a new install), or when the newest indexed chunks are on
// it (an install from before the marker). Otherwise it is unavailable until it comes back: nothing is
// reconciled, deleted or recorded meanwhile.
import { access, mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RecordingsRepository } from './recordings.repository.js';

export const VOLUME_MARKER = '.nvr-volume';
/** How many of the newest indexed chunks are looked for when the marker is missing. */
const SAMPLE = 5;

export type VolumeState = { available: true } | { available: false; reason: string };

export class RecordingsVolume {
  #state: VolumeState | null = null;
  #timer: NodeJS.Timeout | null = null;
  readonly #listeners: ((state: VolumeState) => void)[] = [];

  constructor(
    private readonly root: string,
    private readonly index: RecordingsRepository,
  ) {}

  /** The last verdict (null before the first check). */
  get state(): VolumeState | null {
    return this.#state;
  }

  get available(): boolean {
    return this.#state?.available === true;
  }

  /** Told when the verdict changes (not on the first check). */
  onChange(listener: (state: VolumeState) => void): void {
    this.#listeners.push(listener);
  }

  async check(): Promise<VolumeState> {
    const state = await this.#inspect();
    const previous = this.#state;
    this.#state = state;
    if (previous && previous.available !== state.available) {
      for (const listener of this.#listeners) listener(state);
    }
    return state;
  }

  /** Checks again every `intervalMs` (a disk can go away or come back at any time). */
  watch(intervalMs: number, onError: (error: unknown) => void): void {
    this.#timer ??= setInterval(() => void this.check().catch(onError), intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  async #inspect(): Promise<VolumeState> {
    const marker = join(this.root, VOLUME_MARKER);
    if (await exists(marker)) return { available: true };
    const newest = await this.index.newestPaths(SAMPLE);
    if (newest.length > 0 && !(await anyExists(newest.map((path) => join(this.root, path))))) {
      const present = (await stat(this.root).catch(() => null))?.isDirectory() === true;
      return {
        available: false,
        reason:
          `${this.root} ${present ? `holds none of the newest recordings the index lists and no ${VOLUME_MARKER} marker` : 'does not exist'}: ` +
          'is the recordings disk mounted?',
      };
    }
    // A new install (nothing indexed), or one from before the marker whose recordings are here: mark it.
    await mkdir(this.root, { recursive: true });
    await writeFile(marker, 'This directory holds NVR recordings; the recorder checks for this file.\n');
    return { available: true };
  }
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

async function anyExists(paths: string[]): Promise<boolean> {
  return (await Promise.all(paths.map(exists))).some(Boolean);
}
