import { randomUUID } from 'node:crypto';
import { gstIncluded, trackingLink } from '@haat/contracts';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../client.ts';
import { withStore } from '../context.ts';
import {
  customerAddresses,
  deliveryOptions,
  orderCounters,
  orderEvents,
  orderItems,
  orders,
  paymentTransactions,
  posCustomers,
  products,
  productVariants,
  returnRequests,
  stockLedger,
  storeLocations,
  stores,
  users,
} from '../schema/index.ts';
import { addDemoCodConfirmations } from './demo-cod.ts';
import { documentCounters, refunds, seedDemoDocuments, taxDocuments } from './demo-documents.ts';
import {
  type CounterShop,
  counterBill,
  counterCustomerRows,
  counterCustomers,
  counterRows,
  counterTimes,
} from './demo-pos.ts';
import { addDemoRto } from './demo-rto.ts';
import type { DemoShop } from './demo-types.ts';
import { between, pick, random } from './random.ts';

/*
 * About four months of order history for a published demo shop, so the back office (dashboard, stock history,
 * orders) has real rows to read. Every row is what the live order flow would have written: demo customers of the
 * shop with an address, orders numbered through order_counters, lines priced from the products (price paid and
 * cost), status changes in order_events, a payment per order, return requests, and the stock ledger. Counter
 * sales (demo-pos.ts) are interleaved with the online orders: the same numbers, stock and ledger.
 *
 * Stock: the products keep the quantity they have. Each product gets an INITIAL ledger row (its stock when it
 * was listed) chosen so that the SALE and CANCELLATION rows that follow end exactly at today's quantity, so the
 * History tab and the product agree. units_sold stays the catalogue's lifetime figure, which includes sales
 * before this history; the seeded sales of a product never exceed it.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far back the history reaches. */
export const DEMO_ORDER_DAYS = 120;

type OrderStatus = (typeof orders.$inferInsert)['status'] & string;
type PaymentStatus = (typeof orders.$inferInsert)['paymentStatus'] & string;

const NAMES: readonly [string, string][] = [
  ['Priya', 'Sharma'],
  ['Rahul', 'Verma'],
  ['Ananya', 'Iyer'],
  ['Arjun', 'Reddy'],
  ['Sneha', 'Kulkarni'],
  ['Vikram', 'Singh'],
  ['Kavya', 'Nair'],
  ['Rohan', 'Mehta'],
  ['Aditi', 'Banerjee'],
  ['Siddharth', 'Rao'],
  ['Pooja', 'Agarwal'],
  ['Karthik', 'Subramanian'],
  ['Neha', 'Gupta'],
  ['Amit', 'Patel'],
  ['Divya', 'Menon'],
  ['Sanjay', 'Joshi'],
  ['Meghna', 'Das'],
  ['Harpreet', 'Kaur'],
  ['Imran', 'Khan'],
  ['Lakshmi', 'Venkatesh'],
  ['Aniket', 'Deshpande'],
  ['Ritika', 'Malhotra'],
  ['Farhan', 'Qureshi'],
  ['Shreya', 'Ghosh'],
  ['Nikhil', 'Jain'],
  ['Tanvi', 'Shah'],
  ['Abhishek', 'Mishra'],
  ['Sunita', 'Yadav'],
  ['Joseph', 'Thomas'],
  ['Ayesha', 'Siddiqui'],
  ['Gaurav', 'Chauhan'],
  ['Deepa', 'Pillai'],
  ['Manish', 'Tiwari'],
  ['Swati', 'Chatterjee'],
  ['Varun', 'Bhatt'],
  ['Nandini', 'Hegde'],
  ['Rajesh', 'Kumar'],
  ['Zoya', 'Mirza'],
  ['Prakash', 'Naidu'],
  ['Ishita', 'Sen'],
  ['Suresh', 'Babu'],
  ['Anjali', 'Saxena'],
  ['Mohit', 'Arora'],
  ['Fatima', 'Shaikh'],
  ['Kiran', 'Patil'],
  ['Bhavna', 'Trivedi'],
  ['Sameer', 'Kapoor'],
  ['Gurleen', 'Sandhu'],
];

