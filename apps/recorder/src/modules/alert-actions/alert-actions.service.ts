// Notification actions (API.md §11): the superuser's configuration (secrets sealed, never returned), queueing
// a delivery per channel and recipient for every alert at or above `min_severity`, sending them (through the
// outbox worker), and a synchronous test of every channel. Besides the two write-only secrets, the webhook URL
// (it may carry `user:pass@` or `?token=`) and the header values (`Authorization`, API keys) are sealed too and
// shown masked: the URL with `***` for credentials, query values and fragment, every header value as `***`.
import { requireSuperuser } from '../../platform/auth/guards.js';
import type { RequestContext } from '../../platform/auth/principal.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import { SEVERITIES, severityRank, type Severity } from '../../platform/events/event-types.js';
import { SECRET_MASK, maskUrlSecrets, urlHoldsMask } from '../../platform/crypto/url-secrets.js';
import { FieldValidationError } from '../../platform/http/errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AlertsService } from '../alerts/alerts.service.js';
import type { AlertResponse } from '../alerts/alerts.schemas.js';
import type {
  ActionConfigRow,
  AlertActionsRepository,
  DeliveryRow,
  NewDelivery,
} from './alert-actions.repository.js';
import type {
  ActionConfigIn,
  ActionConfigResponse,
  ChannelOutcome,
  DeliveryList,
  TestResult,
} from './alert-actions.schemas.js';
import { DeliveryWorker } from './delivery-worker.js';
import { sendSms, sendWebhook, type SendResult, type SmsTarget, type WebhookTarget } from './senders.js';
import { checkWebhookHeaders } from './webhook-headers.js';

export const DEFAULT_TELEPHONY_BASE_URL = 'https://api.twilio.com';
/** SecretBox purposes of the sealed columns (backup sections and migration 0012 use the same). */
export const WEBHOOK_SECRET_PURPOSE = 'alerts.webhook_secret';
export const AUTH_TOKEN_PURPOSE = 'alerts.telephony_auth_token';
export const WEBHOOK_URL_PURPOSE = 'alerts.webhook_url';
export const WEBHOOK_HEADERS_PURPOSE = 'alerts.webhook_headers';

export class AlertActionsService {
  /** sends what is queued in the outbox, each delivery with the configuration as it is when it goes out */
  readonly worker: DeliveryWorker;

  constructor(
    private readonly repository: AlertActionsRepository,
    private readonly alerts: AlertsService,
    private readonly secretBox: SecretBox,
    private readonly audit: AuditService,
    retryDelaysMs?: readonly number[],
  ) {
    this.worker = new DeliveryWorker(repository, (row) => this.deliver(row), retryDelaysMs);
  }

