// The two wire formats of one EventStream: Server-Sent Events and WebSocket JSON messages. Both write with
// backpressure (wait for the socket to drain), so a slow client only ever fills its own bounded queue.
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Principal } from '../../platform/auth/principal.js';
import type { BusEvent } from '../../platform/events/event-types.js';
import { AppError } from '../../platform/http/errors.js';
import { toValidationIssues, validatorCompiler } from '../../platform/http/validation.js';
import type { EventStream, StreamOutput } from './event-stream.js';
import { ClientMessage } from './events.schemas.js';
import type { EventsService } from './events.service.js';

// Same validator (and FastAPI-style issues) as request bodies.
const checkMessage = validatorCompiler({
  schema: ClientMessage,
  httpPart: 'body',
  method: 'GET',
  url: '',
}) as ((value: unknown) => boolean) & { errors?: Parameters<typeof toValidationIssues>[0] | null };

// Each event is serialized once, however many clients receive it.
const json = new WeakMap<BusEvent, string>();
const toJson = (event: BusEvent): string => {
  let text = json.get(event);
  if (text === undefined) {
    text = JSON.stringify(event);
    json.set(event, text);
  }
  return text;
};

export function sseHeaders(existing: Record<string, unknown>): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(existing)) {
    if (typeof value === 'string' || Array.isArray(value)) headers[name] = value as string | string[];
    else if (typeof value === 'number') headers[name] = String(value);
  }
  return {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // reverse proxies (nginx) must not buffer the stream
    'x-accel-buffering': 'no',
  };
}

function sseChunk(item: StreamOutput): string {
  switch (item.kind) {
    case 'event':
      return `id: ${item.event.id}\nevent: ${item.event.type}\ndata: ${toJson(item.event)}\n\n`;
    case 'lagged':
      return `event: lagged\ndata: {"type":"lagged","dropped":${item.dropped}}\n\n`;
    case 'heartbeat':
      return `: heartbeat\n\n`;
  }
}

export async function pumpSse(
  stream: EventStream,
  response: ServerResponse,
  afterId: number | undefined,
): Promise<void> {
  // `retry` tells EventSource how soon to reconnect; the comment flushes the headers at once.
  response.write('retry: 3000\n: connected\n\n');
  for await (const item of stream.items(afterId)) {
    if (response.destroyed) return;
    if (!response.write(sseChunk(item))) {
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off('drain', done);
          response.off('close', done);
          resolve();
        };
        response.on('drain', done);
        response.on('close', done);
      });
    }
  }
}

export function serveWebSocket(
  events: EventsService,
  stream: EventStream,
  socket: WebSocket,
  principal: Principal,
  afterId: number | undefined,
  log: FastifyBaseLogger,
): void {
  const send = (text: string) =>
    new Promise<void>((resolve) => {
      if (socket.readyState !== socket.OPEN) return resolve();
      socket.send(text, () => resolve());
    });

  socket.on('message', (raw, isBinary) => {
    onMessage(isBinary ? null : textOf(raw)).catch((error: unknown) => {
      log.warn({ err: error }, 'event socket message failed');
    });
  });
  socket.on('close', () => events.release(stream));

  const onMessage = async (text: string | null) => {
    let message: unknown;
    try {
      message = text === null ? undefined : JSON.parse(text);
    } catch {
      message = undefined;
    }
    if (!checkMessage(message)) {
      await send(
        JSON.stringify({
          type: 'error',
          detail: {
            code: 'invalid_message',
            message: 'Expected {"action":"subscribe","camera_ids":[...],"types":[...]} or {"action":"ping"}',
            issues: toValidationIssues(checkMessage.errors ?? [], 'body').slice(0, 10),
          },
        }),
      );
      return;
    }
    const valid = message as ClientMessage;
    if (valid.action === 'ping') {
      await send('{"type":"pong"}');
      return;
    }
    try {
      stream.setFilter(await events.filterFor(principal, valid.camera_ids, valid.types));
      await send(
        JSON.stringify({
          type: 'subscribed',
          camera_ids: valid.camera_ids?.length ? valid.camera_ids : null,
          types: valid.types?.length ? valid.types : null,
        }),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await send(JSON.stringify({ type: 'error', detail: error.detail }));
    }
  };

  const pump = async () => {
    for await (const item of stream.items(afterId)) {
      if (socket.readyState !== socket.OPEN) break;
      if (item.kind === 'heartbeat') socket.ping();
      else if (item.kind === 'lagged') await send(`{"type":"lagged","dropped":${item.dropped}}`);
      else await send(toJson(item.event));
    }
  };
  pump()
    .catch((error: unknown) => log.warn({ err: error }, 'event socket ended with an error'))
    .finally(() => {
      events.release(stream);
      if (socket.readyState === socket.OPEN) socket.close(1001, 'stream ended');
    });
}

const textOf = (raw: RawData): string =>
  (Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw)).toString('utf8');
