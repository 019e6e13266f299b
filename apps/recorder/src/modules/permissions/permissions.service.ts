import { requireSuperuser } from '../../platform/auth/guards.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import { BadRequestError, NotFoundError } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CameraAccess } from '../cameras/camera-access.js';
import type { UsersService } from '../users/users.service.js';
import type { PermissionsRepository } from './permissions.repository.js';
import type {
  CameraPermissionAssign,
  CameraPermissionEntry,
  CameraPermissionResponse,
  UserCameraPermission,
} from './permissions.schemas.js';

export class PermissionsService {
  constructor(
    private readonly permissions: PermissionsRepository,
    private readonly access: CameraAccess,
    private readonly users: UsersService,
    private readonly audit: AuditService,
  ) {}

  /** A user's rights on every camera not in the bin, by camera id (superuser; 404 for an unknown user). */
  async listForUser(context: RequestContext, userId: number): Promise<UserCameraPermission[]> {
    requireSuperuser(context.principal);
    if (!(await this.users.findById(userId))) throw new NotFoundError('User');
    return this.permissions.listForUser(userId);
  }

  /** The owner first (holding every right implicitly), then the grants by username. Managers may look. */
  async list(context: RequestContext, cameraId: number): Promise<CameraPermissionEntry[]> {
    const camera = await this.access.require(context.principal, cameraId, 'manage');
    const [owner, grants] = await Promise.all([
      this.users.findById(camera.owner_id),
      this.permissions.listForCamera(cameraId),
    ]);
    return [
      {
        user_id: camera.owner_id,
        can_view: true,
        can_manage: true,
        is_owner: true,
        username: owner?.username ?? null,
      },
      ...grants.map(({ user_id, can_view, can_manage, username }) => ({
        user_id,
        can_view,
        can_manage,
        is_owner: false,
        username,
      })),
    ];
  }

  async assign(
    context: RequestContext,
    cameraId: number,
    body: CameraPermissionAssign,
  ): Promise<CameraPermissionResponse> {
    const camera = await this.access.require(context.principal, cameraId, 'grant');
    if (!(await this.users.findById(body.user_id))) throw new NotFoundError('User');
    if (body.user_id === camera.owner_id) throw new BadRequestError('The owner already holds every right');
    const grant = {
      camera_id: cameraId,
      user_id: body.user_id,
      can_view: body.can_view,
      can_manage: body.can_manage,
    };
    await this.permissions.upsert(grant);
    await this.audit.record(context, {
      action: 'camera.permission_grant',
      entityType: 'camera',
      entityId: cameraId,
      details: { user_id: body.user_id, can_view: body.can_view, can_manage: body.can_manage },
    });
    return grant;
  }

  async revoke(context: RequestContext, cameraId: number, userId: number): Promise<void> {
    await this.access.require(context.principal, cameraId, 'grant');
    if (!(await this.permissions.delete(cameraId, userId))) throw new NotFoundError('Permission');
    await this.audit.record(context, {
      action: 'camera.permission_revoke',
      entityType: 'camera',
      entityId: cameraId,
      details: { user_id: userId },
    });
  }
}
