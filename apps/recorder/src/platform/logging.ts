// Structured JSON logs. Credentials never reach them: auth headers and cookies are redacted, and secrets in
// URLs (tickets, tokens, user:password@ in camera URLs) are masked by redactUrl before a URL is logged.
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type LoggerOptions } from 'pino';

const SECRET_QUERY = /([?&](?:ticket|token|access_token|refresh_token|api_key|key|password|secret)=)[^&#]*/gi;
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi;

/** Replaces every `user:password@` in URLs within `text` by `<mask>@`. */
export function maskUrlCredentials(text: string, mask = '[REDACTED]'): string {
  return text.replace(URL_CREDENTIALS, `$1${mask}@`);
}

export function redactUrl(url: string): string {
  return maskUrlCredentials(url.replace(SECRET_QUERY, '$1[REDACTED]'));
}

/** The recorder's one logger: HTTP requests and the background work (recording, AI, cloud) write to it. */
export function createLogger(level: string, stream?: NodeJS.WritableStream): FastifyBaseLogger {
  return stream ? pino(loggerOptions(level), stream) : pino(loggerOptions(level));
}

function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.secret',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
        userAgent: req.headers?.['user-agent'],
      }),
    },
  };
}

/**
 * One line per request instead of Fastify's two ("incoming request" + "request completed"): the completed
 * line carries the request (method, redacted URL, ip, user agent through the `req` serializer), the status and
 * the response time, under the same `reqId`. Writing and redacting log lines was the largest cost of a small
 * request after the database. The start of a request is still logged at `debug` level. Every other line
 * Fastify writes (errors, aborted streams) is unchanged.
 */
const DEBUG_LEVELS = new Set(['debug', 'trace']);

export class RequestLogController extends Fastify.LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    if (DEBUG_LEVELS.has(request.log.level)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
