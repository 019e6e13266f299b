// Motion detection at run time: for every readable camera with motion switched on — or needed by a live model
// that runs on motion (`demand`) — small grey pictures of its detection stream (the substream by default) at the
// configured rate go through a MotionDetector, and a MotionSwitch turns them into `motion.changed`, told once to
// the modules that follow it (the event log stores it as `motion.start` / `motion.end`: events.reactions.ts).
// Settings, camera and stream-config changes re-plan a camera (motion.reactions.ts); nothing connects to a camera
// for this — the pictures come from the camera stream's fan-out.
import type { StreamHub } from '../../media/ingest/stream-hub.js';
import { GreyFrames } from '../../media/motion/grey-frames.js';
import {
  DEFAULT_MOTION_SETTINGS,
  MotionDetector,
  type MotionBox,
} from '../../media/motion/motion-detector.js';
import { DEFAULT_MOTION_SWITCH, MotionSwitch } from '../../media/motion/motion-switch.js';
import type { Polygon } from '../../platform/geometry/polygon.js';
import type { CameraConfigService } from '../camera-config/camera-config.service.js';
import type { CameraStatusService } from '../cameras/camera-status.service.js';
import type { SourceResolver } from '../camera-sources/source-resolver.js';
import type { RecorderEventBus } from '../recorder-events.js';
import type { MotionRepository } from './motion.repository.js';
import { MOTION_DEFAULTS } from './motion.schemas.js';

/** The size motion is analysed at, whatever the stream's: fixed cost per picture (about 2 ms here). */
export const MOTION_WIDTH = 320;
export const MOTION_HEIGHT = 180;

export interface MotionWatchDeps {
  settings: MotionRepository;
  configs: CameraConfigService;
  sources: SourceResolver;
  streams: StreamHub;
  internal: RecorderEventBus;
  /** the cameras' runtime status, where motion state is shown */
  status: Pick<CameraStatusService, 'report'>;
}

/** The moving boxes of a camera's newest analysed picture; `at`: when it was taken (ms). */
export interface LatestMotion {
  at: number;
  boxes: MotionBox[];
}

interface Watcher {
  key: string;
  frames: GreyFrames;
  motion: MotionSwitch;
  startedAt: number;
  lastFrameAt: number;
  /** what the newest analysed picture held, for the motion tuner (none before the first picture) */
  latest: LatestMotion | null;
  quietCheck: NodeJS.Timeout;
}

export class MotionWatch {
  readonly #watchers = new Map<number, Watcher>();
  readonly #queues = new Map<number, Promise<void>>();
  /** cameras a live model needs motion of, whatever their own setting says */
  readonly #demanded = new Set<number>();
  #stopped = false;

  constructor(
    private readonly deps: MotionWatchDeps,
    private readonly ffmpegPath: string,
  ) {}

