/** The hearts' query (the product ids saved at a shop) and the wishlist page's. */
export const idsKey = (slug: string | null) => ['wishlist-ids', slug] as const;
export const listKey = (slug: string | null) => ['wishlist', slug] as const;
/** A save that waits for the shopper to sign in, kept in this tab's storage (heart-actions.ts). */
export const SAVE_KEY = 'haat:pending-save';
