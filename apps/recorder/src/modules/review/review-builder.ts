// Review items at run time (issue #19): incidents a person reviews, built from tracked objects. A camera's item
// opens with the first picture where a tracked object moves (one that has stood still for 5 s — someone waiting,
// a parked car — neither opens nor extends one) and closes once nothing has moved for `closeAfterMs`; the tracks, labels and zones in between are
// one incident. Its snapshot is the picture where its objects showed best, boxes drawn; an alert raised on the
// camera while it is open makes it an `alert` (else a `detection`). Once the recording has indexed the footage up
// to its end plus the post-roll, its clip is cut from the chunks (stream copy). review.opened / .updated /
// .closed go on the event log. Updates of one camera are handled one after the other. The people the face gallery
// recognises on the camera meanwhile (faces.recognised) are the incident's names (review-names.ts).
import { exportRange } from '../../media/ffmpeg/export.js';
import { drawBoxes, scaleJpeg } from '../../media/ffmpeg/annotate.js';
import type { BusLog, EventBus } from '../../platform/events/event-bus.js';
import type { AlertResponse } from '../alerts/alerts.schemas.js';
import type { IndexedChunk } from '../recordings/recording-notice.js';
import type { RecordingsService } from '../recordings/recordings.service.js';
import type { FacesRecognised, TrackedObjects } from '../recorder-events.js';
import type { TrackedObject } from '../tracking/object-tracker.js';
import type { ReviewFiles } from './review-files.js';
import { NAMES_LEAD_MS, RecentNames, withNames } from './review-names.js';
import type { ReviewItemRow, ReviewRepository } from './review.repository.js';
import type { ReviewItem, ReviewSeverity } from './review.schemas.js';
import { toReviewItem, type ReviewService } from './review.service.js';

const THUMBNAIL_WIDTH = 320;
/** An object counts as moving while it moved within this long. */
const MOVED_WITHIN_MS = 5_000;

export interface ReviewBuilderDeps {
  items: ReviewRepository;
  files: ReviewFiles;
  review: Pick<ReviewService, 'settingsOf' | 'expire'>;
  recordings: Pick<RecordingsService, 'chunkFiles'>;
  events: EventBus;
  ffmpegPath: string;
  log: BusLog;
  /** this node: the items it builds have their files here */
  nodeId: string;
}

export interface ReviewBuilderOptions {
  /** nothing moving this long closes an item (default 10 s) */
  closeAfterMs?: number;
  /** a clip whose footage has not all come this long after its end is cut from what there is (default 10 min) */
  clipPatienceMs?: number;
  /** how often clips that wait too long and expired items are looked for (default 60 s) */
  sweepMs?: number;
}

interface OpenItem {
  id: number;
  cameraId: number;
  startMs: number;
  lastMovedMs: number;
  preRollMs: number;
  postRollMs: number;
  labels: Set<string>;
  zones: Set<string>;
  trackIds: Set<string>;
  /** the people recognised, in the order first recognised */
  names: string[];
  severity: ReviewSeverity;
  best: {
    score: number;
    /** when the picture was taken */
    at: number;
    jpeg: Buffer;
    width: number;
    height: number;
    boxes: ReviewItem['boxes'];
  } | null;
  snapshotStale: boolean;
  timer: NodeJS.Timeout | null;
}

export class ReviewBuilder {
  readonly #open = new Map<number, OpenItem>();
  readonly #queues = new Map<number, Promise<void>>();
  readonly #cutting = new Set<number>();
  readonly #recentNames = new RecentNames();
  #sweep: NodeJS.Timeout | null = null;
  readonly #closeAfterMs: number;
  readonly #clipPatienceMs: number;

  constructor(
    private readonly deps: ReviewBuilderDeps,
    private readonly options: ReviewBuilderOptions = {},
  ) {
    this.#closeAfterMs = options.closeAfterMs ?? 10_000;
    this.#clipPatienceMs = options.clipPatienceMs ?? 10 * 60_000;
  }

