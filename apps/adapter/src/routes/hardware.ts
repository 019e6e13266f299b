// GET /hardware/evaluation: can this machine keep up? (RAM, cores, a timed frame per loaded model)
import { HardwareEvaluation } from '@nvr/contracts';
import type { FastifyInstance } from 'fastify';

export async function hardwareRoutes(app: FastifyInstance): Promise<void> {
  app.get('/hardware/evaluation', { schema: { response: { 200: HardwareEvaluation } } }, async () =>
    app.services.status.hardwareEvaluation(),
  );
}
