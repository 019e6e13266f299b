// Typed errors. Services throw AdapterError with a code; the HTTP layer maps it to the error envelope of
// ADAPTER.md. The table is the single place that ties a code to its status, category and transience.
import type { AdapterErrorCategory, AdapterErrorEnvelope } from '@nvr/contracts';

interface CodeSpec {
  status: number;
  category: AdapterErrorCategory;
  transient: boolean;
}

export const ERROR_CODES = {
  invalid_request: { status: 400, category: 'invalid_request', transient: false },
  unknown_task: { status: 400, category: 'invalid_request', transient: false },
  unknown_pipeline_step: { status: 400, category: 'invalid_request', transient: false },
  invalid_params: { status: 400, category: 'invalid_request', transient: false },
  frame_missing: { status: 400, category: 'invalid_request', transient: false },
  frame_uri_outside_root: { status: 400, category: 'invalid_request', transient: false },
  unsupported_frame_uri: { status: 400, category: 'invalid_request', transient: false },
  frame_not_found: { status: 404, category: 'not_found', transient: false },
  no_face: { status: 422, category: 'invalid_request', transient: false },
  several_faces: { status: 422, category: 'invalid_request', transient: false },
  person_not_found: { status: 404, category: 'not_found', transient: false },
  face_not_found: { status: 404, category: 'not_found', transient: false },
  person_exists: { status: 409, category: 'invalid_request', transient: false },
  face_exists: { status: 409, category: 'invalid_request', transient: false },
  frame_too_large: { status: 413, category: 'invalid_request', transient: false },
  frame_decode_failed: { status: 415, category: 'invalid_request', transient: false },
  unsupported_media_type: { status: 415, category: 'invalid_request', transient: false },
  route_not_found: { status: 404, category: 'not_found', transient: false },
  unauthorized: { status: 401, category: 'permission_denied', transient: false },
  upgrade_required: { status: 426, category: 'not_supported', transient: false },
  task_unavailable: { status: 503, category: 'not_supported', transient: true },
  model_load_failed: { status: 503, category: 'model_error', transient: true },
  /** an operator detector refused at start (detectors/discovery.ts): only a fixed file and a restart help */
  detector_failed: { status: 503, category: 'model_error', transient: false },
  inference_failed: { status: 500, category: 'model_error', transient: false },
  caption_backend_failed: { status: 502, category: 'model_error', transient: true },
  remote_adapter_failed: { status: 502, category: 'model_error', transient: true },
  overloaded: { status: 503, category: 'overloaded', transient: true },
  shutting_down: { status: 503, category: 'overloaded', transient: true },
} as const satisfies Record<string, CodeSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;

export class AdapterError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AdapterError';
    this.code = code;
    this.details = options.details;
    this.retryAfterMs = options.retryAfterMs;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  toEnvelope(): AdapterErrorEnvelope {
    const spec = ERROR_CODES[this.code];
    return {
      status: 'error',
      error: {
        category: spec.category,
        code: this.code,
        message: this.message,
        transient: spec.transient,
        ...(this.retryAfterMs !== undefined ? { retry_after_ms: this.retryAfterMs } : {}),
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }

  /** Plain data that survives postMessage between worker and main thread. */
  toWire(): WireError {
    return { code: this.code, message: this.message, details: this.details, retryAfterMs: this.retryAfterMs };
  }

  static fromWire(wire: WireError): AdapterError {
    const code = wire.code in ERROR_CODES ? (wire.code as ErrorCode) : 'inference_failed';
    return new AdapterError(code, wire.message, {
      ...(wire.details ? { details: wire.details } : {}),
      ...(wire.retryAfterMs !== undefined ? { retryAfterMs: wire.retryAfterMs } : {}),
    });
  }
}

export interface WireError {
  code: string;
  message: string;
  details?: Record<string, unknown> | undefined;
  retryAfterMs?: number | undefined;
}

/** Any thrown value as an AdapterError (unexpected ones become inference_failed). */
export function asAdapterError(err: unknown, fallback: ErrorCode = 'inference_failed'): AdapterError {
  if (err instanceof AdapterError) return err;
  return new AdapterError(fallback, err instanceof Error ? err.message : String(err), { cause: err });
}
