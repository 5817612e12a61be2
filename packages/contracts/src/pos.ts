import { z } from 'zod';
import { emailField, PHONE_PATTERN } from './accounts.ts';
import { gstNumberField } from './gstin-field.ts';
import { formatRupees } from './money.ts';
import { posOfflineSale } from './pos-offline.ts';

/*
 * The point of sale (02 §2 Point-of-sale checkout, §3 POS customer, §5 POS validation, §7 `order/pos-checkout/`,
 * §9 rounding; issue 14). Prices are GST-inclusive as everywhere in Haat (decision 0005), so the bill's tax is
 * the GST included in what the customer pays, per line at the product's rate; `posTotals` (pos-totals.ts) is the one place the
 * counter's arithmetic is done, by the screen, the server and the receipt alike (decision 0013).
 */

/** CREDIT: pay later, on the customer's khata (issue 38): the sale's payment stays PENDING until the khata covers it. */
export const POS_PAYMENT_METHODS = ['CASH', 'UPI', 'CARD', 'CREDIT'] as const;
export type PosPaymentMethod = (typeof POS_PAYMENT_METHODS)[number];
export const CARD_NETWORKS = ['Visa', 'Mastercard', 'RuPay', 'Amex', 'Diners', 'Other'] as const;
export const DISCOUNT_TYPES = ['PERCENT', 'FIXED'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** The stock badge the POS and the inventory table share (02 §9): 0 Out of Stock, below 10 Low Stock. */
export const POS_LOW_STOCK_BELOW = 10;
export function posStockBadge(stock: number) {
  if (stock <= 0) return 'Out of Stock' as const;
  if (stock < POS_LOW_STOCK_BELOW) return 'Low Stock' as const;
  return 'In Stock' as const;
}

/** How long the Stock Limit toast stays (02 §9). */
export const POS_STOCK_TOAST_MS = 6000;

export const posProductQuery = z.object({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(50, 'limit must be at most 50')
    .default(20),
});

export const posBarcodeParams = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'barcode is required')
    .max(64, 'barcode must be at most 64 characters')
    .regex(/^[\x21-\x7e]+$/, 'barcode must be printable characters without spaces'),
});

/** One thing that can be sold at the counter: a product without options, or one variant of a product. */
export const posProduct = z.object({
  product_id: z.string(),
  variant_id: z.string(),
  name: z.string(),
  /** "M / Blue" for a variant; null for a product without options. */
  variant_label: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  /** What the customer pays per unit now (GST included), in rupees. */
  price: z.number(),
  tax_percentage: z.number(),
  stock: z.number().int(),
  stock_status: z.enum(['In Stock', 'Low Stock', 'Out of Stock']),
  unit: z.string().nullable(),
  image: z.string().nullable(),
});
export type PosProduct = z.infer<typeof posProduct>;

export const posCustomerQuery = z.object({
  phone: z.string().trim().regex(PHONE_PATTERN, 'phone must be 10 digits starting 6 to 9'),
});

/** A returning customer of this shop, found by phone (02 §3 POS customer). */
export const posCustomer = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  gst_number: z.string().nullable(),
  /** Earlier bills at this shop's counter. */
  visits: z.number().int(),
  last_visit_at: z.string().nullable(),
});
export type PosCustomer = z.infer<typeof posCustomer>;

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .optional()
    .transform((s) => s || undefined);

const rupees = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .finite(`${field} must be a number`)
    .min(0, `${field} cannot be negative`)
    .max(10_000_000, `${field} is too large`);

export const posLine = z.strictObject({
  product_id: z.uuid('product_id must be a product id'),
  /** The variant sold; without it, the product's only (default) variant. */
  variant_id: z.uuid('variant_id must be a variant id').optional(),
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(10_000, 'quantity must be at most 10,000'),
});

/**
 * A line of a counter sale. A sale made offline (`offline` in the body) gives each line the price the device showed,
 * in paise; the customer pays that price (issue 43). An online sale sends none.
 */
