// The two notification channels on the wire. Each call is one attempt; the outbox decides about retries.
import { createHmac } from 'node:crypto';
import { redactUrl } from '../../platform/logging.js';

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
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // Drain the body so the connection can be reused; its content is not needed (and may echo secrets).
    await response.arrayBuffer().catch(() => undefined);
    const status = response.status;
    if (status >= 200 && status < 300) return { ok: true, statusCode: status, error: null, retryable: false };
    return {
      ok: false,
      statusCode: status,
      error: `HTTP ${status}`,
      retryable: status >= 500 || status === 408 || status === 429,
    };
  } catch (error) {
    const reason = error instanceof Error ? describe(error) : 'request failed';
    return { ok: false, statusCode: null, error: redactUrl(reason), retryable: true };
  }
}

function describe(error: Error): string {
  if (error.name === 'TimeoutError') return `no answer within ${TIMEOUT_MS / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? error.message;
}
