import { z } from 'zod';
import { apportion, roundPaise } from './gst.ts';
import { posLine, posSale } from './pos.ts';
import { buildTaxSnapshot, type TaxDocumentSnapshot } from './tax-document.ts';
import { lineName } from './variants.ts';

/*
 * Returns at the counter (issue 38): a counter sale found by its receipt number or the customer's phone, the units
 * of each line that can still come back (sold less what went back already), and a return settled by a refund
 * (cash, UPI, card, or onto the customer's khata for a sale on credit) or an exchange for a new counter bill.
 */

export const COUNTER_RETURN_KINDS = ['REFUND', 'EXCHANGE'] as const;
export const COUNTER_RETURN_METHODS = ['CASH', 'UPI', 'CARD', 'KHATA'] as const;
export type CounterReturnMethod = (typeof COUNTER_RETURN_METHODS)[number];

/** A receipt's number as printed (ORD-1042) or typed (1042), in the path. */
export const saleNumberParams = z.object({
  number: z
    .string()
    .trim()
    .regex(/^(ORD-)?\d{1,9}$/i, 'Enter the receipt number, e.g. ORD-1042'),
});

export const returnableSalesQuery = z.object({
  phone: z
    .string({ error: 'Enter the customer’s phone' })
    .trim()
    .transform((s) => s.replace(/[\s-]/g, '').replace(/^(\+91|0)/, ''))
    .pipe(z.string().regex(/^[6-9]\d{9}$/, 'Enter a 10-digit mobile number')),
});

export const returnableLine = z.object({
  item_id: z.string(),
  product_id: z.string(),
  variant_id: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  returned: z.number().int(),
  returnable: z.number().int(),
  unit_price: z.number(),
  /** What one more unit of this line gives back (the line's discount share taken off). */
  refund_per_unit: z.number(),
  /** What the whole line was paid (its share of the bill's discount taken off): `returnValue` works from it. */
  line_paid: z.number(),
});

