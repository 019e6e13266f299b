// POST /pipeline/run: several tasks, in order, on one frame.
import type { FastifyInstance } from 'fastify';
import { pipelineInput, readBody } from './request.js';

export async function pipelineRoutes(app: FastifyInstance): Promise<void> {
  app.post('/pipeline/run', async (req) => {
    const startedAt = performance.now();
    const { body, bytes } = await readBody(req);
    return app.services.inference.pipeline(pipelineInput(body, bytes, startedAt));
  });
}
