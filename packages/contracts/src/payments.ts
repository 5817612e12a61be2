import { z } from 'zod';
import { calendarDate, dateRange } from './dates.ts';
import { isValidGstin } from './gst.ts';
import { PAYMENT_STATUSES } from './orders.ts';

/**
 * Transaction Management, tax documents and refunds (02 §2 Transaction list and detail, §3 Transaction,
 * Transaction stats, §7 `/transaction/...`). Field names on the wire are the spec's.
 */

export const TRANSACTION_STATUS_FILTERS = ['all', ...PAYMENT_STATUSES] as const;
/** The payment filter of the spec; cards are recorded as CARD, so both card filters show them. */
export const TRANSACTION_MODE_FILTERS = [
  'all',
  'CREDIT_CARD',
  'DEBIT_CARD',
  'UPI',
  'NET_BANKING',
  'WALLET',
  'CASH',
] as const;

export const transactionQuery = z
  .object({
    search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
    status: z
      .enum(TRANSACTION_STATUS_FILTERS, {
        error: `status must be one of ${TRANSACTION_STATUS_FILTERS.join(', ')}`,
      })
      .default('all'),
    payment_mode: z
      .enum(TRANSACTION_MODE_FILTERS, {
        error: `payment_mode must be one of ${TRANSACTION_MODE_FILTERS.join(', ')}`,
      })
      .default('all'),
    from: calendarDate('from').optional(),
    to: calendarDate('to').optional(),
    sort: z
      .enum(['date_desc', 'date_asc', 'amount_desc', 'amount_asc'], {
        error: 'sort must be date_desc, date_asc, amount_desc or amount_asc',
      })
      .default('date_desc'),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  })
  .superRefine(dateRange());
export type TransactionQuery = z.infer<typeof transactionQuery>;

export const transactionStats = z.object({
  /** Rupees received in the range, net of refunds. */
  total_revenue: z.number(),
  total_transaction: z.number().int(),
  total_pending_transaction: z.number().int(),
  total_failed_transaction: z.number().int(),
});

