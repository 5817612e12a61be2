/** Money is integer paise inside the system and rupees on the wire. */
export const paiseToRupees = (paise: number) => Math.round(paise) / 100;
export const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);
/** Whole-percent discount from a list price to a sale price; 0 when there is no real discount. */
export const discountPercent = (price: number, salePrice: number | null | undefined) =>
  salePrice == null || price <= 0 || salePrice >= price ? 0 : Math.round(((price - salePrice) / price) * 100);
/**
 * An amount as people read it, the one formatter of screens, mails, messages and CSV notes: ₹ with Indian grouping,
 * paise only when there are any (₹1,24,999, ₹449.50), a minus sign before the ₹ (−₹50).
 */
export const formatRupees = (rupees: number) =>
  `${rupees < 0 ? '−' : ''}₹${Math.abs(rupees).toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(rupees) ? 0 : 2, maximumFractionDigits: 2 })}`;
/** `formatRupees` of an amount in paise. */
export const formatPaise = (paise: number) => formatRupees(paiseToRupees(paise));
