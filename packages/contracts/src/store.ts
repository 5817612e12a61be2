import { z } from 'zod';
import { PLANS, SHOP_CATEGORIES, STORE_STATUSES } from './constants.ts';
import { dealItem, productCard } from './product.ts';
import { storeSection } from './theme.ts';

export const storeStatus = z.enum(STORE_STATUSES);
export const plan = z.enum(PLANS);

/** A shop on the marketplace (GET /api/store/get-store/). */
export const storeCard = z.object({
  id: z.string(),
  slug: z.string(),
  store_name: z.string(),
  short_description: z.string().nullable(),
  image: z.string().nullable(),
  rating: z.number(),
  total_reviews: z.number().int(),
  online_status: storeStatus,
  location: z.object({ city: z.string().nullable(), state: z.string().nullable() }),
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  store_url: z.string(),
});
export type StoreCard = z.infer<typeof storeCard>;

export const storeListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  category: z.union([z.enum(SHOP_CATEGORIES), z.literal('All')]).optional(),
  city: z.string().trim().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(12),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const storeListData = z.object({ results: z.array(storeCard), count: z.number().int() });

export const storeLocation = z.object({
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  postal_code: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export const storeContact = z.object({ contact_type: z.string(), phone_number: z.string() });

/** A shop as its storefront reads it (GET /api/store/store/{slug}/). */
export const storeDetail = z.object({
  id: z.string(),
  slug: z.string(),
  store_name: z.string(),
  store_category_id: z.string().nullable(),
  description: z.string().nullable(),
  short_description: z.string().nullable(),
  phone_number: z.string().nullable(),
  contact_type: z.string().nullable(),
  image: z.string().nullable(),
  rating: z.number(),
  total_reviews: z.number().int(),
  online_status: storeStatus,
  plan,
  location: storeLocation.nullable(),
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  store_owner: z.object({ first_name: z.string(), last_name: z.string() }),
  domains: z.array(z.object({ domain_name: z.string(), domain_type: z.string() })),
  contacts: z.array(storeContact),
  store_url: z.string(),
  status_note: z.string().nullable(),
  status_until: z.string().nullable(),
});
export type StoreDetail = z.infer<typeof storeDetail>;

/** Everything the storefront home needs in one call (GET /api/store/stores/home/). */
export const storeHome = z.object({
  store: storeDetail,
  sections: z.array(storeSection),
  featured: z.array(productCard),
  deals: z.array(dealItem),
  upcoming_sales: z.array(dealItem),
});
export type StoreHome = z.infer<typeof storeHome>;

export const storeCategory = z.object({ id: z.string(), name: z.string() });
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** Where a page request landed, injected into index.html by the server. */
export const hostInfo = z.object({
  face: z.enum(['marketing', 'storefront', 'backoffice']),
  /** Set when the host (subdomain or custom domain) or the /store/{slug} path names a shop. */
  storeSlug: z.string().nullable(),
  /** How the shop was addressed: its own host, or a /store/{slug} path on the main domain. */
  via: z.enum(['host', 'path']).nullable(),
  platformDomain: z.string(),
  store: storeDetail.nullable(),
  /** NOT_FOUND when the host or path names no shop; the shop's status otherwise. */
  storeStatus: z.union([storeStatus, z.literal('NOT_FOUND'), z.literal('ERROR')]).nullable(),
});
export type HostInfo = z.infer<typeof hostInfo>;

export const newsletterBody = z.strictObject({
  email: z.email('Please enter a valid email address').max(254),
});