const PLACES: readonly { line1: string; city: string; state: string; pin: string }[] = [
  { line1: '12, 4th Cross, Indiranagar', city: 'Bengaluru', state: 'Karnataka', pin: '560038' },
  {
    line1: 'Flat 302, Lake View Apartments, HSR Layout',
    city: 'Bengaluru',
    state: 'Karnataka',
    pin: '560102',
  },
  { line1: 'B-14, Sector 62', city: 'Noida', state: 'Uttar Pradesh', pin: '201309' },
  { line1: '7, Hauz Khas Village', city: 'New Delhi', state: 'Delhi', pin: '110016' },
  { line1: 'A-201, Shanti Kunj, Andheri West', city: 'Mumbai', state: 'Maharashtra', pin: '400053' },
  { line1: '45, Koregaon Park Lane 6', city: 'Pune', state: 'Maharashtra', pin: '411001' },
  { line1: '19, Besant Avenue, Adyar', city: 'Chennai', state: 'Tamil Nadu', pin: '600020' },
  { line1: 'Plot 88, Jubilee Hills Road 10', city: 'Hyderabad', state: 'Telangana', pin: '500033' },
  { line1: '23B, Southern Avenue', city: 'Kolkata', state: 'West Bengal', pin: '700029' },
  { line1: '5, Civil Lines', city: 'Jaipur', state: 'Rajasthan', pin: '302006' },
  { line1: '61, Hazratganj', city: 'Lucknow', state: 'Uttar Pradesh', pin: '226001' },
  { line1: 'House 9, Panampilly Nagar', city: 'Kochi', state: 'Kerala', pin: '682036' },
  { line1: '14, CG Road, Navrangpura', city: 'Ahmedabad', state: 'Gujarat', pin: '380009' },
  { line1: '3, Sector 17-C', city: 'Chandigarh', state: 'Chandigarh', pin: '160017' },
  { line1: '28, Saheed Nagar', city: 'Bhubaneswar', state: 'Odisha', pin: '751007' },
  { line1: '11, Vijay Nagar Scheme 54', city: 'Indore', state: 'Madhya Pradesh', pin: '452010' },
  { line1: '2, Race Course Road', city: 'Coimbatore', state: 'Tamil Nadu', pin: '641018' },
  { line1: '40, Boring Road', city: 'Patna', state: 'Bihar', pin: '800001' },
];

const CARRIERS = ['Delhivery', 'Blue Dart', 'DTDC', 'India Post', 'Ecom Express', 'Xpressbees'] as const;
const CUSTOMER_CANCEL = [
  'Ordered by mistake',
  'Found a better price elsewhere',
  'Need it sooner than the delivery date',
  'Want to change the size or colour',
];
const SHOP_CANCEL = [
  'Customer could not be reached to confirm the order',
  'Delivery address is not serviceable',
];
const RETURN_REASONS = [
  'Item arrived damaged',
  'Not as shown in the photos',
  'Wrong size',
  'Received a different item',
  'Quality not as expected',
];

interface ProductInfo {
  id: string;
  name: string;
  sku: string | null;
  image: string | null;
  pricePaise: number;
  salePricePaise: number | null;
  costPaise: number | null;
  quantity: number;
  taxPercent: number;
  freeShipping: boolean;
  unitsSold: number;
  createdAt: Date;
}
type OptionInfo = typeof deliveryOptions.$inferSelect;

interface Customer {
  id: string;
  first: string;
  last: string;
  email: string;
  phone: string;
  place: (typeof PLACES)[number];
  createdAt: Date;
}

export interface DemoOrderRows {
  customers: (typeof users.$inferInsert)[];
  addresses: (typeof customerAddresses.$inferInsert)[];
  orders: (typeof orders.$inferInsert)[];
  items: (typeof orderItems.$inferInsert)[];
  events: (typeof orderEvents.$inferInsert)[];
  payments: (typeof paymentTransactions.$inferInsert)[];
  returns: (typeof returnRequests.$inferInsert)[];
  ledger: (typeof stockLedger.$inferInsert)[];
  /** The counter's customers, with their visits (pos_customers). */
  posCustomers: (typeof posCustomers.$inferInsert)[];
  lastNumber: number;
}

/** How many lines a bill has, and how many of each, online and at the counter (weights). */
const ONLINE_LINES = [
  [1, 60],
  [2, 28],
  [3, 12],
] as const;
const ONLINE_QTY = [
  [1, 70],
  [2, 22],
  [3, 8],
] as const;
const COUNTER_LINES = [
  [1, 45],
  [2, 30],
  [3, 17],
  [4, 8],
] as const;
const COUNTER_QTY = [
  [1, 65],
  [2, 25],
  [3, 10],
] as const;

/**
 * A bill's lines: distinct products still within what they sold in all (`sold` so far), the better sellers more
 * likely, each quantity capped by what is left.
 */
