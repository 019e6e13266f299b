import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { requestContext } from '../../platform/http/authentication.js';
import { FieldValidationError } from '../../platform/http/errors.js';
import { mediaResponse } from '../../platform/http/openapi.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import { EventList, LatestQuery, StreamQuery, TicketResponse } from './events.schemas.js';
import { splitTypes, type EventsService, type StreamRequest } from './events.service.js';
import type { EventStream } from './event-stream.js';
import { pumpSse, serveWebSocket, sseHeaders } from './events.transport.js';

const pending = new WeakMap<FastifyRequest, { stream: EventStream; afterId: number | undefined }>();

function take(request: FastifyRequest): { stream: EventStream; afterId: number | undefined } {
  const opened = pending.get(request);
  if (!opened) throw new Error('event stream was not opened');
  pending.delete(request);
  return opened;
}

export const eventsRoutes =
  (events: EventsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['events'];
    // Open streams would keep the HTTP server from closing.
    app.addHook('preClose', async () => events.closeStreams());

    app.get(
      '/events/latest',
      {
        schema: {
          tags,
          operationId: 'listLatestEvents',
          summary: 'Newest stored incidents (detections and alerts) the caller may see',
          querystring: LatestQuery,
          response: { 200: EventList, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => events.latest(requestContext(request), request.query),
    );

    app.post(
      '/events/ticket',
      {
        schema: {
          tags,
          operationId: 'createEventsTicket',
          summary: 'A single-use, 30-second ticket for opening the event stream without headers',
          response: { 200: TicketResponse, ...authErrors },
        },
      },
      async (request) => events.issueTicket(requestContext(request)),
    );

    app.route({
      method: 'GET',
      url: '/events/stream',
      config: { ticket: 'events' },
      schema: {
        tags,
        operationId: 'streamEvents',
        summary: 'Live events as Server-Sent Events, or as a WebSocket on the same path',
        description:
          'Server-Sent Events: `id:` is the event id, `event:` its type, `data:` the event as JSON (the shape ' +
          'of an item of /events/latest); a `: heartbeat` comment every 15 s; `event: lagged` when a slow ' +
          'client lost events. On reconnect, `Last-Event-ID` (or `?last_event_id=`) replays the stored events ' +
          'after that id.\n\n' +
          'The same URL upgrades to a WebSocket (`Upgrade: websocket`, answered 101): one JSON message per ' +
          'event, of the same shape, plus `{"type":"lagged","dropped":n}`; the client may send ' +
          '`{"action":"subscribe","camera_ids":[…],"types":[…]}` to change its filter (answered ' +
          '`{"type":"subscribed",…}`) or `{"action":"ping"}` (answered `{"type":"pong"}`).',
        querystring: StreamQuery,
        response: {
          200: mediaResponse(
            'text/event-stream',
            Type.String(),
            'The event stream (stays open; events as they happen)',
          ),
          404: ErrorResponse,
          ...authErrors,
        },
      },
      // The stream (rights check included) opens before the response starts or the socket upgrades: a refusal
      // is a plain HTTP error, and no event published after the client sees the upgrade can be missed.
      preHandler: async (request) => {
        const afterId = lastEventId(request);
        const stream = await events.open(requestContext(request).principal, {
          ...streamRequest(request.query),
          transport: request.ws ? 'websocket' : 'sse',
        });
        pending.set(request, { stream, afterId });
        request.raw.socket.once('close', () => events.release(stream));
      },
      handler: async (request, reply) => {
        const { stream, afterId } = take(request);
        reply.hijack();
        reply.raw.writeHead(200, sseHeaders(reply.getHeaders()));
        pumpSse(stream, reply.raw, afterId)
          .catch((error: unknown) => request.log.warn({ err: error }, 'event stream ended with an error'))
          .finally(() => {
            events.release(stream);
            reply.raw.end();
          });
      },
      wsHandler: (socket, request) => {
        const { stream, afterId } = take(request);
        serveWebSocket(events, stream, socket, requestContext(request).principal, afterId, request.log);
      },
    });
  };

function streamRequest(query: StreamQuery): Omit<StreamRequest, 'transport'> {
  return { cameraId: query.camera_id, types: query.type === undefined ? undefined : splitTypes(query.type) };
}

/** `Last-Event-ID` (EventSource sends it on reconnect) or `?last_event_id=`. */
function lastEventId(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  if (typeof header === 'string' && header.trim() !== '') {
    const value = Number(header.trim());
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new FieldValidationError(
        ['header', 'last-event-id'],
        'Last-Event-ID must be a non-negative integer',
      );
    }
    return value;
  }
  return (request.query as StreamQuery).last_event_id;
}
