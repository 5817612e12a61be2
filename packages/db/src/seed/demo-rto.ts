import type { stockLedger } from '../schema/index.ts';
import type { DemoOrderRows } from './demo-orders.ts';

/*
 * Returned to origin in the demo history (issue 19, decision 0014), so a newcomer sees RTO at work: the newest
 * shipped COD order was refused at the door (RTO, on its way back); an older delivered COD order was in fact never
 * delivered and is back on the shelf (RTO, then RETURNED, its stock restored with RETURN ledger rows); and that
 * customer's newest order is an open COD order, which Order Management flags as risky (a past RTO).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Order = DemoOrderRows['orders'][number];
type LedgerRow = typeof stockLedger.$inferInsert;
type Restock = (productId: string, at: number, change: number, row: LedgerRow) => void;

const time = (d: Date | string | null | undefined) => (d ? new Date(d).getTime() : 0);
const isCod = (o: Order) => o.paymentMethod === 'COD' && o.channel !== 'POS';

/** The shipped COD order refused at the door: RTO, on its way back (its stock still out). */
function refusedAtTheDoor(rows: DemoOrderRows, end: number, ownerId: string) {
  const o = rows.orders.filter((x) => isCod(x) && x.status === 'SHIPPED').at(-1);
  if (!o?.id || !o.shippedAt) return;
  const rtoAt = new Date(Math.min(time(o.shippedAt) + DAY, end - 2 * HOUR));
  Object.assign(o, { status: 'RTO', rtoAt, updatedAt: rtoAt, version: (o.version ?? 1) + 1 });
  rows.events.push({
    storeId: o.storeId,
    orderId: o.id,
    status: 'RTO',
    note: 'Customer refused the parcel at the door',
    actorId: ownerId,
    createdAt: rtoAt,
  });
}

/** An older COD order that never reached its customer: RTO, then received back, its units in stock again. */
function receivedBack(rows: DemoOrderRows, end: number, ownerId: string, restock: Restock) {
  const asked = new Set(rows.returns.map((r) => r.orderId));
  const o = rows.orders
    .filter(
      (x) =>
        isCod(x) &&
        x.status === 'DELIVERED' &&
        x.customerId &&
        !asked.has(x.id ?? '') &&
        time(x.shippedAt) < end - 20 * DAY,
    )
    .at(-1);
  if (!o?.id || !o.shippedAt) return null;
  const rtoAt = new Date(time(o.shippedAt) + 2 * DAY);
  const returnedAt = new Date(time(rtoAt) + 5 * DAY);
  Object.assign(o, {
    status: 'RETURNED',
    paymentStatus: 'CANCELLED',
    deliveredAt: null,
    rtoAt,
    returnedAt,
    updatedAt: returnedAt,
  });
  const id = o.id;
  rows.events = rows.events.filter(
    (e) => e.orderId !== id || !['DELIVERED', 'PAYMENT_RECEIVED'].includes(e.status),
  );
  rows.events.push(
    {
      storeId: o.storeId,
      orderId: id,
      status: 'RTO',
      note: 'Address not found',
      actorId: ownerId,
      createdAt: rtoAt,
    },
    {
      storeId: o.storeId,
      orderId: id,
      status: 'RETURNED',
      note: 'Received back from RTO',
      actorId: ownerId,
      createdAt: returnedAt,
    },
  );
  const payment = rows.payments.find((p) => p.orderId === id);
  if (payment) {
    Object.assign(payment, {
      paymentStatus: 'CANCELLED',
      receivedAt: null,
      receivedBy: null,
      updatedAt: returnedAt,
    });
  }
  for (const i of rows.items.filter((x) => x.orderId === id)) {
    i.restockedQuantity = i.quantity;
    restock(i.productId, returnedAt.getTime(), i.quantity, {
      storeId: o.storeId,
      productId: i.productId,
      change: i.quantity,
      quantityAfter: 0,
      reason: 'RETURN',
      note: `ORD-${o.number}`,
      orderId: id,
      actorId: ownerId,
      createdAt: returnedAt,
    });
  }
  return o;
}

const isOpen = (o: Order) =>
  o.channel !== 'POS' && ['PENDING', 'CONFIRMED', 'PROCESSING'].includes(o.status ?? '');

/**
 * The customer with the past RTO places the newest open COD order (to the same address): flagged as risky. Which
 * orders are still open depends on the hour the seed runs: when they are all prepaid, the newest is made cash on
 * delivery; when a quiet shop has none open, its newest shipped order is still being packed. So every demo shop
 * shows the flag.
 */
function riskyRepeat(rows: DemoOrderRows, past: Order) {
  const o =
    rows.orders.filter((x) => isOpen(x) && isCod(x)).at(-1) ??
    payOnDelivery(rows, rows.orders.filter(isOpen).at(-1) ?? backToPacking(rows));
  if (!o?.id || !past.customerId) return;
  const from = o.customerId;
  Object.assign(o, {
    customerId: past.customerId,
    shipName: past.shipName,
    shipPhone: past.shipPhone,
    shipLine1: past.shipLine1,
    shipCity: past.shipCity,
    shipState: past.shipState,
    shipPostalCode: past.shipPostalCode,
    contactEmail: past.contactEmail,
    contactPhone: past.contactPhone,
  });
  for (const e of rows.events) {
    if (e.orderId === o.id && e.actorId === from) e.actorId = past.customerId;
  }
}

/** The newest shipped online order taken back to packing (not shipped yet, no tracking). */
function backToPacking(rows: DemoOrderRows) {
  const o = rows.orders.filter((x) => x.channel !== 'POS' && x.status === 'SHIPPED').at(-1);
  if (!o?.id) return undefined;
  const id = o.id;
  Object.assign(o, {
    status: 'PROCESSING',
    shippedAt: null,
    trackingNumber: null,
    carrier: null,
    trackingUrl: null,
    updatedAt: o.processingAt ?? o.createdAt,
  });
  rows.events = rows.events.filter((e) => e.orderId !== id || e.status !== 'SHIPPED');
  return o;
}

/** An open prepaid order turned into cash on delivery: nothing paid yet, its payment pending. */
function payOnDelivery(rows: DemoOrderRows, o: Order | undefined) {
  if (!o?.id) return undefined;
  const id = o.id;
  Object.assign(o, { paymentMethod: 'COD', paymentStatus: 'PENDING' });
  const payment = rows.payments.find((p) => p.orderId === id);
  if (payment) {
    Object.assign(payment, {
      paymentMode: 'COD',
      paymentStatus: 'PENDING',
      externalReference: null,
      receivedAt: null,
      receivedBy: null,
      updatedAt: payment.createdAt,
    });
  }
  rows.events = rows.events.filter((e) => e.orderId !== id || e.status !== 'PAYMENT_RECEIVED');
  return o;
}

export function addDemoRto(rows: DemoOrderRows, ctx: { end: number; ownerId: string; restock: Restock }) {
  refusedAtTheDoor(rows, ctx.end, ctx.ownerId);
  const back = receivedBack(rows, ctx.end, ctx.ownerId, ctx.restock);
  if (back) riskyRepeat(rows, back);
}
