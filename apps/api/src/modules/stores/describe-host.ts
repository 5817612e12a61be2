import type { HostInfo } from '@haat/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import { parseHost } from './host.ts';
import {
  describeStore,
  findStoreByDomain,
  findStoreBySlug,
  loadAddressBook,
  originOf,
} from './stores.service.ts';

/** Resolves a page request's host and path to its face and shop, with the shop's status. */
export async function describeHost(deps: Deps, req: FastifyRequest, path: string): Promise<HostInfo> {
  const target = parseHost(req.headers.host, path, deps.config.PLATFORM_DOMAIN);
  const base = { platformDomain: deps.config.PLATFORM_DOMAIN };
  if (target.face !== 'storefront')
    return { ...base, face: target.face, storeSlug: null, via: null, store: null, storeStatus: null };
  const row =
    target.via === 'domain'
      ? await findStoreByDomain(deps, target.domain)
      : await findStoreBySlug(deps, target.storeSlug);
  const via = target.via === 'path' ? 'path' : 'host';
  if (!row) {
    return {
      ...base,
      face: 'storefront',
      storeSlug: target.storeSlug ?? null,
      via,
      store: null,
      storeStatus: 'NOT_FOUND',
    };
  }
  const store = describeStore(deps, row, originOf(req), await loadAddressBook(deps, row.id));
  return { ...base, face: 'storefront', storeSlug: row.slug, via, store, storeStatus: row.onlineStatus };
}