function pickLines(
  rnd: () => number,
  listed: ProductInfo[],
  sold: Map<string, number>,
  lineWeights: readonly (readonly [number, number])[],
  qtyWeights: readonly (readonly [number, number])[],
) {
  const lineCount = weighted(rnd, lineWeights);
  const lines: { p: ProductInfo; qty: number }[] = [];
  for (let i = 0; i < lineCount; i++) {
    const left = (p: ProductInfo) => p.unitsSold - (sold.get(p.id) ?? 0);
    const open = listed.filter((p) => !lines.some((l) => l.p.id === p.id) && left(p) > 0);
    if (!open.length) break;
    const p = weighted(
      rnd,
      open.map((x) => [x, Math.sqrt(left(x)) + 1] as const),
    );
    lines.push({ p, qty: Math.min(left(p), weighted(rnd, qtyWeights)) });
  }
  return lines;
}

/** A weighted choice: `[value, weight]` pairs. */
function weighted<T>(rnd: () => number, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((n, [, w]) => n + w, 0);
  let r = rnd() * total;
  for (const [value, w] of choices) {
    r -= w;
    if (r < 0) return value;
  }
  const last = choices.at(-1);
  if (!last) throw new Error('weighted choice from an empty list');
  return last[0];
}

/** How many of a shop's newest online orders are always waiting for it (PENDING). */
const NEWEST_PENDING = 3;

/** The status an order of this age has reached (hours and days after it was placed). */
function statusForAge(rnd: () => number, ageDays: number): OrderStatus {
  if (ageDays < 0.25)
    return weighted<OrderStatus>(rnd, [
      ['PENDING', 85],
      ['CANCELLED', 15],
    ]);
  if (ageDays < 1)
    return weighted<OrderStatus>(rnd, [
      ['PENDING', 35],
      ['CONFIRMED', 10],
      ['PROCESSING', 45],
      ['CANCELLED', 10],
    ]);
  if (ageDays < 3)
    return weighted<OrderStatus>(rnd, [
      ['PROCESSING', 35],
      ['SHIPPED', 55],
      ['CANCELLED', 10],
    ]);
  if (ageDays < 6)
    return weighted<OrderStatus>(rnd, [
      ['SHIPPED', 45],
      ['DELIVERED', 47],
      ['CANCELLED', 8],
    ]);
  return weighted<OrderStatus>(rnd, [
    ['DELIVERED', 84],
    ['CANCELLED', 9],
    ['RETURNED', 7],
  ]);
}

/** What an option charges for a cart (as checkout computes it). */
function shippingFor(o: OptionInfo, subtotal: number, allFree: boolean) {
  if (o.chargePaise === 0) return 0;
  if (o.freeAbovePaise != null && subtotal >= o.freeAbovePaise) return 0;
  if (o.honoursFreeShipping && allFree) return 0;
  return o.chargePaise;
}

/** Hour of the day in India for a time. */
const istHour = (t: number) => new Date(t + 5.5 * HOUR).getUTCHours();

/**
 * Every row of a shop's order history, with times before `now`. Pure: the same shop, products and `now` give
 * the same orders (ids aside).
 */
