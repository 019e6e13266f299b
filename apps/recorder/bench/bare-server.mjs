// The baseline for bench:api: bare Fastify routes with no plugins, auth, database or schemas.
// GET / answers a tiny JSON; GET /users answers the JSON document in $PAYLOAD_FILE (the same bytes our
// /api/v1/users returns), so the cost of producing it can be told apart from the cost of sending it.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const payload = process.env.PAYLOAD_FILE ? JSON.parse(readFileSync(process.env.PAYLOAD_FILE, 'utf8')) : {};
const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
app.get('/users', async () => payload);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
