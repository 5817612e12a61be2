import { can, type Role, roleRefusal, type ShopRole } from '@haat/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../lib/deps.ts';
import { forbidden, notFound, unauthenticated } from '../lib/errors.ts';

import {
  type AccessClaims,
  MARKETPLACE_AUDIENCE,
  sessionIsLive,
  verifyAccessToken,
} from '../modules/accounts/index.ts';
import { findRequestStore, memberRole, requireOpenStore } from '../modules/stores/index.ts';

import { operationOf, ROUTE_OPERATIONS } from './permissions.ts';

export type Actor = AccessClaims;

/**
 * The signed-in user of a request, from its bearer token, while its sign-in is open (a session signed out or
 * revoked stops working within SESSION_CHECK_MS on every instance). Platform tokens (vendors, operators) are accepted
 * anywhere; a customer's token only at the shop it belongs to (the store-origin header or host). Wrong role: 403.
 */
export async function requireActor(deps: Deps, req: FastifyRequest, roles?: readonly Role[]): Promise<Actor> {
  const token = bearerToken(req);
  const store = await findRequestStore(deps, req);
  return liveActor(deps, token, store ? ['platform', `store:${store.id}`] : ['platform'], roles);
}

/**
 * The signed-in account's own profile and password: anyone `requireActor` accepts, and the marketplace's shopper
 * (decision 0036), whose token no other call takes.
 */
export async function requireOwnAccount(deps: Deps, req: FastifyRequest): Promise<Actor> {
  const token = bearerToken(req);
  const store = await findRequestStore(deps, req);
  const audiences = store ? ['platform', `store:${store.id}`] : ['platform'];
  return liveActor(deps, token, [...audiences, MARKETPLACE_AUDIENCE]);
}

/**
 * The marketplace's signed-in shopper (decision 0036): only a token of the audience `marketplace`; a shop's customer
 * token, a vendor's or the operator's is refused (401 WRONG_AUDIENCE), as a shop's token is at another shop.
 */
export async function requireMarketplaceShopper(deps: Deps, req: FastifyRequest): Promise<Actor> {
  return liveActor(deps, bearerToken(req), [MARKETPLACE_AUDIENCE], ['CUSTOMER']);
}

function bearerToken(req: FastifyRequest) {
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw unauthenticated('Please login to continue.', 'NO_TOKEN');
  return token;
}

/** The token's claims for one of these audiences, while its sign-in is open; a wrong role: 403. */
async function liveActor(deps: Deps, token: string, audiences: string[], roles?: readonly Role[]) {
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
 * The vendor's shop named by the store-origin header (or host), for back-office calls: signed in as its owner,
 * one of its staff, or the platform operator (role OPERATOR: reads only); a shop the person is not in answers 404,
 * exactly like an unknown one. The call's operation (ROUTE_OPERATIONS) must be one the person's role may do
 * (SHOP_PERMISSIONS), else 403 naming the role. Membership is read on every call, so a removed person loses the
 * shop at once.
 */
export function requireVendorStore(deps: Deps, req: FastifyRequest) {
  let checked = vendorChecks.get(req);
  if (!checked) {
    checked = checkVendorStore(deps, req);
    vendorChecks.set(req, checked);
  }
  return checked;
}

/** Each request's back-office check, made once (the permission hook, then the handler, read the same answer). */
const vendorChecks = new WeakMap<FastifyRequest, ReturnType<typeof checkVendorStore>>();

async function checkVendorStore(deps: Deps, req: FastifyRequest) {
  const actor = await requireActor(deps, req, ['VENDOR', 'ADMIN']);
  const store = await findRequestStore(deps, req);
  if (!store) throw notFound('Store not found');
  const role = await shopRoleOf(deps, store, actor);
  if (!role) throw notFound('Store not found');
  const op = operationOf(req);
  if (role !== 'OWNER' && (!op || !can(role, op))) throw forbidden(roleRefusal(role, op), 'ROLE_FORBIDDEN');
  return { actor, store, role };
}

/**
 * What the person is in a shop: its owner, the platform operator (reads only, decision 0021), their staff role,
 * or null (not in it).
 */
export async function shopRoleOf(
  deps: Deps,
  store: { id: string; ownerId: string },
  actor: Actor,
): Promise<ShopRole | null> {
  if (store.ownerId === actor.userId) return 'OWNER';
  if (actor.role === 'ADMIN') return 'OPERATOR';
  return memberRole(deps.db, store.id, actor.userId);
}

/** The signed-in customer of the open shop a storefront call names (cart, checkout, orders). */
export async function requireShopCustomer(deps: Deps, req: FastifyRequest) {
  const store = await requireOpenStore(deps, req);
  return { store, actor: await requireActor(deps, req, ['CUSTOMER']) };
}

/**
 * Checks every back-office call in the permission table before its input is validated, so a role that may not
 * make a call is refused (403 naming the role) whatever it sends. Register before the routes.
 */
export function registerShopPermissions(app: FastifyInstance, deps: Deps) {
  // Attached to the back-office routes the table names as they are added: a storefront call pays nothing for it.
  const check = async (req: FastifyRequest) => {
    await requireVendorStore(deps, req);
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => `${m} ${route.url}` in ROUTE_OPERATIONS)) return;
    const own = route.preValidation;
    route.preValidation = own ? [check, ...(Array.isArray(own) ? own : [own])] : [check];
  });
}
