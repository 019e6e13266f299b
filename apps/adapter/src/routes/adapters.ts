// GET /adapters: every model adapter the service routes to (built-in, caption backend, remote).
import { AdapterListing } from '@nvr/contracts';
import type { FastifyInstance } from 'fastify';

export async function adapterRoutes(app: FastifyInstance): Promise<void> {
  app.get('/adapters', { schema: { response: { 200: AdapterListing } } }, async () =>
    app.services.status.adapters(),
  );
}
