import { z } from 'zod';
import { STOCK_STATUSES } from './constants.ts';

/**
 * Wishlist across shops (issue 40). A heart on a product card or page saves the product (and the variant chosen) at
 * this shop (POST /api/store/wishlist/); the wishlist page (GET /api/store/wishlist/) lists the saved products of
 * every shop the shopper's Haat account is linked to (decision 0029), each shop read under its own row-level security.
 */
export const wishlistSaveBody = z.strictObject({
  product_id: z.uuid('product_id must be a valid id'),
  /** The option chosen on the product page; absent from a product card. */
  variant_id: z.uuid('variant_id must be a valid id').optional(),
});
export type WishlistSaveBody = z.infer<typeof wishlistSaveBody>;

/** The product ids saved at this shop, for the hearts (GET /api/store/wishlist/ids/). */
export const wishlistIds = z.object({ product_ids: z.array(z.string()) });
export type WishlistIds = z.infer<typeof wishlistIds>;

export const wishlistItem = z.object({
  id: z.string(),
  product_id: z.string(),
  variant_id: z.string().nullable(),
  product_name: z.string(),
  /** "M / Blue" for the variant saved, null for none. */
  variant_label: z.string().nullable(),
  thumbnail: z.string().nullable(),
  /** What it costs now (rupees). */
  price_now: z.number(),
  /** What it cost when it was saved (rupees). */
  price_at_save: z.number(),
  /** How much less it costs now than when it was saved (rupees; 0 when not less). */
  price_drop: z.number(),
  stock_status: z.enum(STOCK_STATUSES),
  /** Units in stock (for "Only 3 left"). */
  quantity: z.number().int(),
  /** False when the shop no longer sells the product (not active). */
  available: z.boolean(),
  saved_at: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItem>;

export const wishlistShop = z.object({
  store_id: z.string(),
  slug: z.string(),
  shop_name: z.string(),
  /** The shop whose store-origin the list was asked with (its items can be removed with this session). */
  current: z.boolean(),
  items: z.array(wishlistItem),
});
export type WishlistShop = z.infer<typeof wishlistShop>;

/** The wishlist: this shop first, then the account's other shops, each with its saved products newest first. */
export const wishlistData = z.object({ shops: z.array(wishlistShop) });
export type WishlistData = z.infer<typeof wishlistData>;

/** The answer to a save: the row as it now stands. */
export const wishlistSaved = z.object({
  id: z.string(),
  product_id: z.string(),
  variant_id: z.string().nullable(),
  price_at_save: z.number(),
});
export type WishlistSaved = z.infer<typeof wishlistSaved>;
