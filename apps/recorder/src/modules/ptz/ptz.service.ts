// Pan/tilt/zoom over ONVIF (issue #36): a camera moves when it has an ONVIF device address (`onvif_xaddr`, set
// when it was added from an ONVIF device, or by the operator) whose device has a PTZ service and a media profile
// with a PTZ configuration. Without one, GET …/ptz answers `supported: false` with the reason, and every command
// is 409. The device is reached with the camera's stored credentials, under the camera host rules of its
// pipelines (checked right before each call, like device users).
//
// Reading (state, presets) takes the view right; moving and changing presets the manage right. Audited: preset
// creation, removal and goto, and each move that *starts* a movement (the first since the last stop, or since a
// minute): a held button or key changing direction sends many moves, and the log should show who moved the
// camera, not every correction. A stop only ends motion and is not audited.
//
// What the device can do is read once (GetProfiles, GetConfigurations, GetNodes) and kept for a few minutes per
// camera, so a press-and-hold's move and stop are one SOAP call each; a change to the camera, or any device
// error, forgets it.
import {
  OnvifDeviceClient,
  OnvifError,
  openPtz,
  type OnvifPtzClient,
  type PtzCapabilities,
} from '../../media/onvif/index.js';
import { superuserRequiredFor } from '../../platform/auth/guards.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import { AppError, FieldValidationError, NotFoundError } from '../../platform/http/errors.js';
import type { CameraRow } from '../../platform/db/schema.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import type { PtzMoveRequest, PtzPreset, PtzPresetCreate, PtzState } from './ptz.schemas.js';

/** How long what a device can do is trusted without asking again. */
const SESSION_TTL_MS = 5 * 60_000;
/** A move this long after the last audited one is audited again even without a stop between. */
const MOVE_AUDIT_WINDOW_MS = 60_000;

type Session =
  | { supported: true; ptz: OnvifPtzClient; capabilities: PtzCapabilities }
  | { supported: false; reason: string };

interface Cached {
  fingerprint: string;
  at: number;
  session: Session;
}

export class PtzService {
  readonly #sessions = new Map<number, Cached>();
  /** camera id → when its current movement was audited */
  readonly #moving = new Map<number, number>();

  constructor(
    private readonly access: CameraAccess,
    private readonly cameras: CamerasService,
    private readonly audit: AuditService,
    private readonly timeoutMs = 10_000,
  ) {}

  async state(context: RequestContext, cameraId: number): Promise<PtzState> {
    const camera = await this.access.require(context.principal, cameraId, 'view');
    const rights = await this.access.rightsOn(context.principal, cameraId);
    const session = await this.#session(camera);
    if (!session.supported) {
      return {
        supported: false,
        reason: session.reason,
        pan_tilt: false,
        zoom: false,
        max_presets: null,
        presets: [],
        can_control: rights.manage,
      };
    }
    const { ptz, capabilities } = session;
    const presets = await this.#device(camera, () => ptz.getPresets(capabilities.profile_token));
    return {
      supported: true,
      reason: null,
      pan_tilt: capabilities.pan_tilt !== null,
      zoom: capabilities.zoom !== null,
      max_presets: capabilities.max_presets,
      presets,
      can_control: rights.manage,
    };
  }

  async move(context: RequestContext, cameraId: number, body: PtzMoveRequest): Promise<void> {
    const camera = await this.access.require(context.principal, cameraId, 'manage');
    const pan = body.pan ?? 0;
    const tilt = body.tilt ?? 0;
    const zoom = body.zoom ?? 0;
    if (pan === 0 && tilt === 0 && zoom === 0) {
      throw new FieldValidationError(
        ['body'],
        'A move needs a non-zero pan, tilt or zoom (to stop, use …/ptz/stop)',
      );
    }
    const { ptz, capabilities } = await this.#supported(camera);
    if ((pan !== 0 || tilt !== 0) && !capabilities.pan_tilt) {
      throw new FieldValidationError(['body', pan !== 0 ? 'pan' : 'tilt'], 'The camera cannot pan or tilt');
    }
    if (zoom !== 0 && !capabilities.zoom)
      throw new FieldValidationError(['body', 'zoom'], 'The camera cannot zoom');
    await this.#device(camera, () => ptz.continuousMove(capabilities, { pan, tilt, zoom }, body.timeout_ms));
    const audited = this.#moving.get(cameraId);
    const now = Date.now();
    if (audited === undefined || now - audited > MOVE_AUDIT_WINDOW_MS) {
      this.#moving.set(cameraId, now);
      await this.audit.record(context, {
        action: 'camera.ptz_move',
        entityType: 'camera',
        entityId: cameraId,
        details: { pan, tilt, zoom, timeout_ms: body.timeout_ms ?? null },
      });
    }
  }

  async stop(context: RequestContext, cameraId: number): Promise<void> {
    const camera = await this.access.require(context.principal, cameraId, 'manage');
    const { ptz, capabilities } = await this.#supported(camera);
    await this.#device(camera, () => ptz.stop(capabilities.profile_token));
    this.#moving.delete(cameraId);
  }

