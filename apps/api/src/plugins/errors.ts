import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { databaseUnavailable } from '../lib/pg-errors.ts';

/** One error handler: every failure leaves as the error envelope; 5xx never carry internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const requestId = req.id;
    if (err instanceof AppError) {
      if (err.retryAfter) reply.header('retry-after', String(err.retryAfter));
      return reply.code(err.statusCode).send({
        success: false,
        message: err.message,
        error: { code: err.code, ...err.extra },
        requestId,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const issues = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
        message: v.message ?? 'Invalid value',
      }));
      const first = issues[0];
      return reply.code(400).send({
        success: false,
        message: first ? `Invalid ${where}: ${first.path} ${first.message.toLowerCase()}` : 'Invalid request',
        error: { code: 'VALIDATION_FAILED', issues },
        requestId,
      });
    }
    const unavailable = databaseUnavailable(err);
    if (unavailable) {
      // A dropped connection, a restarting or failing-over database, a statement past its time: nothing was
      // acknowledged, and the same request (with its Idempotency-Key) can be sent again.
      req.log.warn({ err, dbCode: unavailable.code }, 'database unavailable');
      reply.header('retry-after', '1');
      return reply.code(503).send({
        success: false,
        message: unavailable.message,
        error: { code: 'DATABASE_UNAVAILABLE' },
        requestId,
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
    } else if (err.statusCode && err.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type …
      const code = err.statusCode === 429 ? 'RATE_LIMITED' : 'VALIDATION_FAILED';
      return reply.code(err.statusCode).send({
        success: false,
        message: err.statusCode === 415 ? 'Unsupported content type' : err.message,
        error: { code },
        requestId,
      });
    } else {
      req.log.error({ err }, 'unhandled error');
    }
    return reply.code(500).send({
      success: false,
      message: 'Something went wrong on our end. Please try again later.',
      error: { code: 'INTERNAL' },
      requestId,
    });
  });

  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({
      success: false,
      message: `No route for ${req.method} ${req.url.split('?')[0]}`,
      error: { code: 'NOT_FOUND' },
      requestId: req.id,
    }),
  );
}