  /** When the camera's open incident began (ms), or null when none is open: its alerts belong to it. */
  openSince(cameraId: number): number | null {
    return this.#open.get(cameraId)?.startMs ?? null;
  }

  /** Items a previous run left open are closed at their last update; late clips and expired items are swept. */
  async start(): Promise<void> {
    for (const row of await this.deps.items.open()) {
      const settings = await this.deps.review.settingsOf(row.camera_id);
      const end = Math.max(Number(row.start_ms), Date.parse(row.updated_at));
      await this.deps.items.update(row.id, {
        end_ms: end,
        clip_to_ms: end + settings.post_roll_seconds * 1000,
        updated_at: new Date().toISOString(),
      });
    }
    this.#sweep = setInterval(() => void this.#sweepOnce(), this.options.sweepMs ?? 60_000);
    this.#sweep.unref();
    await this.#sweepOnce();
  }

  /** Open items close now (their end is what was seen), and the work under way finishes. */
  async stop(): Promise<void> {
    if (this.#sweep) clearInterval(this.#sweep);
    this.#sweep = null;
    for (const item of this.#open.values()) this.#enqueue(item.cameraId, () => this.#close(item));
    await this.idle();
  }

  /** Resolves when every update so far has been handled (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#queues.size > 0) await Promise.all([...this.#queues.values()]);
  }

  tracked(update: TrackedObjects): void {
    this.#enqueue(update.cameraId, () => this.#apply(update));
  }

  zoneEntered({ cameraId, zone, trackId }: { cameraId: number; zone: string; trackId: string }): void {
    this.#enqueue(cameraId, async () => {
      const item = this.#open.get(cameraId);
      if (!item || !item.trackIds.has(trackId) || item.zones.has(zone)) return;
      item.zones.add(zone);
      await this.#save(item, 'review.updated');
    });
  }

  /** People recognised on a camera: its open incident's names (one opening soon finds them too). */
  facesRecognised({ cameraId, at, names }: FacesRecognised): void {
    this.#enqueue(cameraId, async () => {
      this.#recentNames.seen(cameraId, names, at);
      const item = this.#open.get(cameraId);
      if (!item || at < item.startMs - NAMES_LEAD_MS) return;
      const grown = withNames(item.names, names);
      if (!grown) return;
      item.names = grown;
      await this.#save(item, 'review.updated');
    });
  }

