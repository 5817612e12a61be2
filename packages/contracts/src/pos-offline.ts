import { z } from 'zod';
import { financialYear } from './gst.ts';

/*
 * The counter offline (issue 43, decision 0034). Each counter device is registered once and has its own receipt
 * series for the sales it makes offline: `I01/26-27/00001` (tax invoices) or `B01/26-27/00001` (bills of supply) for
 * counter 1, numbered by the device, one after another in each financial year. The server takes the next number
 * of the series only (or the replay of a sale it already has), so each series stays gapless. Online sales keep
 * the shop's own series (INV/…, BOS/…). Money on these wires is in paise.
 */

/** A sale made offline is taken up to this many days after it was made (older: refused, `offline.sold_at`). */
export const POS_OFFLINE_MAX_AGE_DAYS = 30;
/** A device's clock may run this far ahead of the server's before its sale is refused as made in the future. */
export const POS_OFFLINE_CLOCK_SKEW_MS = 5 * 60_000;
/** Counters a shop may register (their series are I01…I99, B01…B99). */
export const POS_MAX_COUNTERS = 99;
/** The last number of a counter's series in one financial year (5 digits keep the number within 16 characters). */
export const POS_MAX_RECEIPT_SEQ = 99_999;
export const POS_CATALOGUE_PAGE_MAX = 1000;

/** The series letters of a counter: I01 for its tax invoices, B01 for its bills of supply. */
export function counterSeries(counterNumber: number, gstRegistered: boolean) {
  return `${gstRegistered ? 'I' : 'B'}${String(counterNumber).padStart(2, '0')}`;
}

/** A counter's receipt (and invoice) number: I01/26-27/00001; the financial year of the sale's time, in IST. */
export function offlineReceiptNumber(
  counterNumber: number,
  gstRegistered: boolean,
  soldAt: Date,
  seq: number,
) {
  const fy = financialYear(soldAt);
  return `${counterSeries(counterNumber, gstRegistered)}/${fy.slice(2)}/${String(seq).padStart(5, '0')}`;
}

/** POST /api/admin/pos/counters/: register this device as a counter of the shop. */
export const posCounterBody = z.strictObject({
  name: z
    .string({ error: 'Counter name is required' })
    .trim()
    .min(1, 'Counter name is required')
    .max(40, 'Counter name must be at most 40 characters'),
});
export type PosCounterBody = z.input<typeof posCounterBody>;

/** A registered counter: its series and the next number of it in this financial year. */
export const posCounter = z.object({
  id: z.string(),
  /** 1 to 99: the counter's number in its series (I01, B01). */
  number: z.number().int(),
  /** "C01". */
  code: z.string(),
  name: z.string(),
  /** The series its offline sales take now: I01 when the shop has a GSTIN, else B01. */
  series: z.string(),
  gst_registered: z.boolean(),
  /** The financial year `next_seq` is of ("2026-27"); a sale in another year starts that year's series at 1. */
  fy: z.string(),
  /** The number the server takes next in this financial year's series. */
  next_seq: z.number().int(),
  /** The next receipt number as printed ("I01/26-27/00001"). */
  next_number: z.string(),
  /** Offline sales synced from it, ever. */
  offline_sales: z.number().int(),
  last_sync_at: z.string().nullable(),
  created_at: z.string(),
});
export type PosCounter = z.infer<typeof posCounter>;

/**
 * One thing the counter sells, as the device keeps it (one row per variant; a product without options has one).
 * `active: false` (archived, or in `removed`): drop it.
 */
export const posCatalogueItem = z.object({
  product_id: z.string(),
  variant_id: z.string(),
  name: z.string(),
  variant_label: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  /** What the customer pays per unit now, GST included. */
  price_paise: z.number().int(),
  tax_percentage: z.number(),
  stock: z.number().int(),
  unit: z.string().nullable(),
  image: z.string().nullable(),
  active: z.boolean(),
  updated_at: z.string(),
});
export type PosCatalogueItem = z.infer<typeof posCatalogueItem>;

/**
 * GET /api/admin/pos/catalogue/?cursor=&since=&limit=: the sellable catalogue, in pages of products (all variants
 * of each). Without `since`: every active product. With `since` (the `refresh_from` of an earlier full read): only
 * what changed since, archived ones with `active: false`, and on the first page the variants deleted since.
 */
export const posCatalogueQuery = z.object({
  cursor: z
    .string()
    .regex(
      /^\d{1,17}\.\d{1,17}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      'cursor must be a next_cursor this call returned',
    )
    .optional(),
  since: z
    .string()
    .regex(/^\d{1,17}$/, 'since must be a refresh_from this call returned')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(POS_CATALOGUE_PAGE_MAX, `limit must be at most ${POS_CATALOGUE_PAGE_MAX}`)
    .default(500),
});