export const transaction = z.object({
  id: z.string(),
  transaction_id: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  amount: z.number(),
  refunded_amount: z.number(),
  payment_mode: z.enum(['COD', 'UPI', 'CASH', 'CARD', 'CREDIT', 'ONLINE']),
  payment_status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
  customer_name: z.string(),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  is_invoice_generated: z.boolean(),
  customer_invoice: z.object({ invoice_number: z.string() }).nullable(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionPage = z.object({ results: z.array(transaction), count: z.number().int() });

export const taxDocumentSummary = z.object({
  id: z.string(),
  kind: z.enum(['INVOICE', 'BILL_OF_SUPPLY', 'CREDIT_NOTE']),
  number: z.string(),
  issued_at: z.string(),
  total: z.number(),
  /** An invoice to a buyer with a GSTIN: it has an e-invoice (issue 39). */
  b2b: z.boolean(),
  /** What the e-invoice portal returned, once entered. */
  irn: z.string().nullable(),
  irn_ack_no: z.string().nullable(),
  irn_ack_at: z.string().nullable(),
});
export type TaxDocumentSummary = z.infer<typeof taxDocumentSummary>;

export const refundView = z.object({
  id: z.string(),
  amount: z.number(),
  reason: z.string(),
  /** GATEWAY: through the payment gateway (issue 44). */
  method: z.enum(['CASH', 'UPI', 'CARD', 'BANK', 'GATEWAY']),
  /** A gateway refund is PENDING until the gateway reports it processed. */
  status: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
  reference: z.string().nullable(),
  restocked: z.array(z.object({ product_id: z.string(), quantity: z.number().int() })),
  created_at: z.string(),
  by: z.string().nullable(),
  credit_note: z.string().nullable(),
});

export const transactionDetails = transaction.extend({
  /** How the money came in, as recorded: cash on delivery, at the counter, a UPI UTR. */
  collected: z.object({
    how: z.string(),
    reference: z.string().nullable(),
    at: z.string().nullable(),
    by: z.string().nullable(),
    /** Minutes from the order to the money, when collected. */
    minutes_to_collect: z.number().int().nullable(),
  }),
  refundable: z.number(),
  /** A payment through a payment gateway (issue 44): what the gateway reported; null for any other payment. */
  gateway: z
    .object({
      provider: z.string(),
      order_id: z.string().nullable(),
      payment_id: z.string().nullable(),
      method: z.string().nullable(),
      card_network: z.string().nullable(),
      card_last4: z.string().nullable(),
      bank: z.string().nullable(),
      vpa: z.string().nullable(),
      wallet: z.string().nullable(),
      auth_code: z.string().nullable(),
      rrn: z.string().nullable(),
      /** Rupees the gateway charged, and the GST on it. */
      fee: z.number().nullable(),
      fee_tax: z.number().nullable(),
      failure_reason: z.string().nullable(),
      /** The gateway's settlement that paid this out, once reconciled (null until then). */
      settlement_id: z.string().nullable(),
    })
    .nullable(),
  documents: z.array(taxDocumentSummary),
  refunds: z.array(refundView),
  timeline: z.array(z.object({ label: z.string(), at: z.string(), note: z.string().nullable() })),
  customer: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    orders: z.number().int(),
    total_spent: z.number(),
  }),
  shipping_address: z.array(z.string()),
  billing_address: z.array(z.string()),
  order_details: z.object({
    order_number: z.string(),
    status: z.string(),
    subtotal: z.number(),
    shipping_charge: z.number(),
    tax: z.number(),
    discount: z.number(),
    total_amount: z.number(),
    items: z.array(
      z.object({
        product_id: z.string(),
        /** The size or colour sold; null for an order line from before variants. */
        variant_id: z.string().nullable(),
        product_name: z.string(),
        /** The variant's option values ("M / Blue"); null for a product without options. */
        variant: z.string().nullable(),
        sku: z.string().nullable(),
        quantity: z.number().int(),
        product_price: z.number(),
        line_total: z.number(),
      }),
    ),
  }),
});
export type TransactionDetails = z.infer<typeof transactionDetails>;

/** GATEWAY: back through the payment gateway, only for (and always for) a payment made online (issue 44). */
export const REFUND_METHODS = ['CASH', 'UPI', 'CARD', 'BANK', 'GATEWAY'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** Process Refund: how much (rupees), why, how it went back, and which lines go back to stock. */
export const refundBody = z
  .strictObject({
    // A number in the JSON, never a string coerced, and never made positive (issue 35: -10 once refunded ₹10).
    amount: z
      .number({
        error: (iss) => (iss.input === undefined ? 'Amount is required' : 'Amount must be a number'),
      })
      .min(0, { error: 'Amount cannot be negative', abort: true })
      // At least one paisa: a positive amount below it (5e-324) passed and rounded to a 0-paise refund (500).
      .min(0.01, 'Amount must be at least ₹0.01')
      .max(10_000_000, 'Amount is too large')
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Amount can have at most 2 decimals'),
    reason: z
      .string({ error: 'Reason is required' })
      .trim()
      .min(3, 'Tell the customer why (3 characters or more)')
      .max(300),
    method: z.enum(REFUND_METHODS, {
      error: 'Choose how the money goes back: CASH, UPI, CARD, BANK or GATEWAY',
    }),
    reference: z.string().trim().max(60, 'Reference must be at most 60 characters').optional(),
    restock: z
      .array(
        z.strictObject({
          product_id: z.uuid('product_id must be a product id'),
          /** One size or colour of the product; left out, its lines in the order are restocked in turn. */
          variant_id: z.uuid('variant_id must be a variant id').optional(),
          quantity: z
            .number({ error: 'Quantity must be a number' })
            .int('Quantity must be a whole number')
            .min(1, 'Quantity must be 1 or more')
            .max(10_000, 'Quantity must be at most 10,000'),
        }),
      )
      .max(100)
      .default([]),
  })
  .refine((b) => b.method === 'CASH' || b.method === 'GATEWAY' || (b.reference?.length ?? 0) > 0, {
    path: ['reference'],
    message: 'Give the UPI, card or bank reference of the refund',
  });
export type RefundBody = z.input<typeof refundBody>;

/** The shop's GST registration (Settings): a GSTIN checked with its check digit, and the legal name. */
export const gstSettingsBody = z.strictObject({
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .refine(
      (s) => s === '' || isValidGstin(s),
      'Enter a valid GSTIN (15 characters, with the right check digit)',
    ),
  legal_name: z.string().trim().max(150, 'Legal name must be at most 150 characters').default(''),
});
export const gstSettings = z.object({
  gstin: z.string().nullable(),
  legal_name: z.string().nullable(),
  state: z.string().nullable(),
});
