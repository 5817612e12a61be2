import { z } from 'zod';
import { phoneField } from './accounts.ts';
import { cartLine } from './cart.ts';
import { checkoutCod, codConfirmation } from './cod.ts';
import { gstNumberField } from './gstin-field.ts';
import { INDIAN_STATES, PIN_CODE_PATTERN } from './indian-states.ts';
import { CANCEL_REASONS, RETURN_KINDS } from './order-reasons.ts';

export * from './order-reasons.ts';

/** Checkout, addresses, delivery options and the customer's orders (02 §2, §3, §7; 01 §3 Customer address). */

export const ADDRESS_MAX_PER_CUSTOMER = 20;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The new-address form (01 §3): name, street, city, state, PIN code, country (India), default flag. */
export const addressBody = z.strictObject({
  full_name: text('Name', 100),
  phone_number: phoneField.optional(),
  address_line1: text('Street address', 200),
  address_line2: z.string().trim().max(200).optional().default(''),
  city: text('City', 80),
  state: z.enum(INDIAN_STATES, { error: 'Choose a state or union territory' }),
  postal_code: z
    .string({ error: 'PIN code is required' })
    .trim()
    .regex(PIN_CODE_PATTERN, 'PIN code must be 6 digits'),
  country: z.literal('India', { error: 'We deliver within India only' }).default('India'),
  is_default: z.boolean().default(false),
  /** The spec's address kind; only customer addresses are kept here. */
  address_type: z.literal('CUSTOMER_ADDRESS').optional(),
});
export type AddressBody = z.input<typeof addressBody>;

