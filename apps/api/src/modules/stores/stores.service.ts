import { OPEN_STORE_STATUSES, type StoreCard, type StoreDetail, type StoreStatus } from '@haat/contracts';
import { readAnywhere, withStore } from '@haat/db';
import type { FastifyRequest } from 'fastify';
import type { Deps, Origin } from '../../lib/deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isValidSlug, parseHost } from './host.ts';
import type { AddressBook, StoreRow } from './stores.repository.ts';
import * as repo from './stores.repository.ts';

const MISS_TTL_MS = 5_000;

/** A shop by slug through the directory cache; null when there is none. */
export async function findStoreBySlug(deps: Deps, slug: string): Promise<StoreRow | null> {
  const key = `slug:${slug}`;
  const cached = deps.storeCache.get(key);
  if (cached !== undefined) return cached;
  const row = isValidSlug(slug) ? await repo.findStoreBySlug(deps.db, slug) : null;
  deps.storeCache.set(key, row, row ? undefined : MISS_TTL_MS);
  return row;
}

/** A shop by a verified custom domain through the directory cache. */
export async function findStoreByDomain(deps: Deps, domain: string): Promise<StoreRow | null> {
  const key = `domain:${domain}`;
  const cached = deps.storeCache.get(key);
  if (cached !== undefined) return cached;
  const row = await repo.findStoreByDomain(deps.db, domain);
  deps.storeCache.set(key, row, row ? undefined : MISS_TTL_MS);
  return row;
}

export const isOpen = (status: StoreStatus) => OPEN_STORE_STATUSES.includes(status);

/**
 * The shop a store-scoped call is about: the `store-origin` header (its slug), else the host
 * (subdomain or custom domain). Unknown → 404; not open to shoppers → 403 with its status (01 §4).
 */
export async function requireOpenStore(deps: Deps, req: FastifyRequest): Promise<StoreRow> {
  const store = await requireStore(deps, req);
  if (!isOpen(store.onlineStatus)) throw unavailable(store.onlineStatus);
  return store;
}

export async function requireStore(deps: Deps, req: FastifyRequest): Promise<StoreRow> {
  const store = await findRequestStore(deps, req);
  if (store === undefined) {
    throw new AppError(400, 'VALIDATION_FAILED', 'This call needs a shop: send the store-origin header', {
      issues: [{ path: 'store-origin', message: 'Required' }],
    });
  }
  if (!store) throw notFound('Store not found');
  return store;
}

/**
 * The shop a request names by its store-origin header (a slug) or its host: the shop, null when it names an
 * unknown one, undefined when it names none (the main domain or admin host without the header).
 */
export async function findRequestStore(
  deps: Deps,
  req: FastifyRequest,
): Promise<StoreRow | null | undefined> {
  const header = req.headers['store-origin'];
  const origin = Array.isArray(header) ? header[0] : header;
  if (origin) return findStoreBySlug(deps, origin.trim().toLowerCase());
  const target = parseHost(req.headers.host, '/', deps.config.PLATFORM_DOMAIN);
  if (target.face === 'storefront' && target.via === 'host') return findStoreBySlug(deps, target.storeSlug);
  if (target.face === 'storefront' && target.via === 'domain') return findStoreByDomain(deps, target.domain);
  return undefined;
}

export const unavailable = (status: StoreStatus) =>
  new AppError(403, 'STORE_UNAVAILABLE', `Store is currently ${status}`, { status });

/** The shop's own address: custom domain (enterprise, verified), subdomain (professional+), or /store/{slug}. */
export function storeUrl(
  deps: { config: Pick<Deps['config'], 'PLATFORM_DOMAIN'> },
  store: Pick<StoreRow, 'slug' | 'plan' | 'customDomain'>,
  origin: Origin,
) {
  const port = origin.port && ![80, 443].includes(origin.port) ? `:${origin.port}` : '';
  const domain = deps.config.PLATFORM_DOMAIN;
  if (store.plan === 'enterprise' && store.customDomain)
    return `${origin.protocol}://${store.customDomain}${port}/`;
  if (store.plan !== 'basic') return `${origin.protocol}://${store.slug}.${domain}${port}/`;
  return `${origin.protocol}://${domain}${port}/store/${store.slug}`;
}

export function originOf(req: FastifyRequest): Origin {
  return { protocol: req.protocol, port: req.port ?? null };
}

/** Marketplace listing of open shops. */
export async function listStores(deps: Deps, origin: Origin, f: repo.StoreListFilter) {
  // The marketplace's lists read on a standby when there is one (decision 0026).
  const { rows, count } = await readAnywhere(deps.db, (db) => repo.listOpenStores(db, f));
  return { results: rows.map((r) => toStoreCard(deps, r, origin)), count };
}

export function toStoreCard(deps: Deps, r: StoreRow, origin: Origin): StoreCard {
  return {
    id: r.id,
    slug: r.slug,
    store_name: r.storeName,
    short_description: r.shortDescription,
    image: r.image,
    rating: r.rating,
    total_reviews: r.totalReviews,
    online_status: r.onlineStatus,
    location: { city: r.city, state: r.state },
    category: r.storeCategoryId && r.categoryName ? { id: r.storeCategoryId, name: r.categoryName } : null,
    store_url: storeUrl(deps, r, origin),
  };
}

/** The shop's address book, read in its own tenant context. */
export const loadAddressBook = (deps: Deps, storeId: string) =>
  withStore(deps.db, storeId, (tx) => repo.findAddressBook(tx));

/** The full public description of one shop (any status: the status screens show its real name). */
export function describeStore(deps: Deps, r: StoreRow, origin: Origin, book: AddressBook): StoreDetail {
  const l = book.location as Record<string, string | number | null> | null;
  const str = (k: string) => (l?.[k] == null ? null : String(l[k]));
  const num = (k: string) => (l?.[k] == null ? null : Number(l[k]));
  const domains: StoreDetail['domains'] = [];
  if (r.plan !== 'basic')
    domains.push({ domain_name: `${r.slug}.${deps.config.PLATFORM_DOMAIN}`, domain_type: 'subdomain' });
  if (r.customDomain) domains.push({ domain_name: r.customDomain, domain_type: 'custom' });
  return {
    id: r.id,
    slug: r.slug,
    store_name: r.storeName,
    store_category_id: r.storeCategoryId,
    description: r.description,
    short_description: r.shortDescription,
    phone_number: r.phoneNumber,
    contact_type: r.contactType,
    image: r.image,
    rating: r.rating,
    total_reviews: r.totalReviews,
    online_status: r.onlineStatus,
    plan: r.plan,
    location: l
      ? {
          address_line_1: str('address_line_1'),
          address_line_2: str('address_line_2'),
          city: str('city'),
          state: str('state'),
          country: str('country'),
          postal_code: str('postal_code'),
          latitude: num('latitude'),
          longitude: num('longitude'),
        }
      : null,
    category: r.storeCategoryId && r.categoryName ? { id: r.storeCategoryId, name: r.categoryName } : null,
    store_owner: { first_name: r.ownerFirstName, last_name: r.ownerLastName },
    domains,
    contacts: book.contacts,
    store_url: storeUrl(deps, r, origin),
    status_note: r.statusNote,
    status_until: r.statusUntil ? r.statusUntil.toISOString() : null,
  };
}

/** Cities of the open shops for the marketplace's city filter. */
export const listStoreCities = (deps: Deps) => readAnywhere(deps.db, (db) => repo.listOpenStoreCities(db));

export const listStoreCategories = (deps: Deps, limit: number, offset: number) =>
  readAnywhere(deps.db, (db) => repo.listStoreCategories(db, limit, offset));