  /** Starts sending: deliveries left pending by the previous run go out now. */
  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** Notifications still to be delivered (the outbox's depth, for the metrics). */
  pendingDeliveries(): Promise<number> {
    return this.repository.pendingCount();
  }

  async getConfig(context: RequestContext): Promise<ActionConfigResponse> {
    requireSuperuser(context.principal);
    return this.#toResponse(await this.repository.getConfig());
  }

  async updateConfig(context: RequestContext, body: ActionConfigIn): Promise<ActionConfigResponse> {
    requireSuperuser(context.principal);
    const current = await this.repository.getConfig();
    const next: ActionConfigRow = { ...current };
    const changed: string[] = [];
    const set = <K extends keyof ActionConfigRow>(key: K, value: ActionConfigRow[K], name: string) => {
      if (next[key] !== value) changed.push(name);
      next[key] = value;
    };
    // Sealed values differ on every seal: compared as plaintext, sealed only when they change.
    const setSealed = (
      key: 'webhook_url_sealed' | 'webhook_headers_sealed',
      plain: string | null,
      purpose: string,
      name: string,
    ) => {
      if (plain === this.#open(current[key], purpose)) return;
      changed.push(name);
      next[key] = plain === null ? null : this.secretBox.seal(plain, purpose);
    };

    if (body.min_severity !== undefined) set('min_severity', body.min_severity ?? 'high', 'min_severity');

    if (body.webhook === null) {
      set('webhook_enabled', false, 'webhook.enabled');
      setSealed('webhook_url_sealed', null, WEBHOOK_URL_PURPOSE, 'webhook.url');
      set('webhook_secret_sealed', null, 'webhook.secret');
      setSealed('webhook_headers_sealed', null, WEBHOOK_HEADERS_PURPOSE, 'webhook.headers');
    } else if (body.webhook !== undefined) {
      const w = body.webhook;
      if (w.enabled !== undefined) set('webhook_enabled', w.enabled ?? false, 'webhook.enabled');
      if (w.url !== undefined) {
        const url = incomingUrl(w.url, this.#url(current));
        setSealed('webhook_url_sealed', url, WEBHOOK_URL_PURPOSE, 'webhook.url');
      }
      // Blank keeps the stored secret, null clears it.
      if (w.secret === null) set('webhook_secret_sealed', null, 'webhook.secret');
      else if (w.secret)
        set('webhook_secret_sealed', this.secretBox.seal(w.secret, WEBHOOK_SECRET_PURPOSE), 'webhook.secret');
      if (w.headers !== undefined) {
        const headers = incomingHeaders(w.headers ?? {}, this.#headers(current));
        const text = Object.keys(headers).length > 0 ? JSON.stringify(headers) : null;
        setSealed('webhook_headers_sealed', text, WEBHOOK_HEADERS_PURPOSE, 'webhook.headers');
      }
    }

    if (body.telephony === null) {
      set('telephony_enabled', false, 'telephony.enabled');
      set('telephony_account_sid', null, 'telephony.account_sid');
      set('telephony_auth_token_sealed', null, 'telephony.auth_token');
      set('telephony_from_number', null, 'telephony.from_number');
      set('telephony_to_numbers', null, 'telephony.to_numbers');
      set('telephony_base_url', null, 'telephony.base_url');
    } else if (body.telephony !== undefined) {
      const p = body.telephony;
      if (p.enabled !== undefined) set('telephony_enabled', p.enabled ?? false, 'telephony.enabled');
      if (p.account_sid !== undefined) set('telephony_account_sid', p.account_sid, 'telephony.account_sid');
      if (p.auth_token === null) set('telephony_auth_token_sealed', null, 'telephony.auth_token');
      else if (p.auth_token) {
        set(
          'telephony_auth_token_sealed',
          this.secretBox.seal(p.auth_token, AUTH_TOKEN_PURPOSE),
          'telephony.auth_token',
        );
      }
      if (p.from_number !== undefined) set('telephony_from_number', p.from_number, 'telephony.from_number');
      if (p.to_numbers !== undefined) {
        const numbers = p.to_numbers && p.to_numbers.length > 0 ? JSON.stringify(p.to_numbers) : null;
        set('telephony_to_numbers', numbers, 'telephony.to_numbers');
      }
      if (p.base_url !== undefined) set('telephony_base_url', p.base_url, 'telephony.base_url');
    }

    requireComplete(next);
    next.updated_at = new Date().toISOString();
    await this.repository.saveConfig(next);
    await this.audit.record(context, {
      action: 'alert_actions.update',
      entityType: 'alert_actions',
      details: { changed },
    });
    return this.#toResponse(next);
  }

  /** A new alert: one delivery per enabled channel and recipient is queued, if the alert is severe enough. */
  async alertCreated(alert: AlertResponse): Promise<void> {
    const config = await this.repository.getConfig();
    if (severityRank(alert.severity) < severityRank(config.min_severity as Severity)) return;
    const deliveries: NewDelivery[] = [];
    const url = this.#url(config);
    if (config.webhook_enabled && url) {
      deliveries.push({
        alert_id: alert.id,
        channel: 'webhook',
        target: maskUrlSecrets(url),
        payload: JSON.stringify({ event: 'alert.created', alert }),
      });
    }
    if (config.telephony_enabled) {
      for (const to of numbers(config)) {
        deliveries.push({ alert_id: alert.id, channel: 'sms', target: to, payload: smsText(alert) });
      }
    }
    if (deliveries.length === 0) return;
    await this.repository.enqueue(deliveries, new Date().toISOString());
    this.worker.kick();
  }

  /** One attempt of a queued delivery, with the configuration as it is now. */
  async deliver(row: DeliveryRow): Promise<SendResult | { cancelled: string }> {
    const config = await this.repository.getConfig();
    if (row.channel === 'webhook') {
      const target = this.#webhookTarget(config);
      if (!target) return { cancelled: 'The webhook was switched off' };
      return sendWebhook(target, row.payload);
    }
    const target = this.#smsTarget(config);
    if (!target) return { cancelled: 'Telephony was switched off' };
    return sendSms(target, row.target, row.payload);
  }

  async deliveries(context: RequestContext, alertId: number): Promise<DeliveryList> {
    requireSuperuser(context.principal);
    await this.alerts.get(context, alertId);
    const rows = await this.repository.forAlert(alertId);
    return {
      deliveries: rows.map(({ payload: _payload, locked_until: _lease, ...row }) => row),
      total: rows.length,
    };
  }

  /** Sends a test notification on every channel now (not through the outbox) and reports each outcome. */
  async test(context: RequestContext): Promise<TestResult> {
    requireSuperuser(context.principal);
    const config = await this.repository.getConfig();
    const now = new Date().toISOString();
    const sample: AlertResponse = {
      id: 0,
      camera_id: null,
      source_name: 'test',
      severity: 'info',
      title: 'Test notification',
      message: `Test notification from the NVR recorder, sent by ${context.principal.username}.`,
      created_at: now,
      acknowledged: false,
      acknowledged_at: null,
      acknowledged_by: null,
      data: {},
    };
    const results: Promise<ChannelOutcome>[] = [];
    const webhook = this.#webhookTarget(config);
    if (webhook) {
      const body = JSON.stringify({ event: 'alert.test', alert: sample });
      // the URL as configured (the target's has its credentials moved into a header)
      const target = maskUrlSecrets(this.#url(config) ?? webhook.url);
      results.push(sendWebhook(webhook, body).then((r) => outcome('webhook', target, r)));
    } else {
      results.push(Promise.resolve(skipped('webhook', 'The webhook is not enabled')));
    }
    const sms = this.#smsTarget(config);
    const to = numbers(config);
    if (sms && to.length > 0) {
      for (const number of to) {
        results.push(sendSms(sms, number, smsText(sample)).then((r) => outcome('sms', number, r)));
      }
    } else {
      results.push(Promise.resolve(skipped('sms', 'Telephony is not enabled')));
    }
    const report = { results: await Promise.all(results) };
    await this.audit.record(context, {
      action: 'alert_actions.test',
      entityType: 'alert_actions',
      details: { outcomes: report.results.map((r) => `${r.channel}:${r.outcome}`) },
    });
    return report;
  }

  #webhookTarget(config: ActionConfigRow): WebhookTarget | null {
    const url = this.#url(config);
    if (!config.webhook_enabled || !url) return null;
    return {
      ...withoutUrlCredentials(url, this.#headers(config)),
      secret: this.#open(config.webhook_secret_sealed, WEBHOOK_SECRET_PURPOSE),
    };
  }

  #open(sealed: string | null, purpose: string): string | null {
    return sealed === null ? null : this.secretBox.open(sealed, purpose);
  }

  #url(config: ActionConfigRow): string | null {
    return this.#open(config.webhook_url_sealed, WEBHOOK_URL_PURPOSE);
  }

  #headers(config: ActionConfigRow): Record<string, string> {
    const text = this.#open(config.webhook_headers_sealed, WEBHOOK_HEADERS_PURPOSE);
    return text ? (JSON.parse(text) as Record<string, string>) : {};
  }

  #toResponse(config: ActionConfigRow): ActionConfigResponse {
    const url = this.#url(config);
    return {
      min_severity: (SEVERITIES as readonly string[]).includes(config.min_severity)
        ? (config.min_severity as Severity)
        : 'high',
      webhook: {
        enabled: config.webhook_enabled,
        url: url === null ? null : maskUrlSecrets(url),
        secret_set: config.webhook_secret_sealed !== null,
        headers: Object.fromEntries(Object.keys(this.#headers(config)).map((name) => [name, SECRET_MASK])),
      },
      telephony: {
        enabled: config.telephony_enabled,
        account_sid: config.telephony_account_sid,
        auth_token_set: config.telephony_auth_token_sealed !== null,
        from_number: config.telephony_from_number,
        to_numbers: numbers(config),
        base_url: config.telephony_base_url ?? DEFAULT_TELEPHONY_BASE_URL,
      },
      updated_at: config.updated_at,
    };
  }

  #smsTarget(config: ActionConfigRow): SmsTarget | null {
    const {
      telephony_account_sid: sid,
      telephony_auth_token_sealed: token,
      telephony_from_number: from,
    } = config;
    if (!config.telephony_enabled || !sid || !token || !from) return null;
    return {
      baseUrl: config.telephony_base_url ?? DEFAULT_TELEPHONY_BASE_URL,
      accountSid: sid,
      authToken: this.secretBox.open(token, AUTH_TOKEN_PURPOSE),
      from,
    };
  }
}

/**
 * The URL to store from a PATCH: the masked URL that GET shows keeps the stored one; a URL with `***` where a
 * secret goes is refused (it would be sent as such); otherwise it must parse as a URL.
 */
function incomingUrl(url: string | null, stored: string | null): string | null {
  if (url === null) return null;
  if (stored !== null && url === maskUrlSecrets(stored)) return stored;
  const loc = ['body', 'webhook', 'url'];
  if (urlHoldsMask(url)) {
    throw new FieldValidationError(loc, `${SECRET_MASK} stands for a stored secret: send the whole URL`);
  }
  if (!URL.canParse(url)) throw new FieldValidationError(loc, 'Input should be a valid URL', 'url_parsing');
  return url;
}

/** The headers to store from a PATCH: `***` keeps the stored value of that header; each must be sendable. */
function incomingHeaders(
  headers: Record<string, string>,
  stored: Record<string, string>,
): Record<string, string> {
  const loc = ['body', 'webhook', 'headers'];
  const storedByName = new Map(Object.entries(stored).map(([name, value]) => [name.toLowerCase(), value]));
  const resolved: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== SECRET_MASK) {
      resolved[name] = value;
      continue;
    }
    const kept = storedByName.get(name.toLowerCase());
    if (kept === undefined) {
      throw new FieldValidationError(
        [...loc, name],
        `${SECRET_MASK} stands for a stored value, and this header has none: send its value`,
      );
    }
    resolved[name] = kept;
  }
  checkWebhookHeaders(resolved, loc);
  return resolved;
}

