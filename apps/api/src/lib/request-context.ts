import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * The request each piece of work belongs to, carried through its callbacks, timers and promises, so that an error
 * nobody caught (the last-resort handlers in `lib/fatal.ts`) is logged with the request id that caused it.
 */
const current = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = () => current.getStore()?.requestId;

/** Runs every request's hooks and handler inside its own context. */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (req, _reply, done) => {
    current.run({ requestId: req.id }, done);
  });
}
