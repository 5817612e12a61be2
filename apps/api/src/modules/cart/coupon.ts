import { formatPaise } from '@haat/contracts';
import type { schema } from '@haat/db';

type Coupon = typeof schema.coupons.$inferSelect;
const inr = formatPaise;

export const describeCoupon = (c: Coupon) =>
  (c.kind === 'PERCENT'
    ? `${c.value}% off${c.maxDiscountPaise ? ` up to ${inr(c.maxDiscountPaise)}` : ''}`
    : `${inr(c.value)} off`) + (c.minOrderPaise ? ` on orders of ${inr(c.minOrderPaise)} or more` : '');

/** Why a coupon cannot be used on this subtotal now, or null when it can. */
export function couponProblem(
  c: Coupon,
  subtotalPaise: number,
  now = Date.now(),
): { reason: string; message: string } | null {
  if (!c.active) return { reason: 'COUPON_INVALID', message: 'This coupon code is not valid' };
  if (c.startsAt.getTime() > now)
    return { reason: 'COUPON_NOT_STARTED', message: 'This coupon is not active yet' };
  if (c.expiresAt && c.expiresAt.getTime() <= now)
    return { reason: 'COUPON_EXPIRED', message: 'This coupon has expired' };
  if (c.usageLimit != null && c.usedCount >= c.usageLimit)
    return { reason: 'COUPON_USED_UP', message: 'This coupon has been fully used' };
  if (subtotalPaise < c.minOrderPaise) {
    return {
      reason: 'COUPON_MIN_ORDER',
      message: `Add ${inr(c.minOrderPaise - subtotalPaise)} more to use this coupon`,
    };
  }
  return null;
}

/** The discount a usable coupon gives on a subtotal, in paise. */
export function couponDiscount(c: Coupon, subtotalPaise: number) {
  const raw = c.kind === 'PERCENT' ? Math.floor((subtotalPaise * c.value) / 100) : c.value;
  return Math.min(raw, c.maxDiscountPaise ?? raw, subtotalPaise);
}
