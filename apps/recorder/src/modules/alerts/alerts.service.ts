// Alerts (API.md §11): raised by AI rules (raise; an AI rule's alert then follows its incident: update), by the recorder's own events (a camera offline for longer
// than a grace period, a recording failure) and by the disk-floor check; listed and acknowledged within the
// caller's scope — alerts of cameras they can view, plus system alerts (no camera) for superusers.
import type { Principal, RequestContext } from '../../platform/auth/principal.js';
import type { BusLog, EventBus } from '../../platform/events/event-bus.js';
import { SEVERITIES, severityRank, type BusEvent } from '../../platform/events/event-types.js';
import { AppError, NotFoundError } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { RecorderEventBus, RecorderEvents } from '../recorder-events.js';
import type { RetentionReport } from '../recordings/recordings.reactions.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type { AlertRow, AlertScope, AlertsRepository } from './alerts.repository.js';
import type {
  AckIn,
  AckResult,
  AlertChange,
  AlertList,
  AlertQuery,
  AlertResponse,
  RaiseAlert,
} from './alerts.schemas.js';

/** `source_name` of the alerts the recorder raises itself. */
export const SYSTEM_SOURCES = {
  cameraOffline: 'camera_offline',
  recordingFailure: 'recording_failure',
  diskFloor: 'disk_floor',
  storageError: 'storage_error',
  storageUnavailable: 'storage_unavailable',
  recordingNotRunning: 'recording_not_running',
  recordingIntegrity: 'recording_integrity',
} as const;

export interface DiskFloorReport {
  path: string;
  free_bytes: number;
  floor_bytes: number;
}

export function toAlertResponse(row: AlertRow): AlertResponse {
  return {
    id: row.id,
    camera_id: row.camera_id,
    source_name: row.source_name,
    severity: row.severity as AlertResponse['severity'],
    title: row.title,
    message: row.message,
    created_at: row.created_at,
    acknowledged: row.acknowledged,
    acknowledged_at: row.acknowledged_at,
    acknowledged_by: row.acknowledged_by,
    data: JSON.parse(row.data) as Record<string, unknown>,
  };
}

export class AlertsService {
  readonly #offlineTimers = new Map<number, NodeJS.Timeout>();
  readonly #background = new Set<Promise<unknown>>();
  readonly #raising = new Map<string, Promise<unknown>>();
  #stopListening: (() => void) | null = null;

  constructor(
    private readonly alerts: AlertsRepository,
    private readonly access: CameraAccess,
    private readonly bus: EventBus,
    private readonly audit: AuditService,
    private readonly cameraName: (cameraId: number) => Promise<string | null>,
    private readonly offlineGraceMs: number,
    /** announces every stored alert ('alert.raised'); notification actions follow it */
    private readonly internal: RecorderEventBus,
    private readonly log: BusLog = console,
  ) {}

  /** Subscribes to the recorder's events (camera offline/online, recording failures). */
  start(): void {
    this.#stopListening ??= this.bus.listen((event) => this.#onEvent(event));
  }

  /** Resolves once alerts being raised from events have been stored (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#background.size > 0) await Promise.all([...this.#background]);
  }

  async stop(): Promise<void> {
    this.#stopListening?.();
    this.#stopListening = null;
    for (const timer of this.#offlineTimers.values()) clearTimeout(timer);
    this.#offlineTimers.clear();
    await this.idle();
  }

  /** Stores an alert, publishes `alert.created` and has its notifications queued before it returns. */
  async raise(input: RaiseAlert): Promise<AlertResponse> {
    if (!SEVERITIES.includes(input.severity))
      throw new TypeError(`unknown severity "${String(input.severity)}"`);
    const row = await this.alerts.insert({
      camera_id: input.camera_id ?? null,
      source_name: input.source_name.slice(0, 100),
      severity: input.severity,
      severity_rank: severityRank(input.severity),
      title: input.title.slice(0, 200),
      message: input.message ?? '',
      created_at: new Date().toISOString(),
      acknowledged: false,
      acknowledged_at: null,
      acknowledged_by: null,
      acknowledged_by_id: null,
      data: JSON.stringify(input.data ?? {}),
    });
    const alert = toAlertResponse(row);
    void this.bus.publish({
      type: 'alert.created',
      camera_id: alert.camera_id,
      source: 'alerts',
      severity: alert.severity,
      data: { alert },
    });
    await this.internal.emitAndWait('alert.raised', { alert });
    return alert;
  }

