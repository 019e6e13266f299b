// Recorded H.265 for browsers without HEVC (issue #33): a chunk transcoded to H.264 on demand, once, by one ffmpeg
// that writes fragmented-MP4 HLS segments of SEGMENT_SECONDS into a scratch directory as it goes. Its cuts are
// forced every SEGMENT_SECONDS, so a playlist can list the segments before they exist (segmentDurations), and each
// is answered once written (renamed from its temporary name): playback starts once the first seconds are encoded,
// and a seek inside the chunk waits at most for the encoder to get there. The chunks transcoded last stay (a viewer
// going back and forth); older ones are deleted. At most `running` encode at once: the one asked for longest ago
// gives way (it is started again if it is asked for again).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

export const SEGMENT_SECONDS = 4;

/** How long each segment of a chunk this long is (a last sliver under 0.1 s goes with the segment before it). */
export function segmentDurations(durationSeconds: number): number[] {
  const count = Math.max(1, Math.ceil((durationSeconds - 0.1) / SEGMENT_SECONDS));
  return Array.from({ length: count }, (_, index) =>
    index < count - 1
      ? SEGMENT_SECONDS
      : Math.max(0.1, Math.round((durationSeconds - SEGMENT_SECONDS * (count - 1)) * 1000) / 1000),
  );
}

/** ffmpeg's arguments: the chunk's first video to H.264 (audio copied), as fMP4 HLS segments in `dir`. */
export function chunkH264Args(source: string, dir: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostats', '-i', source],
    ...['-map', '0:v:0', '-map', '0:a:0?', '-c:a', 'copy'],
    ...['-c:v', 'libx264', '-preset', 'superfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-vf', 'scale=w=min(iw\\,1920):h=-2'],
    ...['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`],
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
    ...['-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4', '-hls_flags', 'temp_file'],
    ...['-hls_segment_filename', join(dir, '%d.m4s'), join(dir, 'index.m3u8')],
  ];
}

interface Transcode {
  dir: string;
  process: ChildProcess | null;
  /** null while it runs; true once every segment is written */
  finished: boolean | null;
  lastAsked: number;
  changed: Set<() => void>;
  watcher: FSWatcher | null;
}

export interface ChunkTranscodesOptions {
  ffmpegPath: string;
  /** where the segments are written (emptied at start) */
  scratchDir: string;
  /** chunks kept transcoded */
  keep?: number;
  /** transcodes at once */
  running?: number;
}

export class ChunkTranscodes {
  readonly #transcodes = new Map<number, Transcode>();
  readonly #ready: Promise<void>;

  constructor(private readonly options: ChunkTranscodesOptions) {
    this.#ready = rm(options.scratchDir, { recursive: true, force: true }).then(() => undefined);
  }

  /**
   * The path of a segment (`<n>.m4s`) or the init section (`init.mp4`) of the chunk's transcode, once written;
   * null when it never will be (the chunk has no such segment, or ffmpeg failed) or not within `timeoutMs`.
   */
  async file(chunkId: number, source: string, name: string, timeoutMs = 30_000): Promise<string | null> {
    await this.#ready;
    const transcode = this.#transcodes.get(chunkId) ?? (await this.#start(chunkId, source));
    transcode.lastAsked = Date.now();
    if (transcode.finished === false) await this.#restart(transcode, source);
    // The init section is whole once the first segment is.
    const path = join(transcode.dir, name);
    const written = join(transcode.dir, name === 'init.mp4' ? '0.m4s' : name);
    return new Promise<string | null>((resolve) => {
      const check = () => {
        if (existsSync(written)) done(path);
        else if (transcode.finished !== null || !this.#transcodes.has(chunkId)) done(null);
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      const done = (result: string | null) => {
        clearTimeout(timer);
        transcode.changed.delete(check);
        resolve(result);
      };
      transcode.changed.add(check);
      check();
    });
  }

  async close(): Promise<void> {
    for (const [chunkId, transcode] of this.#transcodes) this.#end(chunkId, transcode);
    await rm(this.options.scratchDir, { recursive: true, force: true });
  }

  async #start(chunkId: number, source: string): Promise<Transcode> {
    const transcode: Transcode = {
      dir: join(this.options.scratchDir, String(chunkId)),
      process: null,
      finished: null,
      lastAsked: Date.now(),
      changed: new Set(),
      watcher: null,
    };
    this.#transcodes.set(chunkId, transcode);
    await this.#run(transcode, source);
    this.#evict();
    return transcode;
  }

  async #restart(transcode: Transcode, source: string): Promise<void> {
    transcode.finished = null;
    await this.#run(transcode, source);
  }

  async #run(transcode: Transcode, source: string): Promise<void> {
    await rm(transcode.dir, { recursive: true, force: true });
    await mkdir(transcode.dir, { recursive: true });
    const notify = () => {
      for (const listener of [...transcode.changed]) listener();
    };
    transcode.watcher?.close();
    transcode.watcher = watch(transcode.dir, notify);
    const child = spawn(this.options.ffmpegPath, chunkH264Args(source, transcode.dir), {
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    transcode.process = child;
    child.once('exit', (code) => {
      if (transcode.process !== child) return;
      transcode.process = null;
      transcode.finished = code === 0;
      transcode.watcher?.close();
      transcode.watcher = null;
      notify();
    });
    child.once('error', () => undefined);
    this.#yieldRoom(transcode);
  }

  /** More encoders than allowed: the one asked for longest ago stops (unfinished: started again when asked). */
  #yieldRoom(starting: Transcode): void {
    const running = [...this.#transcodes.values()].filter((t) => t.process && t !== starting);
    const room = (this.options.running ?? 2) - 1;
    for (const transcode of running
      .sort((a, b) => a.lastAsked - b.lastAsked)
      .slice(0, running.length - room)) {
      transcode.process?.kill('SIGKILL');
    }
  }

  /** Only the chunks asked for last are kept. */
  #evict(): void {
    const byAge = [...this.#transcodes].sort(([, a], [, b]) => b.lastAsked - a.lastAsked);
    for (const [chunkId, transcode] of byAge.slice(this.options.keep ?? 8)) this.#end(chunkId, transcode);
  }

  #end(chunkId: number, transcode: Transcode): void {
    this.#transcodes.delete(chunkId);
    transcode.process?.kill('SIGKILL');
    transcode.watcher?.close();
    for (const listener of [...transcode.changed]) listener();
    void rm(transcode.dir, { recursive: true, force: true });
  }
}
