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
});
export type SaleNotifyData = z.infer<typeof saleNotifyData>;

/** The shop footer's newsletter (POST /api/store/newsletter/), kept per shop. */
export const shopNewsletterBody = z.strictObject({ email });
export const shopNewsletterData = z.object({ email: z.string() });
export type ShopNewsletterData = z.infer<typeof shopNewsletterData>;

/** Distinct cities of the open shops, for the marketplace's city filter (GET /api/store/get-store/cities/). */
export const storeCitiesData = z.array(z.object({ city: z.string(), count: z.number().int() }));
export type StoreCities = z.infer<typeof storeCitiesData>;
