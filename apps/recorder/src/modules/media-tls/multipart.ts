// Reads a small multipart form of named files into buffers (TLS PEM files, a backup file). Every part must be
// one of the expected names and appear once; a plain text field counts as the file's content (curl -F
// name=<file sends one). Too large → 413 (from @fastify/multipart); anything else unexpected → 422.
import type { FastifyRequest } from 'fastify';
import { AppError, FieldValidationError } from '../../platform/http/errors.js';

export async function readMultipart<N extends string>(
  request: FastifyRequest,
  names: readonly N[],
): Promise<Partial<Record<N, Buffer>>> {
  if (!request.isMultipart()) throw new AppError(415, 'Send the files as multipart/form-data');
  const result: Partial<Record<N, Buffer>> = {};
  for await (const part of request.parts()) {
    const name = part.fieldname as N;
    if (!names.includes(name))
      throw new FieldValidationError(['body', part.fieldname], 'Unexpected field', 'extra_forbidden');
    if (result[name] !== undefined) throw new FieldValidationError(['body', name], 'Sent more than once');
    result[name] = part.type === 'file' ? await part.toBuffer() : Buffer.from(String(part.value), 'utf8');
  }
  return result;
}
