import { z } from 'zod';

const email = z.email('Please enter a valid email address').max(254);

/**
 * Notify Me on an upcoming sale (POST /api/store/stores/product/store-deals/{dealId}/notify/). A signed-in
 * customer of the shop is subscribed with their account email; anyone else sends the address to mail.
 */
export const saleNotifyBody = z.strictObject({ email: email.optional() });
export type SaleNotifyBody = z.infer<typeof saleNotifyBody>;

export const saleNotifyData = z.object({
  deal_id: z.string(),
  email: z.string(),
  /** When the sale starts (ISO): the reminder goes out then. */
  starts_at: z.string(),
  /** True when this address was already on the list for this sale (200 instead of 201). */
  already_subscribed: z.boolean(),
  /**
   * True when a link was mailed to the address and it is on the list only once that link is opened (202; always
   * for a signed-out shopper, whatever the address's state, so the answer tells nobody who is subscribed).
   */
  pending: z.boolean(),
});
export type SaleNotifyData = z.infer<typeof saleNotifyData>;

/**
 * Notify me when it's back (POST /api/store/stores/product/{id}/notify-stock/): one mail when the product (or the
 * variant named) has stock again. A signed-in customer of the shop is subscribed with their account email; anyone
 * else sends the address, which is mailed a link first (double opt-in).
 */
export const stockAlertBody = z.strictObject({
  email: email.optional(),
  /** The out-of-stock variant asked about; absent for a product without variants to choose. */
  variant_id: z.uuid('Please choose an option').optional(),
});
export type StockAlertBody = z.infer<typeof stockAlertBody>;

export const stockAlertData = z.object({
  product_id: z.string(),
  variant_id: z.string(),
  email: z.string(),
  /** True when this address was already on the list for this variant (200 instead of 201). */
  already_subscribed: z.boolean(),
  /** True when a link was mailed and the address is on the list once it is opened (202, for any signed-out shopper). */
  pending: z.boolean(),
});
export type StockAlertData = z.infer<typeof stockAlertData>;

/** The shop footer's newsletter (POST /api/store/newsletter/), kept per shop. */
export const shopNewsletterBody = z.strictObject({ email });
export const shopNewsletterData = z.object({ email: z.string() });
export type ShopNewsletterData = z.infer<typeof shopNewsletterData>;

/** Distinct cities of the open shops, for the marketplace's city filter (GET /api/store/get-store/cities/). */
export const storeCitiesData = z.array(z.object({ city: z.string(), count: z.number().int() }));
export type StoreCities = z.infer<typeof storeCitiesData>;

/**
 * Double opt-in: the one-time link mailed to a new subscriber carries this token (POST
 * /api/store/subscription/confirm/ for a shop's lists, /api/user/newsletter/confirm/ for the platform's).
 */
export const subscriptionConfirmBody = z.strictObject({
  token: z.string().min(1, 'The link is incomplete').max(200, 'The link is not valid'),
});
export type SubscriptionConfirmBody = z.infer<typeof subscriptionConfirmBody>;
export const subscriptionConfirmData = z.object({
  /** Which list the address is now on. */
  list: z.enum(['NEWSLETTER', 'SALE', 'STOCK']),
  email: z.string(),
  /** For Notify Me: the sale's title. */
  sale_title: z.string().nullable(),
  /** For a back-in-stock alert: the product (and its option) asked about. */
  product_name: z.string().nullable(),
});
export type SubscriptionConfirmData = z.infer<typeof subscriptionConfirmData>;
