import { randomUUID } from 'node:crypto';
import {
  buildTaxSnapshot,
  documentNumber,
  financialYear,
  formatPaise,
  lineName,
  paiseToRupees,
  type posCheckoutBody,
  type posTotals,
  rupeesToPaise,
} from '@haat/contracts';
import { openRegisterSession, type StoreTx, schema, type Tx } from '@haat/db';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { pgError } from '../../lib/pg-errors.ts';
import type { Actor } from '../../plugins/auth.ts';

import * as ordersRepo from '../orders/index.ts';
import * as paymentsRepo from '../payments/index.ts';
import { documentRow, type ShopTaxProfile } from '../payments/index.ts';
import type { StoreRow } from '../stores/index.ts';

import type { OfflineFacts } from './offline-sale.ts';
import * as repo from './pos.repository.ts';

/*
 * A counter sale's writes (issue 14): the payment as recorded, and the whole sale (rows, audit row, invoice) sent
 * with the COMMIT right behind them (`StoreTx.send`). pos.service.ts reads as the sale's steps and calls these.
 */

export type Body = z.output<typeof posCheckoutBody>;
export const inr = formatPaise;

export interface PricedLine extends repo.SellableRow {
  quantity: number;
  ratePercent: number;
}

export function outOfStock(
  row: Pick<repo.SellableRow, 'name' | 'variantLabel'>,
  left: number,
  index: number,
) {
  const name = row.variantLabel ? `${row.name} (${row.variantLabel})` : row.name;
  const message = left <= 0 ? `${name} is out of stock` : `Only ${left} of ${name} left in stock`;
  return new AppError(409, 'CONFLICT', message, {
    reason: 'OUT_OF_STOCK',
    details: { available: Math.max(left, 0) },
    issues: [{ path: `product_id.${index}.quantity`, message }],
  });
}

export interface CounterPayment {
  method: 'CASH' | 'UPI' | 'CARD' | 'CREDIT';
  tenderedPaise: number | null;
  utr: string | null;
  cardLast4: string | null;
  cardNetwork: string | null;
  /** On the khata (CREDIT) and covered whole by the customer's advance: paid at once (issue 38). */
  paidByAdvance?: boolean;
}

/** A sale on the khata stays unpaid until the khata covers it, unless the customer's advance already does. */
const unpaid = (p: CounterPayment) => p.method === 'CREDIT' && !p.paidByAdvance;

/** How the customer paid; cash must cover the bill. A client that says nothing paid the exact amount in cash. */
export function checkPayment(p: Body['payment'], totalPaise: number): CounterPayment {
  if (!p) return { method: 'CASH', tenderedPaise: totalPaise, utr: null, cardLast4: null, cardNetwork: null };
  if (p.method === 'CASH') {
    const tendered = rupeesToPaise(p.amount_received ?? 0);
    if (tendered < totalPaise) {
      const message = `Amount received is less than the total (${inr(totalPaise)})`;
      throw badRequest(message, [{ path: 'payment.amount_received', message }]);
    }
    return { method: 'CASH', tenderedPaise: tendered, utr: null, cardLast4: null, cardNetwork: null };
  }
  if (p.method === 'CREDIT') {
    return { method: 'CREDIT', tenderedPaise: null, utr: null, cardLast4: null, cardNetwork: null };
  }
  if (p.method === 'UPI') {
    return { method: 'UPI', tenderedPaise: null, utr: p.utr ?? null, cardLast4: null, cardNetwork: null };
  }
  return {
    method: 'CARD',
    tenderedPaise: null,
    utr: null,
    cardLast4: p.card_last4 ?? null,
    cardNetwork: p.card_network ?? null,
  };
}

interface SaleInput {
  actor: Actor;
  store: StoreRow;
  body: Body;
  key: string;
  lines: PricedLine[];
  totals: ReturnType<typeof posTotals>;
  payment: CounterPayment;
  counterInfo: Awaited<ReturnType<typeof repo.shopCounter>>;
  shop: ShopTaxProfile;
  /** When the sale was made: now (the default), or when a counter sold it offline. */
  at?: Date;
  /** A sale made offline (issue 43): its stock already taken, its number the counter's. */
  offline?: OfflineFacts | null;
}

