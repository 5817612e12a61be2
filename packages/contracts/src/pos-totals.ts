import { computeGst } from './gst.ts';
import { paiseToRupees, rupeesToPaise } from './money.ts';
import type { DiscountType } from './pos.ts';

/*
 * The counter's arithmetic (02 §9 rounding; decision 0013): the one place a bill's subtotal, discount, GST and total
 * are computed, by the screen, the server, the offline counter and the receipt alike.
 */

export interface PosTotalsLine {
  unitPricePaise: number;
  quantity: number;
  ratePercent: number;
}

export interface PosTotals {
  subtotalPaise: number;
  discountPaise: number;
  /** The GST included in what is paid (after the discount), as the invoice will show it. */
  taxPaise: number;
  totalPaise: number;
  items: number;
  /** Set when the discount cannot be given: the message names what is wrong. */
  discountProblem: string | null;
}

/**
 * The counter's arithmetic (02 §9: discount, tax and total rounded up). A percentage discount is rounded up to the
 * whole rupee, in the customer's favour; a fixed one is taken as typed. Neither may be negative or more than the
 * subtotal. The tax is the GST included in the discounted lines, each at its own rate, computed exactly as the
 * invoice computes it; the total is the subtotal less the discount.
 */
export function posTotals(
  lines: PosTotalsLine[],
  discount: { type: DiscountType; value: number },
): PosTotals {
  const subtotalPaise = lines.reduce((n, l) => n + l.unitPricePaise * l.quantity, 0);
  const items = lines.reduce((n, l) => n + l.quantity, 0);
  let discountProblem: string | null = null;
  let discountPaise = 0;
  if (!Number.isFinite(discount.value)) discountProblem = 'Discount must be a number';
  else if (discount.value < 0) discountProblem = 'Discount cannot be negative';
  else if (
    discount.type === 'FIXED' &&
    Math.abs(discount.value * 100 - Math.round(discount.value * 100)) > 1e-6
  )
    discountProblem = 'Discount can have at most 2 decimals';
  else if (discount.type === 'PERCENT') {
    if (discount.value > 100) discountProblem = 'Discount cannot be more than 100%';
    else
      discountPaise = Math.min(subtotalPaise, Math.ceil((subtotalPaise * discount.value) / 100 / 100) * 100);
  } else {
    discountPaise = rupeesToPaise(discount.value);
    if (discountPaise > subtotalPaise) {
      discountProblem = `Discount cannot be more than the subtotal (₹${paiseToRupees(subtotalPaise).toLocaleString('en-IN')})`;
      discountPaise = 0;
    }
  }
  const gst = computeGst({
    lines: lines.map((l) => ({
      name: '',
      hsn: null,
      quantity: l.quantity,
      unit: '',
      unitPricePaise: l.unitPricePaise,
      ratePercent: l.ratePercent,
    })),
    discountPaise,
    shippingPaise: 0,
    intraState: true,
  });
  return {
    subtotalPaise,
    discountPaise,
    taxPaise: gst.cgstPaise + gst.sgstPaise + gst.igstPaise,
    totalPaise: subtotalPaise - discountPaise,
    items,
    discountProblem,
  };
}

/** The rate the summary shows: the lines' one rate, or null when they differ (02 §9: 18 until a product is added). */
export function posTaxRate(lines: { ratePercent: number }[]) {
  if (!lines.length) return 18;
  const rates = new Set(lines.map((l) => l.ratePercent));
  return rates.size === 1 ? (lines[0]?.ratePercent ?? 18) : null;
}
