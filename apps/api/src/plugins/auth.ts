import type { Role } from '@haat/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../lib/deps.ts';
import { forbidden, notFound, unauthenticated } from '../lib/errors.ts';
import { sessionIsLive } from '../modules/accounts/session.service.ts';
import { type AccessClaims, verifyAccessToken } from '../modules/accounts/tokens.ts';
import { findRequestStore, requireOpenStore } from '../modules/stores/stores.service.ts';

export type Actor = AccessClaims;

/**
 * The signed-in user of a request, from its bearer token, while its sign-in is open (a session signed out or
 * revoked stops working within SESSION_CHECK_MS on every instance). Platform tokens (vendors, operators) are accepted
 * anywhere; a customer's token only at the shop it belongs to (the store-origin header or host). Wrong role: 403.
 */
export async function requireActor(deps: Deps, req: FastifyRequest, roles?: readonly Role[]): Promise<Actor> {
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw unauthenticated('Please login to continue.', 'NO_TOKEN');
  const store = await findRequestStore(deps, req);
  const audiences = store ? ['platform', `store:${store.id}`] : ['platform'];
  const actor = await verifyAccessToken(deps.authSecret, token, audiences);
  if (!(await sessionIsLive(deps, actor.userId, actor.familyId))) {
    throw unauthenticated('You were signed out. Please login again.', 'SESSION_ENDED');
  }
  if (roles && !roles.includes(actor.role)) throw forbidden();
  return actor;
}

/** The client address used for rate limits. */
export const clientIp = (req: FastifyRequest) => req.ip || 'unknown';

/** The signed-in user when the request carries a valid token, otherwise null (for pages that show more to owners). */
export async function optionalActor(deps: Deps, req: FastifyRequest): Promise<Actor | null> {
  if (!req.headers.authorization) return null;
  try {
    return await requireActor(deps, req);
  } catch {
    return null;
  }
}

/**
 * The vendor's shop named by the store-origin header (or host), for back-office calls: signed in as a vendor
 * (or the platform operator) who owns it. Another vendor's shop answers 404, exactly like an unknown one.
 */
export async function requireVendorStore(deps: Deps, req: FastifyRequest) {
  const actor = await requireActor(deps, req, ['VENDOR', 'ADMIN']);
  const store = await findRequestStore(deps, req);
  if (!store || (store.ownerId !== actor.userId && actor.role !== 'ADMIN')) throw notFound('Store not found');
  return { actor, store };
}

/** The signed-in customer of the open shop a storefront call names (cart, checkout, orders). */
export async function requireShopCustomer(deps: Deps, req: FastifyRequest) {
  const store = await requireOpenStore(deps, req);
  return { store, actor: await requireActor(deps, req, ['CUSTOMER']) };
}