export const returnableSale = z.object({
  order_id: z.string(),
  order_number: z.string(),
  channel: z.enum(['ONLINE', 'POS']),
  created_at: z.string(),
  customer: z.object({ name: z.string(), phone: z.string().nullable() }),
  payment_method: z.string(),
  total: z.number(),
  /** Null when the sale can be returned here; else why not (an online order, a cancelled one). */
  not_returnable: z.string().nullable(),
  lines: z.array(returnableLine),
  returns: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(COUNTER_RETURN_KINDS),
      amount: z.number(),
      credit_note_number: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type ReturnableSale = z.infer<typeof returnableSale>;

export const recentSale = z.object({
  order_id: z.string(),
  order_number: z.string(),
  created_at: z.string(),
  total: z.number(),
  items: z.number().int(),
  name: z.string(),
});

const returnLine = z.strictObject({
  item_id: z.uuid('item_id must be a line of the sale'),
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(10_000, 'quantity must be at most 10,000'),
});

/** The new bill of an exchange: its lines and the total the screen showed (the server's must agree). */
const exchangeBill = z.strictObject({
  product_id: z
    .array(posLine, { error: 'exchange.product_id must be a list of {product_id, quantity}' })
    .min(1, 'Add at least one product to the new bill')
    .max(200, 'A bill has at most 200 lines'),
  total_bill_amount: z
    .number({ error: 'total_bill_amount must be a number' })
    .finite()
    .min(0, 'total_bill_amount cannot be negative')
    .max(10_000_000, 'total_bill_amount is too large'),
});

export const counterReturnBody = z
  .strictObject({
    order_id: z.uuid('order_id must be a sale'),
    lines: z
      .array(returnLine, { error: 'lines must be a list of {item_id, quantity}' })
      .min(1, 'Choose at least one line to return')
      .max(200),
    reason: z
      .string({ error: 'Reason is required' })
      .trim()
      .min(3, 'Say why it came back (3 characters or more)')
      .max(300),
    kind: z.enum(COUNTER_RETURN_KINDS, { error: 'kind must be REFUND or EXCHANGE' }),
    /** A refund: how the money goes back. An exchange: how the difference is paid or given back. */
    method: z.enum(COUNTER_RETURN_METHODS, { error: 'method must be CASH, UPI, CARD or KHATA' }),
    reference: z.string().trim().max(60, 'Reference must be at most 60 characters').optional(),
    exchange: exchangeBill.optional(),
  })
  .refine((b) => b.kind !== 'EXCHANGE' || !!b.exchange, {
    path: ['exchange'],
    message: 'An exchange needs the new bill',
  })
  .refine((b) => new Set(b.lines.map((l) => l.item_id)).size === b.lines.length, {
    path: ['lines'],
    message: 'A line is listed twice: change its quantity instead',
  });
export type CounterReturnBody = z.input<typeof counterReturnBody>;

export const creditNoteSummary = z.object({
  id: z.string(),
  number: z.string(),
  total: z.number(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
});

export const counterReturn = z.object({
  id: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  kind: z.enum(COUNTER_RETURN_KINDS),
  method: z.enum(COUNTER_RETURN_METHODS),
  reason: z.string(),
  created_at: z.string(),
  cashier: z.string().nullable(),
  customer: z.object({ name: z.string(), phone: z.string().nullable() }),
  shop: z.object({ name: z.string(), gstin: z.string().nullable(), address: z.array(z.string()) }),
  lines: z.array(
    z.object({ item_id: z.string(), name: z.string(), quantity: z.number().int(), amount: z.number() }),
  ),
  /** The value of what came back. */
  returned_amount: z.number(),
  /** An exchange: the new bill's total, and what the customer paid (+) or got back (-) on top. */
  exchange_total: z.number().nullable(),
  difference: z.number(),
  /** The money that went back to the customer (a refund, or an exchange's difference given back). */
  refunded: z.number(),
  credit_note: creditNoteSummary.nullable(),
  exchange_sale: posSale.nullable(),
});
export type CounterReturn = z.infer<typeof counterReturn>;

/*
 * What a return is worth, in paise (the server, the demo seed and the screen's "refund per unit"): each sale line's
 * share of what was paid (its value less its share of the bill's discount, spread by value as the bill spread it),
 * and n units of a line worth that share times n over the units sold, rounded by the platform's rule. The k-th to
 * the (k+r)-th unit give back worth(k + r) - worth(k), so however a line comes back, in one go or piece by piece,
 * its units together give back exactly what the line was paid, and a whole sale returned gives back its total.
 */

/** Each line's share of the total paid, in the lines' order. */
export function linePaid(items: { unitPricePaise: number; quantity: number }[], discountPaise: number) {
  const values = items.map((i) => i.unitPricePaise * i.quantity);
  const discounts = apportion(discountPaise, values);
  return values.map((v, i) => v - (discounts[i] ?? 0));
}

const worth = (paid: number, sold: number, units: number) => (sold ? roundPaise((paid * units) / sold) : 0);

/** What the next `quantity` units of a line paid `paid` for its `sold` units give back, `already` having gone back. */
export function returnValue(paid: number, sold: number, already: number, quantity: number) {
  return worth(paid, sold, already + quantity) - worth(paid, sold, already);
}

/** A line of goods that came back: the sale line's own figures and the units and value returned. */
export interface ReturnedGoods {
  name: string;
  variantLabel: string | null;
  sku: string | null;
  taxPercent: number | string;
  unitPricePaise: number;
  quantity: number;
  valuePaise: number;
}

/**
 * The credit note of goods returned at the counter, against the sale's invoice: the goods with their quantities,
 * each at the rate the invoice charged, the discount they had on the bill taken off before tax (gst.ts), so its
 * total is exactly the value given back.
 */
export function returnCreditNote(r: {
  invoice: { number: string; issuedAt: Date; snapshot: TaxDocumentSnapshot };
  number: string;
  at: Date;
  reason: string;
  goods: ReturnedGoods[];
}): TaxDocumentSnapshot {
  const inv = r.invoice.snapshot;
  const lines = r.goods.map((g) => {
    const name = lineName(g.name, g.variantLabel, g.sku);
    const billed = inv.breakup.lines.find((l) => l.name === name);
    return {
      name,
      hsn: billed?.hsn ?? null,
      quantity: g.quantity,
      unit: billed?.unit || 'Piece',
      unitPricePaise: g.unitPricePaise,
      ratePercent: billed?.ratePercent ?? (inv.seller.gstin ? Number(g.taxPercent) : 0),
    };
  });
  return buildTaxSnapshot({
    kind: 'CREDIT_NOTE',
    number: r.number,
    issuedAt: r.at,
    against: { number: r.invoice.number, issuedAt: r.invoice.issuedAt },
    reason: r.reason,
    shop: {
      storeName: inv.seller.name,
      legalName: inv.seller.legalName,
      gstin: inv.seller.gstin,
      address: inv.seller.address,
      state: inv.seller.state,
    },
    buyer: inv.buyer,
    billTo: inv.billTo ?? null,
    orderNumber: inv.orderNumber,
    paymentMethod: inv.paymentMethod,
    lines,
    discountPaise: r.goods.reduce((n, g) => n + g.unitPricePaise * g.quantity - g.valuePaise, 0),
    shippingPaise: 0,
  });
}
