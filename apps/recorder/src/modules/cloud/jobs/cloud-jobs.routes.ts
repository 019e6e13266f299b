import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../../platform/http/schemas.js';
import { JobCreate, JobList, JobParams, JobQuery, JobResponse } from './cloud-jobs.schemas.js';
import type { CloudJobsService } from './cloud-jobs.service.js';

export const cloudJobsRoutes =
  (jobs: CloudJobsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['cloud'];
    const errors = { 400: ErrorResponse, 404: ErrorResponse, ...authErrors };
    app.post(
      '/cloud/jobs',
      {
        schema: {
          tags,
          operationId: 'createCloudJob',
          summary: 'Queue an inference job on a cloud model (202, status queued)',
          body: JobCreate,
          response: { 202: JobResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await jobs.create(requestContext(request), request.body)),
    );
    app.get(
      '/cloud/jobs',
      {
        schema: {
          tags,
          operationId: 'listCloudJobs',
          summary: "The caller's jobs, newest first",
          querystring: JobQuery,
          response: { 200: JobList, ...authErrors },
        },
      },
      async (request) => jobs.list(requestContext(request), request.query),
    );
    app.get(
      '/cloud/jobs/:id',
      {
        schema: {
          tags,
          operationId: 'getCloudJob',
          summary: "One of the caller's jobs and its status (result_id once done)",
          params: JobParams,
          response: { 200: JobResponse, ...errors },
        },
      },
      async (request) => jobs.get(requestContext(request), request.params.id),
    );
    app.post(
      '/cloud/jobs/:id/cancel',
      {
        schema: {
          tags,
          operationId: 'cancelCloudJob',
          summary: 'Cancel a queued or running job (409 once it has ended)',
          params: JobParams,
          response: { 200: JobResponse, 409: ErrorResponse, ...errors },
        },
      },
      async (request) => jobs.cancel(requestContext(request), request.params.id),
    );
  };