  async presets(context: RequestContext, cameraId: number): Promise<PtzPreset[]> {
    const camera = await this.access.require(context.principal, cameraId, 'view');
    const { ptz, capabilities } = await this.#supported(camera);
    return this.#device(camera, () => ptz.getPresets(capabilities.profile_token));
  }

  async createPreset(context: RequestContext, cameraId: number, body: PtzPresetCreate): Promise<PtzPreset> {
    const camera = await this.access.require(context.principal, cameraId, 'manage');
    const { ptz, capabilities } = await this.#supported(camera);
    const token = await this.#device(camera, () => ptz.setPreset(capabilities.profile_token, body.name));
    await this.audit.record(context, {
      action: 'camera.ptz_preset_create',
      entityType: 'camera',
      entityId: cameraId,
      // `preset`, not `token`: the audit log redacts fields named like secrets.
      details: { preset: token, name: body.name },
    });
    return { token, name: body.name };
  }

  async removePreset(context: RequestContext, cameraId: number, token: string): Promise<void> {
    const camera = await this.access.require(context.principal, cameraId, 'manage');
    const { ptz, capabilities } = await this.#supported(camera);
    await this.#device(camera, () => ptz.removePreset(capabilities.profile_token, token));
    await this.audit.record(context, {
      action: 'camera.ptz_preset_delete',
      entityType: 'camera',
      entityId: cameraId,
      details: { preset: token },
    });
  }

  async gotoPreset(context: RequestContext, cameraId: number, token: string): Promise<void> {
    const camera = await this.access.require(context.principal, cameraId, 'manage');
    const { ptz, capabilities } = await this.#supported(camera);
    await this.#device(camera, () => ptz.gotoPreset(capabilities.profile_token, token));
    this.#moving.delete(cameraId);
    await this.audit.record(context, {
      action: 'camera.ptz_preset_goto',
      entityType: 'camera',
      entityId: cameraId,
      details: { preset: token },
    });
  }

  async #supported(camera: CameraRow): Promise<Extract<Session, { supported: true }>> {
    const session = await this.#session(camera);
    if (!session.supported) throw new AppError(409, { code: 'ptz_unsupported', message: session.reason });
    return session;
  }

  async #session(camera: CameraRow): Promise<Session> {
    const xaddr = camera.onvif_xaddr;
    if (!xaddr) return { supported: false, reason: 'The camera has no ONVIF device address (onvif_xaddr)' };
    const refusal = await this.cameras.sourceRefusal(camera, xaddr);
    if (refusal) throw superuserRequiredFor(['path', 'camera_id'], refusal);
    const fingerprint = `${xaddr}\n${camera.username ?? ''}\n${camera.updated_at ?? camera.created_at}`;
    const cached = this.#sessions.get(camera.id);
    if (cached && cached.fingerprint === fingerprint && Date.now() - cached.at < SESSION_TTL_MS) {
      return cached.session;
    }
    const { username, password } = await this.cameras.credentials(camera.id);
    if (!username || !password) {
      return {
        supported: false,
        reason: 'The camera has no stored username and password to reach its ONVIF device with',
      };
    }
    const device = new OnvifDeviceClient({ url: xaddr, username, password, timeoutMs: this.timeoutMs });
    const session = await this.#device(camera, async (): Promise<Session> => {
      const opened = await openPtz(device);
      if (!opened) return { supported: false, reason: 'The ONVIF device has no PTZ service' };
      const capabilities = await opened.ptz.capabilities(opened.media);
      if (!capabilities)
        return { supported: false, reason: 'No media profile of the ONVIF device has a PTZ configuration' };
      return { supported: true, ptz: opened.ptz, capabilities };
    });
    this.#sessions.set(camera.id, { fingerprint, at: Date.now(), session });
    return session;
  }

  /**
   * A device call in terms of the request: a preset the device does not know is 404, one it refuses to add
   * (name taken, no room) 409; the rest is the device's failure (502, 504 for a timeout), and makes the next
   * call read the device afresh.
   */
  async #device<T>(camera: CameraRow, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof OnvifError)) throw error;
      const codes = (error.fault?.codes ?? []).map((code) => code.slice(code.indexOf(':') + 1));
      if (codes.includes('NoToken')) throw new NotFoundError('Preset');
      if (codes.includes('PresetExist') || codes.includes('TooManyPresets')) {
        throw new AppError(409, { code: 'ptz_preset_refused', message: error.reason });
      }
      this.#sessions.delete(camera.id);
      if (error.kind === 'refused') throw superuserRequiredFor(['path', 'camera_id'], error.reason);
      if (error.kind === 'timeout')
        throw new AppError(504, { code: 'device_timeout', message: error.reason });
      throw new AppError(502, { code: `device_${error.kind}`, message: error.reason });
    }
  }
}