export const posCheckoutLine = posLine.extend({
  unit_price_paise: z
    .number({ error: 'unit_price_paise must be a number' })
    .int('unit_price_paise must be a whole number of paise')
    .min(0, 'unit_price_paise cannot be negative')
    .max(1_000_000_000, 'unit_price_paise is too large')
    .optional(),
});

export const posPayment = z
  .strictObject({
    method: z.enum(POS_PAYMENT_METHODS, { error: 'payment.method must be CASH, UPI, CARD or CREDIT' }),
    /** Cash: what the customer handed over (rupees); the change is what is above the total. */
    amount_received: rupees('Amount received').optional(),
    /** UPI: the 12-digit UTR from the shop's bank app, when the cashier has it. */
    utr: z
      .string()
      .trim()
      .regex(/^\d{12}$/, 'UTR must be the 12-digit reference from your bank app')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Card on the shop's own terminal: the last 4 digits and the network from its slip. */
    card_last4: z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'Card: enter the last 4 digits')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    card_network: z.enum(CARD_NETWORKS, { error: 'Choose the card network' }).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.method === 'CASH' && p.amount_received === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount_received'], message: 'Enter the amount received' });
    }
    if (p.method === 'CARD' && !p.card_last4) {
      ctx.addIssue({ code: 'custom', path: ['card_last4'], message: 'Card: enter the last 4 digits' });
    }
  });
export type PosPaymentInput = z.input<typeof posPayment>;

/**
 * POST `order/pos-checkout/` (02 §7): the spec's customer fields, totals and `product_id` lines, plus how the
 * discount was given and how the customer paid. The server re-prices everything; the totals sent are checked.
 */
export const posCheckoutBody = z.strictObject({
  name: z
    .string({ error: 'Name and phone number are required' })
    .trim()
    .min(1, 'Name and phone number are required')
    .max(100, 'Name must be at most 100 characters'),
  phone: z
    .string({ error: 'Name and phone number are required' })
    .trim()
    .min(1, 'Name and phone number are required')
    .transform((s) => s.replace(/[\s-]/g, '').replace(/^(\+91|0)/, ''))
    .pipe(z.string().regex(PHONE_PATTERN, 'Invalid phone number')),
  email: emailField.optional().or(z.literal('').transform(() => undefined)),
  address: optionalText('Address', 300),
  gst_number: gstNumberField,
  product_id: z
    .array(posCheckoutLine, { error: 'product_id must be a list of {product_id, quantity}' })
    .min(1, 'Add at least one product to the bill')
    .max(200, 'A bill has at most 200 lines'),
  discount_type: z.enum(DISCOUNT_TYPES, { error: 'discount_type must be PERCENT or FIXED' }).default('FIXED'),
  /** The percentage (0-100) or the amount in rupees the cashier typed. */
  discount_value: rupees('Discount').default(0),
  sub_total: rupees('sub_total'),
  discount_amount: rupees('discount_amount'),
  tax: rupees('tax'),
  total_bill_amount: rupees('total_bill_amount'),
  total_items: z
    .number({ error: 'total_items must be a number' })
    .int('total_items must be a whole number')
    .min(1),
  /** How the customer paid; a client that sends none (the spec's payload) is taken as exact cash. */
  payment: posPayment.optional(),
  /** A sale made offline at a registered counter (issue 43): its counter, receipt number and time. */
  offline: posOfflineSale.optional(),
});
export type PosCheckoutBody = z.input<typeof posCheckoutBody>;

