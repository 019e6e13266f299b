// The two notification channels on the wire. Each call is one attempt; the outbox decides about retries.
import { createHmac } from 'node:crypto';
import { redactUrl } from '../../platform/logging.js';
import { OutboundError, outboundRequest } from '../../platform/net/outbound-http.js';

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** worth trying again (network errors, timeouts, 5xx, 408, 429) */
  retryable: boolean;
}

export interface WebhookTarget {
  url: string;
  secret: string | null;
  headers: Record<string, string>;
}

export interface SmsTarget {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

const TIMEOUT_MS = 10_000;
/** receivers answer with a status and perhaps a short text; nothing longer is read */
const DRAIN_BYTES = 64 * 1024;

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`: the receiver recomputes it with the shared secret. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export async function sendWebhook(target: WebhookTarget, body: string): Promise<SendResult> {
  // A fresh timestamp (and signature) per attempt: receivers reject stale timestamps to stop replays.
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    ...target.headers,
    'content-type': 'application/json',
    'user-agent': 'nvr-recorder',
    'x-timestamp': timestamp,
  };
  if (target.secret) headers['x-signature-256'] = signature(target.secret, timestamp, body);
  return post(target.url, headers, body);
}

export async function sendSms(target: SmsTarget, to: string, text: string): Promise<SendResult> {
  const url = `${target.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(target.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${target.accountSid}:${target.authToken}`).toString('base64');
  return post(
    url,
    {
      authorization: `Basic ${auth}`,
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'nvr-recorder',
    },
    new URLSearchParams({ From: target.from, To: to, Body: text }).toString(),
  );
}

async function post(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
  let status: number;
  try {
    // The answer's content is not needed (and may echo secrets): only a little is read, so that a connection
    // can be reused; a longer one ends the exchange, its status still counts.
    ({ status } = await outboundRequest({
      method: 'POST',
      url,
      headers,
      body,
      timeoutMs: TIMEOUT_MS,
      maxBytes: DRAIN_BYTES,
    }));
  } catch (error) {
    if (error instanceof OutboundError && error.kind === 'too_large' && error.status !== null) {
      status = error.status;
    } else {
      return { ok: false, statusCode: null, error: redactUrl(describe(error)), retryable: true };
    }
  }
  if (status >= 200 && status < 300) return { ok: true, statusCode: status, error: null, retryable: false };
  return {
    ok: false,
    statusCode: status,
    error: `HTTP ${status}`,
    retryable: status >= 500 || status === 408 || status === 429,
  };
}

function describe(error: unknown): string {
  if (!(error instanceof OutboundError)) return error instanceof Error ? error.message : 'request failed';
  if (error.kind === 'timeout') return `no answer within ${TIMEOUT_MS / 1000} s`;
  return error.code ?? error.message;
}