export function buildDemoOrders(
  shop: DemoShop,
  ids: { storeId: string; ownerId: string },
  items: ProductInfo[],
  options: OptionInfo[],
  now: Date,
  firstNumber = 1001,
  counter: CounterShop | null = null,
): DemoOrderRows {
  const { storeId, ownerId } = ids;
  const rnd = random(`${shop.slug}:orders`);
  const end = now.getTime();
  const standard = options[0];
  if (!standard) throw new Error(`demo shop ${shop.slug} has no delivery option`);
  const express = options[1];
  const upi = shop.settings.payments.includes('UPI') && !!shop.settings.upi;

  // Order times, oldest first; busier towards today, and nobody orders between midnight and 7 am.
  const count = between(rnd, 60, 150);
  const times = Array.from({ length: count }, () => {
    let t = end - DEMO_ORDER_DAYS * DAY * rnd() ** 1.3;
    if (istHour(t) < 7) t -= 8 * HOUR;
    return Math.round(t);
  }).sort((a, b) => a - b);
  /** The time of the newest few online orders, which are left for the shop to confirm. */
  const newestOnline = times[Math.max(0, times.length - NEWEST_PENDING)] ?? end;

  // Customers: about one for every three orders; some order again and again.
  const names = NAMES.map((n, i) => ({ n, k: random(`${shop.slug}:c${i}`)() })).sort((a, b) => a.k - b.k);
  const customerCount = Math.min(names.length, Math.max(12, Math.round(count / 3)));
  const customers: Customer[] = names.slice(0, customerCount).map(({ n: [first, last] }) => ({
    id: randomUUID(),
    first,
    last,
    email: `${first}.${last}@customers.demo.haat.in`.toLowerCase(),
    phone: `${pick(rnd, ['98', '97', '91', '88', '79', '70', '63'])}${String(between(rnd, 10_000_000, 99_999_999))}`,
    place: pick(rnd, PLACES),
    createdAt: new Date(end - Math.round(rnd() * DEMO_ORDER_DAYS * DAY)),
  }));

  const sold = new Map<string, number>();
  const rows: DemoOrderRows = {
    customers: [],
    addresses: [],
    orders: [],
    items: [],
    events: [],
    payments: [],
    returns: [],
    ledger: [],
    posCustomers: [],
    lastNumber: firstNumber - 1,
  };
  /** Stock movements per product, replayed in time order at the end. */
  const moves = new Map<string, { at: number; change: number; row: typeof stockLedger.$inferInsert }[]>();
  const move = (productId: string, at: number, change: number, row: typeof stockLedger.$inferInsert) => {
    const list = moves.get(productId) ?? [];
    list.push({ at, change, row });
    moves.set(productId, list);
  };

  let number = firstNumber;

  // Bills at the shop's counter, between the online orders (their own random source, so the online orders are
  // the ones they were before the counter): lines from what was listed and still had sales to give.
  const counterAt = counter ? counterTimes(shop.slug, now, DEMO_ORDER_DAYS) : [];
  const crnd = random(`${shop.slug}:counter`);
  const regulars = counter ? counterCustomers(shop.slug, counter, counterAt.length) : null;
  const listedBy = (t0: number) => items.filter((p) => p.createdAt.getTime() < t0 - HOUR);
  const sellAtCounter = (t0: number) => {
    if (!counter || !regulars) return;
    const lines = pickLines(crnd, listedBy(t0), sold, COUNTER_LINES, COUNTER_QTY);
    if (!lines.length) return;
    const unit = (p: ProductInfo) => p.salePricePaise ?? p.pricePaise;
    const customer = regulars.next(t0);
    const bill = counterBill(
      crnd,
      lines.map((l) => ({ unitPricePaise: unit(l.p), quantity: l.qty, taxPercent: l.p.taxPercent })),
      customer,
      counter.upi,
      number,
    );
    const orderId = randomUUID();
    const at = new Date(t0);
    const { order, payment } = counterRows({
      storeId,
      orderId,
      number,
      at,
      ownerId,
      shop: counter,
      customer,
      bill,
    });
    rows.orders.push(order);
    rows.payments.push(payment);
    rows.events.push({
      storeId,
      orderId,
      status: 'DELIVERED',
      note: 'Sold at the counter',
      actorId: ownerId,
      createdAt: at,
    });
    for (const l of lines) {
      rows.items.push({
        storeId,
        orderId,
        productId: l.p.id,
        name: l.p.name,
        sku: l.p.sku,
        image: l.p.image,
        quantity: l.qty,
        unitPricePaise: unit(l.p),
        costPaise: l.p.costPaise,
        taxPercent: l.p.taxPercent,
      });
      move(l.p.id, t0, -l.qty, {
        storeId,
        productId: l.p.id,
        change: -l.qty,
        quantityAfter: 0,
        reason: 'SALE',
        note: `Counter sale ORD-${number}`,
        orderId,
        actorId: ownerId,
        createdAt: at,
      });
      sold.set(l.p.id, (sold.get(l.p.id) ?? 0) + l.qty);
    }
    rows.lastNumber = number;
    number += 1;
  };
  const sequence = [
    ...times.map((t) => ({ t, counter: false })),
    ...counterAt.map((t) => ({ t, counter: true })),
  ].sort((a, b) => a.t - b.t);

  for (const { t: t0, counter: atCounter } of sequence) {
    if (atCounter) {
      sellAtCounter(t0);
      continue;
    }
    const lines = pickLines(rnd, listedBy(t0), sold, ONLINE_LINES, ONLINE_QTY);
    if (!lines.length) continue;

    const customer = customers[Math.floor(customers.length * rnd() ** 1.6)] ?? customers[0];
    if (!customer) throw new Error('no demo customer');
    if (customer.createdAt.getTime() > t0) {
      customer.createdAt = new Date(t0 - between(rnd, 1, 240) * HOUR);
    }
    const ageDays = (end - t0) / DAY;
    // The newest orders wait for the shop whatever the hour the demo is made at (the night's orders move back in
    // time, so at some hours none is under 6 hours old): every shop has some to confirm.
    const natural = statusForAge(rnd, ageDays);
    const status: OrderStatus = t0 >= newestOnline ? 'PENDING' : natural;
    const option = express && rnd() < 0.2 ? express : standard;
    const method = upi && rnd() < 0.3 ? 'UPI' : 'COD';

    // When each step happened; stretched into the time that has passed if the natural pace would overrun now.
    const steps = {
      processing: between(rnd, 1, 8) * HOUR,
      shipped: 0,
      delivered: 0,
      cancelled: between(rnd, 1, 20) * HOUR,
      requested: 0,
      returned: 0,
    };
    steps.shipped = steps.processing + between(rnd, 12, 36) * HOUR;
    steps.delivered =
      steps.shipped + between(rnd, option.minDays, option.maxDays) * DAY + between(rnd, 0, 8) * HOUR;
    const returnWindow = Math.max(1, Math.min(shop.settings.returnDays, 5));
    steps.requested = steps.delivered + between(rnd, 6, returnWindow * 24) * HOUR;
    steps.returned = steps.requested + between(rnd, 2, 5) * DAY;
    const last =
      status === 'CANCELLED'
        ? steps.cancelled
        : status === 'RETURNED'
          ? steps.returned
          : status === 'DELIVERED'
            ? steps.delivered
            : status === 'SHIPPED'
              ? steps.shipped
              : status === 'PENDING'
                ? 0
                : steps.processing;
    const span = end - t0 - 10 * 60_000;
    const scale = last > span ? Math.max(span, 0) / last : 1;
    const at = (offset: number) => new Date(t0 + Math.round(offset * scale));
    // A delivered order may carry an open return request when its delivery is recent.
    const requestOpen =
      status === 'DELIVERED' &&
      end - at(steps.delivered).getTime() < 10 * DAY &&
      at(steps.requested).getTime() < end &&
      rnd() < 0.15;

    const orderId = randomUUID();
    const subtotal = lines.reduce((n, l) => n + (l.p.salePricePaise ?? l.p.pricePaise) * l.qty, 0);
    const shipping = shippingFor(
      option,
      subtotal,
      lines.every((l) => l.p.freeShipping),
    );
    // The tax its invoice will charge (every demo shop is registered for GST), by the rule in contracts.
    const tax = gstIncluded({
      lines: lines.map((l) => ({
        unitPricePaise: l.p.salePricePaise ?? l.p.pricePaise,
        quantity: l.qty,
        ratePercent: l.p.taxPercent,
      })),
      discountPaise: 0,
      shippingPaise: shipping,
      intraState: customer.place.state === shop.location.state,
      registered: true,
    });
    const total = subtotal + shipping;
    const placedAt = new Date(t0);
    const reached = (s: OrderStatus) => {
      const order: OrderStatus[] = ['PROCESSING', 'SHIPPED', 'DELIVERED', 'RETURNED'];
      const i = order.indexOf(status);
      return i >= 0 && i >= order.indexOf(s);
    };
    const byShop = status === 'CANCELLED' && rnd() < 0.35;
    const cancelledAt = status === 'CANCELLED' ? at(steps.cancelled) : null;
    const shippedAt = reached('SHIPPED') ? at(steps.shipped) : null;
    const deliveredAt = reached('DELIVERED') ? at(steps.delivered) : null;

    const paidAt =
      method === 'UPI' && (reached('PROCESSING') || status === 'CONFIRMED')
        ? at(steps.processing)
        : deliveredAt;
    let paymentStatus: PaymentStatus = paidAt ? 'SUCCESS' : 'PENDING';
    let paymentUpdated = paidAt ?? placedAt;
    if (status === 'CANCELLED') {
      paymentStatus = 'CANCELLED';
      paymentUpdated = cancelledAt ?? placedAt;
    }
    if (status === 'RETURNED') {
      paymentStatus = 'REFUNDED';
      paymentUpdated = at(steps.returned);
    }
    // The UPI reference (UTR) the shop saw in its bank app: 12 digits.
    const utr = String(410_000_000_000 + number * 7_919_123);
    const tracking = shippedAt
      ? `${pick(rnd, CARRIERS).slice(0, 3).toUpperCase()}${between(rnd, 100_000_000, 999_999_999)}`
      : null;
    const carrier = shippedAt ? pick(rnd, CARRIERS) : null;
    const updatedAt = [placedAt, cancelledAt, shippedAt, deliveredAt, paymentUpdated]
      .filter((d): d is Date => !!d)
      .reduce((a, b) => (b > a ? b : a));

    rows.orders.push({
      storeId,
      id: orderId,
      number,
      customerId: customer.id,
      status,
      channel: 'ONLINE',
      paymentMethod: method,
      paymentStatus,
      subtotalPaise: subtotal,
      discountPaise: 0,
      shippingPaise: shipping,
      taxPaise: tax,
      totalPaise: total,
      totalItems: lines.reduce((n, l) => n + l.qty, 0),
      deliveryName: option.name,
      deliveryEstimate: option.estimatedTime,
      expectedDeliveryAt: new Date(t0 + option.maxDays * DAY),
      shipName: `${customer.first} ${customer.last}`,
      shipPhone: customer.phone,
      shipLine1: customer.place.line1,
      shipLine2: '',
      shipCity: customer.place.city,
      shipState: customer.place.state,
      shipPostalCode: customer.place.pin,
      contactEmail: customer.email,
      contactPhone: customer.phone,
      trackingNumber: tracking,
      carrier,
      trackingUrl: carrier && tracking ? trackingLink(carrier, tracking) : null,
      returnedAt: status === 'RETURNED' ? at(steps.returned) : null,
      version: 1 + [shippedAt, deliveredAt, cancelledAt, paidAt].filter(Boolean).length,
      confirmedAt: status === 'CONFIRMED' ? at(steps.processing) : null,
      processingAt: reached('PROCESSING') ? at(steps.processing) : null,
      shippedAt,
      deliveredAt,
      cancelledAt,
      cancelReason: cancelledAt ? pick(rnd, byShop ? SHOP_CANCEL : CUSTOMER_CANCEL) : null,
      createdAt: placedAt,
      updatedAt,
    });
    const cancelNote = rows.orders.at(-1)?.cancelReason ?? null;

    const event = (s: string, when: Date, actorId: string, note: string | null = null) =>
      rows.events.push({ storeId, orderId, status: s, note, actorId, createdAt: when });
    event('PENDING', placedAt, customer.id);
    if (status === 'CONFIRMED') event('CONFIRMED', at(steps.processing), ownerId);
    if (reached('PROCESSING')) event('PROCESSING', at(steps.processing), ownerId);
    if (shippedAt) event('SHIPPED', shippedAt, ownerId, tracking ? `${carrier} ${tracking}` : null);
    if (deliveredAt) event('DELIVERED', deliveredAt, ownerId);
    if (paidAt && paymentStatus !== 'CANCELLED') {
      event(
        'PAYMENT_RECEIVED',
        paidAt,
        ownerId,
        method === 'COD' ? 'Cash collected on delivery' : `UPI, UTR ${utr}`,
      );
    }
    if (cancelledAt) event('CANCELLED', cancelledAt, byShop ? ownerId : customer.id, cancelNote);
    if (status === 'RETURNED' || requestOpen) {
      const reason = pick(rnd, RETURN_REASONS);
      const requestedAt = at(steps.requested);
      event('RETURN_REQUESTED', requestedAt, customer.id, reason);
      rows.returns.push({
        storeId,
        orderId,
        customerId: customer.id,
        reason,
        status: status === 'RETURNED' ? 'COMPLETED' : 'REQUESTED',
        createdAt: requestedAt,
        decidedAt: status === 'RETURNED' ? at(steps.returned) : null,
        decidedBy: status === 'RETURNED' ? ownerId : null,
      });
      if (status === 'RETURNED') event('RETURNED', at(steps.returned), ownerId);
    }

    rows.payments.push({
      storeId,
      orderId,
      reference: `TXN-${number}`,
      amountPaise: total,
      paymentMode: method,
      paymentStatus,
      externalReference: method === 'UPI' && paidAt ? utr : null,
      receivedAt: paidAt,
      receivedBy: paidAt ? ownerId : null,
      refundedPaise: 0,
      createdAt: placedAt,
      updatedAt: paymentUpdated,
    });

    for (const l of lines) {
      const unit = l.p.salePricePaise ?? l.p.pricePaise;
      rows.items.push({
        storeId,
        orderId,
        productId: l.p.id,
        name: l.p.name,
        sku: l.p.sku,
        image: l.p.image,
        quantity: l.qty,
        unitPricePaise: unit,
        costPaise: l.p.costPaise,
        taxPercent: l.p.taxPercent,
        // A cancelled order's units went back to stock (its CANCELLATION rows below).
        restockedQuantity: cancelledAt ? l.qty : 0,
      });
      const note = `ORD-${number}`;
      move(l.p.id, t0, -l.qty, {
        storeId,
        productId: l.p.id,
        change: -l.qty,
        quantityAfter: 0,
        reason: 'SALE',
        note,
        orderId,
        actorId: customer.id,
        createdAt: placedAt,
      });
      if (cancelledAt) {
        move(l.p.id, cancelledAt.getTime(), l.qty, {
          storeId,
          productId: l.p.id,
          change: l.qty,
          quantityAfter: 0,
          reason: 'CANCELLATION',
          note,
          orderId,
          actorId: byShop ? ownerId : customer.id,
          createdAt: cancelledAt,
        });
      } else {
        sold.set(l.p.id, (sold.get(l.p.id) ?? 0) + l.qty);
      }
    }
    rows.lastNumber = number;
    number += 1;
  }

  addDemoRto(rows, { end, ownerId, restock: move });
  addDemoCodConfirmations(rows, shop.slug, end);

  // The ledger: opening stock when listed, then every movement, ending at the product's quantity today.
  for (const p of items) {
    const list = (moves.get(p.id) ?? []).sort((a, b) => a.at - b.at);
    const net = list.reduce((n, m) => n + m.change, 0);
    let opening = p.quantity - net;
    let low = opening;
    let q = opening;
    for (const m of list) {
      q += m.change;
      low = Math.min(low, q);
    }
    // A cancellation that returns stock after the product sold out would need stock that was never there:
    // open with enough, and write the surplus off at the end so today's quantity still holds.
    const surplus = low < 0 ? -low : 0;
    opening += surplus;
    rows.ledger.push({
      storeId,
      productId: p.id,
      change: opening,
      quantityAfter: opening,
      reason: 'INITIAL',
      note: 'Opening stock',
      actorId: ownerId,
      createdAt: p.createdAt,
    });
    q = opening;
    for (const m of list) {
      q += m.change;
      rows.ledger.push({ ...m.row, quantityAfter: q });
    }
    if (surplus) {
      const lastAt = list.at(-1)?.at ?? p.createdAt.getTime();
      rows.ledger.push({
        storeId,
        productId: p.id,
        change: -surplus,
        quantityAfter: q - surplus,
        reason: 'ADJUSTMENT',
        note: 'Stock count: damaged units written off',
        actorId: ownerId,
        createdAt: new Date(Math.min(end - HOUR, lastAt + 2 * HOUR)),
      });
    }
  }

  rows.customers = customers.map((c) => ({
    id: c.id,
    storeId,
    role: 'CUSTOMER' as const,
    email: c.email,
    firstName: c.first,
    lastName: c.last,
    phone: c.phone,
    passwordHash: null,
    emailVerifiedAt: c.createdAt,
    createdAt: c.createdAt,
    updatedAt: c.createdAt,
  }));
  rows.addresses = customers.map((c) => ({
    storeId,
    customerId: c.id,
    fullName: `${c.first} ${c.last}`,
    phoneNumber: c.phone,
    addressLine1: c.place.line1,
    city: c.place.city,
    state: c.place.state,
    postalCode: c.place.pin,
    isDefault: true,
    createdAt: c.createdAt,
    updatedAt: c.createdAt,
  }));
  rows.posCustomers = regulars ? counterCustomerRows(storeId, regulars.all()) : [];
  return rows;
}

