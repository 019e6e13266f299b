// GET /health: liveness, hardware and model states. Never touches a worker, so it stays fast under load.
import { AdapterHealth } from '@nvr/contracts';
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { schema: { response: { 200: AdapterHealth } } }, async () =>
    app.services.status.health(),
  );
}
