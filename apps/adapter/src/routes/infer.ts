// POST /infer: one task on one frame.
import type { FastifyInstance } from 'fastify';
import { inferInput, readBody } from './request.js';

export async function inferRoutes(app: FastifyInstance): Promise<void> {
  app.post('/infer', async (req) => {
    const startedAt = performance.now();
    const { body, bytes } = await readBody(req);
    return app.services.inference.infer(inferInput(body, bytes, startedAt));
  });
}
