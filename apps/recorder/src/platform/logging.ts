// Structured JSON logs. Credentials never reach them: auth headers and cookies are redacted, and secrets in
// URLs (tickets, tokens, user:password@ in camera URLs) are masked by redactUrl before a URL is logged.
import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY = /([?&](?:ticket|token|access_token|refresh_token|api_key|key|password|secret)=)[^&#]*/gi;
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi;

/** Replaces every `user:password@` in URLs within `text` by `<mask>@`. */
export function maskUrlCredentials(text: string, mask = '[REDACTED]'): string {
  return text.replace(URL_CREDENTIALS, `$1${mask}@`);
}

export function redactUrl(url: string): string {
  return maskUrlCredentials(url.replace(SECRET_QUERY, '$1[REDACTED]'));
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
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