/** Issues a statement on the sale's transaction without waiting for its answer (`StoreTx.send`, packages/db). */
type Send = StoreTx['send'];

/**
 * Sends the whole sale without waiting for any answer, for the caller to send COMMIT right behind it: each
 * variant's stock (product then variant order), the customer, then the shop's order number, the order, its lines,
 * its event, the payment, the stock ledger, the key, the audit row, and last the invoice's number and the invoice.
 * The rows every sale of the shop queues on (the order counter, the invoice series' counter) are taken in this
 * last batch and held only while PostgreSQL runs the rest of it and commits, not across round trips; the number
 * reaches the statements after it through SQL (`currentOrderNumber`, `counterDocumentNumber`). Too little stock
 * fails its statement (SQLSTATE HS001), and PostgreSQL rolls back the rest and the COMMIT with it; `whyNotSold`
 * names the product and what is left.
 */
export function sendSale(tx: Tx, send: Send, s: SaleInput) {
  const { store, body, lines, actor } = s;
  const storeId = store.id;
  const now = s.at ?? new Date();
  const orderId = randomUUID();
  const byLock = [...lines].sort(
    (a, b) => a.productId.localeCompare(b.productId) || a.variantId.localeCompare(b.variantId),
  );
  if (!s.offline) for (const l of byLock) send(repo.takeSaleStock(tx, storeId, l.variantId, l.quantity));
  send(
    repo.saveCustomer(tx, storeId, {
      name: body.name,
      phone: body.phone,
      email: body.email,
      address: body.address,
      gstNumber: body.gst_number,
    }),
  );
  send(ordersRepo.nextOrderNumber(tx, storeId));
  const order = send(ordersRepo.insertOrder(tx, orderRow(s, orderId, now)));
  send(ordersRepo.insertItems(tx, itemRows(s, orderId)));
  send(
    ordersRepo.insertEvent(tx, {
      storeId,
      orderId,
      status: 'DELIVERED',
      note: 'Sold at the counter',
      actorId: actor.userId,
    }),
  );
  send(ordersRepo.insertPayment(tx, paymentRow(s, orderId, now)));
  send(ordersRepo.insertLedger(tx, ledgerRows(s, orderId)));
  send(ordersRepo.settleRequest(tx, actor.userId, s.key, orderId));
  send(auditSale(tx, s, orderId));
  const invoice = sendCounterInvoice(tx, send, s, { orderId, at: now });
  return { order, invoice, orderId };
}

/** The sale's order row: delivered and paid at once, shipped to the counter's location, its number in SQL. */
function orderRow(s: SaleInput, orderId: string, now: Date): Parameters<typeof ordersRepo.insertOrder>[1] {
  const { store, body, totals, payment } = s;
  const loc = s.counterInfo.location;
  return {
    id: orderId,
    storeId: store.id,
    number: ordersRepo.currentOrderNumber(store.id),
    customerId: null,
    status: 'DELIVERED',
    channel: 'POS',
    paymentMethod: payment.method,
    // On the khata (CREDIT) the sale is unpaid until the khata covers it (issue 38).
    paymentStatus: unpaid(payment) ? 'PENDING' : 'SUCCESS',
    subtotalPaise: totals.subtotalPaise,
    discountPaise: totals.discountPaise,
    shippingPaise: 0,
    taxPaise: totals.taxPaise,
    totalPaise: totals.totalPaise,
    totalItems: totals.items,
    // Cash goes into the drawer of the register the cashier has open (issue 38); none open: no drawer.
    registerSessionId: payment.method === 'CASH' ? openRegisterSession(store.id, s.actor.userId) : null,
    deliveryName: 'Counter sale',
    deliveryEstimate: 'Collected at the counter',
    shipName: body.name,
    shipPhone: body.phone,
    shipLine1: loc?.addressLine1 || store.storeName,
    shipLine2: loc?.addressLine2 ?? '',
    shipCity: loc?.city ?? store.city ?? '',
    shipState: loc?.state ?? store.state ?? '',
    shipPostalCode: loc?.postalCode ?? '',
    buyerGstin: body.gst_number ?? null,
    contactEmail: body.email ?? null,
    contactPhone: body.phone,
    confirmedAt: now,
    deliveredAt: now,
    // A sale made offline is an order of the time it was made (issue 43).
    ...(s.offline ? { createdAt: now } : {}),
  };
}