/**
 * `user:pass@` in the URL is sent as Basic authorization (as curl does) and the URL without it, whatever the HTTP
 * client would make of it (fetch refuses such URLs); a configured Authorization header wins.
 */
function withoutUrlCredentials(
  url: string,
  headers: Record<string, string>,
): { url: string; headers: Record<string, string> } {
  const parsed = new URL(url);
  if (parsed.username === '' && parsed.password === '') return { url, headers };
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text; // a stray % is taken as it stands
    }
  };
  const credentials = `${decode(parsed.username)}:${decode(parsed.password)}`;
  parsed.username = '';
  parsed.password = '';
  const configured = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
  return {
    url: parsed.toString(),
    headers: configured
      ? headers
      : { ...headers, authorization: `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}` },
  };
}

/** An enabled channel must have what it needs to send. */
function requireComplete(config: ActionConfigRow): void {
  const missing = (field: string, path: string[]) =>
    new FieldValidationError(['body', ...path, field], `Required while ${path[0]} is enabled`, 'missing');
  if (config.webhook_enabled && !config.webhook_url_sealed) throw missing('url', ['webhook']);
  if (config.telephony_enabled) {
    if (!config.telephony_account_sid) throw missing('account_sid', ['telephony']);
    if (!config.telephony_auth_token_sealed) throw missing('auth_token', ['telephony']);
    if (!config.telephony_from_number) throw missing('from_number', ['telephony']);
    if (numbers(config).length === 0) throw missing('to_numbers', ['telephony']);
  }
}

const numbers = (config: ActionConfigRow): string[] =>
  config.telephony_to_numbers ? (JSON.parse(config.telephony_to_numbers) as string[]) : [];

function smsText(alert: AlertResponse): string {
  const text = `[${alert.severity.toUpperCase()}] ${alert.title}${alert.message ? ` — ${alert.message}` : ''}`;
  return text.slice(0, 1600);
}

const outcome = (channel: string, target: string, result: SendResult): ChannelOutcome => ({
  channel,
  target,
  outcome: result.ok ? 'sent' : 'failed',
  status_code: result.statusCode,
  error: result.error,
});

const skipped = (channel: string, reason: string): ChannelOutcome => ({
  channel,
  target: null,
  outcome: 'skipped',
  status_code: null,
  error: reason,
});