export const address = z.object({
  id: z.string(),
  full_name: z.string(),
  phone_number: z.string().nullable(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  is_default: z.boolean(),
  /** The spec's camel-case flag, same value. */
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof address>;

/** A delivery address the shopper saved at another shop of their Haat account, offered at checkout (decision 0029). */
export const otherShopAddress = address.omit({ id: true, is_default: true, isDefault: true }).extend({
  /** The shop it was saved at. */
  shop_name: z.string(),
});
export type OtherShopAddress = z.infer<typeof otherShopAddress>;

/** A delivery option the shop offers, priced for the current cart (is_free and delivery_charge apply to it). */
export const deliveryOption = z.object({
  id: z.string(),
  delivery_name: z.string(),
  estimated_time: z.string(),
  description: z.string(),
  /** Rupees; 0 when free for this cart. */
  delivery_charge: z.number(),
  /** The option's usual charge before any free-shipping rule. */
  base_charge: z.number(),
  free_above: z.number().nullable(),
  is_free: z.boolean(),
  is_recommended: z.boolean(),
  min_days: z.number().int(),
  max_days: z.number().int(),
});
export type DeliveryOption = z.infer<typeof deliveryOption>;

/** ONLINE: through the shop's payment gateway (UPI, cards, net banking, wallets; issue 44). */
export const PAYMENT_OPTIONS = ['COD', 'UPI', 'ONLINE'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];
/** How an order was paid: online orders by COD or UPI, counter sales (POS) by cash, UPI or card. */
export const ORDER_PAYMENT_METHODS = ['COD', 'UPI', 'CASH', 'CARD', 'CREDIT', 'ONLINE'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];
export const paymentMethod = z.object({
  id: z.enum(PAYMENT_OPTIONS),
  name: z.string(),
  description: z.string(),
  isDefault: z.boolean(),
  upi_id: z.string().nullable(),
});

export const userContact = z.object({
  id: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  full_name: z.string(),
});
export const userContactBody = z.strictObject({ phone_number: phoneField });

/** The order summary as checkout shows it (02 §3 Order data), for the selected cart lines. */
export const orderData = z.object({
  total_cart_value: z.number(),
  discount: z.number(),
  coupon_code: z.string().nullable(),
  is_shipping_free: z.boolean(),
  shipping_charge: z.number(),
  gst: z.number(),
  total_price: z.number(),
  total_items: z.number().int(),
});

export const checkoutData = z.object({
  cart_data: z.array(cartLine),
  order_data: orderData,
  user_address: z.array(address),
  delivery_option: z.array(deliveryOption),
  user_contact: userContact,
  payment_methods: z.array(paymentMethod),
  /** Cash on delivery's rules for this customer (null: the shop does not take COD); see codProblem. */
  cod: checkoutCod.nullable(),
  /** When the shopper's hold on these lines ends (ISO time), or null without one (decision 0030). */
  hold_expires_at: z.string().nullable(),
  notes: z.object({
    secure_checkout: z.boolean(),
    free_returns: z.boolean(),
    return_days: z.number().int().nullable(),
  }),
});
export type CheckoutData = z.infer<typeof checkoutData>;

/** An amount the customer was shown, in rupees: bounded like every amount (0 to ₹1 crore). */
const shown = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} cannot be negative`)
    .max(10_000_000, `${field} is too large`);

/** What the customer saw for a line, so a changed price or quantity is refused naming the line. */
const orderedLine = z.strictObject({
  id: z.uuid('Invalid cart item'),
  quantity: z.number().int().min(1).max(10_000).optional(),
  unit_price: shown('unit_price').optional(),
});

/** Place order (02 §7): ids of the selected cart lines and the choices; every amount is recomputed on the server. */
export const placeOrderBody = z.strictObject({
  cart_item: z
    .array(z.union([z.uuid('Invalid cart item'), orderedLine]))
    .min(1, 'Select at least one item')
    .max(100),
  user_contact: z.string().optional(),
  shipping_address: z.uuid('Choose a delivery address'),
  /** Another of the customer's addresses to bill to ("billing address same as shipping" unticked). */
  billing_address: z.uuid('Choose a billing address').optional(),
  /** A business buyer's GSTIN for a B2B tax invoice (its input tax credit); left out: a B2C invoice. */
  gst_number: gstNumberField.optional(),
  delivery_type: z.union([z.uuid('Choose a delivery option'), z.object({ id: z.uuid() }).loose()]),
  payment_option: z.enum(PAYMENT_OPTIONS, { error: 'Choose a payment method' }).default('COD'),
  /** What the customer was shown; a different server total is refused with 409 PRICE_CHANGED. */
  total_amount: shown('total_amount').optional(),
  total_price: shown('total_price').optional(),
  total_items: z.number().int().min(0).max(1_000_000).optional(),
  sub_total: shown('sub_total').optional(),
  discount: shown('discount').optional(),
  tax: shown('tax').optional(),
  shipping_charge: shown('shipping_charge').optional(),
});
export type PlaceOrderBody = z.input<typeof placeOrderBody>;

export const ORDER_STATUSES = [
  'PENDING',
  'CONFIRMED',
  'PROCESSING',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
  'RETURNED',
  /** Return to origin: a shipped order refused at the door or undeliverable, on its way back to the shop. */
  'RTO',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = [
  'PENDING',
  'SUCCESS',
  'FAILED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'CANCELLED',
] as const;
/** Your Orders tabs (02 §2); Processing covers orders not yet shipped. */
export const ORDER_TABS = ['all', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['PENDING', 'CONFIRMED', 'PROCESSING'];

export const orderListQuery = z.object({
  status: z
    .enum(ORDER_TABS, { error: 'status must be all, processing, shipped, delivered or cancelled' })
    .default('all'),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  cursor: z.string().max(200).optional(),
});

export const orderItem = z.object({
  id: z.string(),
  product_id: z.string(),
  variant_id: z.string().nullable(),
  name: z.string(),
  /** The variant's option values ("M / Blue"); null for a product without options. */
  variant: z.string().nullable(),
  sku: z.string().nullable(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: z.number(),
  line_total: z.number(),
  /** Whether this customer has reviewed the product already. */
  reviewed: z.boolean(),
});

/** A line of a return request: how many units, and the shop's answer for it. */
export const returnLine = z.object({
  item_id: z.string(),
  name: z.string(),
  variant: z.string().nullable(),
  quantity: z.number().int(),
  status: z.enum(['REQUESTED', 'ACCEPTED', 'REJECTED']),
  /** The line's share of what was paid for these units (its discount taken off), in rupees. */
  amount: z.number(),
});
export type ReturnLine = z.infer<typeof returnLine>;

export const timelineStep = z.object({
  key: z.enum(['PLACED', 'PAYMENT', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'RTO']),
  label: z.string(),
  complete: z.boolean(),
  at: z.string().nullable(),
});

/** A customer's order (02 §3 Customer order), as Your Orders, order success and the order page read it. */
export const customerOrder = z.object({
  id: z.string(),
  order_number: z.string(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_method: z.enum(ORDER_PAYMENT_METHODS),
  payment_status: z.enum(PAYMENT_STATUSES),
  subtotal: z.number(),
  discount: z.number(),
  coupon_code: z.string().nullable(),
  shipping_charge: z.number(),
  /** The shop's cash-on-delivery fee, its own line (0: none). */
  cod_fee: z.number(),
  tax: z.number(),
  total_amount: z.number(),
  total_items: z.number().int(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  /** The carrier's tracking page, when known. */
  tracking_url: z.string().nullable(),
  /** The tax invoice (or bill of supply) issued when the order shipped; downloadable from the order page. */
  invoice_number: z.string().nullable(),
  /** The shop's note to the customer (Edit Order). */
  customer_note: z.string().nullable(),
  /** Expected delivery (from the delivery option) until delivered. */
  expected_delivery: z.string().nullable(),
  deliveryDate: z.string().nullable(),
  shippedDate: z.string().nullable(),
  cancelledDate: z.string().nullable(),
  delivery_type: z.object({ name: z.string(), estimated_time: z.string() }),
  shipping_address: z.object({
    full_name: z.string(),
    address_line1: z.string(),
    address_line2: z.string(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
    country: z.string(),
    phone_number: z.string().nullable(),
  }),
  /** First item for the card (02 §2), with all items. */
  product: z.object({
    image: z.string().nullable(),
    name: z.string(),
    quantity: z.number().int(),
    items: z.array(orderItem),
  }),
  can_cancel: z.boolean(),
  can_review: z.boolean(),
  can_return: z.boolean(),
  /** The customer's return request and the shop's answer (APPROVED/COMPLETED accepted, REJECTED declined). */
  return_request: z
    .object({
      reason: z.string(),
      status: z.string(),
      created_at: z.string(),
      decided_at: z.string().nullable(),
      decision_note: z.string().nullable(),
      /** Return (money back) or exchange (the same again). */
      kind: z.enum(RETURN_KINDS),
      /** The lines and units asked for; every line for a request made for the whole order. */
      items: z.array(returnLine),
      /** What goes back to the customer for the accepted units (rupees; 0 for an exchange or until accepted). */
      refund_amount: z.number(),
    })
    .nullable(),
  /** Why the order was cancelled (the shopper's choice and words, or the shop's reason). */
  cancel_reason: z.string().nullable(),
  timeline: z.array(timelineStep),
  /** A COD order the customer must confirm (by the mailed code or link) before the shop ships it. */
  cod_confirmation: codConfirmation.nullable(),
  /** For UPI orders awaiting payment: the exact-amount UPI link and its QR code (SVG). */
  upi: z.object({ link: z.string(), qr_svg: z.string(), upi_id: z.string() }).nullable(),
});
export type CustomerOrder = z.infer<typeof customerOrder>;

export const placedOrder = z.object({ order_id: z.string(), order: customerOrder });

/**
 * Cancel an order: the chosen reason and free text (`reason`, required when the choice is Other). An older client
 * sends only `reason` (free text) or nothing. Stored as one line: "Found a better price: cheaper nearby".
 */
export const cancelOrderBody = z
  .strictObject({
    reason_code: z
      .enum(CANCEL_REASONS, { error: `reason_code must be one of: ${CANCEL_REASONS.join(', ')}` })
      .optional(),
    reason: z.string().trim().max(300, 'Reason must be at most 300 characters').optional(),
  })
  .refine((b) => b.reason_code !== 'Other' || (b.reason?.length ?? 0) >= 3, {
    path: ['reason'],
    message: 'Tell the shop why you are cancelling (3 characters or more)',
  });

/**
 * Ask to return or exchange a delivered order (issue 40): some lines and how many of each (`items`), or, left out
 * (older clients), every unit of every line. A line's quantity never exceeds what was delivered of it.
 */
export const returnRequestBody = z.strictObject({
  reason: z
    .string({ error: 'Tell us why you are returning it' })
    .trim()
    .min(3, 'Tell us why you are returning it')
    .max(500),
  kind: z.enum(RETURN_KINDS, { error: 'kind must be RETURN or EXCHANGE' }).default('RETURN'),
  items: z
    .array(
      z.strictObject({
        item_id: z.uuid('item_id must be a line of the order'),
        quantity: z
          .number({ error: 'Quantity must be a number' })
          .int('Quantity must be a whole number')
          .min(1, 'Quantity must be 1 or more')
          .max(10_000, 'Quantity must be at most 10,000'),
      }),
    )
    .min(1, 'Choose at least one item to return')
    .max(100, 'At most 100 lines')
    .refine((l) => new Set(l.map((i) => i.item_id)).size === l.length, 'Each line may be chosen once')
    .optional(),
});
export type ReturnRequestBody = z.input<typeof returnRequestBody>;

export const reviewBody = z.strictObject({
  rating: z.coerce.number().int().min(1, 'Choose 1 to 5 stars').max(5, 'Choose 1 to 5 stars'),
  description: z.string().trim().max(2000).optional().default(''),
  order_id: z.uuid().optional(),
});
