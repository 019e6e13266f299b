// The two provider wire formats (API.md §12). Each call is one HTTP request; callers decide about retries.
//  - huggingface (HF Inference API): POST {base}/models/{model_id}, Bearer token, JSON {inputs, parameters?, options?}.
//  - openai (any OpenAI-compatible server): POST {base}/chat/completions, Bearer token, a chat with the prompt and
//    the images as `image_url` parts.
// The token only ever goes into the Authorization header; error texts are scrubbed of it.
// The operator's endpoints (HUGGINGFACE_BASE_URL, OPENAI_BASE_URL) are trusted as configured. A credential's own
// `base_url` (set by a superuser) must be a public address when the call connects, unless the credential also
// has `allow_private_network: true` (a self-hosted server on the LAN or this machine).
import { FieldValidationError } from '../../../platform/http/errors.js';
import { NON_PUBLIC_SCOPES, type AddressScope } from '../../../platform/net/address-scope.js';
import {
  OutboundError,
  outboundRequest,
  type OutboundResponse,
} from '../../../platform/net/outbound-http.js';
import type { ResolvedModel } from '../models/cloud-models.service.js';

export interface ProviderEndpoints {
  huggingface: string;
  openai: string;
}

export interface ProviderRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** address scopes the call may not connect to (a credential's custom endpoint) */
  refuseScopes?: ReadonlySet<AddressScope>;
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

const MIB = 1024 * 1024;
const MAX_RESPONSE_BYTES = 5 * MIB;
const MAX_MESSAGE_CHARS = 500;
/** 2xx answers that are not JSON but still a result: the media some Hugging Face tasks answer with */
const BINARY_RESULT = /^\s*(image|audio|video)\/|^\s*application\/octet-stream/i;
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
  const custom = typeof accountBase === 'string' && accountBase !== '';
  const base = (custom ? accountBase : endpoints[provider]).replace(/\/+$/, '');
  const refuseScopes =
    custom && credential.accountInfo.allow_private_network !== true ? NON_PUBLIC_SCOPES : undefined;
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
    return { url: `${base}/models/${path}`, headers, body: JSON.stringify(body), refuseScopes };
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
  return { url: `${base}/chat/completions`, headers, body: JSON.stringify(body), refuseScopes };
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
  const failed = (error: string, retryable: boolean, statusCode: number | null = null): ProviderOutcome => ({
    ok: false,
    error,
    retryable,
    retryAfterMs: null,
    statusCode,
    latencyMs: latency(),
  });
  let response: OutboundResponse;
  try {
    response = await outboundRequest({
      method: 'POST',
      url: request.url,
      headers: request.headers,
      body: request.body,
      timeoutMs,
      maxBytes: MAX_RESPONSE_BYTES,
      signal,
      refuseScopes: request.refuseScopes,
    });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    switch (error.kind) {
      case 'aborted':
        return failed('Cancelled', false);
      case 'timeout':
        return failed(`Provider did not answer within ${Math.round(timeoutMs / 1000)} s`, true);
      case 'too_large':
        return failed(
          `Provider answer larger than ${MAX_RESPONSE_BYTES / MIB} MiB: not read`,
          false,
          error.status,
        );
      case 'refused_address':
        return failed(
          `Provider endpoint refused: ${error.message}; a custom endpoint must be a public address unless ` +
            'a superuser sets account_info.allow_private_network on the credential',
          false,
        );
      default:
        return failed(
          `Provider unreachable: ${clean(error.code ? `${error.code} ${error.message}` : error.message, secret)}`,
          true,
        );
    }
  }
  const { status, body } = response;
  const type = String(response.headers['content-type'] ?? '');
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    json = undefined;
  }
  if (status >= 200 && status < 300) {
    if (json !== undefined)
      return { ok: true, resultJson: JSON.stringify(json), statusCode: status, latencyMs: latency() };
    // Hugging Face answers some tasks (text-to-image, text-to-speech) with the media itself; anything else that is
    // not JSON is no provider answer and is not passed on.
    if (BINARY_RESULT.test(type)) {
      const resultJson = JSON.stringify({ content_type: type, base64: body.toString('base64') });
      return { ok: true, resultJson, statusCode: status, latencyMs: latency() };
    }
    return failed(`Provider answered HTTP ${status} without JSON`, false, status);
  }
  const message = providerMessage(json, secret);
  return {
    ok: false,
    error: `Provider answered HTTP ${status}${message ? `: ${message}` : ''}`,
    retryable: status >= 500 || status === 408 || status === 429,
    retryAfterMs: retryAfter(String(response.headers['retry-after'] ?? ''), json),
    statusCode: status,
    latencyMs: latency(),
  };
}

/**
 * The error text of the providers' documented error shapes — HF `{error, estimated_time?}`, OpenAI
 * `{error: {message}}`, or a top-level `message` — scrubbed of the token, without control characters, bounded.
 * Any other body (an HTML page, a foreign JSON document) is not repeated: the status says enough.
 */
function providerMessage(json: unknown, secret: string): string {
  if (!isObject(json)) return '';
  const error = json.error;
  let text = '';
  if (typeof error === 'string') {
    const eta = json.estimated_time;
    text = typeof eta === 'number' ? `${error} (estimated ${Math.ceil(eta)} s)` : error;
  } else if (isObject(error) && typeof error.message === 'string') text = error.message;
  else if (typeof json.message === 'string') text = json.message;
  return clean(text, secret);
}

/** Token scrubbed, control characters and runs of white space made one space, at most 500 characters. */
function clean(text: string, secret: string): string {
  const scrubbed = secret ? text.split(secret).join('***') : text;
  // eslint-disable-next-line no-control-regex
  const flat = scrubbed.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim();
  return flat.length > MAX_MESSAGE_CHARS ? `${flat.slice(0, MAX_MESSAGE_CHARS)}…` : flat;
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
