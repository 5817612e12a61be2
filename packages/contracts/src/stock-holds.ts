import { z } from 'zod';

/*
 * Stock held during checkout (issue 40, decision 0030): a shopper who opens checkout holds the units of their selected
 * cart lines for STOCK_HOLD_MINUTES; other shoppers see the stock without them and cannot order them meanwhile.
 */

export const STOCK_HOLD_MINUTES = 10;

/** POST /api/store/store-user/checkout-hold/: the hold on the selected cart lines (null: nothing to hold). */
export const checkoutHold = z.object({
  /** When the hold ends (ISO time): checkout counts down to it. Reopening checkout keeps it. */
  hold_expires_at: z.string().nullable(),
  /** Units held, over every selected line. */
  held_units: z.number().int(),
});
export type CheckoutHold = z.infer<typeof checkoutHold>;
