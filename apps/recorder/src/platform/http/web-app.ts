// The web app (apps/web, a Vite build) served at `/`, compressed where the browser accepts it. Hashed assets are
// cached for a year (their names change with their content); index.html is never cached, so a new version reaches browsers at once. Client routes
// (/live, /cameras/12 …) are answered with index.html so that deep links survive a reload — to browsers and to
// curl, health checkers and link previews alike (`Accept: */*` or none); the server's own paths (the API, the
// docs, metrics, health…) and requests that ask only for JSON keep their JSON 404.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

/** Where `npm run build` puts the web app, from this file in src/ or dist/ of the recorder. */
export const DEFAULT_WEB_DIR = new URL('../../../../web/dist', import.meta.url).pathname;

/** `application/json` and the `+json` types (`application/problem+json`…). */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json$/;

/** What the build writes where the page's CSP nonce goes (apps/web/vite.config.ts, `html.cspNonce`). */
const NONCE_PLACEHOLDER = /NVR_CSP_NONCE/g;

export type SendApp = (reply: FastifyReply) => FastifyReply;

/** Serves the web app's files; returns what answers a page navigation with the app, or null without a build. */
export async function registerWebApp(app: FastifyInstance, dir: string): Promise<SendApp | null> {
  if (!existsSync(join(dir, 'index.html'))) return null;
  // Only `reply.sendFile`: the routes below are the recorder's own, public like the page itself. The build
  // leaves a Brotli and a gzip copy beside each text asset (apps/web/scripts/compress-dist.mjs), sent to
  // browsers that accept them: the sign-in page's JavaScript is a third of its size over the wire.
  await app.register(fastifyStatic, { root: dir, serve: false, preCompressed: true });
  const hidden = { config: { public: true }, schema: { hide: true } } as const;
  app.get<{ Params: { '*': string } }>('/assets/*', hidden, (request, reply) =>
    reply.sendFile(`assets/${request.params['*']}`, { maxAge: '365d', immutable: true }),
  );
  // The build's other top-level files (icons), by name: nothing else of the directory is reachable.
  for (const name of readdirSync(dir)) {
    if (name === 'index.html' || name === 'assets' || !statSync(join(dir, name)).isFile()) continue;
    if (/\.(?:br|gz)$/.test(name)) continue; // a compressed copy: sent for its file's name
    app.get(`/${name}`, hidden, (_request, reply) => revalidated(reply, name));
  }
  return appPage(join(dir, 'index.html'));
}

/**
 * The first path segments of the server's own routes (`api`, `docs`, `openapi.json`, `health`, `metrics`, the
 * build's `assets`…), collected as routes are added: a path under one of them is never a page of the app, so an
 * unknown `/api/…` or `/metrics/…` stays a JSON 404 and a route added later needs no list kept by hand. Call it
 * before any route is registered.
 */
export function collectServerPaths(app: FastifyInstance): ReadonlySet<string> {
  const segments = new Set<string>();
  app.addHook('onRoute', (route) => {
    const first = route.url.split('/')[1];
    if (first) segments.add(first);
  });
  return segments;
}

/**
 * Whether the client asks only for JSON (`Accept: application/json`, or only JSON types, or nothing acceptable
 * at all): then an unknown path is the JSON 404. No Accept header, the wildcard curl sends, `text/html` or any
 * list that takes something else gets the app. Parsed by `negotiator` (q-values, wildcards, parameters), the
 * parser Express uses.
 */
function asksOnlyForJson(accept: string | undefined): boolean {
  const acceptable = new Negotiator({ headers: accept === undefined ? {} : { accept } }).mediaTypes();
  return acceptable.every((type) => JSON_MEDIA_TYPE.test(type.toLowerCase()));
}

/**
 * For the not-found handler: a GET or HEAD of a path that is not the server's own, from a client that does not
 * ask only for JSON, gets the app (its router shows the page or its own 404).
 */
export function isPageNavigation(request: FastifyRequest, serverPaths: ReadonlySet<string>): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const first = request.url.split('?')[0]!.split('/')[1] ?? '';
  if (serverPaths.has(first)) return false;
  return !asksOnlyForJson(request.headers.accept);
}

/**
 * index.html with a fresh CSP nonce: the CSP of this response allows style elements carrying it (UI primitives
 * add some at run time, e.g. a dialog's scroll lock); inline scripts stay forbidden.
 */
function appPage(file: string): SendApp {
  // index.html as built, read again when a new build replaces it.
  let cached = { mtimeMs: -1, html: '' };
  return (reply) => {
    const mtimeMs = statSync(file).mtimeMs;
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    const nonce = randomBytes(16).toString('base64');
    const policy = String(reply.raw.getHeader('content-security-policy') ?? '');
    return reply
      .header('cache-control', 'no-cache')
      .header(
        'content-security-policy',
        policy.replace(/(^|;)style-src ([^;]*)/, `$1style-src $2 'nonce-${nonce}'`),
      )
      .type('text/html; charset=utf-8')
      .send(cached.html.replace(NONCE_PLACEHOLDER, nonce));
  };
}

/** A file browsers must check again every time (its name does not change with its content). */
function revalidated(reply: FastifyReply, name: string): FastifyReply {
  return reply.header('cache-control', 'no-cache').sendFile(name, { cacheControl: false });
}