  async start(): Promise<void> {
    this.#stopped = false;
    await Promise.all((await this.deps.settings.enabledCameraIds()).map((id) => this.sync(id)));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await Promise.all([...this.#queues.values()]);
    await Promise.all([...this.#watchers.keys()].map((id) => this.#end(id)));
  }

  /** Whether the camera is in motion now. */
  active(cameraId: number): boolean {
    return this.#watchers.get(cameraId)?.motion.active ?? false;
  }

  /**
   * The boxes of the camera's newest analysed picture (empty when it was still); undefined while the camera is not
   * watched, null until its first picture. Kept in memory only: one per picture would flood the event log.
   */
  latest(cameraId: number): LatestMotion | null | undefined {
    const watcher = this.#watchers.get(cameraId);
    return watcher ? watcher.latest : undefined;
  }

  /**
   * Whether a picture of the camera moved within the last `ms`: sharper than `active`, which holds a motion for
   * 5 s of quiet so that a pause does not split an event — what gated AI asks before each picture it analyses.
   */
  movedWithin(cameraId: number, ms: number, now = Date.now()): boolean {
    const watcher = this.#watchers.get(cameraId);
    return watcher !== undefined && watcher.motion.active && now - watcher.motion.lastMotionAt <= ms;
  }

  /** A live model on the camera runs on motion (or no longer does): motion is watched while any needs it. */
  demand(cameraId: number, needed: boolean): Promise<void> {
    if (needed === this.#demanded.has(cameraId)) return this.#queues.get(cameraId) ?? Promise.resolve();
    if (needed) this.#demanded.add(cameraId);
    else this.#demanded.delete(cameraId);
    return this.sync(cameraId);
  }

  /** Every watched camera and every camera with motion on, re-planned (a restored backup). */
  async syncAll(): Promise<void> {
    const ids = new Set([...this.#watchers.keys(), ...(await this.deps.settings.enabledCameraIds())]);
    await Promise.all([...ids].map((id) => this.sync(id)));
  }

  /** Brings one camera in line with its settings, config and readability (one plan at a time per camera). */
  sync(cameraId: number): Promise<void> {
    const run = (this.#queues.get(cameraId) ?? Promise.resolve()).then(() => this.#plan(cameraId));
    const queued = run.finally(() => {
      if (this.#queues.get(cameraId) === queued) this.#queues.delete(cameraId);
    });
    this.#queues.set(cameraId, queued);
    return queued;
  }

  async #plan(cameraId: number): Promise<void> {
    const stored = this.#stopped ? undefined : await this.deps.settings.find(cameraId);
    const wanted = !this.#stopped && (stored?.enabled === true || this.#demanded.has(cameraId));
    const settings = wanted
      ? (stored ?? { ...MOTION_DEFAULTS, camera_id: cameraId, updated_at: null })
      : undefined;
    const config = settings ? await this.deps.configs.find(cameraId) : undefined;
    const role = config
      ? await this.deps.sources.effectiveRole(cameraId, config.detect_stream === 'main' ? 'main' : 'sub')
      : 'main';
    const readable = config ? (await this.deps.sources.resolve(cameraId, role)).ok : false;
    if (!settings || !readable) {
      await this.#end(cameraId);
      return;
    }
    const key = JSON.stringify({ ...settings, enabled: undefined, updated_at: undefined, role });
    if (this.#watchers.get(cameraId)?.key === key) return;
    await this.#end(cameraId);
    const detector = new MotionDetector(MOTION_WIDTH, MOTION_HEIGHT, {
      ...DEFAULT_MOTION_SETTINGS,
      threshold: settings.threshold,
      minArea: settings.min_area,
      masks: JSON.parse(settings.masks) as Polygon[],
    });
    const frames = new GreyFrames({
      ffmpegPath: this.ffmpegPath,
      stream: await this.deps.streams.stream(cameraId, role),
      fps: settings.fps,
      width: MOTION_WIDTH,
      height: MOTION_HEIGHT,
    });
    const watcher: Watcher = {
      key,
      frames,
      motion: new MotionSwitch(),
      startedAt: 0,
      lastFrameAt: Date.now(),
      latest: null,
      // Pictures that stop coming (the camera went away) end a motion as quiet pictures would.
      quietCheck: setInterval(() => {
        if (watcher.motion.active && Date.now() - watcher.lastFrameAt >= DEFAULT_MOTION_SWITCH.endAfterMs)
          this.#changed(cameraId, watcher, watcher.motion.update(false, Date.now()), [], Date.now());
      }, 1000),
    };
    watcher.quietCheck.unref();
    frames.on('frame', (gray, at) => {
      watcher.lastFrameAt = at;
      const { boxes } = detector.analyse(gray);
      watcher.latest = { at, boxes };
      this.#changed(cameraId, watcher, watcher.motion.update(boxes.length > 0, at), boxes, at);
    });
    this.#watchers.set(cameraId, watcher);
    this.deps.status.report(cameraId, { motion_active: false });
    frames.start();
  }

  /** `at`: when the picture that decided it was taken (ms), given in the events for latency measurements. */
  #changed(
    cameraId: number,
    watcher: Watcher,
    change: 'started' | 'ended' | null,
    boxes: MotionBox[],
    at: number,
  ): void {
    if (change === null) return;
    this.deps.status.report(cameraId, { motion_active: change === 'started' });
    if (change === 'started') {
      watcher.startedAt = at;
      this.deps.internal.emit('motion.changed', { cameraId, active: true, at, boxes: boxes.map(roundedBox) });
    } else {
      this.deps.internal.emit('motion.changed', {
        cameraId,
        active: false,
        at,
        durationMs: at - watcher.startedAt,
      });
    }
  }

  /** Stops watching the camera; a motion in progress ends with it. */
  async #end(cameraId: number): Promise<void> {
    const watcher = this.#watchers.get(cameraId);
    if (!watcher) return;
    this.#watchers.delete(cameraId);
    clearInterval(watcher.quietCheck);
    watcher.frames.removeAllListeners('frame');
    await watcher.frames.stop();
    if (watcher.motion.active) this.#changed(cameraId, watcher, 'ended', [], Date.now());
    this.deps.status.report(cameraId, { motion_active: null });
  }
}

/** A box for the event log and the tuner, to the thousandth. */
export function roundedBox(box: MotionBox): MotionBox {
  const r = (value: number) => Math.round(value * 1000) / 1000;
  return { x: r(box.x), y: r(box.y), width: r(box.width), height: r(box.height), area: r(box.area) };
}
