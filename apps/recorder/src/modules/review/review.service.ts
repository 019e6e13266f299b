// Review items through the API (issue #19): listed, read and marked reviewed by whoever may view the camera,
// deleted by whoever may manage it; their snapshot, thumbnail and clip are files served with the view right.
// Each camera's review settings (pre- and post-roll, how long items and the footage they cover are kept) are
// read with the view right and replaced with the manage right. The spans review items cover are what retention
// keeps beyond the continuous retention (keptSpans), and a camera's own continuous retention
// (continuousRetention) is what retention applies to it instead of the recording settings' one.
import { stat } from 'node:fs/promises';
import type { RequestContext } from '../../platform/auth/principal.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { FieldValidationError, NotFoundError } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type { KeptSpan } from '../recordings/retention.js';
import type { CallerCredentials, Forwarding, Served } from '../cluster/node-proxy.js';
import type { ReviewFile, ReviewFiles } from './review-files.js';
import type {
  ReviewFilter,
  ReviewItemRow,
  ReviewRepository,
  ReviewSettingsRow,
} from './review.repository.js';
import {
  REVIEW_DEFAULTS,
  type ClipStatus,
  type MarkReviewed,
  type ReviewItem,
  type ReviewList,
  type ReviewQuery,
  type ReviewSettingsBody,
  type ReviewSettingsResponse,
  type ReviewSeverity,
} from './review.schemas.js';

const DAY_MS = 24 * 3600 * 1000;
/** The most item ids one review.updated of a bulk mark names (its `count` says how many changed). */
const MAX_IDS_TOLD = 1000;
const MB = 1024 * 1024;
/** The most a file of another node's item may have when it comes through this one (a clip: minutes of video). */
/** A deletion's answer through another node: empty, or an error envelope. */
const DELETE_ANSWER_BYTES = 64 * 1024;
const FORWARDED_MAX_BYTES: Record<ReviewFile, number> = {
  clip: 2048 * MB,
  snapshot: 20 * MB,
  thumbnail: 5 * MB,
};

/** This node, where its items' files are (docs/cluster.md). */
export interface ReviewNode {
  id: string;
  /** whether a node is in the cluster (a removed node's items' files went with it) */
  isMember(nodeId: string): Promise<boolean>;
}

export class ReviewService {
  constructor(
    private readonly items: ReviewRepository,
    private readonly files: ReviewFiles,
    private readonly access: CameraAccess,
    private readonly audit: AuditService,
    private readonly node: ReviewNode,
    /** where a mark is told, so that every open screen follows (review.updated) */
    private readonly events: Pick<EventBus, 'publish'>,
  ) {}

  async list(context: RequestContext, query: ReviewQuery): Promise<ReviewList> {
    const filter = await this.#filter(context, query);
    const { rows, total } = await this.items.list(filter, { skip: query.skip, limit: query.limit });
    return { items: rows.map(toReviewItem), total };
  }

  /**
   * The camera's incidents of [fromMs, toMs] merged into ranges (the recordings timeline: recordings/activity.
   * service.ts, which has checked the caller may view the camera).
   */
  ranges(cameraId: number, fromMs: number, toMs: number, gapMs: number, openEndMs: number) {
    return this.items.ranges(cameraId, fromMs, toMs, gapMs, openEndMs);
  }

