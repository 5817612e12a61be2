import { z } from 'zod';
import { STOCK_STATUSES } from './constants.ts';
import { optionFilter, productOption, shopperVariant } from './variants.ts';

const named = z.object({ id: z.string(), name: z.string() });

/** A product as shop pages list it (cards, grids). Prices in rupees. */
export const productCard = z.object({
  id: z.string(),
  slug: z.string(),
  product_name: z.string(),
  product_price: z.number(),
  discount_price: z.number().nullable(),
  discount_percentage: z.number().int(),
  /** The dearest variant's price now, when variants make a price range ("₹499 – ₹649"); else null. */
  max_price: z.number().nullable(),
  /** Sold in sizes, colours or packs: the shopper picks one on the product page before adding it. */
  has_variants: z.boolean(),
  /** The shop shows such a product's lowest price as "From ₹499" instead of the range (max_price is then null). */
  price_from: z.boolean(),
  average_rating: z.number(),
  total_reviews: z.number().int(),
  product_quantity: z.number().int(),
  stock_status: z.enum(STOCK_STATUSES),
  free_shipping: z.boolean(),
  shipping_charge: z.number(),
  thumbnail: z.string().nullable(),
  is_new: z.boolean(),
  category: named.nullable(),
  sub_category: named.nullable(),
});
export type ProductCard = z.infer<typeof productCard>;

export const PRODUCT_SORTS = [
  'relevance',
  'price_asc',
  'price_desc',
  'rating',
  'newest',
  'best_selling',
] as const;
export const productListQuery = z
  .object({
    search: z.string().trim().max(100).optional(),
    category: z.string().trim().max(100).optional(),
    sub_category: z.string().trim().max(100).optional(),
    // Rupees; bounded like every price (a larger one overflowed the paise comparison: 500, found by fuzzing).
    min_price: z.coerce
      .number()
      .min(0)
      .max(10_000_000, 'The lowest price is at most ₹1,00,00,000')
      .optional(),
    max_price: z.coerce
      .number()
      .min(0)
      .max(10_000_000, 'The highest price is at most ₹1,00,00,000')
      .optional(),
    rating: z.coerce.number().min(0).max(5).optional(),
    /** Sizes, colours or packs in stock: "Size:M,Colour:Blue". */
    option: optionFilter.optional(),
    sort: z.enum(PRODUCT_SORTS).default('relevance'),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .refine((q) => q.min_price == null || q.max_price == null || q.min_price <= q.max_price, {
    path: ['min_price'],
    message: 'The lowest price must not be above the highest',
  });
export type ProductListQuery = z.infer<typeof productListQuery>;

/** A product's page (GET /api/store/stores/product/{id}). */
export const productDetail = productCard.extend({
  product_description: z.string().nullable(),
  images: z.array(z.string()),
  sku: z.string().nullable(),
  tax_percentage: z.number(),
  low_stock_threshold: z.number().int(),
  /** The product's options (Size, Colour) and its variants; a product sold as one item has neither. */
  options: z.array(productOption),
  variants: z.array(shopperVariant),
  /**
   * Units other shoppers hold at checkout (decision 0030): product_quantity and the variants' quantity are without
   * them. Stock that is all held reads "held by another shopper" rather than out of stock.
   */
  held_quantity: z.number().int(),
  /** The live deal on this product, if one is running now. */
  deal: z
    .object({ id: z.string(), title: z.string(), discount_price: z.number(), end_time: z.string() })
    .nullable(),
  /** Offers built from the shop's settings. */
  offers: z.object({
    free_shipping_above: z.number().nullable(),
    return_days: z.number().int().nullable(),
    warranty: z.string().nullable(),
    payment_methods: z.array(z.string()),
  }),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const reviewItem = z.object({
  id: z.string(),
  name: z.string(),
  /** Spelt as the spec's wire field. */
  start_rating: z.number().int(),
  description: z.string().nullable(),
  created_at: z.string(),
  is_verified_customer: z.boolean(),
});
/**
 * Whole-number shares of `counts` that add up to exactly 100 (largest remainder): 5 and 6 of 11 are 45 % and 55 %,
 * not 46 % and 55 %. All zero counts give all zero shares.
 */
export function wholeShares(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (!total) return counts.map(() => 0);
  const exact = counts.map((c) => (c * 100) / total);
  const shares = exact.map(Math.floor);
  const order = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  let left = 100 - shares.reduce((a, b) => a + b, 0);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** Review analytics: the per-star percentages are whole numbers that add up to 100 (`wholeShares`). */
export const reviewAnalytics = z.object({
  average_rating: z.number(),
  total_reviews: z.number().int(),
  five_star_percentage: z.number(),
  four_star_percentage: z.number(),
  three_star_percentage: z.number(),
  two_star_percentage: z.number(),
  one_star_percentage: z.number(),
  counts: z.object({
    5: z.number().int(),
    4: z.number().int(),
    3: z.number().int(),
    2: z.number().int(),
    1: z.number().int(),
  }),
});
export type ReviewAnalytics = z.infer<typeof reviewAnalytics>;

/** A deal (or an upcoming sale when its start is in the future). */
export const dealItem = z.object({
  id: z.string(),
  title: z.string(),
  deal: z.object({ start_time: z.string(), end_time: z.string() }),
  product: productCard,
  discount_price: z.number(),
  discount_percentage: z.number().int(),
});
export type DealItem = z.infer<typeof dealItem>;

export const productCategory = z.object({
  id: z.string(),
  name: z.string(),
  sub_categories: z.array(named),
});
