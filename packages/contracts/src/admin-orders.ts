import { z } from 'zod';
import { phoneField } from './accounts.ts';
import { codConfirmation } from './cod.ts';
import { calendarDate, dateRange } from './dates.ts';
import { customerRecord } from './delivery-record.ts';
import { INDIAN_STATES, PIN_CODE_PATTERN } from './indian-states.ts';
import {
  ORDER_PAYMENT_METHODS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  RETURN_KINDS,
  returnLine,
} from './orders.ts';
import { CARRIER_PAGES } from './tracking.ts';

/**
 * The vendor's Order Management and order detail (02 §2 Admin order list and detail, §3 Admin order, §4, §7
 * `order/`, `order/{id}/`). Field names on the wire are the spec's, spelling included (`total_deliverd`).
 */

/**
 * What the status filter offers; RETURN_REQUESTED is every order with an open return request, RISKY_COD every COD
 * order not yet shipped that carries a risk flag (decision 0014).
 */
export const ADMIN_ORDER_STATUS_FILTERS = [
  'all',
  ...ORDER_STATUSES,
  'RETURN_REQUESTED',
  'RISKY_COD',
] as const;
/** The payment filter's values; PAID is a payment received (SUCCESS). */
export const ADMIN_PAYMENT_FILTERS = ['all', 'PAID', 'PENDING', 'FAILED', 'REFUNDED'] as const;
export const ADMIN_ORDER_SORTS = ['date_desc', 'date_asc', 'amount_desc', 'amount_asc'] as const;

export const adminOrderQuery = z
  .object({
    search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
    status: z
      .enum(ADMIN_ORDER_STATUS_FILTERS, {
        error: `status must be one of ${ADMIN_ORDER_STATUS_FILTERS.join(', ')}`,
      })
      .default('all'),
    payment_status: z
      .enum(ADMIN_PAYMENT_FILTERS, {
        error: `payment_status must be one of ${ADMIN_PAYMENT_FILTERS.join(', ')}`,
      })
      .default('all'),
    /** Days in India (IST), both included. */
    from: calendarDate('from').optional(),
    to: calendarDate('to').optional(),
    sort: z
      .enum(ADMIN_ORDER_SORTS, { error: `sort must be one of ${ADMIN_ORDER_SORTS.join(', ')}` })
      .default('date_desc'),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  })
  .superRefine(dateRange());
export type AdminOrderQuery = z.infer<typeof adminOrderQuery>;

/** The 7 stat cards (02 §9) for the chosen date range; processing counts confirmed orders too. */
export const orderStats = z.object({
  total_order: z.number().int(),
  total_pending_order: z.number().int(),
  total_process: z.number().int(),
  total_shipped: z.number().int(),
  total_deliverd: z.number().int(),
  total_cancelled: z.number().int(),
  /** Shipped orders refused or undeliverable, on their way back (status RTO). */
  total_rto: z.number().int(),
  /** Rupees: orders that were not cancelled or returned; null for a role without the sales figures (Cashier, Packer). */
  total_revenue: z.number().nullable(),
});
export type OrderStats = z.infer<typeof orderStats>;

