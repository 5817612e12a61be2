import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, storeId, ts } from './columns.ts';
import { users } from './platform.ts';
import { products } from './tenant.ts';

/*
 * Checkout and orders. Tenant tables like the rest: store_id leads every key, references between them are
 * composite, and row-level security is forced on each (migrations/0007_orders_tenancy.sql).
 */

/** A customer's delivery addresses at one shop (customer accounts belong to a shop). */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    storeId: storeId(),
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    phoneNumber: text('phone_number'),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('India'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index('customer_addresses_customer_idx').on(t.storeId, t.customerId),
    uniqueIndex('customer_addresses_one_default').on(t.storeId, t.customerId).where(sql`${t.isDefault}`),
    check('customer_addresses_pin', sql`${t.postalCode} ~ '^[1-9][0-9]{5}$'`),
  ],
);

/** Delivery options a shop offers at checkout; every new shop gets Standard and Express (see the trigger). */
export const deliveryOptions = pgTable(
  'delivery_options',
  {
    storeId: storeId(),
    id: id(),
    name: text('name').notNull(),
    estimatedTime: text('estimated_time').notNull(),
    description: text('description').notNull().default(''),
    chargePaise: integer('charge_paise').notNull().default(0),
    /** Free for carts whose selected subtotal reaches this; null: never by amount. */
    freeAbovePaise: integer('free_above_paise'),
    /** Free when every selected line is a free-shipping product. */
    honoursFreeShipping: boolean('honours_free_shipping').notNull().default(true),
    isRecommended: boolean('is_recommended').notNull().default(false),
    minDays: smallint('min_days').notNull(),
    maxDays: smallint('max_days').notNull(),
    position: smallint('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    check('delivery_options_charge', sql`${t.chargePaise} >= 0`),
    check('delivery_options_days', sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`),
  ],
);

/** The last human order number per shop (ORD-1001, ORD-1002, ...). */
export const orderCounters = pgTable('order_counters', {
  storeId: storeId().primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const orders = pgTable(
  'orders',
  {
    storeId: storeId(),
    id: id(),
    number: integer('number').notNull(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', {
      enum: ['PENDING', 'CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'RETURNED', 'RTO'],
    })
      .notNull()
      .default('PENDING'),
    channel: text('channel', { enum: ['ONLINE', 'POS'] })
      .notNull()
      .default('ONLINE'),
    /** COD, UPI or ONLINE (a payment gateway, migration 0063) online; CASH, UPI or CARD at the counter (POS). */
    paymentMethod: text('payment_method', {
      enum: ['COD', 'UPI', 'CASH', 'CARD', 'CREDIT', 'ONLINE'],
    }).notNull(),
    paymentStatus: text('payment_status', {
      enum: ['PENDING', 'SUCCESS', 'FAILED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'CANCELLED'],
    })
      .notNull()
      .default('PENDING'),
    subtotalPaise: integer('subtotal_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    couponId: uuid('coupon_id'),
    couponCode: text('coupon_code'),
    shippingPaise: integer('shipping_paise').notNull().default(0),
    /** GST included in the prices. */
    taxPaise: integer('tax_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    totalItems: integer('total_items').notNull(),
    deliveryName: text('delivery_name').notNull(),
    deliveryEstimate: text('delivery_estimate').notNull(),
    expectedDeliveryAt: ts('expected_delivery_at'),
    shipName: text('ship_name').notNull(),
    shipPhone: text('ship_phone'),
    shipLine1: text('ship_line1').notNull(),
    shipLine2: text('ship_line2').notNull().default(''),
    shipCity: text('ship_city').notNull(),
    shipState: text('ship_state').notNull(),
    shipPostalCode: text('ship_postal_code').notNull(),
    shipCountry: text('ship_country').notNull().default('India'),
    /** The billing address when the shopper gave another one; null: billed to the shipping address (0023). */
    billName: text('bill_name'),
    billPhone: text('bill_phone'),
    billLine1: text('bill_line1'),
    billLine2: text('bill_line2'),
    billCity: text('bill_city'),
    billState: text('bill_state'),
    billPostalCode: text('bill_postal_code'),
    /** The buyer's GSTIN, printed on the tax invoice (a business buying at the counter; migration 0031). */
    buyerGstin: text('buyer_gstin'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    confirmedAt: ts('confirmed_at'),
    processingAt: ts('processing_at'),
    shippedAt: ts('shipped_at'),
    deliveredAt: ts('delivered_at'),
    cancelledAt: ts('cancelled_at'),
    cancelReason: text('cancel_reason'),
    /** Tracking page of the shipment (built for well-known carriers, or typed by the vendor). */
    trackingUrl: text('tracking_url'),
    /** The vendor's note to the customer, shown on the order. */
    customerNote: text('customer_note'),
    returnedAt: ts('returned_at'),
    /** When a shipped order was marked RTO (refused or undeliverable, coming back); kept once it is RETURNED (0036). */
    rtoAt: ts('rto_at'),
    /** The cash-on-delivery fee charged (migration 0035): in the total, taxed like shipping. */
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    /** Set when the customer must confirm this COD order: unconfirmed by then, it cancels itself. */
    codConfirmBy: ts('cod_confirm_by'),
    codConfirmedAt: ts('cod_confirmed_at'),
    /** Raised by every change of the order: a change sent against an older version is refused (409). */
    version: integer('version').notNull().default(1),
    /**
     * Lowercase number, name, email and phone digits: Order Management's and Transaction Management's search
     * (migration 0017), found through the trigram index `orders_search_trgm_idx` by `order_search_ids` (0039).
     */
    searchKey: text('search_key').generatedAlwaysAs(
      sql`lower('ord-' || "number"::text || ' ' || "ship_name" || ' ' || coalesce("contact_email", '') || ' ' || regexp_replace(coalesce("contact_phone", '') || ' ' || coalesce("ship_phone", ''), '[^0-9 ]', '', 'g'))`,
    ),
    /** The register whose drawer took this counter sale's cash (migration 0050). */
    registerSessionId: uuid('register_session_id'),
    /** The shop's customer (pos_customers) the sale belongs to: counter customers, online ones matched by phone. */
    shopCustomerId: uuid('shop_customer_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index('orders_store_total_idx').on(t.storeId, t.totalPaise),
    index('orders_store_payment_idx').on(t.storeId, t.paymentStatus, t.createdAt),
    uniqueIndex('orders_number_uq').on(t.storeId, t.number),
    index('orders_customer_idx').on(t.storeId, t.customerId, t.createdAt),
    /**
     * Order Management's page ids, search counts and range stats from index entries alone: migration 0023 adds
     * INCLUDE (status, payment_status, total_paise, search_key), which drizzle cannot declare.
     */
    index('orders_store_created_cover_idx').on(t.storeId, t.createdAt, t.id),
    index('orders_store_status_idx').on(t.storeId, t.status, t.createdAt),
    /** The dashboard's distinct customers of a period, read from the index alone. */
    index('orders_store_created_customer_idx').on(t.storeId, t.createdAt, t.customerId),
    /**
     * COD and RTO figures (migration 0036): COD orders by when placed (INCLUDE status, total, shipped_at, rto_at,
     * delivery name and shipping there), shipped COD orders by PIN code and when shipped (INCLUDE rto_at; 0039),
     * a customer's RTO orders.
     */
    index('orders_cod_idx').on(t.storeId, t.createdAt).where(sql`${t.paymentMethod} = 'COD'`),
    index('orders_cod_pin_idx')
      .on(t.storeId, t.shipPostalCode, t.shippedAt)
      .where(sql`${t.paymentMethod} = 'COD' and ${t.shippedAt} is not null`),
    index('orders_rto_customer_idx').on(t.storeId, t.customerId).where(sql`${t.rtoAt} is not null`),
    /** Orders to be paid online not yet paid (migration 0063): the online-payment expiry sweep. */
    index('orders_online_unpaid_idx')
      .on(t.storeId, t.createdAt)
      .where(
        sql`payment_method = 'ONLINE' AND payment_status IN ('PENDING', 'FAILED') AND status = 'PENDING'`,
      ),
    /** COD orders waiting for the customer's confirmation: the expiry sweep and the awaiting flag. */
    index('orders_cod_awaiting_idx')
      .on(t.storeId, t.codConfirmBy)
      .where(sql`cod_confirm_by IS NOT NULL AND cod_confirmed_at IS NULL AND status = 'PENDING'`),
    check(
      'orders_amounts',
      sql`${t.subtotalPaise} >= 0 and ${t.discountPaise} >= 0 and ${t.totalPaise} >= 0`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    storeId: storeId(),
    id: id(),
    orderId: uuid('order_id').notNull(),
    productId: uuid('product_id').notNull(),
    /** The variant sold (no reference: a combination the shop stops selling keeps its order history). */
    variantId: uuid('variant_id'),
    name: text('name').notNull(),
    /** The variant's option values as the shopper saw them ("M / Blue"); null for a product without options. */
    variantLabel: text('variant_label'),
    sku: text('sku'),
    image: text('image'),
    quantity: integer('quantity').notNull(),
    /** The price paid per unit (GST included). */
    unitPricePaise: integer('unit_price_paise').notNull(),
    costPaise: integer('cost_paise'),
    taxPercent: numeric('tax_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /**
     * Units of the line that went back to stock (cancelled, returned, RTO received back, refunded with restock),
     * raised with the stock move; never more than sold (a CHECK, migration 0046).
     */
    restockedQuantity: integer('restocked_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({ columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.storeId, t.productId], foreignColumns: [products.storeId, products.id] }),
    index('order_items_order_idx').on(t.storeId, t.orderId),
    index('order_items_product_idx').on(t.storeId, t.productId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'order_items_restocked_within_sold',
      sql`${t.restockedQuantity} >= 0 and ${t.restockedQuantity} <= ${t.quantity}`,
    ),
  ],
);

/** Each status change of an order: the timeline and the back office's activity read these. */
export const orderEvents = pgTable(
  'order_events',
  {
    storeId: storeId(),
    id: id(),
    orderId: uuid('order_id').notNull(),
    status: text('status').notNull(),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    foreignKey({ columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete(
      'cascade',
    ),
    index('order_events_order_idx').on(t.storeId, t.orderId, t.createdAt),
    /** The dashboard's Recent Activity: a shop's latest events. */
    index('order_events_recent_idx').on(t.storeId, t.createdAt),
  ],
);

/** Payments against orders: cash on delivery and UPI start PENDING until the vendor confirms receipt. */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    storeId: storeId(),
    id: id(),
    reference: text('reference').notNull(),
    orderId: uuid('order_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    paymentMode: text('payment_mode', { enum: ['COD', 'UPI', 'CASH', 'CARD', 'CREDIT', 'ONLINE'] }).notNull(),
    paymentStatus: text('payment_status', {
      enum: ['PENDING', 'SUCCESS', 'FAILED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'CANCELLED'],
    })
      .notNull()
      .default('PENDING'),
    /** The payer's reference: a UPI payment's UTR as the vendor's bank app shows it. */
    externalReference: text('external_reference'),
    /** Who recorded the money as received (cash collected on delivery, UPI seen in the bank), and when. */
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: ts('received_at'),
    /** What was given back so far; never more than the amount (a CHECK, so concurrent refunds cannot pass it). */
    refundedPaise: integer('refunded_paise').notNull().default(0),
    /** Cash at the counter: what the customer handed over (the change is what is above the amount). */
    tenderedPaise: integer('tendered_paise'),
    /** Card on the shop's own terminal: the network and last 4 digits from its slip. */
    cardNetwork: text('card_network'),
    cardLast4: text('card_last4'),
    /** A payment through a gateway (migration 0063): its order and payment ids and what it reported. */
    gateway: text('gateway'),
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    /** The gateway's method: card, upi, netbanking, wallet, emi. */
    gatewayMethod: text('gateway_method'),
    bank: text('bank'),
    vpa: text('vpa'),
    wallet: text('wallet'),
    authCode: text('auth_code'),
    rrn: text('rrn'),
    gatewayFeePaise: integer('gateway_fee_paise'),
    gatewayTaxPaise: integer('gateway_tax_paise'),
    /** Why the last attempt failed, as the gateway said. */
    failureReason: text('failure_reason'),
    /** The gateway's settlement this payment was paid out in (reconciliation, migration 0065). */
    settlementId: text('settlement_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex('payment_transactions_reference_uq').on(t.storeId, t.reference),
    foreignKey({ columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete(
      'cascade',
    ),
    index('payment_transactions_order_idx').on(t.storeId, t.orderId),
    uniqueIndex('payment_transactions_gateway_order_uq')
      .on(t.storeId, t.gatewayOrderId)
      .where(sql`gateway_order_id IS NOT NULL`),
    /**
     * Transaction Management's page ids and a search's count from index entries: migration 0029 adds INCLUDE
     * (payment_status, payment_mode, order_id, reference), which drizzle cannot declare.
     */
    index('payment_transactions_created_cover_idx').on(t.storeId, t.createdAt, t.id),
  ],
);
