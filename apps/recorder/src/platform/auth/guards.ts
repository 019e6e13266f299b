import { ForbiddenError } from '../http/errors.js';
import type { Principal } from './principal.js';

export function requireSuperuser(principal: Principal): void {
  if (!principal.isSuperuser) throw new ForbiddenError('Superuser rights required');
}
