// Sends a file, or bytes held in memory, with HTTP Range support (one range, as players ask for), so browsers can
// seek in recordings.
import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { path: string; size: number },
  contentType: string,
): FastifyReply {
  return sendRange(request, reply, file.size, contentType, (range) =>
    createReadStream(file.path, range ?? {}),
  );
}

export function sendBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  bytes: Buffer,
  contentType: string,
): FastifyReply {
  return sendRange(request, reply, bytes.length, contentType, (range) =>
    range ? bytes.subarray(range.start, range.end + 1) : bytes,
  );
}

function sendRange(
  request: FastifyRequest,
  reply: FastifyReply,
  size: number,
  contentType: string,
  body: (range: { start: number; end: number } | null) => unknown,
): FastifyReply {
  reply.header('accept-ranges', 'bytes').type(contentType);
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  if (!range || (range[1] === '' && range[2] === '')) {
    reply.header('content-length', size);
    return reply.send(body(null));
  }
  // `bytes=-N` is the last N bytes; `bytes=N-` runs to the end.
  const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
  const end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
  if (start > end || start >= size) {
    return reply
      .status(416)
      .type('application/json')
      .header('content-range', `bytes */${size}`)
      .send({ detail: 'Range not satisfiable' });
  }
  reply
    .status(206)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .header('content-length', end - start + 1);
  return reply.send(body({ start, end }));
}
