// The two provider wire formats (API.md §12). Each call is one HTTP request; callers decide about retries.
//  - huggingface (HF Inference API): POST {base}/models/{model_id}, Bearer token, JSON {inputs, parameters?, options?}.
//  - openai (any OpenAI-compatible server): POST {base}/chat/completions, Bearer token, a chat with the prompt and
//    the images as `image_url` parts.
// The token only ever goes into the Authorization header; error texts are scrubbed of it.
import { FieldValidationError } from '../../platform/http/errors.js';
import type { ResolvedModel } from '../cloud-models/cloud-models.service.js';

export interface ProviderEndpoints {
  huggingface: string;
  openai: string;
}

export interface ProviderRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type ProviderOutcome =
  | { ok: true; resultJson: string; statusCode: number; latencyMs: number }
  | {
      ok: false;
      error: string;
      /** worth trying again later: network errors, timeouts, 5xx, 408, 429 */
      retryable: boolean;
      retryAfterMs: number | null;
      statusCode: number | null;
      latencyMs: number;
    };

const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Builds the provider request; 422 (naming the field under `body.inputs`) for inputs the provider cannot take. */
export function buildRequest(
  resolved: ResolvedModel,
  inputs: Record<string, unknown>,
  parameters: Record<string, unknown> | null | undefined,
  endpoints: ProviderEndpoints,
): ProviderRequest {
  const { provider, config, credential, model } = resolved;
  const accountBase = credential.accountInfo.base_url;
  const base = (typeof accountBase === 'string' && accountBase ? accountBase : endpoints[provider]).replace(
    /\/+$/,
    '',
  );
  const merged = { ...(config.parameters ?? {}), ...(parameters ?? {}) };
  const headers: Record<string, string> = {
    authorization: `Bearer ${credential.token}`,
    'content-type': 'application/json',
    accept: 'application/json',
    'user-agent': 'nvr-recorder',
  };
  if (provider === 'huggingface') {
    const body: Record<string, unknown> = { inputs: huggingfaceInputs(inputs) };
    if (Object.keys(merged).length > 0) body.parameters = merged;
    if (config.options && Object.keys(config.options).length > 0) body.options = config.options;
    const path = model.model_id.split('/').map(encodeURIComponent).join('/');
    return { url: `${base}/models/${path}`, headers, body: JSON.stringify(body) };
  }
  const organization = credential.accountInfo.organization;
  const project = credential.accountInfo.project;
  if (typeof organization === 'string') headers['openai-organization'] = organization;
  if (typeof project === 'string') headers['openai-project'] = project;
  const messages: unknown[] = [];
  if (config.system_prompt) messages.push({ role: 'system', content: config.system_prompt });
  messages.push({ role: 'user', content: openaiContent(inputs) });
  const body: Record<string, unknown> = { model: model.model_id, messages };
  if (config.max_tokens !== undefined) body.max_tokens = config.max_tokens;
  if (config.temperature !== undefined) body.temperature = config.temperature;
  for (const [key, value] of Object.entries(merged)) {
    if (key === 'model' || key === 'messages' || key === 'stream') {
      throw new FieldValidationError(['body', 'parameters', key], 'Set by the recorder', 'extra_forbidden');
    }
    body[key] = value;
  }
  return { url: `${base}/chat/completions`, headers, body: JSON.stringify(body) };
}

/**
 * HF `inputs`: `{text}` → the text; `{image_base64}` → the base64 image; `{inputs: x}` → x as given; any other
 * object (e.g. `{question, context}`) is sent as the inputs object itself.
 */
function huggingfaceInputs(inputs: Record<string, unknown>): unknown {
  const keys = Object.keys(inputs);
  if (keys.length === 0)
    throw new FieldValidationError(['body', 'inputs'], 'inputs must not be empty', 'missing');
  if ('inputs' in inputs) return inputs.inputs;
  if (keys.length === 1 && typeof inputs.text === 'string') return inputs.text;
  if (keys.length === 1 && typeof inputs.image_base64 === 'string') {
    if (!/^[A-Za-z0-9+/=\s]+$/.test(inputs.image_base64))
      throw new FieldValidationError(['body', 'inputs', 'image_base64'], 'image_base64 must be base64');
    return inputs.image_base64;
  }
  return inputs;
}

const OPENAI_INPUT_KEYS = ['prompt', 'image_url', 'image_base64', 'image_mime_type', 'images', 'detail'];