/** The sale's lines at the prices charged, with their cost and tax rate. */
function itemRows(s: SaleInput, orderId: string): Parameters<typeof ordersRepo.insertItems>[1] {
  return s.lines.map((l) => ({
    storeId: s.store.id,
    orderId,
    productId: l.productId,
    variantId: l.variantId,
    name: l.name,
    variantLabel: l.variantLabel,
    sku: l.sku,
    image: l.image,
    quantity: l.quantity,
    unitPricePaise: l.pricePaise,
    costPaise: l.costPaise,
    taxPercent: Number(l.taxPercent),
  }));
}

/** The payment as received by the cashier: tendered cash, UPI's UTR or the card's network and last digits. */
function paymentRow(
  s: SaleInput,
  orderId: string,
  now: Date,
): Parameters<typeof ordersRepo.insertPayment>[1] {
  const { store, totals, payment, actor } = s;
  return {
    storeId: store.id,
    orderId,
    reference: ordersRepo.currentOrderNumber(store.id, 'TXN-'),
    amountPaise: totals.totalPaise,
    paymentMode: payment.method,
    paymentStatus: unpaid(payment) ? 'PENDING' : 'SUCCESS',
    externalReference: payment.utr,
    receivedBy: unpaid(payment) ? null : actor.userId,
    receivedAt: unpaid(payment) ? null : now,
    tenderedPaise: payment.tenderedPaise,
    cardNetwork: payment.cardNetwork,
    cardLast4: payment.cardLast4,
  };
}

/** The stock ledger's rows: each line sold, with the stock left after it. */
function ledgerRows(s: SaleInput, orderId: string): Parameters<typeof ordersRepo.insertLedger>[1] {
  const storeId = s.store.id;
  return s.lines.map((l) => ({
    storeId,
    productId: l.productId,
    variantId: l.variantId,
    change: -l.quantity,
    quantityAfter: ordersRepo.stockNow(storeId, l.variantId),
    reason: 'SALE' as const,
    note: ordersRepo.currentOrderNumber(storeId, 'Counter sale ORD-'),
    orderId,
    actorId: s.actor.userId,
  }));
}

/** The audit trail's row of the sale, under the cashier's name, with its number so a search finds it. */
function auditSale(tx: Tx, s: SaleInput, orderId: string) {
  const { actor, store, lines, totals, payment, body } = s;
  const n = totals.items;
  const rest = ` of ${inr(totals.totalPaise)} (${n} item${n === 1 ? '' : 's'}) to ${body.name}, paid by ${payment.method}`;
  return tx.insert(schema.auditEvents).values({
    storeId: store.id,
    actorId: actor.userId,
    actorName: (actor as { name?: string | null }).name ?? null,
    entity: 'ORDER',
    entityId: orderId,
    action: 'POS_SALE',
    summary: sql`${ordersRepo.currentOrderNumber(store.id, 'Counter sale ORD-')} || ${rest}::text`,
    before: null,
    after: {
      items: lines.map((l) => ({ sku: l.sku, quantity: l.quantity, price: paiseToRupees(l.pricePaise) })),
      total: paiseToRupees(totals.totalPaise),
      payment: payment.method,
      ...(s.offline ? { offline: offlineAudit(s.offline, lines) } : {}),
    },
  });
}

/** What the audit row keeps of an offline sale: its counter, number, time, and each line's prices shown and now. */
function offlineAudit(off: OfflineFacts, lines: (PricedLine & { listPricePaise?: number })[]) {
  return {
    counter: off.counter.name,
    receipt: off.number,
    sold_at: off.soldAt.toISOString(),
    prices: lines.map((l) => ({
      sku: l.sku,
      shown: paiseToRupees(l.pricePaise),
      now: paiseToRupees(l.listPricePaise ?? l.pricePaise),
    })),
  };
}