const shippingAddress = z.object({
  full_name: z.string(),
  phone_number: z.string().nullable(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});

/** A row of Order Management (02 §3 Admin order, list fields). */
export const adminOrderRow = z.object({
  id: z.string(),
  order_number: z.string(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(ORDER_PAYMENT_METHODS),
  /** ONLINE from the storefront, POS from the shop's counter. */
  channel: z.enum(['ONLINE', 'POS']),
  total_amount: z.number(),
  total_items: z.number().int(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  user: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  shipping_address: shippingAddress,
  /** An open return request waits for the vendor. */
  return_requested: z.boolean(),
  /** Why this COD order not yet shipped looks risky, in words (decision 0014); empty when it does not. */
  cod_risk: z.array(z.string()),
  /** A COD order the customer must confirm: until then it stays PENDING and cannot be moved on. */
  cod_confirmation: codConfirmation.nullable(),
  version: z.number().int(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;

export const adminOrderList = z.object({
  order_stats: orderStats,
  order_list: z.array(adminOrderRow),
  count: z.number().int(),
});
export type AdminOrderList = z.infer<typeof adminOrderList>;

export const orderEvent = z.object({
  status: z.string(),
  label: z.string(),
  note: z.string().nullable(),
  at: z.string(),
  by: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEvent>;

/** The order detail (02 §3 Admin order, detail fields), with what the vendor may do next. */
export const adminOrderDetails = adminOrderRow.extend({
  subtotal: z.number(),
  shipping_charge: z.number(),
  /** The cash-on-delivery fee, its own line. */
  cod_fee: z.number(),
  tax: z.number(),
  discount: z.number(),
  coupon_code: z.string().nullable(),
  delivery_type: z.object({ name: z.string(), estimated_time: z.string() }),
  expected_delivery: z.string().nullable(),
  tracking_url: z.string().nullable(),
  customer_note: z.string().nullable(),
  shippedDate: z.string().nullable(),
  deliveredDate: z.string().nullable(),
  cancelledDate: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  returnedDate: z.string().nullable(),
  /** When the order was marked RTO (kept once it is received back). */
  rtoDate: z.string().nullable(),
  /** The customer's record at this shop; null for an order without a customer account (a counter sale). */
  customer_record: customerRecord.nullable(),
  transactionId: z.string().nullable(),
  /** The tax invoice (or bill of supply) issued when the order shipped. */
  invoice_number: z.string().nullable(),
  payment: z.object({
    /** The payment's id (its transaction page). */
    id: z.string().nullable(),
    reference: z.string().nullable(),
    utr: z.string().nullable(),
    amount: z.number(),
    /** What can still be refunded (0 unless the payment was received). */
    refundable: z.number(),
    received_at: z.string().nullable(),
    received_by: z.string().nullable(),
  }),
  order_item: z.array(
    z.object({
      /** The order line (a return request names its lines by it). */
      id: z.string(),
      product_id: z.string(),
      variant_id: z.string().nullable(),
      product_name: z.string(),
      /** The variant's option values ("M / Blue"); null for a product without options. */
      variant: z.string().nullable(),
      quantity: z.number().int(),
      sku: z.string().nullable(),
      product_price: z.number(),
      line_total: z.number(),
      image: z.string().nullable(),
      category: z.string().nullable(),
    }),
  ),
  return_request: z
    .object({
      reason: z.string(),
      status: z.enum(['REQUESTED', 'APPROVED', 'REJECTED', 'COMPLETED']),
      created_at: z.string(),
      decided_at: z.string().nullable(),
      decision_note: z.string().nullable(),
      /** Return (money back) or exchange (the same again), issue 40. */
      kind: z.enum(RETURN_KINDS),
      /** The lines and units the customer asked to send back, each with the shop's answer. */
      items: z.array(returnLine),
      /** What is due back for the accepted units (rupees; 0 for an exchange or until accepted). */
      refund_amount: z.number(),
    })
    .nullable(),
  timeline: z.array(orderEvent),
  /** The statuses the server accepts next, in the order the buttons show. */
  next_statuses: z.array(z.enum(ORDER_STATUSES)),
  can_edit: z.boolean(),
  can_record_payment: z.boolean(),
});
export type AdminOrderDetails = z.infer<typeof adminOrderDetails>;

/** Every change names the version it was made against; a newer one on the server answers 409 ORDER_CHANGED. */
const version = z.coerce
  .number({ error: 'version is required' })
  .int('version must be a whole number')
  .min(1, 'version must be 1 or more')
  .max(2_147_483_647, 'version is too large');

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

/** Carriers whose tracking page Haat knows (the one table: tracking.ts), as the Ship dialog offers them. */
const carrierNames = CARRIER_PAGES.map((c) => c.name);
export const CARRIERS: readonly [string, ...string[]] = [
  carrierNames[0] ?? 'Delhivery',
  ...carrierNames.slice(1),
];

export const shippingBody = z.strictObject({
  carrier: z
    .string({ error: 'Carrier is required' })
    .trim()
    .min(1, 'Carrier is required')
    .max(60, 'Carrier must be at most 60 characters'),
  tracking_number: z
    .string({ error: 'Tracking number is required' })
    .trim()
    .min(3, 'Tracking number must be 3 to 40 letters or digits')
    .max(40, 'Tracking number must be 3 to 40 letters or digits')
    .regex(/^[A-Za-z0-9-]+$/, 'Tracking number must be letters, digits or -'),
  tracking_url: z
    .union([
      z.url({ protocol: /^https?$/, error: 'Tracking link must be an http(s) address' }),
      z.literal(''),
    ])
    .optional(),
  version,
});
export type ShippingBody = z.input<typeof shippingBody>;

/** Moving an order along; SHIPPED carries the shipment, CANCELLED a reason. */
export const adminOrderStatusBody = z.strictObject({
  status: z.enum(['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'RETURNED', 'RTO'], {
    error: 'status must be CONFIRMED, PROCESSING, SHIPPED, DELIVERED, CANCELLED, RETURNED or RTO',
  }),
  tracking_number: optionalText('Tracking number', 40),
  carrier: optionalText('Carrier', 60),
  tracking_url: z
    .union([
      z.url({ protocol: /^https?$/, error: 'Tracking link must be an http(s) address' }),
      z.literal(''),
    ])
    .optional(),
  reason: optionalText('Reason', 300),
  /**
   * Delivering a cash-on-delivery order: the cash collected, in rupees; it must equal the amount due (the back
   * office always sends it; without it older clients record the amount due).
   */
  amount_collected: z
    .number({ error: 'amount_collected must be a number of rupees' })
    .finite('amount_collected must be a number of rupees')
    .min(0, 'amount_collected cannot be negative')
    .max(10_000_000, 'amount_collected is too large')
    .optional(),
  /** Delivering a UPI order whose payment is still pending: true says the shop knows it is not paid yet. */
  payment_pending_acknowledged: z
    .boolean({ error: 'payment_pending_acknowledged must be true or false' })
    .optional(),
  /** Optional for older clients; the back office always sends it. */
  version: version.optional(),
});
export type AdminOrderStatusBody = z.input<typeof adminOrderStatusBody>;

export const bulkStatusBody = z.strictObject({
  ids: z.array(z.uuid('ids must be order ids')).min(1, 'Select at least one order').max(100),
  status: z.enum(['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED'], {
    error: 'status must be CONFIRMED, PROCESSING, SHIPPED, DELIVERED or CANCELLED',
  }),
  reason: optionalText('Reason', 300),
});
export const bulkStatusResult = z.object({
  moved: z.array(z.object({ id: z.string(), order_number: z.string() })),
  skipped: z.array(z.object({ id: z.string(), order_number: z.string().nullable(), reason: z.string() })),
});

/** A UPI payment seen in the vendor's bank app: its UTR (12 digits). */
export const recordPaymentBody = z.strictObject({
  utr: z
    .string({ error: 'UTR is required' })
    .trim()
    .regex(/^\d{12}$/, 'UTR must be the 12-digit reference from your bank app'),
  version,
});

/** Edit Order: while not shipped, the shipping address, phone and a note to the customer. */
export const editOrderBody = z.strictObject({
  full_name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  phone_number: phoneField,
  address_line1: z
    .string()
    .trim()
    .min(1, 'Street address is required')
    .max(200, 'Street address must be at most 200 characters'),
  address_line2: z.string().trim().max(200, 'Address line 2 must be at most 200 characters').default(''),
  city: z.string().trim().min(1, 'City is required').max(80, 'City must be at most 80 characters'),
  state: z.enum(INDIAN_STATES, { error: 'Choose a state or union territory' }),
  postal_code: z.string().trim().regex(PIN_CODE_PATTERN, 'PIN code must be 6 digits'),
  customer_note: z.string().trim().max(500, 'Note must be at most 500 characters').default(''),
  version,
});
export type EditOrderBody = z.input<typeof editOrderBody>;

export const returnDecisionBody = z
  .strictObject({
    decision: z.enum(['ACCEPT', 'DECLINE'], { error: 'decision must be ACCEPT or DECLINE' }),
    note: optionalText('Reason', 300),
    /**
     * ACCEPT: the requested lines accepted (by order line id); the others are declined. Left out: every requested
     * line. Each accepted line comes back in the quantity asked (issue 40).
     */
    item_ids: z
      .array(z.uuid('item_ids must be lines of the order'))
      .min(1, 'Accept at least one line, or decline the return')
      .max(100)
      .optional(),
    version,
  })
  .refine((b) => b.decision === 'ACCEPT' || (b.note?.length ?? 0) >= 3, {
    path: ['note'],
    message: 'Tell the customer why the return is declined',
  });

export const packingSlipQuery = z.object({
  ids: z
    .string({ error: 'ids is required' })
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.uuid('ids must be order ids')).min(1, 'ids is required').max(100, 'At most 100 orders')),
});
