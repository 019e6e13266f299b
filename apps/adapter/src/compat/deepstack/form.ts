// Reading a DeepStack request body with its key checked on the way, so that nobody without the key makes the
// adapter hold their uploads (a keyless request used to have up to 10 × 20 MiB read into memory before the key
// was looked at):
//   - the headers are judged before any byte of the body is read (access.ts);
//   - multipart parts are streamed in order; `api_key` is checked the moment it is seen, so a wrong or (from
//     another machine) empty key is refused before the next file part is read;
//   - a caller that still owes its key may have one file held before the key (curl -F puts fields where it is
//     told); a second file before the key is refused at once, and what such callers hold together is capped by
//     a process-wide budget, beyond which their files are refused at once too;
//   - every file is bounded (20 MiB) and all of a request's files together (MAX_FORM_BYTES).
// A refused body is drained (read and discarded, never held) so the answer reaches a client that is still
// sending and the connection stays usable.
// Bodies come as multipart/form-data (files), application/x-www-form-urlencoded (what DeepStack's examples,
// deepstack-python and Viseron send to face/list and face/delete, read by @fastify/formbody with a small limit),
// or not at all.
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { RefusalReason, Verdict, VisionAccess } from './access.js';

/** A failure in DeepStack's terms: its message and status. */
export class VisionError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Set for a refused key: why, for the operator's log. */
    readonly refusal?: RefusalReason,
  ) {
    super(message);
  }
}

export interface VisionForm {
  image: Uint8Array | undefined;
  /** Every file part in order (face registration takes all of them, whatever their names). */
  files: { field: string; bytes: Uint8Array }[];
  fields: Map<string, string>;
}

export interface FormLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

const MiB = 1024 * 1024;

/** Bytes held at once, process-wide, for callers that have not shown their key yet. */
export class PreAuthBudget {
  private used = 0;
  constructor(readonly limitBytes: number) {}

  take(bytes: number): boolean {
    if (this.used + bytes > this.limitBytes) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used -= bytes;
  }
}

/** Reads and discards what is left of a refused body (nothing is kept), so the client gets its answer. */
function drain(req: FastifyRequest): void {
  req.raw.unpipe();
  req.raw.resume();
}

export async function readVisionForm(
  req: FastifyRequest,
  start: Verdict,
  access: VisionAccess,
  limits: FormLimits,
  budget: PreAuthBudget,
  refuse: (reason: RefusalReason) => never,
): Promise<VisionForm> {
  let verdict = start;
  const form: VisionForm = { image: undefined, files: [], fields: new Map() };
  const keyOwed = () => verdict.kind === 'pending' && !verdict.keyOptional;

  if (!req.isMultipart()) {
    // urlencoded (already parsed within its small limit), or no body at all.
    for (const [name, value] of Object.entries(urlencodedFields(req.body))) form.fields.set(name, value);
    const key = form.fields.get('api_key');
    if (key !== undefined) verdict = access.withKey(verdict, key);
    verdict = access.settle(verdict);
    if (verdict.kind === 'refused') refuse(verdict.reason);
    return form;
  }

  let held = 0;
  let total = 0;
  try {
    for await (const part of req.parts({ limits: { files: limits.maxFiles } })) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        form.fields.set(part.fieldname, value);
        if (part.fieldname === 'api_key') verdict = access.withKey(verdict, value);
        if (verdict.kind === 'refused') refuse(verdict.reason);
        continue;
      }
      // One file may wait for a key that comes after it; a second one may not.
      if (keyOwed() && form.files.length > 0) refuse('late');
      const bytes = await collect(part, limits, (n) => {
        total += n;
        if (total > limits.maxTotalBytes)
          throw new VisionError(
            400,
            `the images of one request may be ${limits.maxTotalBytes / MiB} MiB together at most`,
          );
        if (!keyOwed()) return;
        if (!budget.take(n)) refuse('late');
        held += n;
      });
      form.files.push({ field: part.fieldname, bytes });
    }
  } catch (err) {
    drain(req);
    throw err;
  } finally {
    budget.give(held);
  }
  verdict = access.settle(verdict);
  if (verdict.kind === 'refused') refuse(verdict.reason);
  form.image = form.files.find((f) => f.field === 'image')?.bytes;
  return form;
}

async function collect(part: MultipartFile, limits: FormLimits, onChunk: (bytes: number) => void) {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    onChunk(chunk.length);
    chunks.push(chunk);
  }
  if (part.file.truncated)
    throw new VisionError(400, `image "${part.fieldname}" is larger than ${limits.maxFileBytes / MiB} MiB`);
  return new Uint8Array(Buffer.concat(chunks));
}

/** The fields of a urlencoded body; a field given twice is refused rather than one of its values picked. */
function urlencodedFields(body: unknown): Record<string, string> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value !== 'string') throw new VisionError(400, `form field "${name}" must be given once`);
    out[name] = value;
  }
  return out;
}
