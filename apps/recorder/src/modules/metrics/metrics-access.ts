// Who may read /metrics (docs/metrics.md): a scraper with the METRICS_TOKEN bearer token, or a superuser's access
// token (an app key of a superuser counts as theirs). No token configured and no admin → 401; a signed-in user
// who is not a superuser → 403. The scrape token is compared in constant time and never logged.
import { timingSafeEqual } from 'node:crypto';
import { requireSuperuser } from '../../platform/auth/guards.js';
import type { Principal } from '../../platform/auth/principal.js';
import { UnauthorizedError } from '../../platform/http/errors.js';

export class MetricsAccess {
  readonly #scrapeToken: Buffer | null;

  constructor(
    scrapeToken: string | null,
    /** how any other bearer token is authenticated (access tokens and app keys, as on the API) */
    private readonly bearer: (token: string) => Promise<Principal>,
  ) {
    this.#scrapeToken = scrapeToken === null ? null : Buffer.from(scrapeToken);
  }

  /** Throws 401 or 403 unless the Authorization header may read the metrics. */
  async authorize(authorization: string | undefined): Promise<void> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (!token) throw new UnauthorizedError('Not authenticated: send the metrics token or an admin token');
    if (this.#isScrapeToken(token)) return;
    requireSuperuser(await this.bearer(token));
  }

  #isScrapeToken(token: string): boolean {
    if (this.#scrapeToken === null) return false;
    const given = Buffer.from(token);
    return given.length === this.#scrapeToken.length && timingSafeEqual(given, this.#scrapeToken);
  }
}
