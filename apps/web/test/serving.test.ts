// Issue #32, item 5: the app is served to what curl, health checkers and link previews send, not only to
// browsers. Real HTTP requests to a recorder serving the built web app (`npm run build`), with the headers those
// clients send: every GET or HEAD of a path that is not the server's own, and that does not ask only for JSON,
// gets index.html; the API and the server's other routes keep their JSON answers.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../recorder/test/helpers/app.js';
import { listen } from '../../recorder/test/helpers/event-clients.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  bytes: Buffer;
}

/** One request with exactly these headers (Node adds Host and Connection, as curl does). */
function send(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${origin}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: bytes.toString('utf8'),
          bytes,
        });
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

// What these clients send (curl 7.88 as Debian 12 ships it; Slack's and Discord's link-preview crawlers, the
// Docker/Kubernetes-style health probe of a plain HTTP client with no Accept at all).
const CURL = { 'user-agent': 'curl/7.88.1', accept: '*/*' };
const LINK_PREVIEW = {
  'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  accept: '*/*',
};
const BARE = {};
const BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
};
const AXIOS = { accept: 'application/json, text/plain, */*' };
const JSON_ONLY = { accept: 'application/json' };

describe('the web app for every page request', () => {
  let t: TestApp;
  let origin: string;
  before(async () => {
    t = await createTestApp();
    origin = `http://${await listen(t.app)}`;
  });
  after(() => t?.close());

  const isApp = (answer: Answer, what: string) => {
    assert.equal(answer.status, 200, `${what}: ${answer.body.slice(0, 200)}`);
    assert.equal(answer.headers['content-type'], 'text/html; charset=utf-8', what);
    assert.equal(answer.headers['cache-control'], 'no-cache', what);
    assert.match(String(answer.headers['content-security-policy']), /style-src 'self' 'nonce-/, what);
  };
  const isJson404 = (answer: Answer, what: string) => {
    assert.equal(answer.status, 404, `${what}: ${answer.body.slice(0, 200)}`);
    assert.match(String(answer.headers['content-type']), /^application\/json/, what);
    assert.deepEqual(JSON.parse(answer.body), { detail: 'Not Found' }, what);
  };

  it('answers / and deep links with the app for curl, link previews, bare clients and browsers', async () => {
    for (const [name, headers] of Object.entries({ CURL, LINK_PREVIEW, BARE, BROWSER, AXIOS })) {
      for (const path of ['/', '/live', '/cameras/12/edit', '/recordings/3?day=2026-01-02']) {
        const answer = await send(origin, 'GET', path, headers);
        isApp(answer, `GET ${path} as ${name}`);
        assert.match(answer.body, /<div id="root">/, `GET ${path} as ${name}`);
      }
    }
    const head = await send(origin, 'HEAD', '/', CURL);
    isApp(head, 'HEAD / as curl');
    assert.equal(head.body, '');
  });

  it('keeps the JSON 404 for a request that asks only for JSON', async () => {
    isJson404(await send(origin, 'GET', '/', JSON_ONLY), 'GET / asking only for JSON');
    isJson404(await send(origin, 'GET', '/live', JSON_ONLY), 'GET /live asking only for JSON');
    isJson404(
      await send(origin, 'GET', '/live', { accept: 'application/json, application/problem+json;q=0.5' }),
      'GET /live asking for two kinds of JSON',
    );
  });

  it("keeps the server's own paths as they are, whatever the request accepts", async () => {
    for (const headers of [CURL, BARE, BROWSER]) {
      // Unknown API paths, and unknown paths below the server's other routes, stay JSON 404s.
      for (const path of [
        '/api/v1/nothing',
        '/api',
        '/api/v2/cameras',
        '/docs/nothing',
        '/metrics/nothing',
      ]) {
        isJson404(await send(origin, 'GET', path, headers), `GET ${path} ${JSON.stringify(headers)}`);
      }
      const health = await send(origin, 'GET', '/health', headers);
      assert.equal(health.status, 200);
      assert.equal(JSON.parse(health.body).status, 'ok');
      const document = await send(origin, 'GET', '/openapi.json', headers);
      assert.equal(document.status, 200);
      assert.equal(JSON.parse(document.body).openapi, '3.0.3');
      // Metrics need a token; the answer is the API's 401, not a page.
      const metrics = await send(origin, 'GET', '/metrics', headers);
      assert.equal(metrics.status, 401);
    }
    // Not a GET: no page.
    isJson404(await send(origin, 'POST', '/live', CURL), 'POST /live');
    // A file of the build that does not exist is not answered with the page.
    assert.equal((await send(origin, 'GET', '/assets/missing.js', CURL)).status, 404);
  });

  it('sends the JavaScript compressed to a browser that accepts it, and as it is to a client that does not', async () => {
    const page = await send(origin, 'GET', '/', BROWSER);
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    assert.ok(script, page.body);
    const plain = await send(origin, 'GET', script, CURL);
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(
      String(plain.headers['vary']),
      /accept-encoding/i,
      'a shared cache keeps the variants apart',
    );
    // What Chromium sends: Brotli is chosen, about a third of the bytes, the same script once decoded.
    const brotli = await send(origin, 'GET', script, {
      ...BROWSER,
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.match(String(brotli.headers['content-type']), /^text\/javascript|^application\/javascript/);
    assert.match(String(brotli.headers['cache-control']), /immutable/);
    assert.ok(
      brotli.bytes.length < plain.bytes.length / 2,
      `${brotli.bytes.length} of ${plain.bytes.length} bytes`,
    );
    assert.ok(brotliDecompressSync(brotli.bytes).equals(plain.bytes));
    const gzip = await send(origin, 'GET', script, { 'accept-encoding': 'gzip' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.ok(gunzipSync(gzip.bytes).equals(plain.bytes));
  });
});