  async get(context: RequestContext, id: number): Promise<ReviewItem> {
    return toReviewItem(await this.#visible(context, id));
  }

  async setReviewed(context: RequestContext, id: number, reviewed: boolean): Promise<ReviewItem> {
    const row = await this.#visible(context, id);
    const now = new Date().toISOString();
    const updated = await this.items.update(row.id, {
      reviewed,
      reviewed_at: reviewed ? now : null,
      updated_at: now,
    });
    if (!updated) throw new NotFoundError('Review item');
    const item = toReviewItem(updated);
    void this.events.publish({
      type: 'review.updated',
      camera_id: item.camera_id,
      source: 'review',
      severity: 'info',
      data: { review_id: item.id, item },
    });
    return item;
  }

  /** Marks the items named, or every item matching the filters; answers how many changed. */
  async markMany(context: RequestContext, body: MarkReviewed): Promise<{ updated: number }> {
    const { ids, reviewed, ...filters } = body;
    const filter = await this.#filter(context, filters);
    const marked = await this.items.markReviewed(
      { ...filter, ...(ids ? { ids } : {}) },
      reviewed,
      new Date().toISOString(),
    );
    // One event per camera (its viewers are the ones to tell), naming the items up to a bound.
    const byCamera = new Map<number, number[]>();
    for (const row of marked) {
      const ids = byCamera.get(row.camera_id);
      if (ids) ids.push(row.id);
      else byCamera.set(row.camera_id, [row.id]);
    }
    for (const [cameraId, ids] of byCamera) {
      void this.events.publish({
        type: 'review.updated',
        camera_id: cameraId,
        source: 'review',
        severity: 'info',
        data: { review_ids: ids.slice(0, MAX_IDS_TOLD), count: ids.length, reviewed },
      });
    }
    return { updated: marked.length };
  }

  /**
   * Deletes the item and its files. Its files on another node: that node deletes it (unless this request comes
   * from a node already, or that node has left the cluster, its files with it).
   */
  async delete(context: RequestContext, id: number, caller: CallerCredentials): Promise<Served<void>> {
    const row = await this.#visible(context, id);
    await this.access.require(context.principal, row.camera_id, 'manage');
    const owner = this.#elsewhere(row);
    if (owner !== null && !caller.forwarded && (await this.node.isMember(owner)))
      return { remote: this.#forwarding(owner, DELETE_ANSWER_BYTES) };
    await this.files.remove(row.camera_id, row.id);
    await this.items.delete(row.id);
    await this.audit.record(context, {
      action: 'review.delete',
      entityType: 'review_item',
      entityId: row.id,
      details: { camera_id: row.camera_id },
    });
    return { here: undefined };
  }

  /** The item's snapshot, thumbnail or clip, when it has one: here, or from the node that built it. */
  async file(
    context: RequestContext,
    id: number,
    kind: ReviewFile,
    caller: CallerCredentials,
  ): Promise<Served<{ path: string; size: number }>> {
    const row = await this.#visible(context, id);
    const has = kind === 'clip' ? row.clip_status === 'ready' : row.has_snapshot;
    const missing = new NotFoundError(kind === 'clip' ? 'Clip' : 'Snapshot');
    if (!has) throw missing;
    const owner = this.#elsewhere(row);
    if (owner !== null && !caller.forwarded)
      return { remote: this.#forwarding(owner, FORWARDED_MAX_BYTES[kind]) };
    const path = this.files.path(row.camera_id, row.id, kind);
    const info = await stat(path).catch(() => null);
    if (!info) throw missing;
    return { here: { path, size: info.size } };
  }

  /** The node holding the item's files when it is another one. */
  #elsewhere(row: ReviewItemRow): string | null {
    return row.node_id !== null && row.node_id !== this.node.id ? row.node_id : null;
  }

  #forwarding(nodeId: string, maxBytes: number): Forwarding {
    return { nodeId, maxBytes, firstByteMs: 10_000 };
  }

  async settings(context: RequestContext, cameraId: number): Promise<ReviewSettingsResponse> {
    await this.access.require(context.principal, cameraId, 'view');
    return toSettings(cameraId, await this.items.findSettings(cameraId));
  }

  async replaceSettings(
    context: RequestContext,
    cameraId: number,
    body: ReviewSettingsBody,
  ): Promise<ReviewSettingsResponse> {
    await this.access.require(context.principal, cameraId, 'manage');
    const row: ReviewSettingsRow = { camera_id: cameraId, ...body, updated_at: new Date().toISOString() };
    await this.items.saveSettings(row);
    await this.audit.record(context, {
      action: 'camera.review_settings',
      entityType: 'camera',
      entityId: cameraId,
      details: { ...body },
    });
    return toSettings(cameraId, row);
  }

  /** A camera's settings for the recorder's own use (defaults when none are stored). */
  async settingsOf(cameraId: number): Promise<ReviewSettingsResponse> {
    return toSettings(cameraId, await this.items.findSettings(cameraId));
  }

  /** Cameras whose continuous footage is kept for their own number of days (0: kept). */
  async continuousRetention(): Promise<Map<number, number>> {
    const days = new Map<number, number>();
    for (const row of await this.items.allSettings())
      if (row.continuous_retention_days !== null) days.set(row.camera_id, row.continuous_retention_days);
    return days;
  }

  /** The footage review items keep: every item's span (an open one up to now). */
  async keptSpans(): Promise<KeptSpan[]> {
    const now = Date.now();
    return (await this.items.keptSpans()).map((row) => ({
      cameraId: row.camera_id,
      fromMs: row.clip_from_ms,
      toMs: row.clip_to_ms ?? now,
    }));
  }

  /**
   * Deletes the items (and their files) past their camera's review retention; answers how many went. Each node
   * expires the items whose files it holds (and those of nodes that left the cluster).
   */
  async expire(now = Date.now()): Promise<number> {
    const custom = await this.items.allSettings();
    let removed = 0;
    const sweep = async (beforeMs: number, cameras: Parameters<ReviewRepository['endedBefore']>[2]) => {
      for (;;) {
        const rows = await this.items.endedBefore(beforeMs, 200, cameras, this.node.id);
        for (const row of rows) {
          await this.files.remove(row.camera_id, row.id);
          if (await this.items.delete(row.id)) removed += 1;
        }
        if (rows.length < 200) return;
      }
    };
    for (const settings of custom)
      await sweep(now - settings.retention_days * DAY_MS, { only: settings.camera_id });
    await sweep(now - REVIEW_DEFAULTS.retention_days * DAY_MS, {
      except: custom.map((settings) => settings.camera_id),
    });
    return removed;
  }

  async #visible(context: RequestContext, id: number): Promise<ReviewItemRow> {
    const row = await this.items.find(id);
    if (!row) throw new NotFoundError('Review item');
    // Not revealing the item of a camera the caller cannot see: the camera's 404 becomes the item's.
    await this.access.require(context.principal, row.camera_id, 'view').catch((error: unknown) => {
      throw error instanceof NotFoundError ? new NotFoundError('Review item') : error;
    });
    return row;
  }

