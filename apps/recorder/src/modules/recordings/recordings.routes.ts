import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { stat } from 'node:fs/promises';
import { sendFile } from '../../platform/http/file-response.js';
import { Binary, FILE_HEADERS, mediaResponse, partialFileResponse } from '../../platform/http/openapi.js';
import {
  PLAYER_VIDEO,
  StringEnum,
  TicketQuery,
  ErrorResponse,
  authErrors,
} from '../../platform/http/schemas.js';
import {
  ChunkParams,
  Coverage,
  CoverageQuery,
  InProgressChunk,
  InProgressFileParams,
  RecordingChunk,
  RecordingParams,
  RecordingRangeQuery,
  RecordingSettings,
  RecordingSettingsUpdate,
  RecordingUsage,
  ThumbnailQuery,
  TranscodedChunkParams,
} from './recordings.schemas.js';
import { callerCredentials, type NodeProxy } from '../cluster/node-proxy.js';
import type { RecordingsService } from './recordings.service.js';
import { IntegrityReport } from '../evidence/evidence.schemas.js';

/** `?evidence=true` on both export routes. */
const EvidenceQuery = Type.Optional(
  Type.Boolean({
    default: false,
    description:
      '`true`: one ZIP instead of an MP4 — the original chunks, a manifest (camera, range, their SHA-256 ' +
      'hashes and evidence-chain links, who exported and when) and its Ed25519 signature, checked with ' +
      '`npm run verify -- <file>` (docs/evidence.md). At most 1 h and 2 GB; `video` does not apply.',
  }),
);

