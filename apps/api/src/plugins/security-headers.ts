import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers (helmet's) computed once at start and set on every reply (issue 18): @fastify/helmet built
 * helmet's middleware, parsing the CSP directives, again on every request. No header here varies per request (no
 * CSP nonces), so the answer is the same. Registered on the root instance: every route, 404s and errors included.
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, recorder as never, () => {});
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of entries) reply.header(name, value);
    done();
  });
  return headers;
}
