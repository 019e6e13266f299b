// GET /capabilities (API.md §8): what AI the recorder can do now, from the adapters' polled health and cards.
// Readable by every signed-in user (apps and the UI decide what to offer from it); where the adapters are and
// what they run on (URL, health, capability card with its hardware, last error) only for superusers, who
// manage the adapters. Everyone else learns which tasks and models are available, per adapter.
import type { RequestContext } from '../../platform/auth/principal.js';
import type { AdapterRegistry } from '../adapters/adapter-registry.js';
import type { CapabilitiesResponse } from './capabilities.schemas.js';

export class CapabilitiesService {
  constructor(
    private readonly registry: AdapterRegistry,
    private readonly version: string,
  ) {}

  capabilities(context: RequestContext): CapabilitiesResponse {
    const entries = this.registry.list();
    const full = context.principal.isSuperuser;
    return {
      orchestrator: {
        version: this.version,
        poll_interval_seconds: this.registry.pollIntervalMs / 1000,
        last_poll_at: this.registry.lastPollAt,
        tasks: this.registry.availableTasks(),
        adapters_total: entries.length,
        adapters_available: entries.filter((e) => e.status === 'available').length,
      },
      adapters: Object.fromEntries(
        entries.map((e) => [
          e.name,
          {
            status: e.status,
            tasks: e.card?.tasks ?? [],
            model: e.card?.model ?? null,
            ...(full
              ? {
                  url: e.url,
                  health: e.health,
                  card: e.card && Object.keys(e.card.raw).length > 0 ? e.card.raw : null,
                  last_seen_at: e.lastSeenAt,
                  last_error: e.lastError,
                }
              : {}),
          },
        ]),
      ),
    };
  }
}