  /**
   * An alert says what was seen since it was raised (an AI rule's alert following its incident): the title,
   * message and `data` keys given replace theirs, and `alert.updated` tells the screens. Nothing is notified again
   * (notification actions follow `alert.raised` only) and the acknowledgement stays as it was. Null when the alert
   * is gone (its camera deleted).
   */
  async update(id: number, change: AlertChange): Promise<AlertResponse | null> {
    const row = await this.alerts.findById(id);
    if (!row) return null;
    const data = { ...(JSON.parse(row.data) as Record<string, unknown>), ...change.data };
    const updated = await this.alerts.update(id, {
      title: change.title.slice(0, 200),
      message: change.message,
      data: JSON.stringify(data),
    });
    if (!updated) return null;
    const alert = toAlertResponse(updated);
    void this.bus.publish({
      type: 'alert.updated',
      camera_id: alert.camera_id,
      source: 'alerts',
      severity: alert.severity,
      data: { alert },
    });
    return alert;
  }

  /** Raises unless the same source already has an unacknowledged alert for this camera (no alert storms). */
  raiseOnce(input: RaiseAlert): Promise<AlertResponse | null> {
    return this.#raiseOnceInOrder(input.camera_id ?? null, input.source_name, async () => input);
  }

  /**
   * Serialized per camera and source, in call order: two failures at once cannot both find nothing open, and
   * the first one reported is the one stored even when building its text (a name lookup) takes longer.
   */
  #raiseOnceInOrder(
    cameraId: number | null,
    sourceName: string,
    build: () => Promise<RaiseAlert>,
  ): Promise<AlertResponse | null> {
    const key = `${cameraId ?? 'system'}:${sourceName}`;
    const run = (this.#raising.get(key) ?? Promise.resolve()).then(async () =>
      (await this.alerts.findOpen(cameraId, sourceName)) ? null : this.raise(await build()),
    );
    const tail = run.catch(() => undefined);
    this.#raising.set(key, tail);
    // idle() waits for it too: raised from an event (the recording watch's), nobody else awaits it.
    this.#background.add(tail);
    void tail.then(() => {
      this.#background.delete(tail);
      if (this.#raising.get(key) === tail) this.#raising.delete(key);
    });
    return run;
  }

  /** For the recording watch: recording is on for a camera that no node has recorded for a while. */
  recordingNotRunning(report: RecorderEvents['recording.uncovered']): Promise<AlertResponse | null> {
    return this.raiseOnce({
      camera_id: report.cameraId,
      source_name: SYSTEM_SOURCES.recordingNotRunning,
      severity: 'critical',
      title: `${report.name} is not being recorded`,
      message: `Recording is on for ${report.name}, but no recorder has recorded it for ${report.seconds} s: ${report.reason.slice(0, 500)}.`,
      data: { reason: report.reason.slice(0, 500), unrecorded_seconds: report.seconds },
    });
  }

  /** For the scheduled integrity check: stored footage no longer matches its evidence chain (docs/evidence.md). */
  integrityFailed(report: RecorderEvents['recording.integrity-failed']): Promise<AlertResponse | null> {
    const found = [
      report.altered > 0 ? `${report.altered} chunk(s) altered` : null,
      report.missing > 0 ? `${report.missing} chunk(s) missing` : null,
      report.problem ? `the chain: ${report.problem}` : null,
    ].filter(Boolean);
    return this.raiseOnce({
      camera_id: report.cameraId,
      source_name: SYSTEM_SOURCES.recordingIntegrity,
      severity: 'critical',
      title: `${report.name}: stored footage does not match its evidence chain`,
      message:
        `The integrity check of ${report.name}'s last day of footage found ${found.join(', ')}` +
        (report.first ? `, the first at ${report.first.start_time} (${report.first.status})` : '') +
        '. See the recordings screen or GET /recordings/{camera_id}/integrity.',
      data: {
        altered: report.altered,
        missing: report.missing,
        chain_problem: report.problem,
        first: report.first,
      },
    });
  }

  /** For the storage layer: the free space of the recordings volume fell to the configured floor. */
  diskFloorReached(report: DiskFloorReport): Promise<AlertResponse | null> {
    return this.raiseOnce({
      source_name: SYSTEM_SOURCES.diskFloor,
      severity: 'critical',
      title: 'Recording storage is full',
      message:
        `Free space on ${report.path} is ${size(report.free_bytes)}, below the floor of ${size(report.floor_bytes)}, ` +
        'and retention has no footage left there that it could delete: free space by other means.',
      data: { ...report },
    });
  }

  async list(context: RequestContext, query: AlertQuery): Promise<AlertList> {
    const { principal } = context;
    if (query.camera_id !== undefined) await this.access.require(principal, query.camera_id, 'view');
    const { rows, total } = await this.alerts.list(
      await this.#scope(principal),
      {
        acknowledged: query.acknowledged,
        severity: query.severity,
        sourceName: query.source_name,
        cameraId: query.camera_id,
        since: query.since === undefined ? undefined : new Date(query.since).toISOString(),
      },
      query,
    );
    return { alerts: rows.map(toAlertResponse), total };
  }

  async get(context: RequestContext, id: number): Promise<AlertResponse> {
    return toAlertResponse(await this.#visible(context.principal, id));
  }

  /** API.md §11: `ids` alone (all or nothing), filters, or an empty body; ids with a filter is ambiguous. */
  async acknowledge(context: RequestContext, body: AckIn | undefined): Promise<AckResult> {
    const ids = body?.ids ?? null;
    const severity = body?.severity ?? undefined;
    const sourceName = body?.source_name ?? undefined;
    if (ids !== null && (severity !== undefined || sourceName !== undefined)) {
      throw new AppError(422, {
        code: 'ambiguous_acknowledge',
        message: 'Send either ids or filters (severity, source_name), not both; nothing was acknowledged.',
      });
    }
    const scope = await this.#scope(context.principal);
    const by = {
      at: new Date().toISOString(),
      username: context.principal.username,
      userId: context.principal.userId,
    };
    let acknowledged: Pick<AlertRow, 'id' | 'camera_id'>[];
    let already = 0;
    if (ids !== null) {
      const unique = [...new Set(ids)];
      const result = await this.alerts.acknowledgeIds(unique, scope, by);
      if (result.missing.length > 0) throw new NotFoundError(`Alert ${result.missing.join(', ')}`);
      acknowledged = result.acknowledged;
      already = unique.length - acknowledged.length;
    } else {
      acknowledged = await this.alerts.acknowledgeMatching(scope, { severity, sourceName }, by);
    }
    const acknowledgedIds = acknowledged.map((row) => row.id).sort((a, b) => a - b);
    if (acknowledgedIds.length > 0) {
      this.#publishAcknowledged(acknowledged, by);
      await this.audit.record(context, {
        action: 'alert.acknowledge',
        entityType: 'alert',
        ...(acknowledgedIds.length === 1 ? { entityId: acknowledgedIds[0] } : {}),
        details: {
          shape: ids !== null ? 'ids' : severity !== undefined || sourceName !== undefined ? 'filter' : 'all',
          count: acknowledgedIds.length,
          ...(severity !== undefined ? { severity } : {}),
          ...(sourceName !== undefined ? { source_name: sourceName } : {}),
          ids: acknowledgedIds.slice(0, 100),
        },
      });
    }
    return { acknowledged: acknowledgedIds.length, already_acknowledged: already, ids: acknowledgedIds };
  }

  /** Acknowledges one alert; acknowledging it again changes nothing. */
  async acknowledgeOne(context: RequestContext, id: number): Promise<AlertResponse> {
    await this.acknowledge(context, { ids: [id] });
    return this.get(context, id);
  }

  /** The alert, if the caller may see it (404 otherwise). */
  async #visible(principal: Principal, id: number): Promise<AlertRow> {
    const row = await this.alerts.findById(id);
    if (!row) throw new NotFoundError('Alert');
    const scope = await this.#scope(principal);
    const visible =
      row.camera_id === null
        ? scope.includeSystem
        : scope.cameraIds === null || scope.cameraIds.includes(row.camera_id);
    if (!visible) throw new NotFoundError('Alert');
    return row;
  }

  async #scope(principal: Principal): Promise<AlertScope> {
    if (principal.isSuperuser) return { cameraIds: null, includeSystem: true };
    return { cameraIds: await this.access.visibleIds(principal), includeSystem: false };
  }

  /** One event per camera (and one for system alerts), so each reaches exactly the clients that may see it. */
  #publishAcknowledged(
    rows: Pick<AlertRow, 'id' | 'camera_id'>[],
    by: { at: string; username: string },
  ): void {
    const byCamera = new Map<number | null, number[]>();
    for (const row of rows) byCamera.set(row.camera_id, [...(byCamera.get(row.camera_id) ?? []), row.id]);
    for (const [cameraId, ids] of byCamera) {
      void this.bus.publish({
        type: 'alert.acknowledged',
        camera_id: cameraId,
        source: 'alerts',
        data: { ids, acknowledged_by: by.username, acknowledged_at: by.at },
      });
    }
  }

  #onEvent(event: BusEvent): void {
    // Storage concerns every camera at once: one system alert, whichever camera met it first.
    if (event.type === 'storage.error' || event.type === 'storage.unavailable') {
      this.#track(this.#raiseStorage(event));
      return;
    }
    const cameraId = event.camera_id;
    if (cameraId === null) return;
    switch (event.type) {
      case 'camera.offline': {
        if (this.#offlineTimers.has(cameraId)) return;
        const timer = setTimeout(() => {
          this.#offlineTimers.delete(cameraId);
          this.#track(this.#raiseOffline(cameraId, event));
        }, this.offlineGraceMs);
        this.#offlineTimers.set(cameraId, timer);
        return;
      }
      case 'camera.online':
      case 'recording.started':
        clearTimeout(this.#offlineTimers.get(cameraId));
        this.#offlineTimers.delete(cameraId);
        return;
      case 'recording.failed':
        this.#track(this.#raiseRecordingFailure(cameraId, event));
        return;
    }
  }

  async #raiseOffline(cameraId: number, event: BusEvent): Promise<void> {
    await this.#raiseOnceInOrder(cameraId, SYSTEM_SOURCES.cameraOffline, async () => {
      const name = (await this.cameraName(cameraId)) ?? `Camera ${cameraId}`;
      const seconds = Math.round(this.offlineGraceMs / 1000);
      return {
        camera_id: cameraId,
        source_name: SYSTEM_SOURCES.cameraOffline,
        severity: 'high',
        title: `${name} is offline`,
        message: `${name} has been offline for more than ${seconds} s.`,
        data: {
          offline_since: event.timestamp,
          event_id: event.id,
          ...pick(event.data, ['reason', 'error']),
        },
      };
    });
  }

  async #raiseRecordingFailure(cameraId: number, event: BusEvent): Promise<void> {
    await this.#raiseOnceInOrder(cameraId, SYSTEM_SOURCES.recordingFailure, async () => {
      const name = (await this.cameraName(cameraId)) ?? `Camera ${cameraId}`;
      const detail = pick(event.data, ['error', 'reason']);
      const why =
        typeof detail.error === 'string'
          ? detail.error
          : typeof detail.reason === 'string'
            ? detail.reason
            : '';
      return {
        camera_id: cameraId,
        source_name: SYSTEM_SOURCES.recordingFailure,
        severity: 'critical',
        title: `Recording failed on ${name}`,
        message: why ? `Recording failed on ${name}: ${why.slice(0, 500)}` : `Recording failed on ${name}.`,
        data: { event_id: event.id, ...detail },
      };
    });
  }

  async #raiseStorage(event: BusEvent): Promise<void> {
    const unavailable = event.type === 'storage.unavailable';
    const error = typeof event.data.error === 'string' ? event.data.error.slice(0, 500) : null;
    await this.raiseOnce({
      source_name: unavailable ? SYSTEM_SOURCES.storageUnavailable : SYSTEM_SOURCES.storageError,
      severity: 'critical',
      title: unavailable ? 'Recordings volume is unavailable' : 'Recording cannot write to its disk',
      message: unavailable
        ? `Nothing is recorded until the recordings volume is back${error ? `: ${error}` : '.'}`
        : `Recording stopped writing${event.camera_id === null ? '' : ` (first seen on camera ${event.camera_id})`}${error ? `: ${error}` : '.'} ${retentionSays(event.data.retention)}`,
      data: {
        event_id: event.id,
        ...(event.camera_id === null ? {} : { camera_id: event.camera_id }),
        ...pick(event.data, ['error', 'path', 'retention']),
      },
    });
  }

  #track(task: Promise<unknown>): void {
    const tracked = task
      .catch((error: unknown) => this.log.error({ err: error }, 'raising an alert failed'))
      .finally(() => this.#background.delete(tracked));
    this.#background.add(tracked);
  }
}

