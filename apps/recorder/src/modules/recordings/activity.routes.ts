import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import { Activity, ActivityQuery } from './activity.schemas.js';
import type { ActivityService } from './activity.service.js';
import { RecordingParams } from './recordings.schemas.js';

export const activityRoutes =
  (activity: ActivityService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/recordings/:camera_id/activity',
      {
        schema: {
          tags: ['recordings'],
          operationId: 'getRecordingActivity',
          summary:
            "A camera's detections or motion in a range (at most 31 days) as time ranges, those closer than " +
            'min_gap_seconds merged',
          description:
            'For timelines: however many detection results or motions the range holds, the answer has at most ' +
            '2,000 ranges (merged in the database). View right on the camera; 404 for a camera the caller may ' +
            'not view.',
          params: RecordingParams,
          querystring: ActivityQuery,
          response: { 200: Activity, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) => activity.activity(requestContext(request), request.params.camera_id, request.query),
    );
  };
