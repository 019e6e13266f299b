// Motion detection settings of a camera (issue #19): read by whoever may view the camera, replaced by whoever
// may manage it. Masks are polygons in normalised coordinates; one that cannot be used is refused naming the
// mask and why. A change is applied at once by the running watch (motion.reactions.ts). The boxes of the newest
// analysed picture are read from the watch's memory for the web's motion tuner (polled: one event per picture
// would flood the stored event log).
import type { RequestContext } from '../../platform/auth/principal.js';
import { polygonProblem, type Polygon } from '../../platform/geometry/polygon.js';
import { FieldValidationError } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type { RecorderEventBus } from '../recorder-events.js';
import type { MotionRangeRow, MotionRepository, MotionRow } from './motion.repository.js';
import {
  MOTION_DEFAULTS,
  type MotionBoxesResponse,
  type MotionSettingsBody,
  type MotionSettingsResponse,
} from './motion.schemas.js';
import { roundedBox, type MotionWatch } from './motion-watch.js';

export class MotionService {
  constructor(
    private readonly settings: MotionRepository,
    private readonly access: CameraAccess,
    private readonly audit: AuditService,
    private readonly events: RecorderEventBus,
    private readonly watch: Pick<MotionWatch, 'active' | 'latest'>,
  ) {}

  /**
   * The camera's past motions overlapping [fromMs, toMs] merged into ranges, one still going reaching `openEndMs`
   * (the recordings timeline: recordings/activity.service.ts, which has checked the caller may view the camera).
   */
  ranges(
    cameraId: number,
    fromMs: number,
    toMs: number,
    gapMs: number,
    openEndMs: number,
  ): Promise<MotionRangeRow[]> {
    return this.settings.ranges(cameraId, fromMs, toMs, gapMs, openEndMs);
  }

  async get(context: RequestContext, cameraId: number): Promise<MotionSettingsResponse> {
    await this.access.require(context.principal, cameraId, 'view');
    return this.#respond(cameraId, await this.settings.find(cameraId));
  }

  /** The boxes of the newest analysed picture (the web's motion tuner polls this while it is open). */
  async boxes(context: RequestContext, cameraId: number): Promise<MotionBoxesResponse> {
    await this.access.require(context.principal, cameraId, 'view');
    const latest = this.watch.latest(cameraId);
    return {
      camera_id: cameraId,
      watching: latest !== undefined,
      at: latest ? new Date(latest.at).toISOString() : null,
      age_ms: latest ? Math.max(0, Math.round(Date.now() - latest.at)) : null,
      boxes: latest ? latest.boxes.map(roundedBox) : [],
    };
  }

  async replace(
    context: RequestContext,
    cameraId: number,
    body: MotionSettingsBody,
  ): Promise<MotionSettingsResponse> {
    await this.access.require(context.principal, cameraId, 'manage');
    for (const [index, mask] of body.masks.entries()) {
      // (the schema holds every point to two coordinates)
      const problem = polygonProblem(mask as unknown as Polygon);
      if (problem) throw new FieldValidationError(['body', 'masks', index], `Mask ${index + 1}: ${problem}`);
    }
    const row: MotionRow = {
      camera_id: cameraId,
      enabled: body.enabled,
      fps: body.fps,
      threshold: body.threshold,
      min_area: body.min_area,
      masks: JSON.stringify(body.masks),
      updated_at: new Date().toISOString(),
    };
    await this.settings.save(row);
    await this.audit.record(context, {
      action: 'camera.motion',
      entityType: 'camera',
      entityId: cameraId,
      details: {
        enabled: body.enabled,
        fps: body.fps,
        threshold: body.threshold,
        min_area: body.min_area,
        masks: body.masks.length,
      },
    });
    this.events.emit('motion-settings.changed', { cameraId });
    return this.#respond(cameraId, row);
  }

  #respond(cameraId: number, row: MotionRow | undefined): MotionSettingsResponse {
    const settings = row ?? { ...MOTION_DEFAULTS, updated_at: null };
    return {
      camera_id: cameraId,
      enabled: settings.enabled,
      fps: settings.fps,
      threshold: settings.threshold,
      min_area: settings.min_area,
      masks: JSON.parse(settings.masks) as MotionSettingsResponse['masks'],
      active: this.watch.active(cameraId),
      updated_at: settings.updated_at,
    };
  }
}
