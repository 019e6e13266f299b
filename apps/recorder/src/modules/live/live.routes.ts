import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, FreeText, TicketQuery, authErrors } from '../../platform/http/schemas.js';
import { CameraIdParams } from '../cameras/cameras.schemas.js';
import { LivePlaylistQuery, LiveQuery, StreamTicket } from './live.schemas.js';
import { sendBytes } from '../../platform/http/file-response.js';
import { Binary, FILE_HEADERS, mediaResponse, partialFileResponse } from '../../platform/http/openapi.js';
import { AppError } from '../../platform/http/errors.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NodeProxy } from '../cluster/node-proxy.js';
import type { LiveRequestKind, LiveService } from './live.service.js';

/** How a cluster answers live requests (docs/cluster.md). */
const HOLDER =
  'On a recorder node that does not run the camera, the node that does answers it through this one (header ' +
  'x-nvr-node); 503 naming that node when it cannot be reached.';

export const liveRoutes =
  (live: LiveService, nodes: NodeProxy): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['live'];
    /**
     * A camera another node runs: the request goes to that node, as it came (the paths are the same there, so
     * the relative URIs of its playlists come back here and go there too). Undefined when this node answers.
     */
    const viaHolder = async (
      request: FastifyRequest,
      reply: FastifyReply,
      cameraId: number,
      kind: LiveRequestKind,
    ): Promise<FastifyReply | undefined> => {
      const to = await live.elsewhere(requestContext(request), cameraId, kind);
      return to ? nodes.forward(request, reply, to) : undefined;
    };
    app.post(
      '/cameras/:id/stream-ticket',
      {
        schema: {
          tags,
          operationId: 'createStreamTicket',
          summary: 'A short-lived media ticket for players that cannot send headers',
          params: CameraIdParams,
          response: { 200: StreamTicket, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => live.streamTicket(requestContext(request), request.params.id),
    );
    const playlistErrors = { 404: ErrorResponse, 503: ErrorResponse, ...authErrors };
    const playlistType = 'application/vnd.apple.mpegurl';
    app.get(
      '/cameras/:id/live/index.m3u8',
      {
        config: { ticket: 'media' },
        schema: {
          tags,
          operationId: 'getLivePlaylist',
          summary:
            'Live low-latency HLS (fMP4 parts), started on demand and shared by every viewer of the camera',
          description:
            'The multivariant playlist players open; its one variant is `media.m3u8` (the media playlist). With ' +
            '`?ticket=`, every URI carries the same ticket. `?stream=sub` plays the substream (grid tiles; the ' +
            'main stream when the camera has none). 503 when the camera cannot be read or sends nothing in time. ' +
            HOLDER,
          params: CameraIdParams,
          querystring: LiveQuery,
          response: {
            200: mediaResponse(playlistType, Type.String(), 'Live HLS multivariant playlist'),
            ...playlistErrors,
          },
        },
      },
      async (request, reply) => {
        const forwarded = await viaHolder(request, reply, request.params.id, 'playlist');
        if (forwarded) return forwarded;
        const playlist = await live.liveMultivariant(
          requestContext(request),
          request.params.id,
          request.query,
        );
        return reply.type(playlistType).header('cache-control', 'no-store').send(playlist);
      },
    );
    app.get(
      '/cameras/:id/live/media.m3u8',
      {
        config: { ticket: 'media' },
        schema: {
          tags,
          operationId: 'getLiveMediaPlaylist',
          summary: 'The live media playlist: segments, ~200 ms parts and a preload hint (LL-HLS)',
          description:
            '`_HLS_msn` (and `_HLS_part`) ask for a blocking reload: the answer waits until that segment (or ' +
            'part) is listed; 400 when it is more than two segments ahead, 503 when it does not come within a ' +
            'few seconds. `?ticket=` and `?stream=` as for index.m3u8.',
          params: CameraIdParams,
          querystring: LivePlaylistQuery,
          response: {
            200: mediaResponse(playlistType, Type.String(), 'Live HLS media playlist'),
            400: ErrorResponse,
            ...playlistErrors,
          },
        },
      },
      async (request, reply) => {
        const forwarded = await viaHolder(request, reply, request.params.id, 'playlist');
        if (forwarded) return forwarded;
        const playlist = await live.liveMediaPlaylist(
          requestContext(request),
          request.params.id,
          request.query,
        );
        return reply.type(playlistType).header('cache-control', 'no-store').send(playlist);
      },
    );
    app.get(
      '/cameras/:id/live/:file',
      {
        config: { ticket: 'media' },
        schema: {
          tags,
          operationId: 'getLiveSegment',
          summary: 'A live init section, part or segment named by the live playlist',
          description:
            '`init-<n>.mp4` (the fMP4 init section of packager run n), `part-<n>.m4s` (partial segment n, ' +
            'numbered across segments; the one the playlist hints at next is waited for) or `seg-<n>.m4s` (a whole segment), all ' +
            'sent as video/mp4; one `Range: bytes=` range may be asked for (206). ' +
            HOLDER,
          params: Type.Object({
            id: Type.Integer({ minimum: 1 }),
            file: Type.String({
              pattern: '^(init-[0-9]+\\.mp4|seg-[0-9]+\\.m4s|part-[0-9]+\\.m4s)$',
            }),
          }),
          querystring: LiveQuery,
          response: {
            200: mediaResponse('video/mp4', Binary, 'The init section or the media segment', FILE_HEADERS),
            206: partialFileResponse('video/mp4'),
            404: ErrorResponse,
            503: ErrorResponse,
            ...authErrors,
          },
        },
      },
      async (request, reply) => {
        const forwarded = await viaHolder(request, reply, request.params.id, 'media');
        if (forwarded) return forwarded;
        const media = await live.liveMedia(
          requestContext(request),
          request.params.id,
          request.query.stream ?? 'main',
          request.query.video === 'h264' ? 'h264' : 'copy',
          request.params.file,
        );
        // Names are reused only by a later session, which starts after 60 s without viewers.
        reply.header('cache-control', 'max-age=60');
        return sendBytes(request, reply, media, 'video/mp4');
      },
    );
    // WHEP (RFC 9725): the offer comes as application/sdp text; the answer goes back the same way.
    app.addContentTypeParser(
      'application/sdp',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post(
      '/cameras/:id/live/whep',
      {
        config: { ticket: 'media' },
        preValidation: async (request) => {
          if (!/^application\/sdp\b/i.test(request.headers['content-type'] ?? '')) {
            throw new AppError(415, 'A WHEP offer must be sent as application/sdp');
          }
        },
        schema: {
          tags,
          operationId: 'createWhepSession',
          summary: 'WebRTC live view (WHEP): SDP offer in, SDP answer out; needs webrtc_publisher',
          description:
            'The request body is the SDP offer (`Content-Type: application/sdp`). The answer comes back as ' +
            'application/sdp with the session URL in `Location`; DELETE that URL to end the session. ' +
            HOLDER +
            ' The media then flows between the browser and that node directly.',
          consumes: ['application/sdp'],
          params: CameraIdParams,
          querystring: LiveQuery,
          body: FreeText({ minLength: 1, maxLength: 64 * 1024 }),
          response: {
            201: mediaResponse('application/sdp', Type.String(), 'The SDP answer', {
              location: Type.String({
                description: 'The session URL: /api/v1/cameras/{id}/live/whep/{session}',
              }),
            }),
            400: ErrorResponse,
            404: ErrorResponse,
            415: ErrorResponse,
            503: ErrorResponse,
            ...authErrors,
          },
        },
      },
      async (request, reply) => {
        const forwarded = await viaHolder(request, reply, request.params.id, 'whep');
        if (forwarded) return forwarded;
        const { id } = request.params;
        const { sessionId, answer } = await live.whepOffer(
          requestContext(request),
          id,
          request.query.stream ?? 'main',
          request.body,
        );
        return reply
          .code(201)
          .type('application/sdp')
          .header('location', `/api/v1/cameras/${id}/live/whep/${sessionId}`)
          .send(answer);
      },
    );
    app.delete(
      '/cameras/:id/live/whep/:session',
      {
        config: { ticket: 'media' },
        schema: {
          tags,
          operationId: 'deleteWhepSession',
          summary: 'Ends a WHEP session',
          description: HOLDER,
          params: Type.Object({ id: Type.Integer({ minimum: 1 }), session: Type.String({ format: 'uuid' }) }),
          querystring: TicketQuery,
          response: { 204: Type.Null(), 404: ErrorResponse, 503: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) => {
        const forwarded = await viaHolder(request, reply, request.params.id, 'whep');
        if (forwarded) return forwarded;
        await live.whepEnd(requestContext(request), request.params.id, request.params.session);
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/cameras/:id/snapshot',
      {
        config: { ticket: 'media' },
        schema: {
          tags,
          operationId: 'getCameraSnapshot',
          summary: 'The current picture of the camera (JPEG)',
          description: HOLDER,
          params: CameraIdParams,
          querystring: TicketQuery,
          response: {
            200: mediaResponse('image/jpeg', Binary, 'One JPEG picture from the camera'),
            404: ErrorResponse,
            503: ErrorResponse,
            ...authErrors,
          },
        },
      },
      async (request, reply) => {
        const forwarded = await viaHolder(request, reply, request.params.id, 'snapshot');
        if (forwarded) return forwarded;
        const image = await live.snapshot(requestContext(request), request.params.id);
        return reply.type('image/jpeg').header('cache-control', 'no-store').send(image);
      },
    );
  };
