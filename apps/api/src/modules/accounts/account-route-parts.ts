import { errorEnvelope, type Role } from '@haat/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { badRequest } from '../../lib/errors.ts';

import { requireOpenStore } from '../stores/index.ts';
import type { Realm } from './accounts.service.ts';

/** What the account routes share: their error answers, the store-origin header, whose accounts a call means. */
export const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  429: errorEnvelope,
};
export const storeHeader = z.object({ 'store-origin': z.string().max(100).optional() });

/** Customers are accounts of one shop (the store-origin header or host); vendors and operators of the platform. */
export async function realmOf(deps: Deps, req: FastifyRequest, role: Role): Promise<Realm> {
  if (role !== 'CUSTOMER') return { role, storeId: null };
  const store = await requireOpenStore(deps, req);
  return { role, storeId: store.id, shopName: store.storeName };
}

/** The marketplace's own shoppers (decision 0036): Haat's account, at no shop; only shoppers sign in there. */
export function marketplaceRealm(role: Role): Realm {
  if (role !== 'CUSTOMER') {
    const message = 'Only shoppers sign in on the marketplace';
    throw badRequest(message, [{ path: 'role_name', message }]);
  }
  return { role, storeId: null, shopName: 'Haat' };
}
