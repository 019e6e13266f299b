// GET /capabilities: the task names servable now; ?format=card: the typed v1.1 capability card.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { check } from './request.js';

const Query = Type.Object(
  { format: Type.Optional(Type.Union([Type.Literal('card'), Type.Literal('list')])) },
  { additionalProperties: false },
);

export async function capabilityRoutes(app: FastifyInstance): Promise<void> {
  app.get('/capabilities', async (req) => {
    const { format } = check(Query, req.query, 'query');
    return format === 'card' ? app.services.status.card() : app.services.inference.servableTasks();
  });
}
