import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { sendFile } from '../../platform/http/file-response.js';
import { Binary, FILE_HEADERS, mediaResponse, partialFileResponse } from '../../platform/http/openapi.js';
import { ErrorResponse, IdParams, authErrors } from '../../platform/http/schemas.js';
import { CameraIdParams } from '../cameras/cameras.schemas.js';
import type { ReviewFile } from './review-files.js';
import {
  MarkReviewed,
  ReviewItem,
  ReviewList,
  ReviewQuery,
  ReviewSettingsBody,
  ReviewSettingsResponse,
  ReviewUpdate,
} from './review.schemas.js';
import type { ReviewService } from './review.service.js';
import { callerCredentials, type NodeProxy } from '../cluster/node-proxy.js';

const FILES: { kind: ReviewFile; path: string; type: string; summary: string }[] = [
  { kind: 'snapshot', path: 'snapshot', type: 'image/jpeg', summary: 'The snapshot, boxes drawn (JPEG)' },
  { kind: 'thumbnail', path: 'thumbnail', type: 'image/jpeg', summary: 'The snapshot, 320 px wide (JPEG)' },
  {
    kind: 'clip',
    path: 'clip',
    type: 'video/mp4',
    summary: 'The clip, pre-roll to post-roll (MP4, HTTP Range)',
  },
];

export const reviewRoutes =
  (review: ReviewService, nodes: Pick<NodeProxy, 'forward'>): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['review'];
    // 503: the item's files are on another node that cannot be reached (docs/cluster.md)
    const found = { 404: ErrorResponse, 503: ErrorResponse, ...authErrors };
    app.get(
      '/review-items',
      {
        schema: {
          tags,
          operationId: 'listReviewItems',
          summary: 'Incidents to review, newest first, of the cameras the caller may view',
          querystring: ReviewQuery,
          response: { 200: ReviewList, ...found },
        },
      },
      async (request) => review.list(requestContext(request), request.query),
    );
    app.post(
      '/review-items/reviewed',
      {
        schema: {
          tags,
          operationId: 'markReviewItems',
          summary: 'Mark review items reviewed (or not): the ids given, or every item matching the filters',
          body: MarkReviewed,
          response: { 200: Type.Object({ updated: Type.Integer() }), ...found },
        },
      },
      async (request) => review.markMany(requestContext(request), request.body),
    );
    app.get(
      '/review-items/:id',
      {
        schema: {
          tags,
          operationId: 'getReviewItem',
          summary: 'One review item',
          params: IdParams,
          response: { 200: ReviewItem, ...found },
        },
      },
      async (request) => review.get(requestContext(request), request.params.id),
    );
    app.patch(
      '/review-items/:id',
      {
        schema: {
          tags,
          operationId: 'updateReviewItem',
          summary: 'Mark one review item reviewed or not (view right)',
          params: IdParams,
          body: ReviewUpdate,
          response: { 200: ReviewItem, ...found },
        },
      },
      async (request) =>
        review.setReviewed(requestContext(request), request.params.id, request.body.reviewed),
    );
    app.delete(
      '/review-items/:id',
      {
        schema: {
          tags,
          operationId: 'deleteReviewItem',
          summary: 'Delete a review item with its snapshot and clip (manage right); the footage stays',
          params: IdParams,
          response: { 204: Type.Null(), ...found },
        },
      },
      async (request, reply) => {
        const served = await review.delete(
          requestContext(request),
          request.params.id,
          callerCredentials(request),
        );
        return 'remote' in served
          ? nodes.forward(request, reply, served.remote)
          : reply.status(204).send(null);
      },
    );
    for (const file of FILES) {
      app.get(
        `/review-items/:id/${file.path}`,
        {
          config: { ticket: 'media' },
          schema: {
            tags,
            operationId: `getReviewItem${file.path[0]!.toUpperCase()}${file.path.slice(1)}`,
            summary: file.summary,
            description: '`?ticket=` (a media ticket) works in place of the Authorization header.',
            params: IdParams,
            response: {
              200: mediaResponse(file.type, Binary, file.summary, FILE_HEADERS),
              206: partialFileResponse(file.type),
              ...found,
            },
          },
        },
        async (request, reply) => {
          const caller = callerCredentials(request);
          const found = await review.file(requestContext(request), request.params.id, file.kind, caller);
          return 'remote' in found
            ? nodes.forward(request, reply, found.remote)
            : sendFile(request, reply, found.here, file.type);
        },
      );
    }
    app.get(
      '/cameras/:id/review-settings',
      {
        schema: {
          tags,
          operationId: 'getCameraReviewSettings',
          summary: "A camera's review settings: pre- and post-roll, how long incidents are kept (view right)",
          params: CameraIdParams,
          response: { 200: ReviewSettingsResponse, ...found },
        },
      },
      async (request) => review.settings(requestContext(request), request.params.id),
    );
    app.put(
      '/cameras/:id/review-settings',
      {
        schema: {
          tags,
          operationId: 'replaceCameraReviewSettings',
          summary: "Replace a camera's review settings (manage right)",
          params: CameraIdParams,
          body: ReviewSettingsBody,
          response: { 200: ReviewSettingsResponse, ...found },
        },
      },
      async (request) => review.replaceSettings(requestContext(request), request.params.id, request.body),
    );
  };
