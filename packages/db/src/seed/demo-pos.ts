import {
  type CARD_NETWORKS,
  type DiscountType,
  GST_STATE_CODES,
  gstinCheckDigit,
  type PosPaymentMethod,
  posTotals,
} from '@haat/contracts';
import type { orders, paymentTransactions, posCustomers } from '../schema/index.ts';
import { between, hash, pick, random } from './random.ts';

/*
 * Counter sales for a demo shop's history (issue 14): what POST order/pos-checkout/ would have written for bills
 * rung up at the shop over the same four months as its online orders. The customers are people of the shop's own
 * town, found again by phone (pos_customers): a few come back again and again, and one is a business that gives
 * its GSTIN for the tax invoice. Prices, discounts and the GST included come from posTotals, as at the counter;
 * cash is handed over rounded up to a note, cards carry the terminal slip's network and last 4 digits, and most
 * UPI payments the UTR from the bank app. demo-orders.ts interleaves these sales with the online orders (one
 * number sequence, one stock ledger), and demo-documents.ts issues their invoices.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const IST = 5.5 * HOUR;

/** The shop's own address (store_locations): where a counter sale is "delivered". */
export interface CounterShop {
  storeName: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  /** Whether the shop takes UPI (a UPI id for the counter's QR code). */
  upi: boolean;
}

export interface CounterCustomer {
  name: string;
  phone: string;
  email: string | null;
  address: string | null;
  gstNumber: string | null;
  visits: number;
  firstAt: number;
  lastAt: number;
}

/** Walk-in customers: first names and surnames heard at any Indian shop counter. */
const PEOPLE: readonly [string, string][] = [
  ['Ramesh', 'Iyer'],
  ['Geeta', 'Sharma'],
  ['Mohan', 'Lal'],
  ['Seema', 'Reddy'],
  ['Anil', 'Kapoor'],
  ['Usha', 'Nair'],
  ['Vinod', 'Agarwal'],
  ['Rekha', 'Patil'],
  ['Sandeep', 'Chawla'],
  ['Madhuri', 'Joshi'],
  ['Naveen', 'Gowda'],
  ['Pallavi', 'Sinha'],
  ['Tarun', 'Bose'],
  ['Jyoti', 'Mehra'],
  ['Ashok', 'Pandey'],
  ['Kamala', 'Krishnan'],
  ['Dinesh', 'Rawat'],
  ['Hema', 'Bhattacharya'],
  ['Yusuf', 'Ansari'],
  ['Radhika', 'Menon'],
  ['Pradeep', 'Shetty'],
  ['Sarita', 'Dubey'],
  ['Manoj', 'Thakur'],
  ['Lata', 'Deshmukh'],
  ['Irfan', 'Sheikh'],
  ['Bharti', 'Solanki'],
  ['Gopal', 'Krishna'],
  ['Shalini', 'Verma'],
  ['Rakesh', 'Bansal'],
  ['Nirmala', 'Rao'],
  ['Sunil', 'Grover'],
  ['Poonam', 'Chopra'],
  ['Ajay', 'Rathore'],
  ['Vidya', 'Raman'],
  ['Hari', 'Prasad'],
  ['Tanya', 'Dutta'],
];
const STREETS = ['MG Road', 'Station Road', 'Gandhi Nagar', 'Nehru Colony', 'Main Bazaar', 'Shastri Nagar'];
const BUSINESSES = [
  'Shree Ganesh Traders',
  'Annapurna Caterers',
  'Sai Balaji Enterprises',
  'Krishna Hospitality Services',
  'Lakshmi Office Solutions',
];
const CARD_WEIGHTS: readonly (readonly [(typeof CARD_NETWORKS)[number], number])[] = [
  ['Visa', 40],
  ['Mastercard', 28],
  ['RuPay', 27],
  ['Amex', 5],
];

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

/** A business's GSTIN in the shop's state: a firm's PAN (4th letter F), entity 1, a correct check digit. */
export function counterGstin(state: string, slug: string) {
  const code = GST_STATE_CODES[state] ?? '27';
  const letters = 'ABCDEGHJKLMNPRSTVWXY';
  const h = hash(`${slug}:gstin`);
  const pan = `AA${letters[h % 20]}F${letters[(h >>> 5) % 20]}${String(1000 + (h % 9000))}${letters[(h >>> 10) % 20]}`;
  const first14 = `${code}${pan}1Z`;
  return first14 + gstinCheckDigit(first14);
}

