/**
 * The words of an order's after-sale choices (issue 40), without zod: the shopper's order pages import them through
 * `@haat/contracts/order-reasons`.
 */

/** Why a shopper cancels: one of these, with their own words (required for Other). */
export const CANCEL_REASONS = [
  'Ordered by mistake',
  'Found a better price',
  'Delivery too slow',
  'Changed my mind',
  'Other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The cancellation reason as stored and shown: the choice, then the shopper's words ("Other": the words alone). */
export function cancelReasonText(b: { reason_code?: CancelReason; reason?: string }): string | undefined {
  const words = b.reason?.trim() || '';
  if (!b.reason_code) return words || undefined;
  if (b.reason_code === 'Other') return words;
  return words ? `${b.reason_code}: ${words}` : b.reason_code;
}

/** Money back, or the same again. */
export const RETURN_KINDS = ['RETURN', 'EXCHANGE'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];
