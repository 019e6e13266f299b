// Failures in the OpenNVR contract's terms: its failure envelope `{status:"error", error:{category, code,
// message, transient, retry_after_ms, details}}`, its six categories and, where it names one, its canonical code
// (§7.1 of OpenNVR's AI_ADAPTER_CONTRACT.md). Native AdapterErrors are translated here, in one table.
import { AdapterError, asAdapterError, type ErrorCode } from '../../errors.js';

export type OpenNvrCategory =
  'model_error' | 'provider_error' | 'transport_error' | 'permission_denied' | 'not_supported' | 'overloaded';

export interface OpenNvrFailure {
  status: 'error';
  error: {
    category: OpenNvrCategory;
    code: string;
    message: string;
    transient: boolean;
    retry_after_ms: number | null;
    details: Record<string, unknown>;
  };
}

/** A failure raised by the compat layer itself (task and param mapping, the stream protocol). */
export class OpenNvrError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly category: OpenNvrCategory,
    readonly code: string,
    message: string,
    readonly options: { details?: Record<string, unknown>; transient?: boolean; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'OpenNvrError';
  }
}

/** Bad input names the field; the contract's canonical code for it is `malformed_input`. */
export const malformed = (field: string, message: string, status = 400) =>
  new OpenNvrError(status, 'transport_error', 'malformed_input', message, { details: { field } });

interface Mapping {
  category: OpenNvrCategory;
  code: string;
  /** The HTTP status when it differs from the native one. */
  status?: number;
}

// Native code → upstream category and code. Upstream's reference adapters answer an undecodable image with
// 400 malformed_input (the native API says 415), so that one changes status too.
const MAPPING: Record<ErrorCode, Mapping> = {
  invalid_request: { category: 'transport_error', code: 'malformed_input' },
  unknown_task: { category: 'not_supported', code: 'unsupported_task' },
  unknown_pipeline_step: { category: 'not_supported', code: 'unsupported_task' },
  invalid_params: { category: 'transport_error', code: 'malformed_input' },
  frame_missing: { category: 'transport_error', code: 'malformed_input' },
  frame_uri_outside_root: { category: 'transport_error', code: 'malformed_input' },
  unsupported_frame_uri: { category: 'transport_error', code: 'malformed_input' },
  frame_not_found: { category: 'transport_error', code: 'malformed_input' },
  frame_too_large: { category: 'transport_error', code: 'malformed_input' },
  frame_decode_failed: { category: 'transport_error', code: 'malformed_input', status: 400 },
  unsupported_media_type: { category: 'transport_error', code: 'unsupported_content_type' },
  route_not_found: { category: 'not_supported', code: 'route_not_found' },
  unauthorized: { category: 'permission_denied', code: 'auth_invalid' },
  upgrade_required: { category: 'not_supported', code: 'upgrade_required' },
  task_unavailable: { category: 'not_supported', code: 'task_unavailable' },
  model_load_failed: { category: 'model_error', code: 'model_load_failed' },
  detector_failed: { category: 'model_error', code: 'model_load_failed' },
  inference_failed: { category: 'model_error', code: 'inference_runtime_crash' },
  caption_backend_failed: { category: 'provider_error', code: 'provider_unavailable' },
  remote_adapter_failed: { category: 'provider_error', code: 'provider_unavailable' },
  overloaded: { category: 'overloaded', code: 'queue_full' },
  shutting_down: { category: 'overloaded', code: 'shutting_down' },
  // The face gallery is not part of the contract; its errors cannot come through here, but keep their names.
  no_face: { category: 'transport_error', code: 'malformed_input' },
  several_faces: { category: 'transport_error', code: 'malformed_input' },
  person_not_found: { category: 'transport_error', code: 'person_not_found' },
  face_not_found: { category: 'transport_error', code: 'face_not_found' },
  person_exists: { category: 'transport_error', code: 'person_exists' },
  face_exists: { category: 'transport_error', code: 'face_exists' },
};

export interface TranslatedFailure {
  httpStatus: number;
  envelope: OpenNvrFailure;
  retryAfterMs: number | undefined;
}

function envelope(
  category: OpenNvrCategory,
  code: string,
  message: string,
  transient: boolean,
  retryAfterMs: number | undefined,
  details: Record<string, unknown>,
): OpenNvrFailure {
  return {
    status: 'error',
    // The contract allows retry_after_ms only on transient errors.
    error: {
      category,
      code,
      message,
      transient,
      retry_after_ms: transient ? (retryAfterMs ?? null) : null,
      details,
    },
  };
}

/** Any thrown value as the upstream envelope and its HTTP status. */
export function toFailure(err: unknown): TranslatedFailure {
  if (err instanceof OpenNvrError) {
    const { details = {}, transient = false, retryAfterMs } = err.options;
    return {
      httpStatus: err.httpStatus,
      envelope: envelope(err.category, err.code, err.message, transient, retryAfterMs, details),
      retryAfterMs,
    };
  }
  const e = err instanceof AdapterError ? err : asAdapterError(err);
  const native = e.toEnvelope().error;
  const m = MAPPING[e.code];
  return {
    httpStatus: m.status ?? e.status,
    envelope: envelope(m.category, m.code, e.message, native.transient, e.retryAfterMs, {
      ...e.details,
      native_code: e.code,
    }),
    retryAfterMs: e.retryAfterMs,
  };
}

/**
 * The upstream SDK's two 401 answers: no bearer credentials at all (`auth_missing`) or a wrong token
 * (`auth_invalid`). The token check itself is the adapter's one hook in app.ts.
 */
export function authFailure(authorization: string | undefined): TranslatedFailure {
  const missing = !/^bearer\s+\S/i.test(authorization?.trim() ?? '');
  return {
    httpStatus: 401,
    envelope: envelope(
      'permission_denied',
      missing ? 'auth_missing' : 'auth_invalid',
      missing ? 'Authorization: Bearer <token> required' : 'Invalid bearer token',
      false,
      undefined,
      {},
    ),
    retryAfterMs: undefined,
  };
}

/** Outcome label of `adapter_infer_total` for a category (the SDK's closed outcome set). */
export function outcomeOf(category: OpenNvrCategory | 'ok'): string {
  switch (category) {
    case 'ok':
    case 'model_error':
    case 'provider_error':
    case 'transport_error':
      return category;
    default:
      return 'refused';
  }
}