/** Why the sale's writes failed: the stock check that refused, else the first real error. */
export function whyNotSold(errors: unknown[], lines: PricedLine[]) {
  for (const e of errors) {
    const pg = pgError(e);
    if (pg?.code !== ordersRepo.STOCK_SHORT) continue;
    const index = lines.findIndex((l) => l.variantId === pg.detail);
    const line = lines[index];
    if (line) return outOfStock(line, Number(pg.hint ?? 0), index);
  }
  return errors.find((e) => pgError(e)?.code !== '25P02') ?? errors[0];
}

/**
 * The sale's tax invoice (a bill of supply without a GSTIN), the buyer the counter's customer: its number is taken
 * from the shop's series for this financial year by the statement before it, and the invoice's row and snapshot
 * get that number, and the order's, in SQL, so nothing waits for either.
 */
function sendCounterInvoice(
  tx: Tx,
  send: Send,
  s: SaleInput,
  { orderId, at }: { orderId: string; at: Date },
) {
  const { store, shop, offline } = s;
  const prefix = shop.gstin ? 'INV' : 'BOS';
  const fy = offline?.fy ?? financialYear(at);
  const snapshot = counterSnapshot(s, at);
  const seq = sql<number>`(select last_number from document_counters where store_id = ${store.id} and series = ${prefix} and fy = ${fy})`;
  // Offline: the counter's number, taken already (offline-sale.ts); else the shop's next, taken here.
  const n = offline
    ? { fy, seq: offline.seq, number: offline.number, series: offline.series }
    : { fy, seq, number: counterDocumentNumber(prefix, fy, seq), series: prefix };
  const orderNumber = ordersRepo.currentOrderNumber(store.id, 'ORD-');
  if (!offline) send(paymentsRepo.nextDocumentSeq(tx, store.id, prefix, fy));
  const number = n.number;
  return send(
    tx
      .insert(schema.taxDocuments)
      .values({
        ...documentRow(store.id, orderId, snapshot, n),
        snapshot: sql`jsonb_set(jsonb_set(${JSON.stringify(snapshot)}::jsonb, '{number}', to_jsonb((${number})::text)), '{orderNumber}', to_jsonb(${orderNumber}))`,
      })
      .returning({ id: schema.taxDocuments.id }),
  );
}

/** The invoice's snapshot before it has numbers: the shop, the counter's customer, the lines and their tax. */
function counterSnapshot(s: SaleInput, at: Date) {
  const { store, shop, lines, body, totals, payment } = s;
  return buildTaxSnapshot({
    kind: shop.gstin ? 'INVOICE' : 'BILL_OF_SUPPLY',
    number: '',
    issuedAt: at,
    shop: { storeName: store.storeName, ...shop },
    buyer: {
      name: body.name,
      address: body.address ? [body.address] : [],
      state: shop.state,
      phone: body.phone,
      gstin: body.gst_number ?? null,
    },
    billTo: null,
    orderNumber: '',
    paymentMethod:
      payment.method === 'CREDIT'
        ? `On khata (pay later): ${unpaid(payment) ? 'unpaid' : 'paid'}`
        : payment.method,
    lines: lines.map((l) => ({
      name: lineName(l.name, l.variantLabel, l.sku),
      hsn: l.hsn,
      quantity: l.quantity,
      unit: l.unit ?? 'Piece',
      unitPricePaise: l.pricePaise,
      ratePercent: shop.gstin ? Number(l.taxPercent) : 0,
    })),
    discountPaise: totals.discountPaise,
    shippingPaise: 0,
  });
}

/** `documentNumber` (INV/26-27/00001) written in SQL, for a sequence number that a statement reads. */
export function counterDocumentNumber(prefix: 'INV' | 'BOS', fy: string, seq: SQL<number>) {
  const head = documentNumber(prefix, fy, 0).slice(0, -5);
  return sql<string>`${head}::text || lpad(${seq}::text, greatest(5, length(${seq}::text)), '0')`;
}
