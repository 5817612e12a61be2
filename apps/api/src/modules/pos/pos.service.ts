import { createHash, randomUUID } from 'node:crypto';
import {
  lineName,
  type PosCheckoutBody,
  type PosCustomer,
  type PosProduct,
  type PosSale,
  paiseToRupees,
  type posCheckoutBody,
  posStockBadge,
  posTotals,
  rupeesToPaise,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import QRCode from 'qrcode';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { pgError, retryOnDeadlock } from '../../lib/pg-errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { findSettings } from '../checkout/checkout.repository.ts';
import * as ordersRepo from '../orders/orders.repository.ts';
import { issueInvoiceOf, type ShopTaxProfile } from '../payments/documents.service.ts';
import * as paymentsRepo from '../payments/payments.repository.ts';
import type { StoreRow } from '../stores/stores.repository.ts';
import * as repo from './pos.repository.ts';
import { saleView } from './pos-view.ts';

/*
 * The point of sale (issue 14, decision 0013): look-ups for the counter, and a sale that reads as its steps:
 * claim the key and read, price the lines, check the totals and the payment, write the sale, issue its invoice.
 */

type Body = z.output<typeof posCheckoutBody>;
type Line = Body['product_id'][number];

const inr = (paise: number) => `₹${paiseToRupees(paise).toLocaleString('en-IN')}`;

/** A test seam: called once the sale's writes are sent, before the invoice and the COMMIT. */
export type PosStepHook = (step: 'writes' | 'invoice') => void;

function productView(r: repo.SellableRow): PosProduct {
  return {
    product_id: r.productId,
    variant_id: r.variantId,
    name: r.name,
    variant_label: r.variantLabel,
    sku: r.sku,
    barcode: r.barcode,
    price: paiseToRupees(r.pricePaise),
    tax_percentage: Number(r.taxPercent),
    stock: r.stock,
    stock_status: posStockBadge(r.stock),
    unit: r.unit,
    image: r.image,
  };
}

export async function searchProducts(deps: Deps, store: StoreRow, q: { search?: string; limit: number }) {
  const rows = await withStore(deps.db, store.id, (tx) => repo.searchSellables(tx, q.search, q.limit));
  return rows.map(productView);
}

export async function productByBarcode(deps: Deps, store: StoreRow, code: string) {
  const row = await withStore(deps.db, store.id, (tx) => repo.findByBarcode(tx, code));
  if (!row) throw notFound('Product not found with this barcode');
  return productView(row);
}

export async function findCustomer(deps: Deps, store: StoreRow, phone: string): Promise<PosCustomer | null> {
  const c = await withStore(deps.db, store.id, (tx) => repo.findCustomer(tx, store.id, phone));
  if (!c) return null;
  return {
    name: c.name,
    phone: c.phone,
    email: c.email,
    address: c.address,
    gst_number: c.gstNumber,
    visits: c.visits,
    last_visit_at: c.lastVisitAt ? c.lastVisitAt.toISOString() : null,
  };
}

/** What the counter screen needs of its shop: the UPI id, whether GST is charged, the receipt's header. */
export async function counter(deps: Deps, store: StoreRow) {
  const { settings, profile, shop } = await withStore(deps.db, store.id, async (tx) => {
    const [settings, profile, shop] = await Promise.all([
      findSettings(tx),
      paymentsRepo.shopTaxProfile(tx),
      repo.shopCounter(tx),
    ]);
    return { settings, profile, shop };
  });
  return {
    shop_name: store.storeName,
    upi_id: settings?.upiId ?? null,
    gst_registered: !!profile.gstin,
    gstin: profile.gstin,
    legal_name: profile.legalName,
    address: profile.address,
    phone: shop.phone,
  };
}

/** An exact-amount UPI request to the shop's UPI id, with its QR code (SVG), for the customer to scan. */
export async function upiRequest(deps: Deps, store: StoreRow, amount: number) {
  const { upi_id } = await counter(deps, store);
  if (!upi_id) {
    throw badRequest('This shop has no UPI id. Add one in Settings, Payments.', [
      { path: 'amount', message: 'This shop has no UPI id' },
    ]);
  }
  const q = new URLSearchParams({
    pa: upi_id,
    pn: store.storeName,
    am: amount.toFixed(2),
    cu: 'INR',
    tn: `Bill at ${store.storeName}`,
  });
  const link = `upi://pay?${q.toString()}`;
  const svg = await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { upi_id, upi_link: link, qr_svg: svg, amount };
}

export interface PosSaleResult {
  created: boolean;
  sale: PosSale;
}

/**
 * A counter sale in one transaction: the key claimed with the reads, the lines priced from the database, the
 * totals and payment checked, then stock, order (channel POS, DELIVERED), lines, a successful payment, stock
 * ledger, the customer and an audit row written together, and the invoice issued before the COMMIT.
 */
export async function posCheckout(
  deps: Deps,
  actor: Actor,
  store: StoreRow,
  body: Body,
  key: string,
  onStep: PosStepHook = () => {},
): Promise<PosSaleResult> {
  checkDistinctLines(body.product_id);
  const hash = requestHash(body);
  const attempt = () =>
    withStore(deps.db, store.id, async (tx) => {
      const [claimed, rows, shop, counterInfo] = await Promise.all([
        ordersRepo.claimRequest(tx, store.id, actor.userId, key, hash),
        repo.sellablesFor(tx, ...lineIds(body.product_id)),
        paymentsRepo.shopTaxProfile(tx),
        repo.shopCounter(tx),
      ]);
      if (!claimed) return { created: false as const, orderId: await replayed(tx, actor.userId, key, hash) };
      const lines = priceLines(body.product_id, rows, !!shop.gstin);
      const totals = checkTotals(body, lines);
      const payment = checkPayment(body.payment, totals.totalPaise);
      const order = await writeSale(tx, { actor, store, body, key, lines, totals, payment, counterInfo });
      onStep('writes');
      const [invoice] = await Promise.all([
        issueCounterInvoice(tx, store, order, lines, shop, body),
        auditSale(tx, actor, store, order, lines, body),
      ]);
      onStep('invoice');
      return { created: true as const, orderId: order.id, invoiceId: invoice.id };
    });
  // A deadlock or serialization failure rolled everything back (the key's claim too): try again, twice at most.
  const r = await retryOnDeadlock(attempt);
  const sale = await withStore(deps.db, store.id, (tx) => saleView(tx, store, r.orderId));
  if (!sale) throw new Error('the sale just made was not found');
  return { created: r.created, sale };
}

/** The receipt of an earlier counter sale (reprint, mail). */
export async function getSale(deps: Deps, store: StoreRow, orderId: string) {
  const sale = await withStore(deps.db, store.id, (tx) => saleView(tx, store, orderId));
  if (!sale) throw notFound('Sale not found');
  return sale;
}

function checkDistinctLines(lines: Line[]) {
  const seen = new Set<string>();
  lines.forEach((l, i) => {
    const k = l.variant_id ?? l.product_id;
    if (seen.has(k)) {
      throw badRequest('A product is listed twice: change its quantity instead', [
        { path: `product_id.${i}`, message: 'A product is listed twice: change its quantity instead' },
      ]);
    }
    seen.add(k);
  });
}

const lineIds = (lines: Line[]): [string[], string[]] => [
  lines.filter((l) => !l.variant_id).map((l) => l.product_id),
  lines.flatMap((l) => (l.variant_id ? [l.variant_id] : [])),
];

/** A stable hash of what was asked, so a key reused with another bill is refused. */
function requestHash(body: Body) {
  const canon = {
    lines: [...body.product_id].sort((a, b) =>
      (a.variant_id ?? a.product_id).localeCompare(b.variant_id ?? b.product_id),
    ),
    customer: [body.name, body.phone, body.email ?? null, body.gst_number ?? null],
    discount: [body.discount_type, body.discount_value],
    total: body.total_bill_amount,
    payment: body.payment ?? null,
  };
  return createHash('sha256').update(JSON.stringify(canon)).digest('hex');
}

/** A key seen before: the same bill gets the first sale back; another bill with it is refused. */
async function replayed(tx: Tx, actorId: string, key: string, hash: string) {
  const prior = await ordersRepo.findRequest(tx, actorId, key);
  if (!prior || prior.requestHash !== hash) {
    throw conflict(
      'This Idempotency-Key was already used for a different bill. Send a new key for a new sale.',
      'IDEMPOTENCY_KEY_REUSED',
    );
  }
  if (!prior.orderId) throw conflict('This sale is still being made. Try again in a moment.', 'IN_PROGRESS');
  return prior.orderId;
}

export interface PricedLine extends repo.SellableRow {
  quantity: number;
  ratePercent: number;
}

/** Each line as the database prices it now; a product that is not this shop's, or not sold, is not found. */
function priceLines(asked: Line[], rows: repo.SellableRow[], gstRegistered: boolean): PricedLine[] {
  return asked.map((l, i) => {
    const row = rows.find((r) =>
      l.variant_id ? r.variantId === l.variant_id : r.productId === l.product_id,
    );
    if (!row || row.productId !== l.product_id) {
      throw new AppError(404, 'NOT_FOUND', 'Product not found', {
        issues: [{ path: `product_id.${i}.product_id`, message: 'Product not found' }],
      });
    }
    if (l.quantity > row.stock) throw outOfStock(row, row.stock, i);
    return { ...row, quantity: l.quantity, ratePercent: gstRegistered ? Number(row.taxPercent) : 0 };
  });
}

function outOfStock(row: Pick<repo.SellableRow, 'name' | 'variantLabel'>, left: number, index: number) {
  const name = row.variantLabel ? `${row.name} (${row.variantLabel})` : row.name;
  const message = left <= 0 ? `${name} is out of stock` : `Only ${left} of ${name} left in stock`;
  return new AppError(409, 'CONFLICT', message, {
    reason: 'OUT_OF_STOCK',
    details: { available: Math.max(left, 0) },
    issues: [{ path: `product_id.${index}.quantity`, message }],
  });
}

/** The server's figures for the bill; the screen's must agree, else 409 with the server's. */
function checkTotals(body: Body, lines: PricedLine[]) {
  const totals = posTotals(
    lines.map((l) => ({ unitPricePaise: l.pricePaise, quantity: l.quantity, ratePercent: l.ratePercent })),
    { type: body.discount_type, value: body.discount_value },
  );
  if (totals.discountProblem) {
    throw badRequest(totals.discountProblem, [{ path: 'discount_value', message: totals.discountProblem }]);
  }
  const sent = {
    sub_total: rupeesToPaise(body.sub_total),
    discount_amount: rupeesToPaise(body.discount_amount),
    tax: rupeesToPaise(body.tax),
    total_bill_amount: rupeesToPaise(body.total_bill_amount),
  };
  const ours = {
    sub_total: totals.subtotalPaise,
    discount_amount: totals.discountPaise,
    tax: totals.taxPaise,
    total_bill_amount: totals.totalPaise,
  };
  const wrong = (Object.keys(ours) as (keyof typeof ours)[]).filter((k) => sent[k] !== ours[k]);
  if (body.total_items !== totals.items) wrong.push('total_items' as never);
  if (wrong.length) {
    throw new AppError(
      409,
      'CONFLICT',
      `The bill's total is ${inr(totals.totalPaise)} now (prices or stock changed). Check the bill and take payment again.`,
      {
        reason: 'TOTALS_CHANGED',
        details: {
          sub_total: paiseToRupees(ours.sub_total),
          discount_amount: paiseToRupees(ours.discount_amount),
          tax: paiseToRupees(ours.tax),
          total_bill_amount: paiseToRupees(ours.total_bill_amount),
          total_items: totals.items,
          items: lines.map((l) => ({
            product_id: l.productId,
            variant_id: l.variantId,
            price: paiseToRupees(l.pricePaise),
          })),
        },
        issues: wrong.map((k) => ({ path: k, message: `${k} does not match the server's figure` })),
      },
    );
  }
  return totals;
}

export interface CounterPayment {
  method: 'CASH' | 'UPI' | 'CARD';
  tenderedPaise: number | null;
  utr: string | null;
  cardLast4: string | null;
  cardNetwork: string | null;
}

/** How the customer paid; cash must cover the bill. A client that says nothing paid the exact amount in cash. */
function checkPayment(p: Body['payment'], totalPaise: number): CounterPayment {
  if (!p) return { method: 'CASH', tenderedPaise: totalPaise, utr: null, cardLast4: null, cardNetwork: null };
  if (p.method === 'CASH') {
    const tendered = rupeesToPaise(p.amount_received ?? 0);
    if (tendered < totalPaise) {
      const message = `Amount received is less than the total (${inr(totalPaise)})`;
      throw badRequest(message, [{ path: 'payment.amount_received', message }]);
    }
    return { method: 'CASH', tenderedPaise: tendered, utr: null, cardLast4: null, cardNetwork: null };
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
}

/**
 * Writes the sale: the contended rows first (each variant's stock in product then variant order, then the shop's
 * order counter), then the order, its lines, its event, the payment, the stock ledger, the customer, the key and
 * the audit row, all sent without waiting for each answer. Too little stock fails its statement (SQLSTATE HS001)
 * and with it the transaction; the answer names the product and what is left.
 */
async function writeSale(tx: Tx, s: SaleInput) {
  const { store, body, lines, totals, payment, actor } = s;
  const storeId = store.id;
  const loc = s.counterInfo.location;
  const now = new Date();
  const orderId = randomUUID();
  const sent: Promise<unknown>[] = [];
  const send = <T>(statement: PromiseLike<T>) => {
    const p = Promise.resolve(statement);
    p.catch(() => {});
    sent.push(p);
    return p;
  };
  const byLock = [...lines].sort(
    (a, b) => a.productId.localeCompare(b.productId) || a.variantId.localeCompare(b.variantId),
  );
  for (const l of byLock) send(ordersRepo.takeStock(tx, storeId, l.variantId, l.quantity));
  send(ordersRepo.nextOrderNumber(tx, storeId));
  const order = send(
    ordersRepo.insertOrder(tx, {
      id: orderId,
      storeId,
      number: ordersRepo.currentOrderNumber(storeId),
      customerId: null,
      status: 'DELIVERED',
      channel: 'POS',
      paymentMethod: payment.method,
      paymentStatus: 'SUCCESS',
      subtotalPaise: totals.subtotalPaise,
      discountPaise: totals.discountPaise,
      shippingPaise: 0,
      taxPaise: totals.taxPaise,
      totalPaise: totals.totalPaise,
      totalItems: totals.items,
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
    }),
  );
  send(
    ordersRepo.insertItems(
      tx,
      lines.map((l) => ({
        storeId,
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
      })),
    ),
  );
  send(
    ordersRepo.insertEvent(tx, {
      storeId,
      orderId,
      status: 'DELIVERED',
      note: 'Sold at the counter',
      actorId: actor.userId,
    }),
  );
  send(
    ordersRepo.insertPayment(tx, {
      storeId,
      orderId,
      reference: ordersRepo.currentOrderNumber(storeId, 'TXN-'),
      amountPaise: totals.totalPaise,
      paymentMode: payment.method,
      paymentStatus: 'SUCCESS',
      externalReference: payment.utr,
      receivedBy: actor.userId,
      receivedAt: now,
      tenderedPaise: payment.tenderedPaise,
      cardNetwork: payment.cardNetwork,
      cardLast4: payment.cardLast4,
    }),
  );
  send(
    ordersRepo.insertLedger(
      tx,
      lines.map((l) => ({
        storeId,
        productId: l.productId,
        variantId: l.variantId,
        change: -l.quantity,
        quantityAfter: ordersRepo.stockNow(storeId, l.variantId),
        reason: 'SALE' as const,
        note: ordersRepo.currentOrderNumber(storeId, 'Counter sale ORD-'),
        orderId,
        actorId: actor.userId,
      })),
    ),
  );
  send(
    repo.saveCustomer(tx, storeId, {
      name: body.name,
      phone: body.phone,
      email: body.email,
      address: body.address,
      gstNumber: body.gst_number,
    }),
  );
  send(ordersRepo.settleRequest(tx, actor.userId, s.key, orderId));
  const results = await Promise.allSettled(sent);
  const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  if (failed.length) throw whyNotSold(failed, lines);
  return order;
}

/** The audit trail's row of the sale, under the cashier's name, with its number so a search finds it. */
function auditSale(
  tx: Tx,
  actor: Actor,
  store: StoreRow,
  order: ordersRepo.OrderRow,
  lines: PricedLine[],
  body: Body,
) {
  const n = order.totalItems;
  return recordAudit(tx, store.id, actor, {
    entity: 'ORDER',
    entityId: order.id,
    action: 'POS_SALE',
    summary: `Counter sale ORD-${order.number} of ${inr(order.totalPaise)} (${n} item${n === 1 ? '' : 's'}) to ${body.name}, paid by ${order.paymentMethod}`,
    after: {
      items: lines.map((l) => ({ sku: l.sku, quantity: l.quantity, price: paiseToRupees(l.pricePaise) })),
      total: paiseToRupees(order.totalPaise),
      payment: order.paymentMethod,
    },
  });
}

/** Why the sale's writes failed: the stock check that refused, else the first real error. */
function whyNotSold(errors: unknown[], lines: PricedLine[]) {
  for (const e of errors) {
    const pg = pgError(e);
    if (pg?.code !== ordersRepo.STOCK_SHORT) continue;
    const index = lines.findIndex((l) => l.variantId === pg.detail);
    const line = lines[index];
    if (line) return outOfStock(line, Number(pg.hint ?? 0), index);
  }
  return errors.find((e) => pgError(e)?.code !== '25P02') ?? errors[0];
}

/** The sale's tax invoice (a bill of supply without a GSTIN): the buyer is the counter's customer. */
function issueCounterInvoice(
  tx: Tx,
  store: StoreRow,
  order: ordersRepo.OrderRow,
  lines: PricedLine[],
  shop: ShopTaxProfile,
  body: Body,
) {
  return issueInvoiceOf(tx, store, order, {
    shop,
    lines: lines.map((l) => ({
      name: lineName(l.name, l.variantLabel, l.sku),
      quantity: l.quantity,
      unitPricePaise: l.pricePaise,
      taxPercent: Number(l.taxPercent),
      hsn: l.hsn,
      unit: l.unit,
    })),
    buyer: {
      name: body.name,
      address: body.address ? [body.address] : [],
      state: shop.state,
      phone: body.phone,
      gstin: body.gst_number ?? null,
    },
  });
}

export type { PosCheckoutBody };
