// CLOUD_EGRESS (API.md §12): with `deny`, nothing the recorder does reaches a cloud service, and every route that
// would call out answers 403 {"code":"cloud_egress_disabled"}.
import { ForbiddenError } from '../../../platform/http/errors.js';

export class CloudEgress {
  constructor(readonly mode: 'allow' | 'deny') {}

  get allowed(): boolean {
    return this.mode === 'allow';
  }

  require(): void {
    if (!this.allowed) {
      throw new ForbiddenError({
        code: 'cloud_egress_disabled',
        message: 'Cloud egress is disabled on this recorder (CLOUD_EGRESS=deny)',
      });
    }
  }
}