/**
 * One multi-row insert per table: the rows travel as a single JSON parameter (json_populate_recordset), which
 * is several times faster than thousands of bound parameters on the embedded database.
 */
async function insertRows(tx: Tx, table: PgTable, rows: object[]) {
  if (!rows.length) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(columns).filter((k) =>
    rows.some((r) => (r as Record<string, unknown>)[k] !== undefined),
  );
  const names = keys.map((k) => columns[k]?.name ?? k);
  const data = rows.map((r) =>
    Object.fromEntries(
      keys.map((k, i) => {
        const v = (r as Record<string, unknown>)[k];
        return [names[i], v instanceof Date ? v.toISOString() : (v ?? null)];
      }),
    ),
  );
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(data)}::json)`,
  );
}

/**
 * Gives a published demo shop its order history, in the shop's context, once: a shop that already has orders
 * or stock history (an earlier run, or real use) is left alone. Returns how many orders were written.
 */
export async function seedDemoOrders(db: Db, shop: DemoShop, storeId: string, now: Date): Promise<number> {
  return withStore(db, storeId, async (tx) => {
    const [busy] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.storeId, storeId))
      .limit(1);
    const [tracked] = await tx
      .select({ id: stockLedger.id })
      .from(stockLedger)
      .where(eq(stockLedger.storeId, storeId))
      .limit(1);
    if (busy || tracked) return 0;
    const [store] = await tx
      .select({ ownerId: stores.ownerId, storeName: stores.storeName })
      .from(stores)
      .where(eq(stores.id, storeId));
    if (!store) return 0;
    const [loc] = await tx.select().from(storeLocations).where(eq(storeLocations.storeId, storeId));
    const items = await tx
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        images: products.images,
        pricePaise: products.pricePaise,
        salePricePaise: products.salePricePaise,
        costPaise: products.costPaise,
        quantity: products.quantity,
        taxPercent: products.taxPercent,
        freeShipping: products.freeShipping,
        unitsSold: products.unitsSold,
        createdAt: products.createdAt,
      })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.status, 'ACTIVE')))
      .orderBy(asc(products.sku), asc(products.id));
    const options = await tx
      .select()
      .from(deliveryOptions)
      .where(and(eq(deliveryOptions.storeId, storeId), eq(deliveryOptions.active, true)))
      .orderBy(asc(deliveryOptions.position));
    const [counter] = await tx
      .select({ last: orderCounters.lastNumber })
      .from(orderCounters)
      .where(eq(orderCounters.storeId, storeId));
    const rows = buildDemoOrders(
      shop,
      { storeId, ownerId: store.ownerId },
      items.map(({ images, ...p }) => ({ ...p, image: images[0] ?? null })),
      options,
      now,
      (counter?.last ?? 1000) + 1,
      // The counter is at the shop's own address; without one there is no counter to sell at.
      loc?.city && loc.state
        ? {
            storeName: store.storeName,
            line1: loc.addressLine1 ?? '',
            line2: loc.addressLine2 ?? '',
            city: loc.city,
            state: loc.state,
            postalCode: loc.postalCode ?? '',
            upi: shop.settings.payments.includes('UPI') && !!shop.settings.upi,
          }
        : null,
    );
    if (!rows.orders.length) return 0;

    // Demo customers are accounts of this shop; one left by an earlier, interrupted run is reused.
    await tx.insert(users).values(rows.customers).onConflictDoNothing();
    const existing = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.storeId, storeId),
          eq(users.role, 'CUSTOMER'),
          inArray(
            users.email,
            rows.customers.map((c) => c.email),
          ),
        ),
      );
    const idOf = new Map(existing.map((u) => [u.email, u.id]));
    const remap = new Map(rows.customers.map((c) => [c.id, idOf.get(c.email) ?? c.id]));
    const fix = <T extends { customerId?: string | null; actorId?: string | null }>(r: T): T => ({
      ...r,
      ...(r.customerId ? { customerId: remap.get(r.customerId) ?? r.customerId } : {}),
      ...(r.actorId ? { actorId: remap.get(r.actorId) ?? r.actorId } : {}),
    });
    // Every line and ledger row names its variant (the product's default one; demo-variants.ts moves some later),
    // set here rather than looked up row by row by the fill_default_variant trigger.
    const defaults = new Map(
      (
        await tx
          .select({ productId: productVariants.productId, id: productVariants.id })
          .from(productVariants)
          .where(
            and(eq(productVariants.storeId, storeId), sql`${productVariants.optionValues} = '{}'::text[]`),
          )
      ).map((v) => [v.productId, v.id]),
    );
    const variantOf = <T extends { productId: string; variantId?: string | null }>(r: T): T => ({
      ...r,
      variantId: r.variantId ?? defaults.get(r.productId) ?? null,
    });
    const fresh = rows.addresses.filter((a) => remap.get(a.customerId) === a.customerId);
    if (fresh.length) await insertRows(tx, customerAddresses, fresh);
    // Invoices for what shipped or was sold at the counter, refunds and credit notes for what came back (sets the
    // payments' refunds first).
    const documents = await seedDemoDocuments(tx, storeId, rows, store.ownerId);
    await insertRows(tx, orders, rows.orders.map(fix));
    // (A column some rows leave out would go in as null: a counter sale's lines put nothing back.)
    await insertRows(
      tx,
      orderItems,
      rows.items.map((i) => variantOf({ ...i, restockedQuantity: i.restockedQuantity ?? 0 })),
    );
    await insertRows(tx, orderEvents, rows.events.map(fix));
    await insertRows(tx, paymentTransactions, rows.payments);
    if (documents) {
      if (documents.docs.length) await insertRows(tx, taxDocuments, documents.docs);
      if (documents.refunds.length) await insertRows(tx, refunds, documents.refunds);
      if (documents.counters.length) await tx.insert(documentCounters).values(documents.counters);
    }
    if (rows.returns.length) await insertRows(tx, returnRequests, rows.returns.map(fix));
    if (rows.posCustomers.length) await insertRows(tx, posCustomers, rows.posCustomers);
    await insertRows(
      tx,
      stockLedger,
      rows.ledger.map((r) => variantOf(fix(r))),
    );
    await tx
      .insert(orderCounters)
      .values({ storeId, lastNumber: rows.lastNumber })
      .onConflictDoUpdate({ target: orderCounters.storeId, set: { lastNumber: rows.lastNumber } });
    return rows.orders.length;
  });
}