/** OpenAI user content: the prompt text, then each image as an `image_url` part (http(s) or data: URL). */
function openaiContent(inputs: Record<string, unknown>): unknown[] {
  for (const key of Object.keys(inputs)) {
    if (!OPENAI_INPUT_KEYS.includes(key))
      throw new FieldValidationError(
        ['body', 'inputs', key],
        `Unknown input (allowed: ${OPENAI_INPUT_KEYS.join(', ')})`,
        'extra_forbidden',
      );
  }
  const prompt = inputs.prompt;
  if (typeof prompt !== 'string' || prompt.length === 0)
    throw new FieldValidationError(
      ['body', 'inputs', 'prompt'],
      'A prompt (non-empty string) is required',
      'missing',
    );
  const detail = inputs.detail;
  if (detail !== undefined && (typeof detail !== 'string' || !['auto', 'low', 'high'].includes(detail)))
    throw new FieldValidationError(['body', 'inputs', 'detail'], 'detail must be auto, low or high');
  const urls: string[] = [];
  const addUrl = (value: unknown, loc: (string | number)[]) => {
    if (
      typeof value !== 'string' ||
      !/^(https?:\/\/\S+|data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=]+)$/i.test(value)
    )
      throw new FieldValidationError(loc, 'Must be an http(s) URL or a data:image/...;base64 URL');
    urls.push(value);
  };
  if (inputs.image_url !== undefined) addUrl(inputs.image_url, ['body', 'inputs', 'image_url']);
  if (inputs.image_base64 !== undefined) {
    const mime = inputs.image_mime_type ?? 'image/jpeg';
    if (typeof mime !== 'string' || !/^image\/[a-z0-9.+-]+$/i.test(mime))
      throw new FieldValidationError(['body', 'inputs', 'image_mime_type'], 'Must be an image MIME type');
    if (typeof inputs.image_base64 !== 'string' || !/^[A-Za-z0-9+/=]+$/.test(inputs.image_base64))
      throw new FieldValidationError(['body', 'inputs', 'image_base64'], 'image_base64 must be base64');
    urls.push(`data:${mime};base64,${inputs.image_base64}`);
  }
  if (inputs.images !== undefined) {
    if (!Array.isArray(inputs.images) || inputs.images.length > 16)
      throw new FieldValidationError(
        ['body', 'inputs', 'images'],
        'images must be a list of at most 16 URLs',
      );
    inputs.images.forEach((image, i) => addUrl(image, ['body', 'inputs', 'images', i]));
  }
  return [
    { type: 'text', text: prompt },
    ...urls.map((url) => ({ type: 'image_url', image_url: detail ? { url, detail } : { url } })),
  ];
}

/** One call with a deadline; never throws. */
export async function sendRequest(
  request: ProviderRequest,
  timeoutMs: number,
  secret: string,
  signal?: AbortSignal,
): Promise<ProviderOutcome> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const timeout = AbortSignal.timeout(timeoutMs);
  const scrub = (text: string) => (secret ? text.split(secret).join('***') : text);
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const status = response.status;
    if (bytes.length > MAX_RESPONSE_BYTES) {
      return {
        ok: false,
        error: `Provider answer too large (${bytes.length} bytes)`,
        retryable: false,
        retryAfterMs: null,
        statusCode: status,
        latencyMs: latency(),
      };
    }
    const text = bytes.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (status >= 200 && status < 300) {
      const type = response.headers.get('content-type') ?? '';
      const resultJson =
        json !== undefined
          ? JSON.stringify(json)
          : JSON.stringify({ content_type: type, base64: bytes.toString('base64') });
      return { ok: true, resultJson, statusCode: status, latencyMs: latency() };
    }
    const message = scrub(errorMessage(json, text)).slice(0, 500);
    return {
      ok: false,
      error: `Provider answered HTTP ${status}${message ? `: ${message}` : ''}`,
      retryable: status >= 500 || status === 408 || status === 429,
      retryAfterMs: retryAfter(response.headers.get('retry-after'), json),
      statusCode: status,
      latencyMs: latency(),
    };
  } catch (error) {
    if (signal?.aborted) {
      return {
        ok: false,
        error: 'Cancelled',
        retryable: false,
        retryAfterMs: null,
        statusCode: null,
        latencyMs: latency(),
      };
    }
    const timedOut = timeout.aborted;
    const reason = timedOut
      ? `Provider did not answer within ${Math.round(timeoutMs / 1000)} s`
      : `Provider unreachable: ${scrub(describe(error))}`;
    return {
      ok: false,
      error: reason,
      retryable: true,
      retryAfterMs: null,
      statusCode: null,
      latencyMs: latency(),
    };
  }
}

function errorMessage(json: unknown, text: string): string {
  if (isObject(json)) {
    const error = json.error;
    if (typeof error === 'string') {
      const eta = json.estimated_time;
      return typeof eta === 'number' ? `${error} (estimated ${Math.ceil(eta)} s)` : error;
    }
    if (isObject(error) && typeof error.message === 'string') return error.message;
    if (typeof json.message === 'string') return json.message;
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}

/** Retry-After (seconds or an HTTP date), or HF's `estimated_time` while a model loads. */
function retryAfter(header: string | null, json: unknown): number | null {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  if (isObject(json) && typeof json.estimated_time === 'number') return json.estimated_time * 1000;
  return null;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'request failed';
  const cause = (error as Error & { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: string }).code;
    return code ? `${code} ${cause.message}` : cause.message;
  }
  return error.message;
}
