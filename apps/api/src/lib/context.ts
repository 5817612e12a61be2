import type { FastifyRequest } from 'fastify';
import type { StoreRow } from '../modules/stores/index.ts';
import type { Actor } from '../plugins/auth.ts';
import type { Deps } from './deps.ts';

/**
 * What a service needs to know about the request it serves in a shop, passed first instead of a list of positional
 * parameters (issue 41): the dependencies, who asks, in which shop, the request's id and the clock.
 */
export interface ShopContext {
  deps: Deps;
  actor: Actor;
  store: StoreRow;
  /** The request's id, for logs and audit rows ('' outside a request). */
  requestId: string;
  /** The time the request is served at (one clock for every step of it). */
  now: () => Date;
}

/** The context of a request to a shop. */
export const shopContext = (
  deps: Deps,
  req: Pick<FastifyRequest, 'id'> | null,
  actor: Actor,
  store: StoreRow,
): ShopContext => ({ deps, actor, store, requestId: req?.id ?? '', now: () => new Date() });
