// Accounts on the camera itself, managed over ONVIF with the camera's stored credentials. The new account's
// password goes to the device and nowhere else: it is not stored, logged or audited. The device is reached
// under the camera host rules of its pipelines: a camera whose owner is not a superuser is not reached on the
// recorder's own machine or link, checked right before connecting (its host name may resolve there by now).
import { isIP } from 'node:net';
import { OnvifDeviceClient, OnvifError } from '../../media/onvif/index.js';
import { superuserRequiredFor } from '../../platform/auth/guards.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import { AppError, BadRequestError } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type { CameraRow } from '../../platform/db/schema.js';
import type { CamerasService } from '../cameras/cameras.service.js';
import type { CameraUserCreate, DeviceUser } from './device-users.schemas.js';

export class DeviceUsersService {
  constructor(
    private readonly access: CameraAccess,
    private readonly cameras: CamerasService,
    private readonly audit: AuditService,
    private readonly timeoutMs = 10_000,
  ) {}

  async list(context: RequestContext, cameraId: number, onvifPort: number): Promise<DeviceUser[]> {
    const camera = await this.access.require(context.principal, cameraId, 'manage');
    const client = await this.#client(camera, onvifPort);
    return device(() => client.getUsers());
  }

  async create(
    context: RequestContext,
    cameraId: number,
    body: CameraUserCreate,
    onvifPort: number,
  ): Promise<DeviceUser> {
    const camera = await this.access.require(context.principal, cameraId, 'manage');
    const client = await this.#client(camera, onvifPort);
    await device(() => client.createUser(body));
    await this.audit.record(context, {
      action: 'camera.device_user_create',
      entityType: 'camera',
      entityId: cameraId,
      details: { username: body.username, level: body.level },
    });
    return { username: body.username, level: body.level };
  }

  async delete(
    context: RequestContext,
    cameraId: number,
    username: string,
    onvifPort: number,
  ): Promise<void> {
    const camera = await this.access.require(context.principal, cameraId, 'manage');
    if (camera.username !== null && camera.username === username) {
      throw new BadRequestError(
        'This is the account the recorder uses to reach the camera; it cannot be deleted',
      );
    }
    const client = await this.#client(camera, onvifPort);
    await device(() => client.deleteUser(username));
    await this.audit.record(context, {
      action: 'camera.device_user_delete',
      entityType: 'camera',
      entityId: cameraId,
      details: { username },
    });
  }

  async #client(camera: CameraRow, onvifPort: number): Promise<OnvifDeviceClient> {
    const { username, password } = await this.cameras.credentials(camera.id);
    if (!username || !password) {
      throw new BadRequestError('The camera has no stored username and password to manage its users with');
    }
    const host = isIP(camera.ip_address) === 6 ? `[${camera.ip_address}]` : camera.ip_address;
    const url = `http://${host}:${onvifPort}`;
    const refusal = await this.cameras.sourceRefusal(camera, url);
    if (refusal) throw superuserRequiredFor(['path', 'camera_id'], refusal);
    return new OnvifDeviceClient({
      url,
      username,
      password,
      timeoutMs: this.timeoutMs,
    });
  }
}

/** A device that is unreachable or answers with a fault is a 502 that carries the device's reason. */
async function device<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof OnvifError) {
      throw new AppError(502, { code: `device_${error.kind}`, message: error.reason });
    }
    throw error;
  }
}
