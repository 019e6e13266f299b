// The access table of API.md §3, in one place. Every module that acts on a camera asks here first.
import type { Principal } from '../../platform/auth/principal.js';
import { ForbiddenError, NotFoundError } from '../../platform/http/errors.js';
import type { CameraRow, CamerasRepository, Grant } from './cameras.repository.js';

export type CameraRight = 'view' | 'manage' | 'grant' | 'hard_delete';

export interface CameraRights {
  view: boolean;
  manage: boolean;
  grant: boolean;
  hard_delete: boolean;
}

export function rightsOf(principal: Principal, camera: CameraRow, grant: Grant | null): CameraRights {
  const owner = camera.owner_id === principal.userId;
  const full = principal.isSuperuser || owner;
  return {
    view: full || grant?.can_view === true || grant?.can_manage === true,
    manage: full || grant?.can_manage === true,
    grant: full,
    hard_delete: principal.isSuperuser,
  };
}

export class CameraAccess {
  constructor(private readonly cameras: CamerasRepository) {}

  /**
   * The camera, if the caller holds `right` on it. A camera the caller cannot see (or a binned one, unless
   * `includeBinned`) is 404, never revealing that it exists; one they see but may not change is 403.
   */
  async require(
    principal: Principal,
    cameraId: number,
    right: CameraRight,
    { includeBinned = false } = {},
  ): Promise<CameraRow> {
    const found = await this.cameras.findWithGrant(cameraId, principal.userId);
    if (!found || (found.camera.deleted_at !== null && !includeBinned)) throw new NotFoundError('Camera');
    const rights = rightsOf(principal, found.camera, found.grant);
    if (!rights.view) throw new NotFoundError('Camera');
    // A media ticket opens exactly one camera.
    if (principal.ticket?.cameraId !== undefined && principal.ticket.cameraId !== cameraId) {
      throw new NotFoundError('Camera');
    }
    if (!rights[right]) throw new ForbiddenError(`You may not ${right.replace('_', ' ')} this camera`);
    return found.camera;
  }

  /** What the caller may do to a camera they may view (404 like `require` otherwise): screens offer only that. */
  async rightsOn(principal: Principal, cameraId: number): Promise<CameraRights> {
    const found = await this.cameras.findWithGrant(cameraId, principal.userId);
    if (!found || found.camera.deleted_at !== null) throw new NotFoundError('Camera');
    const rights = rightsOf(principal, found.camera, found.grant);
    if (!rights.view) throw new NotFoundError('Camera');
    if (principal.ticket?.cameraId !== undefined && principal.ticket.cameraId !== cameraId) {
      throw new NotFoundError('Camera');
    }
    return rights;
  }

  /** Ids of the non-binned cameras the caller may view. */
  visibleIds(principal: Principal): Promise<number[]> {
    return this.cameras.visibleIds(principal.isSuperuser ? null : principal.userId);
  }
}
