import {
  formatPaise,
  paiseToRupees,
  type TaxDocumentSnapshot,
  type TaxDocumentSummary,
  type Transaction,
  type TransactionDetails,
  type TransactionQuery,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

import * as ordersRepo from '../orders/index.ts';
import type { StoreRow } from '../stores/index.ts';

import { taxDocumentPdf } from './document-pdf.ts';
import * as repo from './payments.repository.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
export const orderNumber = (n: number) => `ORD-${n}`;
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

export async function paymentOr404(tx: Tx, id: string, lock = false) {
  const p = isUuid(id) ? await repo.findPayment(tx, id, lock) : null;
  if (!p) throw notFound('Transaction not found');
  return p;
}

const HOW: Record<repo.PaymentRow['paymentMode'], string> = {
  COD: 'Cash on delivery',
  UPI: 'UPI to the shop',
  CASH: 'Cash at the counter',
  CARD: 'Card at the counter',
  CREDIT: 'On the khata (pay later)',
  ONLINE: 'Online, through the payment gateway',
};

/** A transaction's page: the payment, its order, documents, refunds, timeline and the customer's totals. */
export async function detail(tx: Tx, paymentId: string): Promise<TransactionDetails> {
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
  const { shipping, billing } = addressesOf(order);
  return {
    ...paymentHeader(p, order, invoice),
    collected: collectedOf(p),
    gateway: gatewayOf(p),
    refundable: ['SUCCESS', 'PARTIALLY_REFUNDED'].includes(p.paymentStatus)
      ? paiseToRupees(p.amountPaise - p.refundedPaise)
      : 0,
    documents: docs.map(documentSummary),
    refunds: refundViews(refunds, docs),
    timeline: timelineOf(p, order, invoice, refunds),
    customer: {
      name: order.shipName,
      email: order.contactEmail,
      phone: order.contactPhone ?? order.shipPhone,
      orders: totals.orders,
      total_spent: paiseToRupees(totals.spentPaise),
    },
    shipping_address: shipping,
    billing_address: billing,
    order_details: orderDetailsOf(order, items),
  };
}

/** What the payment gateway reported of an online payment (issue 44), or null. */
function gatewayOf(p: repo.PaymentRow): TransactionDetails['gateway'] {
  if (!p.gateway) return null;
  const rupees = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));
  return {
    provider: p.gateway,
    order_id: p.gatewayOrderId,
    payment_id: p.gatewayPaymentId,
    method: p.gatewayMethod,
    card_network: p.cardNetwork,
    card_last4: p.cardLast4,
    bank: p.bank,
    vpa: p.vpa,
    wallet: p.wallet,
    auth_code: p.authCode,
    rrn: p.rrn,
    fee: rupees(p.gatewayFeePaise),
    fee_tax: rupees(p.gatewayTaxPaise),
    failure_reason: p.failureReason,
    settlement_id: p.settlementId,
  };
}

/** The transaction's row as the list shows it, from its payment, order and invoice. */
function paymentHeader(
  p: repo.PaymentRow,
  order: ordersRepo.OrderRow,
  invoice: repo.TaxDocumentRow | undefined,
) {
  return {
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
  } satisfies Partial<TransactionDetails>;
}

/** How and when the payment was collected, and the minutes it took. */
function collectedOf(p: repo.PaymentRow): TransactionDetails['collected'] {
  return {
    how: HOW[p.paymentMode],
    reference: p.externalReference,
    at: iso(p.receivedAt),
    by: null,
    minutes_to_collect: p.receivedAt
      ? Math.max(0, Math.round((p.receivedAt.getTime() - p.createdAt.getTime()) / 60_000))
      : null,
  };
}

/** The shipping address as lines; the billing address the customer gave at checkout, else the shipping address. */
function addressesOf(order: ordersRepo.OrderRow) {
  const shipping = [
    order.shipName,
    [order.shipLine1, order.shipLine2].filter(Boolean).join(', '),
    `${order.shipCity}, ${order.shipState} ${order.shipPostalCode}`,
    order.shipCountry,
  ];
  const billing = order.billName
    ? [
        order.billName,
        [order.billLine1, order.billLine2].filter(Boolean).join(', '),
        `${order.billCity}, ${order.billState} ${order.billPostalCode}`,
        order.shipCountry,
      ]
    : shipping;
  return { shipping, billing };
}