export const posCataloguePage = z.object({
  items: z.array(posCatalogueItem),
  /** Variants deleted since `since` (first page of a refresh only). */
  removed: z.array(z.object({ product_id: z.string(), variant_id: z.string() })),
  /** Pass as `cursor` for the next page; null: this was the last page. */
  next_cursor: z.string().nullable(),
  /** On the last page: pass as `since` for the next refresh (a little before now, so nothing is missed). */
  refresh_from: z.string().nullable(),
  gst_registered: z.boolean(),
  server_time: z.string(),
});
export type PosCataloguePage = z.infer<typeof posCataloguePage>;

/**
 * The `offline` object of POST /api/admin/order/pos-checkout/ for a sale made offline (every line then carries
 * `unit_price_paise`, the price the device showed). Sent with the sale's Idempotency-Key, in receipt order.
 */
export const posOfflineSale = z.strictObject({
  counter_id: z.uuid('offline.counter_id must be a counter id'),
  receipt_seq: z
    .number({ error: 'offline.receipt_seq must be a number' })
    .int('offline.receipt_seq must be a whole number')
    .min(1, 'offline.receipt_seq must be at least 1')
    .max(POS_MAX_RECEIPT_SEQ, `offline.receipt_seq must be at most ${POS_MAX_RECEIPT_SEQ}`),
  /** The number printed on the receipt; checked against the counter's series when sent. */
  receipt_number: z.string().max(16, 'offline.receipt_number must be at most 16 characters').optional(),
  sold_at: z.iso.datetime({ offset: true, error: 'offline.sold_at must be an ISO date and time' }),
});
export type PosOfflineSale = z.infer<typeof posOfflineSale>;

export const POS_CONFLICT_RESOLUTIONS = ['COUNTED', 'ACCEPTED'] as const;

/** A sale synced from offline that took more units than the server had: the stock went below zero. */
export const posStockConflict = z.object({
  id: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  receipt_number: z.string().nullable(),
  counter_name: z.string().nullable(),
  product_id: z.string(),
  variant_id: z.string(),
  name: z.string(),
  variant_label: z.string().nullable(),
  sku: z.string().nullable(),
  quantity_sold: z.number().int(),
  /** The stock right after the sale (below zero). */
  stock_after: z.number().int(),
  /** The stock now. */
  stock_now: z.number().int(),
  sold_at: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolution: z.enum(POS_CONFLICT_RESOLUTIONS).nullable(),
  resolved_by: z.string().nullable(),
  note: z.string().nullable(),
});
export type PosStockConflict = z.infer<typeof posStockConflict>;

export const posConflictQuery = z.object({
  status: z
    .enum(['OPEN', 'RESOLVED', 'ALL'], { error: 'status must be OPEN, RESOLVED or ALL' })
    .default('OPEN'),
});

/**
 * POST /api/admin/pos/conflicts/:id/resolve/: COUNTED sets the variant's stock to what was counted (an ADJUSTMENT
 * in the stock ledger); ACCEPTED leaves the stock as it is (e.g. goods on their way), with a note.
 */
export const posConflictResolveBody = z
  .strictObject({
    resolution: z.enum(POS_CONFLICT_RESOLUTIONS, { error: 'resolution must be COUNTED or ACCEPTED' }),
    counted_stock: z
      .number({ error: 'counted_stock must be a number' })
      .int('counted_stock must be a whole number')
      .min(0, 'counted_stock cannot be negative')
      .max(1_000_000, 'counted_stock is too large')
      .optional(),
    note: z.string().trim().max(300, 'note must be at most 300 characters').optional(),
  })
  .superRefine((b, ctx) => {
    if (b.resolution === 'COUNTED' && b.counted_stock === undefined) {
      ctx.addIssue({ code: 'custom', path: ['counted_stock'], message: 'Enter the stock you counted' });
    }
  });
export type PosConflictResolveBody = z.input<typeof posConflictResolveBody>;

/**
 * POST /api/admin/pos/counters/:id/void/: a number of the counter's series whose sale cannot be recorded (refused,
 * or discarded on the device) is taken as cancelled, so the series goes on without a gap. Only the next number.
 */
export const posReceiptVoidBody = z.strictObject({
  receipt_seq: posOfflineSale.shape.receipt_seq,
  sold_at: posOfflineSale.shape.sold_at,
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(3, 'reason is required (3 characters or more)')
    .max(200, 'reason must be at most 200 characters'),
});
export type PosReceiptVoidBody = z.input<typeof posReceiptVoidBody>;
