import {
  lineName,
  paiseToRupees,
  type RefundBody,
  refundBody,
  rupeesToPaise,
  type TaxDocumentSnapshot,
  type Transaction,
  type TransactionDetails,
  type TransactionQuery,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { retryOnDeadlock } from '../../lib/pg-errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import * as ordersRepo from '../orders/orders.repository.ts';
import type { StoreRow } from '../stores/stores.repository.ts';
import { taxDocumentPdf } from './document-pdf.ts';
import { issueCreditNote } from './documents.service.ts';
import { refundMail } from './payment-mails.ts';
import * as repo from './payments.repository.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const orderNumber = (n: number) => `ORD-${n}`;
const fullName = (first: string | null, last: string | null, fallback: string) =>
  first ? `${first} ${last ?? ''}`.trim() : fallback;

export function rowView(r: repo.ListedPayment): Transaction {
  const p = r.payment;
  return {
    id: p.id,
    transaction_id: p.reference,
    order_id: p.orderId,
    order_number: orderNumber(r.orderNumber),
    amount: paiseToRupees(p.amountPaise),
    refunded_amount: paiseToRupees(p.refundedPaise),
    payment_mode: p.paymentMode,
    payment_status: p.paymentStatus,
    created_at: p.createdAt.toISOString(),
    customer_name: fullName(r.firstName, r.lastName, r.customerName),
    customer_email: r.customerEmail,
    customer_phone: r.customerPhone,
    is_invoice_generated: r.invoiceNumber !== null,
    customer_invoice: r.invoiceNumber ? { invoice_number: r.invoiceNumber } : null,
  };
}

/** Transaction Management: a page of payments with the count of matches. */
export const listTransactions = (deps: Deps, store: StoreRow, q: TransactionQuery) =>
  withStore(deps.db, store.id, async (tx) => {
    const matches = await repo.searchMatches(tx, q);
    const [rows, count] = await Promise.all([
      repo.listPayments(tx, q, matches),
      repo.countPayments(tx, q, matches),
    ]);
    return { results: rows.map(rowView), count };
  });

export const transactionStats = (deps: Deps, store: StoreRow, q: Pick<TransactionQuery, 'from' | 'to'>) =>
  withStore(deps.db, store.id, async (tx) => {
    const s = await repo.paymentStats(tx, q);
    return {
      total_revenue: paiseToRupees(s.revenuePaise),
      total_transaction: s.total,
      total_pending_transaction: s.pending,
      total_failed_transaction: s.failed,
    };
  });

async function paymentOr404(tx: Tx, id: string, lock = false) {
  const p = isUuid(id) ? await repo.findPayment(tx, id, lock) : null;
  if (!p) throw notFound('Transaction not found');
  return p;
}

const HOW: Record<repo.PaymentRow['paymentMode'], string> = {
  COD: 'Cash on delivery',
  UPI: 'UPI to the shop',
  CASH: 'Cash at the counter',
  CARD: 'Card at the counter',
};

async function detail(tx: Tx, paymentId: string): Promise<TransactionDetails> {
  const p = await paymentOr404(tx, paymentId);
  const order = await ordersRepo.findOrder(tx, p.orderId);
  if (!order) throw notFound('Transaction not found');
  const [items, docs, refunds, totals] = await Promise.all([
    ordersRepo.itemsOf(tx, [order.id]),
    repo.documentsOf(tx, order.id),
    repo.refundsOf(tx, order.id),
    repo.customerTotals(tx, order.customerId, order.contactEmail),
  ]);
  const invoice = docs.find((d) => d.kind !== 'CREDIT_NOTE');
  const creditNoteOf = (refundId: string) => docs.find((d) => d.refundId === refundId)?.number ?? null;
  const shipping = [
    order.shipName,
    [order.shipLine1, order.shipLine2].filter(Boolean).join(', '),
    `${order.shipCity}, ${order.shipState} ${order.shipPostalCode}`,
    order.shipCountry,
  ];
  // The billing address the customer gave at checkout, else the shipping address.
  const billing = order.billName
    ? [
        order.billName,
        [order.billLine1, order.billLine2].filter(Boolean).join(', '),
        `${order.billCity}, ${order.billState} ${order.billPostalCode}`,
        order.shipCountry,
      ]
    : shipping;
  const timeline = [
    {
      label: 'Payment created',
      at: p.createdAt.toISOString(),
      note: `${HOW[p.paymentMode]}, ${orderNumber(order.number)}`,
    },
    ...(p.receivedAt
      ? [
          {
            label: 'Payment collected',
            at: p.receivedAt.toISOString(),
            note: p.externalReference ? `UTR ${p.externalReference}` : null,
          },
        ]
      : []),
    ...(invoice
      ? [
          {
            label: invoice.kind === 'INVOICE' ? 'Invoice issued' : 'Bill of supply issued',
            at: invoice.issuedAt.toISOString(),
            note: invoice.number,
          },
        ]
      : []),
    ...refunds.map((r) => ({
      label: 'Refunded',
      at: r.createdAt.toISOString(),
      note: `₹${paiseToRupees(r.amountPaise).toLocaleString('en-IN')} by ${r.method.toLowerCase()}: ${r.reason}`,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const view: TransactionDetails = {
    id: p.id,
    transaction_id: p.reference,
    order_id: order.id,
    order_number: orderNumber(order.number),
    amount: paiseToRupees(p.amountPaise),
    refunded_amount: paiseToRupees(p.refundedPaise),
    payment_mode: p.paymentMode,
    payment_status: p.paymentStatus,
    created_at: p.createdAt.toISOString(),
    customer_name: order.shipName,
    customer_email: order.contactEmail,
    customer_phone: order.contactPhone ?? order.shipPhone,
    is_invoice_generated: !!invoice,
    customer_invoice: invoice ? { invoice_number: invoice.number } : null,
    collected: {
      how: HOW[p.paymentMode],
      reference: p.externalReference,
      at: iso(p.receivedAt),
      by: null,
      minutes_to_collect: p.receivedAt
        ? Math.max(0, Math.round((p.receivedAt.getTime() - p.createdAt.getTime()) / 60_000))
        : null,
    },
    refundable: ['SUCCESS', 'PARTIALLY_REFUNDED'].includes(p.paymentStatus)
      ? paiseToRupees(p.amountPaise - p.refundedPaise)
      : 0,
    documents: docs.map((d) => ({
      id: d.id,
      kind: d.kind,
      number: d.number,
      issued_at: d.issuedAt.toISOString(),
      total: paiseToRupees(d.totalPaise),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: paiseToRupees(r.amountPaise),
      reason: r.reason,
      method: r.method,
      reference: r.reference,
      restocked: r.restocked,
      created_at: r.createdAt.toISOString(),
      by: null,
      credit_note: creditNoteOf(r.id),
    })),
    timeline,
    customer: {
      name: order.shipName,
      email: order.contactEmail,
      phone: order.contactPhone ?? order.shipPhone,
      orders: totals.orders,
      total_spent: paiseToRupees(totals.spentPaise),
    },
    shipping_address: shipping,
    billing_address: billing,
    order_details: {
      order_number: orderNumber(order.number),
      status: order.status,
      subtotal: paiseToRupees(order.subtotalPaise),
      shipping_charge: paiseToRupees(order.shippingPaise),
      tax: paiseToRupees(order.taxPaise),
      discount: paiseToRupees(order.discountPaise),
      total_amount: paiseToRupees(order.totalPaise),
      items: items.map((i) => ({
        product_id: i.productId,
        variant_id: i.variantId,
        product_name: i.name,
        variant: i.variantLabel,
        sku: i.sku,
        quantity: i.quantity,
        product_price: paiseToRupees(i.unitPricePaise),
        line_total: paiseToRupees(i.unitPricePaise * i.quantity),
      })),
    },
  };
  return view;
}

export const getTransaction = (deps: Deps, store: StoreRow, id: string) =>
  withStore(deps.db, store.id, (tx) => detail(tx, id));

// ---------------------------------------------------------------------------------------------------------------
// Documents

/** A document's PDF by the payment it belongs to (its invoice) or by its own id (a credit note). */
export const documentPdf = (deps: Deps, store: StoreRow, by: { paymentId?: string; documentId?: string }) =>
  withStore(deps.db, store.id, async (tx) => {
    let doc: repo.TaxDocumentRow | undefined | null;
    if (by.documentId) doc = isUuid(by.documentId) ? await repo.findDocument(tx, by.documentId) : null;
    else {
      const p = await paymentOr404(tx, by.paymentId ?? '');
      doc = (await repo.documentsOf(tx, p.orderId)).find((d) => d.kind !== 'CREDIT_NOTE');
    }
    if (!doc) throw notFound('No invoice has been issued for this transaction yet');
    return { number: doc.number, pdf: await taxDocumentPdf(doc.snapshot as TaxDocumentSnapshot) };
  });

/** The invoice of an order: for the order page, or the customer's own order (`customerId`). */
export const orderInvoicePdf = (deps: Deps, store: StoreRow, orderId: string, customerId?: string) =>
  withStore(deps.db, store.id, async (tx) => {
    const order = isUuid(orderId) ? await ordersRepo.findOrder(tx, orderId, customerId) : null;
    if (!order) throw notFound('Order not found');
    const doc = (await repo.documentsOf(tx, order.id)).find((d) => d.kind !== 'CREDIT_NOTE');
    if (!doc) throw notFound('The invoice is issued when the order ships');
    return { number: doc.number, pdf: await taxDocumentPdf(doc.snapshot as TaxDocumentSnapshot) };
  });

// ---------------------------------------------------------------------------------------------------------------
// Refunds: each step named, all in one transaction.

type Refund = z.output<typeof refundBody>;

async function takeFromPayment(tx: Tx, p: repo.PaymentRow, amountPaise: number) {
  if (!['SUCCESS', 'PARTIALLY_REFUNDED'].includes(p.paymentStatus)) {
    throw conflict(
      `This payment is ${p.paymentStatus.toLowerCase()}: only money received can be refunded.`,
      'NOT_REFUNDABLE',
    );
  }
  const after = await repo.takeRefund(tx, p.id, amountPaise);
  if (after) return after;
  const fresh = await repo.findPayment(tx, p.id);
  const left = fresh ? fresh.amountPaise - fresh.refundedPaise : 0;
  throw new AppError(
    409,
    'CONFLICT',
    `Only ₹${paiseToRupees(left).toLocaleString('en-IN')} is left to refund on this payment.`,
    {
      reason: 'REFUND_OVER_CAP',
      issues: [{ path: 'amount', message: `At most ₹${paiseToRupees(left)} can be refunded` }],
    },
  );
}

/**
 * Puts the chosen units back on the shelf with RETURN ledger rows, never more than is left of the order's lines (sold,
 * less what a cancellation, return or earlier refund put back): asking for more is a 409 naming what is left.
 */
async function restock(
  tx: Tx,
  storeId: string,
  order: ordersRepo.OrderRow,
  lines: Refund['restock'],
  actorId: string,
) {
  if (!lines.length) return [];
  const items = await ordersRepo.itemsOf(tx, [order.id]);
  const ledger = [];
  const done: { product_id: string; quantity: number }[] = [];
  for (const l of [...lines].sort((a, b) => a.product_id.localeCompare(b.product_id))) {
    const sold = items
      .filter((i) => i.productId === l.product_id && (!l.variant_id || i.variantId === l.variant_id))
      .sort(ordersRepo.byStockLock);
    if (!sold.length) {
      throw new AppError(400, 'VALIDATION_FAILED', 'That product is not in this order', {
        issues: [{ path: 'restock', message: 'Choose products of this order' }],
      });
    }
    const left = sold.reduce((n, i) => n + ordersRepo.restockable(i), 0);
    if (l.quantity > left) throw restockOverSold(sold, left, !!l.variant_id);
    // Spread over the product's lines (its variants) in lock order, each up to what is left of it.
    let wanted = l.quantity;
    let back = 0;
    for (const i of sold) {
      const quantity = Math.min(wanted, ordersRepo.restockable(i));
      if (quantity <= 0) continue;
      wanted -= quantity;
      const after = await ordersRepo.returnStock(tx, i, quantity);
      if (after === null) continue;
      i.restockedQuantity += quantity;
      back += quantity;
      ledger.push({
        storeId,
        productId: i.productId,
        variantId: i.variantId,
        change: quantity,
        quantityAfter: after,
        reason: 'RETURN' as const,
        note: `Refund ${orderNumber(order.number)}`,
        orderId: order.id,
        actorId,
      });
    }
    if (back) done.push({ product_id: l.product_id, quantity: back });
  }
  await ordersRepo.insertLedger(tx, ledger);
  return done;
}

/** 409: "Only 0 of 1 × Masala Chai can still go back to stock". */
function restockOverSold(sold: ordersRepo.OrderItemRow[], left: number, oneVariant: boolean) {
  const first = sold[0] as ordersRepo.OrderItemRow;
  const name = oneVariant ? lineName(first.name, first.variantLabel) : first.name;
  const total = sold.reduce((n, i) => n + i.quantity, 0);
  const message = `Only ${left} of ${total} × ${name} can still go back to stock`;
  return new AppError(409, 'CONFLICT', message, {
    reason: 'RESTOCK_OVER_SOLD',
    issues: [{ path: 'restock', message }],
  });
}

/**
 * Process Refund: takes the amount from what is left on the payment (a 409 naming what is left when it is more),
 * records how the money went back, restocks the chosen lines, issues a credit note against the invoice, moves
 * the order's payment status, mails the customer and writes the audit row.
 */
export const refund = (deps: Deps, actor: Actor, store: StoreRow, paymentId: string, body: RefundBody) =>
  // Restocking takes variant rows that counter sales and orders take too: a deadlock PostgreSQL broke (seen in the
  // fault suite's load) rolled everything back, so the refund is simply made again, as place-order and POS do.
  retryOnDeadlock(() => refundOnce(deps, actor, store, paymentId, body));

const refundOnce = (deps: Deps, actor: Actor, store: StoreRow, paymentId: string, body: RefundBody) =>
  withStore(deps.db, store.id, async (tx) => {
    const v = refundBody.parse(body);
    const amountPaise = rupeesToPaise(v.amount);
    const p = await paymentOr404(tx, paymentId, true);
    const order = await ordersRepo.lockOrder(tx, p.orderId);
    if (!order) throw notFound('Transaction not found');
    const after = await takeFromPayment(tx, p, amountPaise);
    const restocked = await restock(tx, store.id, order, v.restock, actor.userId);
    const row = await repo.insertRefund(tx, {
      storeId: store.id,
      orderId: order.id,
      amountPaise,
      reason: v.reason,
      method: v.method,
      reference: v.reference || null,
      restocked,
      createdBy: actor.userId,
    });
    const invoice = (await repo.documentsOf(tx, order.id)).find((d) => d.kind !== 'CREDIT_NOTE');
    const note = invoice
      ? await issueCreditNote(tx, store, invoice, { id: row.id, amountPaise, reason: v.reason })
      : null;
    await ordersRepo.updateOrder(tx, order.id, { paymentStatus: after.paymentStatus });
    await ordersRepo.insertEvent(tx, {
      storeId: store.id,
      orderId: order.id,
      status: 'REFUNDED',
      note: `₹${paiseToRupees(amountPaise).toLocaleString('en-IN')} by ${v.method.toLowerCase()}: ${v.reason}`,
      actorId: actor.userId,
    });
    if (order.contactEmail) {
      await enqueueMail(
        tx,
        refundMail({
          to: order.contactEmail,
          shopName: store.storeName,
          storeId: store.id,
          order,
          amountPaise,
          method: v.method,
          reason: v.reason,
          creditNote: note?.number ?? null,
        }),
      );
    }
    await recordAudit(tx, store.id, actor, {
      entity: 'ORDER',
      entityId: order.id,
      action: 'REFUND',
      summary: `Order ${orderNumber(order.number)} refunded ₹${paiseToRupees(amountPaise).toLocaleString('en-IN')}`,
      before: { payment_status: p.paymentStatus, refunded: paiseToRupees(p.refundedPaise) },
      after: { payment_status: after.paymentStatus, refunded: paiseToRupees(after.refundedPaise) },
    });
    return detail(tx, p.id);
  });