/** The order's refunds, each with its credit note's number. */
function refundViews(refunds: repo.RefundRow[], docs: repo.TaxDocumentRow[]): TransactionDetails['refunds'] {
  const creditNoteOf = (refundId: string) => docs.find((d) => d.refundId === refundId)?.number ?? null;
  return refunds.map((r) => ({
    id: r.id,
    amount: paiseToRupees(r.amountPaise),
    reason: r.reason,
    method: r.method,
    status: r.status,
    reference: r.reference,
    restocked: r.restocked,
    created_at: r.createdAt.toISOString(),
    by: null,
    credit_note: creditNoteOf(r.id),
  }));
}

/** What happened to the payment, oldest first: created, collected, invoiced, refunded. */
function timelineOf(
  p: repo.PaymentRow,
  order: ordersRepo.OrderRow,
  invoice: repo.TaxDocumentRow | undefined,
  refunds: repo.RefundRow[],
) {
  return [
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
      note: `${formatPaise(r.amountPaise)} by ${r.method.toLowerCase()}: ${r.reason}`,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
}

/** The order's amounts and lines. */
function orderDetailsOf(
  order: ordersRepo.OrderRow,
  items: ordersRepo.OrderItemRow[],
): TransactionDetails['order_details'] {
  return {
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
  };
}

export const getTransaction = (deps: Deps, store: StoreRow, id: string) =>
  withStore(deps.db, store.id, (tx) => detail(tx, id));

// ---------------------------------------------------------------------------------------------------------------
// Documents

/** A document as the transaction's page lists it, with its e-invoice's IRN once entered (issue 39). */
export const documentSummary = (d: repo.TaxDocumentRow): TaxDocumentSummary => ({
  id: d.id,
  kind: d.kind,
  number: d.number,
  issued_at: d.issuedAt.toISOString(),
  total: paiseToRupees(d.totalPaise),
  b2b: d.kind === 'INVOICE' && !!(d.snapshot as TaxDocumentSnapshot).buyer.gstin,
  irn: d.irn,
  irn_ack_no: d.irnAckNo,
  irn_ack_at: iso(d.irnAckAt),
});

/** What the e-invoice portal returned for a document, once entered (issue 39). */
const irnOf = (d: repo.TaxDocumentRow) =>
  d.irn && d.irnAckNo && d.irnAckAt && d.signedQr
    ? { irn: d.irn, ackNo: d.irnAckNo, ackAt: d.irnAckAt, signedQr: d.signedQr }
    : null;

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
    return { number: doc.number, pdf: await taxDocumentPdf(doc.snapshot as TaxDocumentSnapshot, irnOf(doc)) };
  });

/** The invoice of an order: for the order page, or the customer's own order (`customerId`). */
export const orderInvoicePdf = (deps: Deps, store: StoreRow, orderId: string, customerId?: string) =>
  withStore(deps.db, store.id, async (tx) => {
    const order = isUuid(orderId) ? await ordersRepo.findOrder(tx, orderId, customerId) : null;
    if (!order) throw notFound('Order not found');
    const doc = (await repo.documentsOf(tx, order.id)).find((d) => d.kind !== 'CREDIT_NOTE');
    if (!doc) throw notFound('The invoice is issued when the order ships');
    const snapshot = doc.snapshot as TaxDocumentSnapshot;
    // A sale on the khata says whether it is paid yet (issue 38): unpaid until the khata covers it.
    const shown =
      order.paymentMethod === 'CREDIT'
        ? {
            ...snapshot,
            paymentMethod:
              order.paymentStatus === 'PENDING'
                ? 'On khata (pay later): unpaid'
                : 'On khata (pay later): paid',
          }
        : snapshot;
    return { number: doc.number, pdf: await taxDocumentPdf(shown, irnOf(doc)) };
  });
