// Sends a file with HTTP Range support (one range, as players ask for), so browsers can seek in recordings.
import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { path: string; size: number },
  contentType: string,
): FastifyReply {
  reply.header('accept-ranges', 'bytes').type(contentType);
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  if (!range || (range[1] === '' && range[2] === '')) {
    reply.header('content-length', file.size);
    return reply.send(createReadStream(file.path));
  }
  // `bytes=-N` is the last N bytes; `bytes=N-` runs to the end.
  const start = range[1] === '' ? Math.max(0, file.size - Number(range[2])) : Number(range[1]);
  const end = range[1] === '' || range[2] === '' ? file.size - 1 : Math.min(Number(range[2]), file.size - 1);
  if (start > end || start >= file.size) {
    return reply
      .status(416)
      .type('application/json')
      .header('content-range', `bytes */${file.size}`)
      .send({ detail: 'Range not satisfiable' });
  }
  reply
    .status(206)
    .header('content-range', `bytes ${start}-${end}/${file.size}`)
    .header('content-length', end - start + 1);
  return reply.send(createReadStream(file.path, { start, end }));
}
