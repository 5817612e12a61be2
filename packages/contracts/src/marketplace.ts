import { z } from 'zod';
import { SHOP_CATEGORIES } from './constants.ts';

/** Sorts of the marketplace's product search. */
export const MARKETPLACE_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'] as const;
export type MarketplaceSort = (typeof MARKETPLACE_SORTS)[number];

const flag = z
  .enum(['true', 'false', '1', '0'], { message: 'Must be true or false' })
  .transform((v) => v === 'true' || v === '1');

/** GET /api/store/get-store/products/: products of every open shop, searched, filtered, sorted and paged. */
export const marketplaceProductQuery = z
  .object({
    search: z.string().trim().max(100).optional(),
    /** The shop's business category, as on the All Shops page. */
    category: z.union([z.enum(SHOP_CATEGORIES), z.literal('All')]).optional(),
    city: z.string().trim().max(80).optional(),
    /** Rupees, what the shopper pays now. */
    min_price: z.coerce.number().min(0).max(10_000_000).optional(),
    max_price: z.coerce.number().min(0).max(10_000_000).optional(),
    /** Lowest average rating, 1 to 5. */
    rating: z.coerce.number().min(0).max(5).optional(),
    in_stock: flag.optional(),
    sort: z.enum(MARKETPLACE_SORTS).default('relevance'),
    limit: z.coerce.number().int().min(1).max(100).default(12),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .refine((q) => q.min_price == null || q.max_price == null || q.min_price <= q.max_price, {
    path: ['min_price'],
    message: 'The lowest price must not be above the highest',
  });
export type MarketplaceProductQuery = z.infer<typeof marketplaceProductQuery>;

/** One product on the marketplace: only what its shop's own storefront shows. Prices in rupees. */
export const marketplaceProduct = z.object({
  id: z.string(),
  slug: z.string(),
  product_name: z.string(),
  thumbnail: z.string().nullable(),
  /** The product's category in its shop. */
  category: z.string().nullable(),
  /** The list price. */
  product_price: z.number(),
  /** What the shopper pays now (sale or live deal included): the lowest of the product's prices. */
  price: z.number(),
  /** The highest price to pay (a product with variants); equal to price otherwise. */
  max_price: z.number(),
  discount_percentage: z.number().int(),
  average_rating: z.number(),
  total_reviews: z.number().int(),
  in_stock: z.boolean(),
  store: z.object({
    id: z.string(),
    slug: z.string(),
    store_name: z.string(),
    city: z.string().nullable(),
  }),
  /** The product's page on its shop's own address (custom domain, subdomain or /store/{slug}). */
  product_url: z.string(),
});
export type MarketplaceProduct = z.infer<typeof marketplaceProduct>;

export const marketplaceProductData = z.object({
  results: z.array(marketplaceProduct),
  /**
   * How many products match as far as the search looked: those before and on this page (exact on the last page).
   * A page past the last match has no results and the number of matches, counted up to 1,000.
   */
  count: z.number().int(),
  /** True when more products match than `count` says: there is a next page (or more than 1,000 matches). */
  count_capped: z.boolean(),
});
export type MarketplaceProductData = z.infer<typeof marketplaceProductData>;
