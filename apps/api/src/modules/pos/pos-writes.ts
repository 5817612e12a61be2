import { randomUUID } from 'node:crypto';
import {
  lineName,
  paiseToRupees,
  type posCheckoutBody,
  type posTotals,
  rupeesToPaise,
} from '@haat/contracts';
import type { Tx } from '@haat/db';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { pgError } from '../../lib/pg-errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import * as ordersRepo from '../orders/orders.repository.ts';
import { issueInvoiceOf, type ShopTaxProfile } from '../payments/documents.service.ts';
import type { StoreRow } from '../stores/stores.repository.ts';
import * as repo from './pos.repository.ts';

/*
 * A counter sale's writes (issue 14): the payment as recorded, the sale's rows sent in one batch, the invoice and
 * the audit row. pos.service.ts reads as the sale's steps and calls these.
 */

export type Body = z.output<typeof posCheckoutBody>;
export const inr = (paise: number) => `₹${paiseToRupees(paise).toLocaleString('en-IN')}`;

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
  method: 'CASH' | 'UPI' | 'CARD';
  tenderedPaise: number | null;
  utr: string | null;
  cardLast4: string | null;
  cardNetwork: string | null;
}

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
export async function writeSale(tx: Tx, s: SaleInput) {
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
export function auditSale(
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
export function issueCounterInvoice(
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