export const recordingsRoutes =
  (recordings: RecordingsService, nodes: NodeProxy): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['recordings'];
    /** Footage on another node's disk: the request goes there (docs/cluster.md). */
    const elsewhere =
      "Footage on another recorder node's disk is answered by that node through this one (header x-nvr-node); " +
      '503 naming the node when it cannot be reached.';
    const found = { 404: ErrorResponse, ...authErrors };
    /** answers that may come from another node, or say it cannot be reached */
    const footage = { ...found, 503: ErrorResponse };
    const playlist = mediaResponse(
      'application/vnd.apple.mpegurl',
      Type.String(),
      'HLS VOD playlist: each chunk by byte range, discontinuities between chunks',
    );

    app.get(
      '/recordings/:camera_id',
      {
        schema: {
          tags,
          operationId: 'listRecordings',
          summary: 'MP4 chunks overlapping [start_unix, end_unix] (default: the last 24 h), oldest first',
          params: RecordingParams,
          querystring: RecordingRangeQuery,
          response: { 200: Type.Array(RecordingChunk), ...found },
        },
      },
      async (request) => recordings.list(requestContext(request), request.params.camera_id, request.query),
    );
    app.get(
      '/recordings/:camera_id/coverage',
      {
        schema: {
          tags,
          operationId: 'getRecordingCoverage',
          summary: 'Recorded spans of a range (at most 31 days), chunks closer than min_gap_seconds merged',
          description:
            'For timelines and calendars: ask with min_gap_seconds about one pixel of the drawn range, and the ' +
            'answer has at most one span per pixel however many chunks the range holds.',
          params: RecordingParams,
          querystring: CoverageQuery,
          response: { 200: Coverage, ...found },
        },
      },
      async (request) =>
        recordings.coverage(
          requestContext(request),
          request.params.camera_id,
          request.query,
          callerCredentials(request),
        ),
    );
    app.get(
      '/recordings/:camera_id/in-progress',
      {
        schema: {
          tags,
          operationId: 'getRecordingInProgress',
          summary: 'The chunk being recorded now, as far as whole fragments are written',
          description:
            'Not in the index until it closes. `size_bytes` is what may be read of it now (the init section and ' +
            'every whole fragment), `duration_seconds` the video in them; 404 when the camera is not being ' +
            'recorded or nothing whole is written yet. ' +
            elsewhere,
          params: RecordingParams,
          response: { 200: InProgressChunk, ...footage },
        },
      },
      async (request, reply) => {
        const chunk = await recordings.inProgress(requestContext(request), request.params.camera_id);
        if ('remote' in chunk) return nodes.forward(request, reply, chunk.remote);
        return reply.header('cache-control', 'no-store').send(chunk.here);
      },
    );
    app.get(
      '/recordings/:camera_id/in-progress/:file',
      {
        config: { ticket: 'media' },
        schema: {
          tags,
          operationId: 'getRecordingInProgressFile',
          summary: 'The chunk being recorded (video/mp4, HTTP Range), up to its last whole fragment',
          description:
            'Named as `GET …/in-progress` and the playlist name it. While it is written the file ends at its last ' +
            'whole fragment (a range beyond is 416); once closed the whole chunk is answered. One `Range: bytes=` ' +
            'range may be asked for (206); `?ticket=` (a media ticket) works in place of the Authorization ' +
            'header. ' +
            elsewhere,
          params: InProgressFileParams,
          querystring: Type.Object({ ticket: TicketQuery.properties.ticket }),
          response: {
            200: mediaResponse('video/mp4', Binary, 'The chunk so far (fragmented MP4)', FILE_HEADERS),
            206: partialFileResponse('video/mp4'),
            ...footage,
          },
        },
      },
      async (request, reply) => {
        const { camera_id, file } = request.params;
        const served = await recordings.inProgressFile(requestContext(request), camera_id, file);
        if ('remote' in served) return nodes.forward(request, reply, served.remote);
        // It grows: never kept by a cache.
        reply.header('cache-control', 'no-store');
        return sendFile(request, reply, served.here, 'video/mp4');
      },
    );
    app.get(
      '/recordings/:camera_id/chunks/:chunk',
      {
        config: { ticket: 'media' },
        schema: {
          tags,
          operationId: 'getRecordingChunk',
          summary: 'One chunk (video/mp4, HTTP Range)',
          description:
            'The chunk file. One `Range: bytes=` range may be asked for (206); `?ticket=` (a media ticket) ' +
            'works in place of the Authorization header. ' +
            elsewhere,
          params: ChunkParams,
          response: {
            200: mediaResponse('video/mp4', Binary, 'The chunk (fragmented MP4)', FILE_HEADERS),
            206: partialFileResponse('video/mp4'),
            ...footage,
          },
        },
      },
      async (request, reply) => {
        const file = await recordings.chunkFile(
          requestContext(request),
          request.params.camera_id,
          Number.parseInt(request.params.chunk, 10),
        );
        if ('remote' in file) return nodes.forward(request, reply, file.remote);
        return sendFile(request, reply, file.here, 'video/mp4');
      },
    );
    app.get(
      '/recordings/:camera_id/chunks/:chunk/h264/:file',
      {
        config: { ticket: 'media' },
        schema: {
          tags,
          operationId: 'getTranscodedChunkSegment',
          summary: "A segment of an H.265 chunk's H.264 transcode (recorded H.265 for browsers without HEVC)",
          description:
            'Named by the playlist asked with `video=h264`: `init.mp4` or `<n>.m4s` (n × 4 s into the chunk). ' +
            'The chunk is transcoded on demand, once, and the answer waits until the segment is written (up to ' +
            '30 s); 404 for a segment the chunk does not have. ' +
            elsewhere,
          params: TranscodedChunkParams,
          querystring: Type.Object({ ticket: TicketQuery.properties.ticket }),
          response: {
            200: mediaResponse(
              'video/mp4',
              Binary,
              'The init section or segment (fragmented MP4)',
              FILE_HEADERS,
            ),
            206: partialFileResponse('video/mp4'),
            ...footage,
          },
        },
      },
      async (request, reply) => {
        const { camera_id, chunk, file } = request.params;
        const path = await recordings.transcodedFile(requestContext(request), camera_id, chunk, file);
        if ('remote' in path) return nodes.forward(request, reply, path.remote);
        return sendFile(request, reply, { path: path.here, size: (await stat(path.here)).size }, 'video/mp4');
      },
    );
    app.get(
      '/recordings/:camera_id/thumbnail',
      {
        config: { ticket: 'media' },
        schema: {
          tags,
          operationId: 'getRecordingThumbnail',
          summary: 'A scrub preview: the keyframe at or before an instant, as a small JPEG',
          description:
            'From the chunk that holds `at_ms`; 404 where nothing was recorded, 503 (with retry-after) when the ' +
            'recorder is too busy to decode it in time. Cacheable: recorded footage does not change. ' +
            elsewhere,
          params: RecordingParams,
          querystring: Type.Object({ ...ThumbnailQuery.properties, ticket: TicketQuery.properties.ticket }),
          response: { 200: mediaResponse('image/jpeg', Binary, 'The preview picture'), ...footage },
        },
      },
      async (request, reply) => {
        const jpeg = await recordings.thumbnail(
          requestContext(request),
          request.params.camera_id,
          request.query,
        );
        if ('remote' in jpeg) return nodes.forward(request, reply, jpeg.remote);
        return reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(jpeg.here);
      },
    );
    app.get(
      '/recordings/:camera_id/playlist.m3u8',
      {
        config: { ticket: 'media' },
        schema: {
          tags,
          operationId: 'getRecordingPlaylist',
          summary: 'HLS VOD playlist over the chunks of a range (plays in browsers with hls.js)',
          description:
            'With `?ticket=`, the chunk URIs in the playlist carry the same ticket. Chunks on other recorder ' +
            'nodes play through this one. ' +
            elsewhere,
          params: RecordingParams,
          querystring: Type.Object({
            ...RecordingRangeQuery.properties,
            ticket: TicketQuery.properties.ticket,
            evidence: EvidenceQuery,
            video: Type.Optional(
              StringEnum(PLAYER_VIDEO, {
                description:
                  '`h264`: the player decodes only H.264 (browsers without HEVC): H.265 chunks are listed as the ' +
                  'segments of their H.264 transcode, made on demand. `any` (default): the chunks as recorded.',
              }),
            ),
          }),
          response: { 200: playlist, ...footage },
        },
      },
      async (request, reply) => {
        const { ticket, video, ...range } = request.query;
        const playlist = await recordings.playlist(
          requestContext(request),
          request.params.camera_id,
          range,
          ticket,
          callerCredentials(request),
          video === 'h264',
        );
        if ('remote' in playlist) return nodes.forward(request, reply, playlist.remote);
        return reply
          .type('application/vnd.apple.mpegurl')
          .header('cache-control', 'no-store')
          .send(playlist.here);
      },
    );
    app.get(
      '/recordings/:camera_id/export',
      {
        config: { ticket: 'media' },
        schema: {
          tags,
          operationId: 'exportRecording',
          summary: 'One MP4 of the range (at most 4 h), trimmed to it, as an attachment',
          description:
            'start_unix and end_unix are both required here. One `Range: bytes=` range may be asked for (206). ' +
            elsewhere,
          params: RecordingParams,
          querystring: Type.Object({
            ...RecordingRangeQuery.properties,
            ticket: TicketQuery.properties.ticket,
            evidence: EvidenceQuery,
            video: Type.Optional(
              StringEnum(PLAYER_VIDEO, {
                description:
                  '`h264`: a file that plays where only H.264 plays — H.265 footage is transcoded (at most 1 h; ' +
                  'the answer starts once it is encoded, about real time for 1080p on a small machine; named ' +
                  '`…-h264.mp4`), other footage copied as it is. `any` (default): the footage as recorded.',
              }),
            ),
          }),
          response: {
            200: mediaResponse(
              ['video/mp4', 'application/zip'],
              Binary,
              'The range as one MP4 file (or, evidence=true, one ZIP)',
              {
                ...FILE_HEADERS,
                'content-disposition': Type.String({
                  description:
                    '`attachment; filename="camera-<id>-<start>-<end>.mp4"` (`…-h264.mp4` transcoded, ' +
                    '`…-evidence.zip` with evidence=true)',
                }),
              },
            ),
            206: partialFileResponse('video/mp4'),
            ...footage,
          },
        },
      },
      async (request, reply) => {
        const { ticket: _, video, evidence, ...range } = request.query;
        const exported = evidence
          ? await recordings.exportEvidence(
              requestContext(request),
              request.params.camera_id,
              range,
              callerCredentials(request),
            )
          : await recordings.export(
              requestContext(request),
              request.params.camera_id,
              range,
              callerCredentials(request),
              video === 'h264',
            );
        if ('remote' in exported) return nodes.forward(request, reply, exported.remote);
        const file = exported.here;
        reply.raw.once('close', () => void file.dispose());
        reply.header('content-disposition', `attachment; filename="${file.name}"`);
        return sendFile(request, reply, file, evidence ? 'application/zip' : 'video/mp4');
      },
    );
    app.get(
      '/recordings/:camera_id/integrity',
      {
        schema: {
          tags,
          operationId: 'checkRecordingIntegrity',
          summary:
            'Re-hash the stored chunks of a range (default: the last hour, at most 24 h) against the evidence chain',
          description:
            'Each chunk: ok, altered, missing, deleted (with why and by whom), unchained or elsewhere; the chain: ' +
            'its links, holes (unexplained gaps) and latest signed head (docs/evidence.md). ' +
            elsewhere,
          params: RecordingParams,
          querystring: RecordingRangeQuery,
          response: { 200: IntegrityReport, ...footage },
        },
      },
      async (request, reply) => {
        const report = await recordings.integrity(
          requestContext(request),
          request.params.camera_id,
          request.query,
        );
        if ('remote' in report) return nodes.forward(request, reply, report.remote);
        return report.here;
      },
    );
    app.delete(
      '/recordings/:camera_id/chunks/:chunk',
      {
        schema: {
          tags,
          operationId: 'deleteRecordingChunk',
          summary: 'Delete one chunk and its file (manage right)',
          description: 'A chunk on another recorder node is deleted by that node.',
          params: ChunkParams,
          response: { 204: Type.Null(), ...footage },
        },
      },
      async (request, reply) => {
        const { camera_id, chunk } = request.params;
        const deleted = await recordings.deleteChunk(
          requestContext(request),
          camera_id,
          Number.parseInt(chunk, 10),
        );
        if ('remote' in deleted) return nodes.forward(request, reply, deleted.remote);
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/settings/recording',
      {
        schema: {
          tags,
          operationId: 'getRecordingSettings',
          summary: 'Retention and free-disk floor of the recordings (superuser)',
          response: { 200: RecordingSettings, ...authErrors },
        },
      },
      async (request) => recordings.settings(requestContext(request)),
    );
    app.get(
      '/settings/recording/usage',
      {
        schema: {
          tags,
          operationId: 'getRecordingUsage',
          summary:
            'Disk use of the recordings: their bytes, the volume free and total, the floor (superuser)',
          response: { 200: RecordingUsage, ...authErrors },
        },
      },
      async (request) => recordings.usage(requestContext(request)),
    );
    app.put(
      '/settings/recording',
      {
        schema: {
          tags,
          operationId: 'updateRecordingSettings',
          summary: 'Change retention and the free-disk floor (superuser)',
          body: RecordingSettingsUpdate,
          response: { 200: RecordingSettings, ...authErrors },
        },
      },
      async (request) => recordings.updateSettings(requestContext(request), request.body),
    );
  };