  async #filter(context: RequestContext, query: Omit<ReviewQuery, 'skip' | 'limit'>): Promise<ReviewFilter> {
    const { principal } = context;
    if (query.camera_id !== undefined) await this.access.require(principal, query.camera_id, 'view');
    if (query.start_unix !== undefined && query.end_unix !== undefined && query.end_unix < query.start_unix)
      throw new FieldValidationError(['query', 'end_unix'], 'end_unix must not be before start_unix');
    return {
      cameraId: query.camera_id,
      label: query.label,
      zone: query.zone,
      name: query.name,
      severity: query.severity,
      reviewed: query.reviewed,
      fromMs: query.start_unix === undefined ? undefined : query.start_unix * 1000,
      toMs: query.end_unix === undefined ? undefined : query.end_unix * 1000,
      visibleCameraIds: principal.isSuperuser ? null : await this.access.visibleIds(principal),
    };
  }
}

function toSettings(cameraId: number, row: ReviewSettingsRow | undefined): ReviewSettingsResponse {
  return {
    camera_id: cameraId,
    pre_roll_seconds: row?.pre_roll_seconds ?? REVIEW_DEFAULTS.pre_roll_seconds,
    post_roll_seconds: row?.post_roll_seconds ?? REVIEW_DEFAULTS.post_roll_seconds,
    retention_days: row?.retention_days ?? REVIEW_DEFAULTS.retention_days,
    continuous_retention_days: row?.continuous_retention_days ?? REVIEW_DEFAULTS.continuous_retention_days,
    updated_at: row?.updated_at ?? null,
  };
}

export function toReviewItem(row: ReviewItemRow): ReviewItem {
  const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
  const base = `/api/v1/review-items/${row.id}`;
  return {
    id: row.id,
    camera_id: row.camera_id,
    start_time: iso(row.start_ms)!,
    end_time: iso(row.end_ms),
    clip_start_time: iso(row.clip_from_ms)!,
    clip_end_time: iso(row.clip_to_ms),
    severity: row.severity as ReviewSeverity,
    labels: JSON.parse(row.labels) as string[],
    zones: JSON.parse(row.zones) as string[],
    track_ids: JSON.parse(row.track_ids) as string[],
    names: JSON.parse(row.names) as string[],
    boxes: JSON.parse(row.boxes) as ReviewItem['boxes'],
    has_snapshot: row.has_snapshot,
    snapshot_time: iso(row.snapshot_ms),
    clip_status: row.clip_status as ClipStatus,
    reviewed: row.reviewed,
    reviewed_at: row.reviewed_at,
    snapshot_url: row.has_snapshot ? `${base}/snapshot` : null,
    thumbnail_url: row.has_snapshot ? `${base}/thumbnail` : null,
    clip_url: row.clip_status === 'ready' ? `${base}/clip` : null,
  };
}
