// The adapters API (superuser) and the capabilities overview (API.md §8). An adapter started with
// ADAPTER_TOKEN gets its bearer token from ADAPTER_TOKEN_<NAME> (configured ones) or from the write-only
// `token` field (registered ones, stored sealed with the SecretBox); the default local adapter, without a token
// variable, from the token file it shares with the recorder (DATA_DIR/adapter.token). A token is never returned
// (`token_set` instead), logged, audited or put in an error message.
import { loadOrCreateAdapterToken } from '@nvr/contracts';
import type { AdapterEndpointConfig } from '../../config.js';
import { requireSuperuser } from '../../platform/auth/guards.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { BusLog } from '../../platform/events/event-bus.js';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/http/errors.js';
import { AdapterCallError } from './adapter-client.js';
import type { AuditService } from '../audit/audit.service.js';
import type { RecorderEventBus } from '../recorder-events.js';
import type { AdapterEntry, AdapterRegistry } from './adapter-registry.js';
import type { AdaptersRepository } from './adapters.repository.js';
import type { AdapterCreate, AdapterList, AdapterResponse, HardwareEvaluation } from './adapters.schemas.js';

export function toAdapterResponse(entry: AdapterEntry): AdapterResponse {
  return {
    name: entry.name,
    url: entry.url,
    source: entry.source,
    status: entry.status,
    tasks: entry.card?.tasks ?? [],
    model: entry.card?.model ?? null,
    detector: entry.card?.detector ?? false,
    frame_transport: entry.sharesFrames ? 'uri' : 'inline',
    inflight: entry.inflight,
    consecutive_failures: entry.consecutiveFailures,
    last_seen_at: entry.lastSeenAt,
    last_error: entry.lastError,
    token_set: entry.client.tokenSet,
  };
}

export const ADAPTER_TOKEN_PURPOSE = 'ai_adapter.token';

const sameUrl = (a: string, b: string) => new URL(a).toString() === new URL(b).toString();

export class AdaptersService {
  constructor(
    private readonly registry: AdapterRegistry,
    private readonly repository: AdaptersRepository,
    private readonly audit: AuditService,
    private readonly configured: readonly AdapterEndpointConfig[],
    private readonly secretBox: SecretBox,
    /** announces registrations and removals ('adapters.changed'): the other nodes of a cluster follow them */
    private readonly events: Pick<RecorderEventBus, 'emit'> | null = null,
    private readonly log: BusLog = console,
  ) {}

  /** Loads the configured and registered adapters and starts polling them. */
  async start(): Promise<void> {
    for (const a of this.configured) {
      const token = a.token ?? (a.tokenFile === undefined ? null : loadOrCreateAdapterToken(a.tokenFile));
      this.registry.add(a.name, a.url, 'config', token);
    }
    await this.#addRegistered();
    this.registry.start();
  }

  /** After a configuration restore: the adapters registered through the API become what the database holds. */
  async reloadRegistered(): Promise<void> {
    for (const entry of this.registry.list()) if (entry.source === 'api') this.registry.remove(entry.name);
    await this.#addRegistered();
  }

  /**
   * After another node registered or removed an adapter: the registry follows the database, keeping the
   * entries (and what their polls found) of the adapters that did not change.
   */
  async syncRegistered(): Promise<void> {
    const stored = new Map((await this.repository.list()).map((row) => [row.name, row.url]));
    for (const entry of this.registry.list()) {
      if (entry.source === 'api' && stored.get(entry.name) !== entry.url) this.registry.remove(entry.name);
    }
    await this.#addRegistered();
  }

  async #addRegistered(): Promise<void> {
    for (const row of await this.repository.list()) {
      if (this.registry.get(row.name)) continue;
      let token: string | null = null;
      if (row.token_sealed !== null) {
        try {
          token = this.secretBox.open(row.token_sealed, ADAPTER_TOKEN_PURPOSE);
        } catch {
          // Sealed under another master key: the adapter will answer 401 and show as unavailable.
          this.log.warn({ adapter: row.name }, 'adapter token cannot be opened (master key changed?)');
        }
      }
      this.registry.add(row.name, row.url, 'api', token);
    }
  }

  list(context: RequestContext): AdapterList {
    requireSuperuser(context.principal);
    const adapters = this.registry.list().map(toAdapterResponse);
    return { adapters, total: adapters.length };
  }

  async register(context: RequestContext, body: AdapterCreate): Promise<AdapterResponse> {
    requireSuperuser(context.principal);
    if (/^https?:\/\/[^/]*@/.test(body.url))
      throw new BadRequestError('Adapter URLs cannot carry credentials; send the bearer token in "token"');
    if (this.registry.get(body.name))
      throw new ConflictError({ code: 'adapter_exists', message: `An adapter named ${body.name} exists` });
    const duplicate = this.registry.list().find((e) => sameUrl(e.url, body.url));
    if (duplicate)
      throw new ConflictError({
        code: 'adapter_url_exists',
        message: `${duplicate.name} already has this URL`,
        name: duplicate.name,
      });
    const token = body.token ?? null;
    await this.repository.insert(
      body.name,
      body.url,
      token === null ? null : this.secretBox.seal(token, ADAPTER_TOKEN_PURPOSE),
    );
    const entry = this.registry.add(body.name, body.url, 'api', token);
    this.events?.emit('adapters.changed', {});
    await this.audit.record(context, {
      action: 'adapter.create',
      entityType: 'adapter',
      entityId: body.name,
      details: { url: body.url, token_set: token !== null },
    });
    // Answer with what the first poll found, so the caller sees at once whether the adapter is reachable.
    await this.registry.pollNow(entry);
    return toAdapterResponse(entry);
  }

  /** Asks the adapter whether its hardware serves its models (superuser); 502 when it cannot say. */
  async hardware(context: RequestContext, name: string): Promise<HardwareEvaluation> {
    requireSuperuser(context.principal);
    const entry = this.registry.get(name);
    if (!entry) throw new NotFoundError('Adapter');
    let body: Record<string, unknown>;
    try {
      body = await entry.client.hardwareEvaluation();
    } catch (error) {
      if (error instanceof AdapterCallError) throw new AppError(502, `${name}: ${error.message}`);
      throw error;
    }
    const verdict = body.verdict;
    if (verdict !== 'ok' && verdict !== 'warn' && verdict !== 'blocked')
      throw new AppError(502, `${name}: unknown hardware verdict ${JSON.stringify(verdict).slice(0, 40)}`);
    return {
      verdict,
      reasoning: typeof body.reasoning === 'string' ? body.reasoning : '',
      checked_at: typeof body.checked_at === 'string' ? body.checked_at : null,
      details:
        body.details !== null && typeof body.details === 'object' && !Array.isArray(body.details)
          ? body.details
          : null,
    };
  }

  async remove(context: RequestContext, name: string): Promise<void> {
    requireSuperuser(context.principal);
    const entry = this.registry.get(name);
    if (!entry) throw new NotFoundError('Adapter');
    if (entry.source === 'config')
      throw new BadRequestError({
        code: 'configured_adapter',
        message: 'This adapter comes from ADAPTER_URLS; remove it there',
      });
    await this.repository.delete(name);
    this.registry.remove(name);
    this.events?.emit('adapters.changed', {});
    await this.audit.record(context, {
      action: 'adapter.delete',
      entityType: 'adapter',
      entityId: name,
      details: { url: entry.url },
    });
  }
}
