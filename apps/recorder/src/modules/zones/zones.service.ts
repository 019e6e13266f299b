// The zones of a camera (issue #19): named polygons over its picture, the labels each watches, and the alert rule
// of each. Read by whoever may view the camera, replaced whole by whoever may manage it; a polygon that cannot be
// used or a name used twice is refused naming the field. A change reaches the running zone watch at once
// (zones.reactions.ts).
import type { RequestContext } from '../../platform/auth/principal.js';
import { polygonProblem, type Polygon } from '../../platform/geometry/polygon.js';
import { FieldValidationError } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type { RecorderEventBus } from '../recorder-events.js';
import type { ZonesRepository } from './zones.repository.js';
import {
  ZONE_ALERT_DEFAULTS,
  type CameraZonesBody,
  type CameraZonesResponse,
  type Zone,
} from './zones.schemas.js';

export class ZonesService {
  constructor(
    private readonly zones: ZonesRepository,
    private readonly access: CameraAccess,
    private readonly audit: AuditService,
    private readonly events: RecorderEventBus,
  ) {}

  async get(context: RequestContext, cameraId: number): Promise<CameraZonesResponse> {
    await this.access.require(context.principal, cameraId, 'view');
    const row = await this.zones.find(cameraId);
    return {
      camera_id: cameraId,
      zones: row ? parseZones(row.zones) : [],
      updated_at: row?.updated_at ?? null,
    };
  }

  async replace(
    context: RequestContext,
    cameraId: number,
    body: CameraZonesBody,
  ): Promise<CameraZonesResponse> {
    await this.access.require(context.principal, cameraId, 'manage');
    const names = new Set<string>();
    const zones: Zone[] = body.zones.map((input, index) => {
      // (the schema holds every point to two coordinates)
      const problem = polygonProblem(input.polygon as unknown as Polygon);
      if (problem)
        throw new FieldValidationError(
          ['body', 'zones', index, 'polygon'],
          `Zone "${input.name}": ${problem}`,
        );
      const name = input.name.trim();
      if (names.has(name.toLowerCase()))
        throw new FieldValidationError(['body', 'zones', index, 'name'], `Two zones are named "${name}"`);
      names.add(name.toLowerCase());
      const lower = (labels: string[] | undefined) => (labels ?? []).map((label) => label.toLowerCase());
      return {
        name,
        polygon: input.polygon,
        labels: lower(input.labels),
        alert: input.alert
          ? { ...ZONE_ALERT_DEFAULTS, ...input.alert, labels: lower(input.alert.labels) }
          : null,
      };
    });
    const updatedAt = new Date().toISOString();
    await this.zones.save({ camera_id: cameraId, zones: JSON.stringify(zones), updated_at: updatedAt });
    await this.audit.record(context, {
      action: 'camera.zones',
      entityType: 'camera',
      entityId: cameraId,
      details: { zones: zones.map((zone) => zone.name), alerts: zones.filter((zone) => zone.alert).length },
    });
    this.events.emit('zones.changed', { cameraId });
    return { camera_id: cameraId, zones, updated_at: updatedAt };
  }

  /** The camera's zones for the zone watch (no access check: the watch runs for the system). */
  async zonesOf(cameraId: number): Promise<Zone[]> {
    const row = await this.zones.find(cameraId);
    return row ? parseZones(row.zones) : [];
  }
}

function parseZones(text: string): Zone[] {
  return JSON.parse(text) as Zone[];
}
