// Security headers from helmet, worked out once. @fastify/helmet builds a new helmet middleware for every
// request (parsing the CSP directives each time), which cost more per request than the whole authentication
// step. The headers only depend on the options, so they are computed once by running the same helmet (the copy
// @fastify/helmet itself loads) against a recording response, and then set on every response at the same point
// of the lifecycle (onRequest, on the raw response, so hijacked streams carry them too).
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

type HelmetOptions = Record<string, unknown>;
type Middleware = (req: unknown, res: RecordingResponse, next: (error?: unknown) => void) => void;

interface RecordingResponse {
  setHeader(name: string, value: string | number | readonly string[]): void;
  removeHeader(name: string): void;
}

const fromHelmetPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
const helmet = fromHelmetPlugin('helmet') as (options: HelmetOptions) => Middleware;

/**
 * The recorder's helmet options. The CSP is the web app's: everything from the recorder's own origin, no inline
 * or third-party script, style sheets from the origin (inline style attributes allowed: UI primitives position
 * popovers with them), media and workers also from `blob:` (hls.js feeds video through Media Source Extensions
 * and runs its demuxer in a worker), no framing. No upgrade-insecure-requests: recorders are often reached over
 * plain HTTP.
 */
export const SECURITY_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
};

export interface HeaderChanges {
  set: [string, string | number | readonly string[]][];
  remove: string[];
}

/** What helmet does to a response with these options. */
export function helmetHeaders(options: HelmetOptions): HeaderChanges {
  const changes: HeaderChanges = { set: [], remove: [] };
  helmet(options)(
    {},
    {
      setHeader: (name, value) => void changes.set.push([name, value]),
      removeHeader: (name) => void changes.remove.push(name),
    },
    (error) => {
      if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
    },
  );
  return changes;
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const { set, remove } = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const name of remove) raw.removeHeader(name);
    for (const [name, value] of set) raw.setHeader(name, value);
    done();
  });
}