/** 5.0 GiB, or 300.0 MiB under a GiB (a floor of a fraction of a GiB should not read "0.0 GiB"). */
function size(bytes: number): string {
  return bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1)} GiB`
    : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}

/** What retention did about a full disk, as the storage.error event reports it (recordings.reactions.ts). */
function retentionSays(report: unknown): string {
  const resumes = 'Recording resumes by itself when space is back.';
  if (typeof report !== 'object' || report === null) return resumes;
  const {
    outcome,
    floor_bytes: floor,
    free_bytes: free,
    deleted_chunks: deleted,
  } = report as RetentionReport;
  switch (outcome) {
    case 'no_floor':
      return `No free-space floor is set (min_free_disk_gb is 0), so retention deletes no footage to make room: free space on the disk, or set a floor. ${resumes}`;
    case 'made_room':
      return `Retention deleted the ${deleted === 1 ? 'oldest chunk' : `${deleted} oldest chunks`} to bring free space back to the floor of ${size(floor)} (${size(free)} free now). ${resumes}`;
    case 'nothing_left':
      return `Free space is ${size(free)}, below the floor of ${size(floor)}, and retention has no footage left to delete: free space by other means. ${resumes}`;
    case 'above_floor':
      return `Free space is ${size(free)}, above the floor of ${size(floor)}, so retention has nothing to delete: the disk may be read-only or over a quota, or a chunk may need more room than the floor leaves. Recording resumes by itself once the disk takes writes again.`;
    default:
      return resumes;
  }
}

function pick(data: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => data[key] !== undefined).map((key) => [key, data[key]]));
}