/**
 * When the counter rang up its bills, oldest first: busier towards today like the online orders (more so: the
 * last weeks are what a newcomer looks at), and only while the shop is open (10 am to 9 pm in India).
 */
export function counterTimes(slug: string, now: Date, days: number): number[] {
  const rnd = random(`${slug}:counter-times`);
  const end = now.getTime();
  const count = between(rnd, 30, 48);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = end - days * DAY * rnd() ** 1.6;
    const dayStart = Math.floor((t + IST) / DAY) * DAY - IST;
    let at = dayStart + 10 * HOUR + Math.floor(rnd() * 11 * 60) * 60_000 + between(rnd, 0, 59) * 1000;
    if (at > end - 5 * 60_000) at -= DAY;
    times.push(at);
  }
  return times.sort((a, b) => a - b);
}

/** The shop's counter customers and a picker for each bill: regulars come back, the business a few times. */
export function counterCustomers(slug: string, shop: CounterShop, sales: number) {
  const rnd = random(`${slug}:counter-customers`);
  const used = new Set<string>();
  const phone = () => {
    for (;;) {
      const p = `${pick(rnd, ['98', '99', '94', '90', '81', '77', '73', '62'])}${between(rnd, 10_000_000, 99_999_999)}`;
      if (!used.has(p)) {
        used.add(p);
        return p;
      }
    }
  };
  const local = () => `${between(rnd, 1, 240)}, ${pick(rnd, STREETS)}, ${shop.city}`;
  const people = PEOPLE.map((n, i) => ({ n, k: random(`${slug}:counter-c${i}`)() }))
    .sort((a, b) => a.k - b.k)
    .slice(0, Math.min(PEOPLE.length, Math.max(10, Math.round(sales / 2.2))));
  const customers: CounterCustomer[] = people.map(({ n: [first, last] }) => ({
    name: `${first} ${last}`,
    phone: phone(),
    email: rnd() < 0.4 ? `${first}.${last}@customers.demo.haat.in`.toLowerCase() : null,
    address: rnd() < 0.3 ? local() : null,
    gstNumber: null,
    visits: 0,
    firstAt: 0,
    lastAt: 0,
  }));
  const businessName = BUSINESSES[hash(slug) % BUSINESSES.length] ?? 'Shree Ganesh Traders';
  const business: CounterCustomer = {
    name: businessName,
    phone: phone(),
    email: `accounts@${businessName.toLowerCase().replace(/[^a-z]+/g, '-')}.demo.haat.in`,
    address: `Shop ${between(rnd, 2, 40)}, ${pick(rnd, STREETS)}, ${shop.city}, ${shop.state} ${shop.postalCode}`,
    gstNumber: counterGstin(shop.state, slug),
    visits: 0,
    firstAt: 0,
    lastAt: 0,
  };
  // The business buys every so often, spread over the months (its bill is the i-th of the counter's).
  const businessVisits = between(rnd, 3, 5);
  const businessAt = new Set(
    Array.from({ length: businessVisits }, (_, i) => Math.floor(((i + 0.5) * sales) / businessVisits)),
  );
  let bill = 0;
  const next = (at: number): CounterCustomer => {
    const c = businessAt.has(bill++)
      ? business
      : (customers[Math.floor(customers.length * rnd() ** 1.8)] ?? business);
    c.visits += 1;
    if (!c.firstAt) c.firstAt = at;
    c.lastAt = at;
    return c;
  };
  return { next, all: () => [...customers, business].filter((c) => c.visits > 0) };
}

export interface CounterLine {
  unitPricePaise: number;
  quantity: number;
  taxPercent: number;
}

