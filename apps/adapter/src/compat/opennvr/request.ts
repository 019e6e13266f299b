// The two /infer request forms of the OpenNVR contract (§3.5), as its SDK parses them:
//   multipart/form-data: a `frame` file part and an optional `params` part holding a JSON object (the task
//     goes inside it, as `task`);
//   application/json: `{"frame_b64": "<base64>", "task"?: ..., ...knobs}` with the knobs flat beside the frame
//     (what KAI-C forwards).
// Anything else in the form is refused by name, so no part is silently dropped.
import type { FastifyRequest } from 'fastify';
import { AdapterError } from '../../errors.js';
import { decodeBase64Frame } from '../../frames/source.js';
import { malformed } from './errors.js';

export interface CompatBody {
  task: unknown;
  frame: Uint8Array;
  params: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `task` travels with the knobs in both forms; split it off. */
function split(fields: Record<string, unknown>, frame: Uint8Array): CompatBody {
  const { task, ...params } = fields;
  return { task, frame, params };
}

export async function readCompatBody(req: FastifyRequest): Promise<CompatBody> {
  if (req.isMultipart()) return readMultipart(req);
  const body = req.body;
  if (!isObject(body)) throw malformed('body', 'the JSON body must be an object');
  const { frame_b64: b64, ...rest } = body;
  if (typeof b64 !== 'string' || b64 === '')
    throw malformed('frame_b64', 'JSON body must include "frame_b64" (the base64-encoded image)');
  return split(rest, frameFromBase64(b64));
}

/** The native decoder's checks (size, alphabet), reported against upstream's field name. */
function frameFromBase64(b64: string): Uint8Array {
  try {
    return decodeBase64Frame(b64);
  } catch (err) {
    if (err instanceof AdapterError && err.code === 'frame_too_large')
      throw malformed('frame_b64', err.message, 413);
    throw malformed('frame_b64', '"frame_b64" is not valid base64');
  }
}

async function readMultipart(req: FastifyRequest): Promise<CompatBody> {
  let frame: Uint8Array | undefined;
  let params: Record<string, unknown> = {};
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'frame')
        throw malformed(
          part.fieldname,
          `unexpected file part "${part.fieldname}"; send the image as "frame"`,
        );
      frame = new Uint8Array(await part.toBuffer());
    } else if (part.fieldname === 'params') {
      params = paramsPart(part.value);
    } else {
      throw malformed(
        part.fieldname,
        `unexpected form field "${part.fieldname}"; knobs go in the "params" JSON part`,
      );
    }
  }
  if (!frame || frame.length === 0)
    throw malformed('frame', 'Multipart body must include a "frame" file field with binary content');
  return split(params, frame);
}

/** JSON text, or the object the multipart parser already decoded when the part said application/json. */
function paramsPart(value: unknown): Record<string, unknown> {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch (err) {
      throw malformed('params', `invalid JSON in the "params" field: ${(err as Error).message}`);
    }
  }
  if (!isObject(parsed)) throw malformed('params', 'the "params" field must be a JSON object');
  return parsed;
}
