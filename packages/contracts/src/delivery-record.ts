import { z } from 'zod';

/**
 * What a shop knows of how its cash-on-delivery orders end (issue 19, decision 0014): a customer's delivery record
 * at the shop, the risk flags on COD orders not yet shipped, and "Require prepayment (UPI)".
 */

/** The risk flag's rules (decision 0014). */
export const COD_RISK_RULES = {
  /** A PIN code is risky when at least this share of the shop's shipped COD orders to it came back (RTO)… */
  pinRtoPercent: 30,
  /** …out of at least this many shipped COD orders (fewer say nothing yet)… */
  pinMinShipped: 3,
  /** …counting the latest this many shipped there (a recent rate; and a busy PIN costs no more to judge). */
  pinRecentShipped: 500,
  /** An order is unusually high above this many times the shop's median COD order of the last days below… */
  valueMultiple: 3,
  valueWindowDays: 90,
  /** …judged only once the shop has this many COD orders in that window… */
  valueMinOrders: 5,
  /** …the median of at most the latest this many of them (a busy shop's median costs no more to take)… */
  valueRecentOrders: 500,
  /** …and never below this floor (paise: ₹2,000), so a shop of small orders is not flagged for a ₹700 one. */
  valueFloorPaise: 200_000,
} as const;

/** A customer's orders at this shop by how they ended. */
export const customerRecord = z.object({
  delivered: z.number().int(),
  /** Refused at the door or undeliverable: marked RTO (including those received back since). */
  rto: z.number().int(),
  /** Cancelled after the shop had confirmed or begun packing them. */
  cancelled_after_confirmation: z.number().int(),
  /** The shop asks this customer to pay by UPI before dispatch: checkout offers no cash on delivery. */
  require_prepayment: z.boolean(),
});
export type CustomerRecord = z.infer<typeof customerRecord>;

/** Marking the order's customer "Require prepayment (UPI)", or undoing it. */
export const customerPrepaymentBody = z.strictObject({
  require_prepayment: z.boolean({ error: 'require_prepayment must be true or false' }),
});
export type CustomerPrepaymentBody = z.infer<typeof customerPrepaymentBody>;
