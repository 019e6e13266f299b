import { ForbiddenError } from '../http/errors.js';
import type { Principal } from './principal.js';

export function requireSuperuser(principal: Principal): void {
  if (!principal.isSuperuser) throw new ForbiddenError('Superuser rights required');
}

/**
 * For a value only a superuser may choose (a custom path, endpoint, port or host that reaches past the camera
 * rights): 403 `{code: "superuser_required", message, loc}` naming the field, so a client can show it there.
 */
export function superuserRequiredFor(loc: (string | number)[], message: string): ForbiddenError {
  return new ForbiddenError({ code: 'superuser_required', message, loc });
}
