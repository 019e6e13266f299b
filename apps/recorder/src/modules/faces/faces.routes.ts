import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { Binary, mediaResponse } from '../../platform/http/openapi.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import {
  FaceParams,
  FacesAdd,
  GalleryList,
  GalleryPerson,
  PersonCreate,
  PersonFromReview,
  PersonMerge,
  PersonParams,
  PersonRename,
} from './faces.schemas.js';
import type { FacesService } from './faces.service.js';

const upstream = { 502: ErrorResponse, 503: ErrorResponse };
const refusals = {
  404: ErrorResponse,
  409: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  422: ErrorResponse,
};

export const facesRoutes =
  (faces: FacesService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['ai'];
    app.get(
      '/faces/persons',
      {
        schema: {
          tags,
          operationId: 'listFacePersons',
          summary: 'People in the face gallery of the adapter serving face_recognition (superuser)',
          response: { 200: GalleryList, ...upstream, ...authErrors },
        },
      },
      async (request) => faces.list(requestContext(request)),
    );
    app.post(
      '/faces/persons',
      {
        bodyLimit: 64 * 1024 * 1024,
        schema: {
          tags,
          operationId: 'createFacePerson',
          summary: 'Register a person from 1-10 pictures, each showing exactly one face (superuser)',
          body: PersonCreate,
          response: { 201: GalleryPerson, 400: ErrorResponse, ...refusals, ...upstream, ...authErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await faces.create(requestContext(request), request.body)),
    );
    app.post(
      '/faces/persons/from-review',
      {
        schema: {
          tags,
          operationId: 'addFaceFromReviewItem',
          summary:
            "Register the face in a review item's snapshot, cropped around one of its boxes, as a new person (name) or another face of one (person_id) (superuser)",
          body: PersonFromReview,
          response: { 201: GalleryPerson, 400: ErrorResponse, ...refusals, ...upstream, ...authErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await faces.fromReview(requestContext(request), request.body)),
    );
    app.get(
      '/faces/persons/:id',
      {
        schema: {
          tags,
          operationId: 'getFacePerson',
          summary: 'One person of the face gallery (superuser)',
          params: PersonParams,
          response: { 200: GalleryPerson, 404: ErrorResponse, ...upstream, ...authErrors },
        },
      },
      async (request) => faces.get(requestContext(request), request.params.id),
    );
    app.patch(
      '/faces/persons/:id',
      {
        schema: {
          tags,
          operationId: 'renameFacePerson',
          summary: 'Rename a person of the face gallery (superuser)',
          params: PersonParams,
          body: PersonRename,
          response: { 200: GalleryPerson, 400: ErrorResponse, ...refusals, ...upstream, ...authErrors },
        },
      },
      async (request) => faces.rename(requestContext(request), request.params.id, request.body),
    );
    app.delete(
      '/faces/persons/:id',
      {
        schema: {
          tags,
          operationId: 'deleteFacePerson',
          summary: 'Remove a person and their faces from the gallery (superuser)',
          params: PersonParams,
          response: { 204: Type.Null(), 404: ErrorResponse, ...upstream, ...authErrors },
        },
      },
      async (request, reply) => {
        await faces.remove(requestContext(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/faces/persons/:id/faces',
      {
        bodyLimit: 64 * 1024 * 1024,
        schema: {
          tags,
          operationId: 'addFacePersonFaces',
          summary: 'Add 1-10 pictures of a registered person (superuser)',
          params: PersonParams,
          body: FacesAdd,
          response: { 201: GalleryPerson, 400: ErrorResponse, ...refusals, ...upstream, ...authErrors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await faces.addFaces(requestContext(request), request.params.id, request.body)),
    );
    app.post(
      '/faces/persons/:id/merge',
      {
        schema: {
          tags,
          operationId: 'mergeFacePersons',
          summary:
            'Merge another person (the same one registered twice) into this one: their faces move here, they go (superuser)',
          params: PersonParams,
          body: PersonMerge,
          response: {
            200: GalleryPerson,
            400: ErrorResponse,
            404: ErrorResponse,
            ...upstream,
            ...authErrors,
          },
        },
      },
      async (request) => faces.merge(requestContext(request), request.params.id, request.body),
    );
    app.get(
      '/faces/persons/:id/faces/:faceId/crop',
      {
        schema: {
          tags,
          operationId: 'getFacePersonFaceCrop',
          summary: 'The JPEG crop of one registered face, at most 160 px (superuser)',
          params: FaceParams,
          response: {
            200: mediaResponse('image/jpeg', Binary, 'The face crop'),
            404: ErrorResponse,
            ...upstream,
            ...authErrors,
          },
        },
      },
      async (request, reply) => {
        const jpeg = await faces.crop(requestContext(request), request.params.id, request.params.faceId);
        return reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(jpeg);
      },
    );
    app.delete(
      '/faces/persons/:id/faces/:faceId',
      {
        schema: {
          tags,
          operationId: 'deleteFacePersonFace',
          summary: "Remove one face; 204 when it was the person's last (the person goes with it) (superuser)",
          params: FaceParams,
          response: { 200: GalleryPerson, 204: Type.Null(), 404: ErrorResponse, ...upstream, ...authErrors },
        },
      },
      async (request, reply) => {
        const person = await faces.removeFace(
          requestContext(request),
          request.params.id,
          request.params.faceId,
        );
        return person ? person : reply.status(204).send(null);
      },
    );
  };
