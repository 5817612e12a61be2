import { z } from 'zod';
import { calendarDate, dateRange } from './dates.ts';
import { formatRupees, rupeesToPaise } from './money.ts';

/*
 * The shop's customers and their khata (issue 38): one book of counter and online customers matched by phone, each
 * with their orders, lifetime value, last visit and what they owe; payments received, a credit limit, a statement
 * and a reminder. Rupees on the wire, paise on the server; a balance above 0 is owed to the shop, below 0 an advance.
 */

export const KHATA_PAYMENT_METHODS = ['CASH', 'UPI', 'CARD', 'BANK'] as const;
export type KhataPaymentMethod = (typeof KHATA_PAYMENT_METHODS)[number];
export const KHATA_ENTRY_KINDS = ['SALE', 'PAYMENT', 'RETURN'] as const;

/** An amount a person types, in rupees: a number above 0 with at most 2 decimals. */
const amountField = (field: string) =>
  z
    .number({
      error: (iss) => (iss.input === undefined ? `${field} is required` : `${field} must be a number`),
    })
    .finite(`${field} must be a number`)
    .refine((n) => rupeesToPaise(n) > 0, { error: `${field} must be more than ₹0`, abort: true })
    .refine((n) => n <= 10_000_000, `${field} is too large`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${field} can have at most 2 decimals`);

/** GET `customer/`: the book, latest visit first, searched by name or phone digits. */
export const customerQuery = z.object({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type CustomerQuery = z.infer<typeof customerQuery>;

export const customerSummary = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  /** Whether a platform account (an online customer) is linked by phone. */
  online: z.boolean(),
  orders_count: z.number().int(),
  /** Rupees of orders that count (not cancelled, returned or RTO), net of refunds, as the dashboard counts revenue. */
  lifetime_value: z.number(),
  last_visit: z.string().nullable(),
  /** Rupees owed to the shop (negative: an advance). */
  balance: z.number(),
  /** Rupees; null: no sales on credit. */
  credit_limit: z.number().nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummary>;

/**
 * A page of the book. A search by a common term (a first name a tenth of the book shares) is not counted past its
 * page: `count` is then the matches up to this page and `count_capped` says that more match.
 */
export const customerPage = z.object({
  results: z.array(customerSummary),
  count: z.number().int(),
  count_capped: z.boolean(),
});
export type CustomerPage = z.infer<typeof customerPage>;

export const khataEntry = z.object({
  id: z.string(),
  kind: z.enum(KHATA_ENTRY_KINDS),
  /** Signed rupees: a sale raises the balance, a payment lowers it. */
  amount: z.number(),
  balance_after: z.number(),
  order_id: z.string().nullable(),
  order_number: z.string().nullable(),
  method: z.enum(KHATA_PAYMENT_METHODS).nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type KhataEntry = z.infer<typeof khataEntry>;

export const customerBookOrder = z.object({
  id: z.string(),
  order_number: z.string(),
  channel: z.enum(['ONLINE', 'POS']),
  status: z.string(),
  payment_method: z.string(),
  payment_status: z.string(),
  total: z.number(),
  created_at: z.string(),
});

export const customerDetail = customerSummary.extend({
  address: z.string().nullable(),
  gst_number: z.string().nullable(),
  /** Rupees of credit left before the limit (null: no credit). */
  credit_left: z.number().nullable(),
  orders: z.array(customerBookOrder),
  khata: z.array(khataEntry),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

/** PUT `customer/:id/credit-limit/`: null (or 0) takes the customer off credit. */
export const creditLimitBody = z.strictObject({
  credit_limit: z
    .number({ error: 'credit_limit must be a number (rupees) or null' })
    .finite('credit_limit must be a number')
    .min(0, 'credit_limit cannot be negative')
    .max(10_000_000, 'credit_limit is too large')
    .nullable(),
});
export type CreditLimitBody = z.input<typeof creditLimitBody>;

/** POST `customer/:id/payment/`: money received on the khata. */
export const khataPaymentBody = z.strictObject({
  amount: amountField('amount'),
  method: z.enum(KHATA_PAYMENT_METHODS, { error: 'method must be CASH, UPI, CARD or BANK' }),
  reference: z.string().trim().max(60, 'reference must be at most 60 characters').optional(),
  note: z.string().trim().max(200, 'note must be at most 200 characters').optional(),
  /** Keep what is above the balance as an advance (else a payment above the balance is refused with 409). */
  confirm_advance: z.boolean().optional(),
});
export type KhataPaymentBody = z.input<typeof khataPaymentBody>;

export const khataPaymentResult = z.object({
  entry: khataEntry,
  balance: z.number(),
  /** The credit sales this payment settled in full. */
  settled_orders: z.array(z.string()),
});

/** GET `customer/:id/statement/`: a period (India days, both included); the PDF. */
export const khataStatementQuery = z
  .object({ from: calendarDate('from').optional(), to: calendarDate('to').optional() })
  .superRefine(dateRange());
export type KhataStatementQuery = z.infer<typeof khataStatementQuery>;

export const customerReminder = z.object({
  balance: z.number(),
  upi_link: z.string().nullable(),
  text: z.string(),
  whatsapp_url: z.string(),
});
export type CustomerReminder = z.infer<typeof customerReminder>;

/** The reminder's words: the amount due and, when the shop takes UPI, the link that pays it. */
export function reminderText(v: { shop: string; name: string; balance: number; upiLink: string | null }) {
  return [
    `Namaste ${v.name}, this is a reminder from ${v.shop}: ${formatRupees(v.balance)} is due on your khata.`,
    v.upiLink ? `Pay by UPI: ${v.upiLink}` : 'Please pay at the shop.',
    'Thank you!',
  ].join('\n');
}
