// WebSocket /infer/stream: JSON requests tagged with `seq`, answered as they finish (possibly out of order).
// A frame may arrive as a binary message right after a `{"seq","task","binary":true}` header.
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { AdapterError, asAdapterError } from '../errors.js';
import { inferInput } from './request.js';

interface Header {
  seq?: unknown;
  task?: unknown;
  binary?: unknown;
  type?: unknown;
  data?: unknown;
  params?: unknown;
}

export async function streamRoutes(app: FastifyInstance): Promise<void> {
  const maxInflight = app.services.config.streamMaxInflight;
  // Sockets beyond the limit are refused (the card advertises it as max_concurrent_streams).
  const maxStreams = app.services.config.streamMaxSockets;
  let open = 0;
  const upgradeHint = new AdapterError(
    'upgrade_required',
    'open a WebSocket: GET /infer/stream with Upgrade: websocket',
  );

  app.post('/infer/stream', async (_req, reply) =>
    reply.status(426).header('upgrade', 'websocket').send(upgradeHint.toEnvelope()),
  );
  app.route({
    method: 'GET',
    url: '/infer/stream',
    handler: async (_req, reply) =>
      reply.status(426).header('upgrade', 'websocket').send(upgradeHint.toEnvelope()),
    wsHandler: (socket) => serve(socket),
  });

  function serve(socket: WebSocket): void {
    if (open >= maxStreams) {
      const busy = new AdapterError('overloaded', `at most ${maxStreams} streams at once`, {
        retryAfterMs: 1000,
      });
      socket.send(JSON.stringify({ seq: null, ok: false, error: busy.toEnvelope().error }));
      socket.close(1013, 'too many streams');
      return;
    }
    open++;
    socket.once('close', () => open--);
    let inflight = 0;
    let awaitingBinary: Header | undefined;
    const send = (msg: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
    };
    const fail = (seq: unknown, err: unknown) =>
      send({ seq: seq ?? null, ok: false, error: asAdapterError(err).toEnvelope().error });

    const run = (header: Header, bytes: Uint8Array | undefined) => {
      if (inflight >= maxInflight) {
        fail(
          header.seq,
          new AdapterError('overloaded', `at most ${maxInflight} unanswered requests per socket`, {
            retryAfterMs: 100,
          }),
        );
        return;
      }
      inflight++;
      const startedAt = performance.now();
      Promise.resolve()
        .then(() =>
          app.services.inference.infer(
            inferInput({ task: header.task, data: header.data, params: header.params }, bytes, startedAt),
          ),
        )
        .then(
          (result) => send({ seq: header.seq, ok: true, result }),
          (err: unknown) => fail(header.seq, err),
        )
        .finally(() => inflight--);
    };

    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      if (isBinary) {
        const header = awaitingBinary;
        awaitingBinary = undefined;
        if (!header)
          return fail(
            null,
            new AdapterError(
              'invalid_request',
              'binary frame without a preceding {"seq","task","binary":true} header',
            ),
          );
        const bytes = new Uint8Array(raw.length);
        bytes.set(raw);
        return run(header, bytes);
      }
      let msg: Header;
      try {
        msg = JSON.parse(raw.toString('utf8')) as Header;
        if (typeof msg !== 'object' || msg === null) throw new Error('not an object');
      } catch {
        return fail(null, new AdapterError('invalid_request', 'messages must be JSON objects'));
      }
      if (msg.type === 'ping') return send({ type: 'pong' });
      if (msg.binary === true) {
        awaitingBinary = msg;
        return;
      }
      run(msg, undefined);
    });
  }
}
