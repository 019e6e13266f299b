// Turning a request (JSON body or multipart form) into service input, with TypeBox validation.
import { InferRequest, PipelineRequest, type InferData } from '@nvr/contracts';
import type { TSchema, Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';
import { AdapterError } from '../errors.js';
import type { FrameInput } from '../inference.js';

export function check<T extends TSchema>(schema: T, value: unknown, what: string): Static<T> {
  if (Value.Check(schema, value)) return value;
  const errors = [...Value.Errors(schema, value)].slice(0, 10).map((e) => `${e.path || '/'}: ${e.message}`);
  throw new AdapterError('invalid_request', `invalid ${what}: ${errors.join('; ')}`, { details: { errors } });
}

/** JSON bodies as they are; multipart: a `frame` file part plus an optional `request` JSON part. */
export async function readBody(
  req: FastifyRequest,
): Promise<{ body: unknown; bytes: Uint8Array | undefined }> {
  if (!req.isMultipart()) return { body: req.body ?? {}, bytes: undefined };
  let body: unknown = {};
  let bytes: Uint8Array | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'frame')
        throw new AdapterError('invalid_request', `unexpected file part "${part.fieldname}"`);
      const buf = await part.toBuffer();
      bytes = new Uint8Array(buf.length);
      bytes.set(buf);
    } else if (part.fieldname === 'request') {
      body = requestPart(part.value);
    } else if (part.fieldname === 'task') {
      body = { ...(body as object), task: String(part.value) };
    } else {
      throw new AdapterError('invalid_request', `unexpected form field "${part.fieldname}"`);
    }
  }
  if (!bytes) throw new AdapterError('frame_missing', 'multipart requests need a "frame" file part');
  return { body, bytes };
}

/**
 * The `request` form field: JSON text, or — when the part was sent as `Content-Type: application/json` (Python
 * requests, `curl -F 'request=…;type=application/json'`) — the value the multipart parser already decoded.
 */
function requestPart(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new AdapterError('invalid_request', 'the "request" part is not valid JSON');
  }
}

/**
 * The knobs of a request wherever it carries them: `params`, and `data.params` / `input.params` (what some
 * clients send). The same knob in two places with two values is refused rather than one silently winning.
 */
function paramsOf(
  top: Record<string, unknown> | undefined,
  data: InferData | undefined,
): Record<string, unknown> | undefined {
  const inner = data?.params;
  if (!inner) return top;
  if (!top) return inner;
  for (const [name, value] of Object.entries(inner)) {
    if (name in top && JSON.stringify(top[name]) !== JSON.stringify(value))
      throw new AdapterError(
        'invalid_params',
        `"${name}" is given twice with different values (params and data.params): send it once`,
      );
  }
  return { ...inner, ...top };
}

function frameOf(data: InferData | undefined, bytes: Uint8Array | undefined): FrameInput | undefined {
  if (bytes) return { bytes };
  return data?.frame;
}

export function inferInput(body: unknown, bytes: Uint8Array | undefined, startedAt: number) {
  const req = check(InferRequest, body, 'inference request');
  const data = req.data ?? req.input;
  return {
    task: req.task,
    frame: frameOf(data, bytes),
    params: paramsOf(req.params, data),
    cameraId: data?.camera_id,
    startedAt,
  };
}

export function pipelineInput(body: unknown, bytes: Uint8Array | undefined, startedAt: number) {
  const req = check(PipelineRequest, body, 'pipeline request');
  const data = req.data ?? req.input;
  return {
    steps: req.steps,
    frame: frameOf(data, bytes),
    params: paramsOf(req.params, data),
    cameraId: data?.camera_id,
    startedAt,
  };
}