/** The sale as the receipt shows it (the answer of pos-checkout, and of a retry with the same key). */
export const posSale = z.object({
  order_id: z.string(),
  order_number: z.string(),
  transaction_id: z.string(),
  transaction_reference: z.string(),
  invoice_id: z.string().nullable(),
  invoice_number: z.string().nullable(),
  invoice_kind: z.enum(['INVOICE', 'BILL_OF_SUPPLY']).nullable(),
  created_at: z.string(),
  shop: z.object({
    name: z.string(),
    legal_name: z.string().nullable(),
    gstin: z.string().nullable(),
    address: z.array(z.string()),
    phone: z.string().nullable(),
  }),
  cashier: z.string().nullable(),
  customer: z.object({
    name: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    gst_number: z.string().nullable(),
  }),
  items: z.array(
    z.object({
      product_id: z.string(),
      variant_id: z.string().nullable(),
      name: z.string(),
      variant_label: z.string().nullable(),
      sku: z.string().nullable(),
      quantity: z.number().int(),
      unit_price: z.number(),
      tax_percentage: z.number(),
      amount: z.number(),
    }),
  ),
  sub_total: z.number(),
  discount_amount: z.number(),
  tax: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  total_bill_amount: z.number(),
  total_items: z.number().int(),
  payment: z.object({
    method: z.enum(POS_PAYMENT_METHODS),
    amount_received: z.number().nullable(),
    change_due: z.number().nullable(),
    utr: z.string().nullable(),
    card_last4: z.string().nullable(),
    card_network: z.string().nullable(),
    /** Paid now: false only for a sale on the khata (CREDIT) that its advance did not cover and nothing paid yet. */
    paid: z.boolean().optional(),
  }),
  /**
   * Answering a sale sent with `offline` (issue 43): its number in the counter's series (null when the key had
   * already made the sale online: that number was then voided as "billed online"), and each line that took the
   * stock below zero (a conflict the owner is told of).
   */
  offline: z
    .object({
      counter_id: z.string(),
      receipt_number: z.string().nullable(),
      stock_conflicts: z.array(
        z.object({
          product_id: z.string(),
          variant_id: z.string(),
          quantity_sold: z.number().int(),
          stock_after: z.number().int(),
        }),
      ),
    })
    .optional(),
});
export type PosSale = z.infer<typeof posSale>;

/** Send the receipt to the customer by mail. */
export const posReceiptMailBody = z.strictObject({ email: emailField });

const rs = formatRupees;

const PAID_BY: Record<PosPaymentMethod, string> = {
  CASH: 'Paid by Cash',
  UPI: 'Paid by UPI',
  CARD: 'Paid by Card',
  CREDIT: 'On khata (pay later): unpaid',
};

/** The receipt as plain lines: the mail to the customer and the WhatsApp message say the same thing. */
export function receiptText(sale: PosSale): string[] {
  const p = sale.payment;
  const paid = [
    PAID_BY[p.method],
    p.method === 'CARD' && p.card_last4 ? ` (${p.card_network ?? 'card'} ending ${p.card_last4})` : '',
    p.method === 'UPI' && p.utr ? ` (UTR ${p.utr})` : '',
  ].join('');
  return [
    `${sale.shop.name}: receipt ${sale.order_number}`,
    new Date(sale.created_at).toLocaleString('en-IN', {
      timeZone: 'Asia/Kolkata',
      dateStyle: 'medium',
      timeStyle: 'short',
    }),
    '',
    ...sale.items.map(
      (i) =>
        `${i.quantity} x ${i.name}${i.variant_label ? ` (${i.variant_label})` : ''} @ ${rs(i.unit_price)} = ${rs(i.amount)}`,
    ),
    '',
    `Subtotal: ${rs(sale.sub_total)}`,
    ...(sale.discount_amount > 0 ? [`Discount: -${rs(sale.discount_amount)}`] : []),
    `Total: ${rs(sale.total_bill_amount)} (GST included: ${rs(sale.tax)})`,
    paid,
    ...(p.change_due ? [`Cash received ${rs(p.amount_received ?? 0)}, change ${rs(p.change_due)}`] : []),
    ...(sale.invoice_number
      ? [
          `${sale.invoice_kind === 'BILL_OF_SUPPLY' ? 'Bill of supply' : 'Tax invoice'} ${sale.invoice_number}`,
        ]
      : []),
    '',
    `Thank you for shopping at ${sale.shop.name}!`,
  ];
}
