import { z } from 'zod';
import { INDIAN_STATES, PIN_CODE_PATTERN } from './indian-states.ts';

/** A PIN code in a path or query: 6 digits, not starting with 0 (400 naming the field otherwise). */
export const pinField = z
  .string({ error: 'Enter a 6-digit PIN code' })
  .trim()
  .regex(PIN_CODE_PATTERN, 'Enter a 6-digit PIN code');
export const pinParam = z.object({ pin: pinField });

/**
 * Where a PIN code is, from India Post's PIN code directory (shipped with the app): its city (the district
 * most of its post offices are in) and its state as the app's own list names it.
 */
export const pinPlace = z.object({
  pin: z.string(),
  city: z.string(),
  state: z.enum(INDIAN_STATES),
});
export type PinPlace = z.infer<typeof pinPlace>;

/** "Check delivery" on a product page: which PIN code, and the product (and variant) the shopper looks at. */
export const deliveryCheckQuery = z.object({
  pin: pinField,
  product_id: z.uuid({ error: 'product_id must be a valid id' }),
  variant_id: z.uuid({ error: 'variant_id must be a valid id' }).optional(),
});

/** One of the shop's delivery options at that PIN code, priced for this product, with its dates in India. */
export const deliveryCheckOption = z.object({
  id: z.string(),
  delivery_name: z.string(),
  delivery_charge: z.number(),
  is_free: z.boolean(),
  min_days: z.number().int(),
  max_days: z.number().int(),
  /** The first and last day it may arrive (YYYY-MM-DD, India's calendar; Sundays are not delivery days). */
  earliest: z.string(),
  latest: z.string(),
});

/** The shop's answer for a PIN code: whether it delivers there, how and by when, and whether COD is offered. */
export const deliveryCheck = z.object({
  pin: z.string(),
  city: z.string(),
  state: z.enum(INDIAN_STATES),
  delivers: z.boolean(),
  options: z.array(deliveryCheckOption),
  cod: z.object({
    available: z.boolean(),
    /** Why cash on delivery is not offered here (null when it is). */
    reason: z.string().nullable(),
    fee: z.number(),
  }),
});
export type DeliveryCheck = z.infer<typeof deliveryCheck>;