/** How a bill was settled: discount (sometimes), totals from posTotals, and the payment's details. */
export function counterBill(
  rnd: () => number,
  lines: CounterLine[],
  customer: CounterCustomer,
  upi: boolean,
  number: number,
) {
  const subtotal = lines.reduce((n, l) => n + l.unitPricePaise * l.quantity, 0);
  // A discount on about one bill in five: a regular's 5 or 10 %, or ₹50 or ₹100 off a larger bill.
  let discount: { type: DiscountType; value: number } = { type: 'FIXED', value: 0 };
  if (customer.gstNumber) discount = { type: 'PERCENT', value: 5 };
  else if (rnd() < 0.2) {
    discount = weighted(rnd, [
      [{ type: 'PERCENT' as const, value: 5 }, 35],
      [{ type: 'PERCENT' as const, value: 10 }, 25],
      [{ type: 'FIXED' as const, value: subtotal >= 100_000 ? 100 : 50 }, 40],
    ]);
    if (discount.type === 'FIXED' && discount.value * 100 * 4 > subtotal)
      discount = { type: 'FIXED', value: 0 };
  }
  const totals = posTotals(
    lines.map((l) => ({ unitPricePaise: l.unitPricePaise, quantity: l.quantity, ratePercent: l.taxPercent })),
    discount,
  );
  const method: PosPaymentMethod = customer.gstNumber
    ? upi && rnd() < 0.5
      ? 'UPI'
      : 'CARD'
    : weighted<PosPaymentMethod>(
        rnd,
        upi
          ? [
              ['CASH', 45],
              ['UPI', 38],
              ['CARD', 17],
            ]
          : [
              ['CASH', 70],
              ['CARD', 30],
            ],
      );
  let tenderedPaise: number | null = null;
  if (method === 'CASH') {
    // The exact amount, or the next 100, 200 or 500 rupee note above it.
    const note = weighted(rnd, [
      [0, 25],
      [100, 35],
      [200, 20],
      [500, 20],
    ] as const);
    tenderedPaise = note ? Math.ceil(totals.totalPaise / (note * 100)) * note * 100 : totals.totalPaise;
  }
  const card = method === 'CARD';
  return {
    totals,
    method,
    tenderedPaise,
    cardNetwork: card ? weighted(rnd, CARD_WEIGHTS) : null,
    cardLast4: card ? String(between(rnd, 0, 9999)).padStart(4, '0') : null,
    // The UTR the cashier copied from the bank app, on most UPI bills: 12 digits.
    utr: method === 'UPI' && rnd() < 0.75 ? String(330_000_000_000 + number * 6_151_411) : null,
  };
}

/** The order and payment rows of one counter sale (lines, ledger and event are added by the caller). */
export function counterRows(i: {
  storeId: string;
  orderId: string;
  number: number;
  at: Date;
  ownerId: string;
  shop: CounterShop;
  customer: CounterCustomer;
  bill: ReturnType<typeof counterBill>;
}): { order: typeof orders.$inferInsert; payment: typeof paymentTransactions.$inferInsert } {
  const { storeId, orderId, number, at, shop, customer, bill } = i;
  const t = bill.totals;
  return {
    order: {
      storeId,
      id: orderId,
      number,
      customerId: null,
      status: 'DELIVERED',
      channel: 'POS',
      paymentMethod: bill.method,
      paymentStatus: 'SUCCESS',
      subtotalPaise: t.subtotalPaise,
      discountPaise: t.discountPaise,
      shippingPaise: 0,
      taxPaise: t.taxPaise,
      totalPaise: t.totalPaise,
      totalItems: t.items,
      deliveryName: 'Counter sale',
      deliveryEstimate: 'Collected at the counter',
      shipName: customer.name,
      shipPhone: customer.phone,
      shipLine1: shop.line1 || shop.storeName,
      shipLine2: shop.line2,
      shipCity: shop.city,
      shipState: shop.state,
      shipPostalCode: shop.postalCode,
      buyerGstin: customer.gstNumber,
      contactEmail: customer.email,
      contactPhone: customer.phone,
      confirmedAt: at,
      deliveredAt: at,
      version: 1,
      createdAt: at,
      updatedAt: at,
    },
    payment: {
      storeId,
      orderId,
      reference: `TXN-${number}`,
      amountPaise: t.totalPaise,
      paymentMode: bill.method,
      paymentStatus: 'SUCCESS',
      externalReference: bill.utr,
      receivedAt: at,
      receivedBy: i.ownerId,
      refundedPaise: 0,
      tenderedPaise: bill.tenderedPaise,
      cardNetwork: bill.cardNetwork,
      cardLast4: bill.cardLast4,
      createdAt: at,
      updatedAt: at,
    },
  };
}

/** The pos_customers rows: each customer with their visits and the last one. */
export function counterCustomerRows(
  storeId: string,
  customers: CounterCustomer[],
): (typeof posCustomers.$inferInsert)[] {
  return customers.map((c) => ({
    storeId,
    name: c.name,
    phone: c.phone,
    email: c.email,
    address: c.address,
    gstNumber: c.gstNumber,
    visits: c.visits,
    lastVisitAt: new Date(c.lastAt),
    createdAt: new Date(c.firstAt),
    updatedAt: new Date(c.lastAt),
  }));
}
