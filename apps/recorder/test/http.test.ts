import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { JwtService } from '../src/platform/auth/jwt.js';
import { SECURITY_HEADERS } from '../src/platform/http/security-headers.js';
import { createTestApp, type TestApp } from './helpers/app.js';

const PUBLIC = new Set([
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/refresh',
  'POST /api/v1/auth/session',
  'POST /api/v1/auth/session/refresh',
  'GET /health',
]);

describe('HTTP platform', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: 'https://console.example' } });
  });
  after(() => t.close());

  /** Every documented operation, with path parameters filled in. */
  function operations(): { method: string; url: string; secured: boolean }[] {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    return Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, '1'),
        secured: !(Array.isArray(op.security) && op.security.length === 0),
      })),
    );
  }

  it('documents exactly the public operations as unauthenticated', () => {
    const open = operations()
      .filter((op) => !op.secured)
      .map((op) => `${op.method} ${op.url}`);
    assert.deepEqual(new Set(open), PUBLIC);
  });

  it('every protected operation answers 401 without a token, with an expired token and with a refresh token', async () => {
    const pair = await t.login('admin', 'admin-pass-for-tests');
    // An already-expired access token signed with the server's own key file.
    const secret = Buffer.from(readFileSync(join(t.config.dataDir, 'jwt.secret'), 'utf8').trim(), 'base64');
    const expired = (await new JwtService(secret).sign('access', '1', -10, { username: 'admin' })).token;
    const forged = (await new JwtService(Buffer.alloc(64, 7)).sign('access', '1', 600)).token;

    const protectedOps = operations().filter((op) => op.secured);
    assert.ok(protectedOps.length >= 8);
    for (const op of protectedOps) {
      for (const [label, token] of [
        ['none', undefined],
        ['expired', expired],
        ['refresh', pair.refresh_token],
        ['forged', forged],
        ['garbage', 'not.a.jwt'],
      ] as const) {
        const response = await t.request({
          method: op.method,
          url: op.url,
          ...(token ? { token } : {}),
        });
        assert.equal(
          response.statusCode,
          401,
          `${op.method} ${op.url} with ${label} token: ${response.body}`,
        );
        assert.equal(response.headers['www-authenticate'], 'Bearer');
        assert.equal(typeof response.json().detail, 'string');
      }
    }
    const expiredAnswer = await t.request({ method: 'GET', url: '/api/v1/auth/me', token: expired });
    assert.deepEqual(expiredAnswer.json(), { detail: 'Token has expired' });
  });

  it('answers unknown paths with a JSON 404 and every response with a request id', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/no-such-thing', token: t.adminToken });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { detail: 'Not Found' });
    assert.match(String(response.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    const echoed = await t.request({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'trace-42' },
    });
    assert.equal(echoed.headers['x-request-id'], 'trace-42');
    const hostile = await t.request({ method: 'GET', url: '/health', headers: { 'x-request-id': 'a\nb' } });
    assert.notEqual(hostile.headers['x-request-id'], 'a\nb');
  });

  it('logs each request once: request id, method, redacted URL, status and response time', async () => {
    const before = t.logs().length;
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/users?limit=1&ticket=secret-ticket-value',
      token: t.adminToken,
      headers: { 'x-request-id': 'log-line-42' },
    });
    assert.equal(response.statusCode, 200);
    const lines = t
      .logs()
      .slice(before)
      .split('\n')
      .filter((line) => line.includes('log-line-42'))
      .map((line) => JSON.parse(line) as Record<string, any>);
    assert.equal(lines.length, 1, 'one line for the request');
    const [line] = lines;
    assert.equal(line!.msg, 'request completed');
    assert.equal(line!.reqId, 'log-line-42');
    assert.equal(line!.req.method, 'GET');
    assert.equal(line!.req.url, '/api/v1/users?limit=1&ticket=[REDACTED]');
    assert.equal(line!.res.statusCode, 200);
    assert.equal(typeof line!.responseTime, 'number');
    assert.ok(!JSON.stringify(lines).includes(t.adminToken));
  });

  it('sends security headers and honours the CORS allow-list', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/health',
      headers: { origin: 'https://console.example' },
    });
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.ok(response.headers['content-security-policy']);
    assert.equal(response.headers['access-control-allow-origin'], 'https://console.example');
    const stranger = await t.request({
      method: 'GET',
      url: '/health',
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(stranger.headers['access-control-allow-origin'], undefined);
  });

  it('sends exactly the headers @fastify/helmet sends with the same options, on errors too', async () => {
    const reference = Fastify();
    await reference.register(helmet, { global: true, ...SECURITY_HEADERS });
    reference.get('/', async () => ({ ok: true }));
    const expected = (await reference.inject({ method: 'GET', url: '/' })).headers;
    await reference.close();
    const generic = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
    const helmetNames = Object.keys(expected).filter((name) => !generic.has(name));
    assert.ok(helmetNames.length >= 10, helmetNames.join());
    for (const response of [
      await t.request({ method: 'GET', url: '/health' }),
      await t.request({ method: 'GET', url: '/api/v1/users' }),
    ]) {
      for (const name of helmetNames) assert.deepEqual(response.headers[name], expected[name], name);
      assert.equal(response.headers['x-powered-by'], undefined);
    }
  });

  it('serves the OpenAPI document and the docs page without a token', async () => {
    const spec = await t.request({ method: 'GET', url: '/openapi.json' });
    assert.equal(spec.statusCode, 200);
    assert.ok(spec.json().paths['/api/v1/users']);
    const docs = await t.request({ method: 'GET', url: '/docs' });
    assert.ok([200, 302].includes(docs.statusCode), String(docs.statusCode));
  });

  it('rejects unsupported content types with 415', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/users',
      token: t.adminToken,
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    assert.equal(response.statusCode, 415);
  });
});
