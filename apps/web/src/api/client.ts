// The typed client of the recorder's API: types generated from the recorder's own OpenAPI document
// (schema.d.ts, `npm run openapi`), the access token added to every call, and one retry with a renewed token
// when the recorder says the old one was revoked.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { accessToken, tokenRejected } from './session';

const authentication: Middleware = {
  async onRequest({ request }) {
    const token = await accessToken();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
  async onResponse({ request, response }) {
    if (response.status !== 401 || (request.method !== 'GET' && request.method !== 'HEAD')) return response;
    const token = await tokenRejected();
    if (!token) return response;
    const retry = new Request(request);
    retry.headers.set('authorization', `Bearer ${token}`);
    return fetch(retry);
  },
};

export const api = createClient<paths>({ baseUrl: '' });
api.use(authentication);

/** One field's problem, as the recorder's 422 names it (`loc` without the leading "body"/"query"). */
export interface FieldError {
  field: string;
  message: string;
}

/** A failed call, with the recorder's sentence and, for 422, the problem of each field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: FieldError[] = [],
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** Turns openapi-fetch's `{data, error, response}` into the data, or throws an ApiError that says why. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined && result.response.ok) return result.data;
  if (result.response.ok) return undefined as T;
  throw toApiError(result.response.status, result.error);
}

export function toApiError(status: number, body: unknown): ApiError {
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  if (Array.isArray(detail)) {
    const fields = detail.map((issue: { loc?: unknown[]; msg?: string }) => ({
      field: (issue.loc ?? []).slice(1).join('.'),
      message: issue.msg ?? 'Invalid value',
    }));
    return new ApiError(status, 'Some fields need attention.', fields);
  }
  if (typeof detail === 'string') return new ApiError(status, detail);
  if (detail && typeof detail === 'object') {
    const { message, code, loc } = detail as { message?: string; code?: string; loc?: unknown[] };
    const fields = Array.isArray(loc) ? [{ field: loc.slice(1).join('.'), message: message ?? '' }] : [];
    return new ApiError(status, message ?? `The recorder answered ${status}`, fields, code ?? null);
  }
  if (status === 0) return new ApiError(0, 'The recorder cannot be reached.');
  return new ApiError(status, `The recorder answered ${status}`);
}
