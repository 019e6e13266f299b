import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { ErrorResponse, authErrors } from '../../platform/http/schemas.js';
import { SkillDeclaration, SkillList, SkillOnCamera, SkillParams, UndeclareQuery } from './skills.schemas.js';
import type { SkillsService } from './skills.service.js';

export const skillsRoutes =
  (skills: SkillsService): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['skills'];
    app.get(
      '/skills',
      {
        schema: {
          tags,
          operationId: 'listSkills',
          summary: 'Skills in use on the cameras the caller may view, with their consumers',
          response: { 200: SkillList, ...authErrors },
        },
      },
      async (request) => skills.list(requestContext(request)),
    );
    app.put(
      '/skills/:skill_id/cameras/:camera_id',
      {
        schema: {
          tags,
          operationId: 'declareSkill',
          summary: 'Declare that a consumer uses this skill on the camera',
          params: SkillParams,
          body: SkillDeclaration,
          response: { 200: SkillOnCamera, 404: ErrorResponse, ...authErrors },
        },
      },
      async (request) =>
        skills.declare(
          requestContext(request),
          request.params.skill_id,
          request.params.camera_id,
          request.body,
        ),
    );
    app.delete(
      '/skills/:skill_id/cameras/:camera_id',
      {
        schema: {
          tags,
          operationId: 'undeclareSkill',
          summary: "Remove a consumer's declaration (the assignment goes when none remain)",
          params: SkillParams,
          querystring: UndeclareQuery,
          response: { 204: Type.Null(), 404: ErrorResponse, ...authErrors },
        },
      },
      async (request, reply) => {
        const { skill_id, camera_id } = request.params;
        await skills.undeclare(requestContext(request), skill_id, camera_id, request.query.consumer);
        return reply.status(204).send(null);
      },
    );
  };