  alertRaised({ alert }: { alert: AlertResponse }): void {
    const cameraId = alert.camera_id;
    if (cameraId === null) return;
    this.#enqueue(cameraId, async () => {
      const item = this.#open.get(cameraId);
      if (!item || item.severity === 'alert') return;
      item.severity = 'alert';
      await this.#save(item, 'review.updated');
    });
  }

  /** A chunk was indexed: the clips it completes are cut. */
  chunkIndexed(chunk: IndexedChunk): void {
    this.#enqueue(chunk.cameraId, async () => {
      for (const row of await this.deps.items.pendingClips(chunk.cameraId))
        if (Number(row.clip_to_ms) <= chunk.endMs) await this.#cutClip(row);
    });
  }

  #enqueue(cameraId: number, task: () => Promise<void>): void {
    const run = (this.#queues.get(cameraId) ?? Promise.resolve())
      .then(task)
      .catch((error: unknown) => this.deps.log.error({ err: error, cameraId }, 'review item update failed'));
    this.#queues.set(cameraId, run);
    void run.finally(() => {
      if (this.#queues.get(cameraId) === run) this.#queues.delete(cameraId);
    });
  }

  async #apply(update: TrackedObjects): Promise<void> {
    if (!update.picture) return;
    const seen = update.tracks.filter((track) => track.last_seen === update.at);
    // An object that stands still (someone waiting, a parked car) neither opens nor keeps open an incident.
    const moving = seen.filter((track) => update.at - track.last_moved <= MOVED_WITHIN_MS);
    if (moving.length === 0) return;
    let item = this.#open.get(update.cameraId);
    const opening = !item;
    item ??= await this.#openItem(update.cameraId, moving);
    let grew = false;
    for (const track of moving) {
      if (!item.labels.has(track.label)) {
        item.labels.add(track.label);
        grew = true;
      }
      item.trackIds.add(track.track_id);
    }
    item.lastMovedMs = update.at;
    const score = Math.max(...moving.map(showing));
    if (!item.best || score > item.best.score) {
      item.best = {
        score,
        at: update.at,
        jpeg: update.picture.jpeg,
        width: update.picture.width,
        height: update.picture.height,
        boxes: seen.map((track) => ({
          label: track.label,
          confidence: Math.round(track.confidence * 1000) / 1000,
          ...track.box,
        })),
      };
      item.snapshotStale = true;
    }
    if (item.timer) clearTimeout(item.timer);
    const current = item;
    item.timer = setTimeout(
      () => this.#enqueue(current.cameraId, () => this.#close(current)),
      this.#closeAfterMs,
    );
    item.timer.unref();
    if (opening) await this.#save(item, 'review.opened');
    else if (grew) await this.#save(item, 'review.updated');
  }

  async #openItem(cameraId: number, moving: TrackedObject[]): Promise<OpenItem> {
    const settings = await this.deps.review.settingsOf(cameraId);
    const startMs = Math.min(...moving.map((track) => track.first_seen));
    const preRollMs = settings.pre_roll_seconds * 1000;
    const now = new Date().toISOString();
    const row = await this.deps.items.insert({
      camera_id: cameraId,
      start_ms: startMs,
      end_ms: null,
      clip_from_ms: startMs - preRollMs,
      clip_to_ms: null,
      severity: 'detection',
      labels: '[]',
      zones: '[]',
      track_ids: '[]',
      boxes: '[]',
      names: '[]',
      has_snapshot: false,
      snapshot_ms: null,
      clip_status: 'pending',
      reviewed: false,
      reviewed_at: null,
      created_at: now,
      updated_at: now,
      node_id: this.deps.nodeId,
    });
    const item: OpenItem = {
      id: row.id,
      cameraId,
      startMs,
      lastMovedMs: startMs,
      preRollMs,
      postRollMs: settings.post_roll_seconds * 1000,
      labels: new Set(),
      zones: new Set(),
      trackIds: new Set(),
      names: withNames([], this.#recentNames.since(cameraId, startMs - NAMES_LEAD_MS)) ?? [],
      severity: 'detection',
      best: null,
      snapshotStale: false,
      timer: null,
    };
    this.#open.set(cameraId, item);
    return item;
  }

  async #close(item: OpenItem): Promise<void> {
    if (this.#open.get(item.cameraId) !== item) return;
    if (item.timer) clearTimeout(item.timer);
    this.#open.delete(item.cameraId);
    const row = await this.#save(item, 'review.closed', item.lastMovedMs);
    // The footage may all be indexed already (a recording that cut its chunk just now).
    if (row) await this.#cutClipIfRecorded(row);
  }

  /** Stores the item as it stands (ended at `endMs` when given), its snapshot first when it changed. */
  async #save(
    item: OpenItem,
    event: 'review.opened' | 'review.updated' | 'review.closed',
    endMs?: number,
  ): Promise<ReviewItemRow | undefined> {
    const snapshot = await this.#writeSnapshot(item);
    const row = await this.deps.items.update(item.id, {
      labels: JSON.stringify([...item.labels].sort()),
      zones: JSON.stringify([...item.zones].sort()),
      track_ids: JSON.stringify([...item.trackIds]),
      names: JSON.stringify(item.names),
      severity: item.severity,
      ...(snapshot
        ? { boxes: JSON.stringify(item.best!.boxes), has_snapshot: true, snapshot_ms: item.best!.at }
        : {}),
      ...(endMs === undefined ? {} : { end_ms: endMs, clip_to_ms: endMs + item.postRollMs }),
      updated_at: new Date().toISOString(),
    });
    if (row) this.#publish(event, row);
    return row;
  }

  /** Writes the snapshot (boxes drawn) and its thumbnail when the best picture changed; true once written. */
  async #writeSnapshot(item: OpenItem): Promise<boolean> {
    const best = item.best;
    if (!best || !item.snapshotStale) return false;
    item.snapshotStale = false;
    try {
      const drawn = await drawBoxes(
        this.deps.ffmpegPath,
        best.jpeg,
        best.boxes.map((box) => ({
          x: box.x * best.width,
          y: box.y * best.height,
          width: box.width * best.width,
          height: box.height * best.height,
        })),
      );
      await this.deps.files.write(item.cameraId, item.id, 'snapshot', drawn);
      const thumbnail = await scaleJpeg(this.deps.ffmpegPath, drawn, THUMBNAIL_WIDTH);
      await this.deps.files.write(item.cameraId, item.id, 'thumbnail', thumbnail);
      return true;
    } catch (error) {
      this.deps.log.warn({ err: error, reviewId: item.id }, 'review snapshot failed');
      return false;
    }
  }

  async #cutClipIfRecorded(row: ReviewItemRow): Promise<void> {
    // An indexed chunk that reaches the clip's end means the footage is all there.
    const end = Number(row.clip_to_ms);
    if ((await this.deps.recordings.chunkFiles(row.camera_id, end, end)).length > 0) await this.#cutClip(row);
  }

  /** The clip from the chunks: stream copy of [clip_from, clip_to] (what there is of it). */
  async #cutClip(row: ReviewItemRow): Promise<void> {
    if (this.#cutting.has(row.id)) return;
    this.#cutting.add(row.id);
    try {
      const from = Number(row.clip_from_ms);
      const to = Number(row.clip_to_ms);
      const chunks = await this.deps.recordings.chunkFiles(row.camera_id, from, to);
      let status: 'ready' | 'unavailable' | 'failed' = 'unavailable';
      if (chunks.length > 0) {
        try {
          const clip = await exportRange(this.deps.ffmpegPath, chunks, from, to);
          try {
            await this.deps.files.adopt(row.camera_id, row.id, 'clip', clip.path);
            status = 'ready';
          } finally {
            await clip.dispose();
          }
        } catch (error) {
          this.deps.log.warn({ err: error, reviewId: row.id }, 'review clip failed');
          status = 'failed';
        }
      }
      const updated = await this.deps.items.update(row.id, {
        clip_status: status,
        updated_at: new Date().toISOString(),
      });
      if (updated) this.#publish('review.updated', updated);
    } finally {
      this.#cutting.delete(row.id);
    }
  }

  async #sweepOnce(): Promise<void> {
    try {
      const late = Date.now() - this.#clipPatienceMs;
      for (const row of await this.deps.items.pendingClips()) {
        if (Number(row.clip_to_ms) < late) this.#enqueue(row.camera_id, () => this.#cutClip(row));
      }
      await this.deps.review.expire();
    } catch (error) {
      this.deps.log.error({ err: error }, 'review sweep failed');
    }
  }

  #publish(type: 'review.opened' | 'review.updated' | 'review.closed', row: ReviewItemRow): void {
    const item = toReviewItem(row);
    void this.deps.events.publish({
      type,
      camera_id: row.camera_id,
      source: 'review',
      severity: item.severity === 'alert' ? 'high' : 'info',
      data: { review_id: row.id, item },
    });
  }
}

/** How well an object shows in a picture: sure and big. */
function showing(track: TrackedObject): number {
  return track.confidence * Math.sqrt(track.box.width * track.box.height);
}
