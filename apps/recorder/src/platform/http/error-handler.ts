import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, FieldValidationError } from './errors.js';
import { toValidationIssues } from './validation.js';

/** Answers a request nothing else matched, or returns null for the JSON 404 (the web app's deep links). */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

/** The single place where thrown errors become HTTP responses (API.md §1 error shapes). */
export function registerErrorHandling(app: FastifyInstance, notFound: NotFoundFallback = () => null): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof FieldValidationError) {
      return reply.status(422).send({ detail: error.issues });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const issues = toValidationIssues(fastifyError.validation, fastifyError.validationContext);
      return reply.status(422).send({ detail: issues });
    }
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply
          .status(422)
          .send({ detail: [{ loc: ['body'], msg: 'Request body is not valid JSON', type: 'json_invalid' }] });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ detail: 'Unsupported content type' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ detail: 'Request body is too large' });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ detail: 'Too many requests' });
    if (status >= 400 && status < 500) return reply.status(status).send({ detail: fastifyError.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    return notFound(request, reply) ?? reply.status(404).send({ detail: 'Not Found' });
  });
}
