import { type PosSale, paiseToRupees, type TaxDocumentSnapshot } from '@haat/contracts';
import { schema, type Tx } from '@haat/db';
import { and, asc, eq, ne, sql } from 'drizzle-orm';

import { orderNumber } from '../orders/index.ts';
import * as paymentsRepo from '../payments/index.ts';
import type { StoreRow } from '../stores/index.ts';

import * as repo from './pos.repository.ts';

const { orders, orderItems, paymentTransactions: pt, taxDocuments: td, users } = schema;

/** A counter sale as its receipt shows it, read back in one round trip; null when it is not a counter sale. */
export async function saleView(tx: Tx, store: StoreRow, orderId: string): Promise<PosSale | null> {
  const [[order], items, [payment], [invoice], counterInfo, profile] = await readSale(tx, orderId);
  if (!order || !payment) return null;
  const snapshot = invoice?.snapshot as TaxDocumentSnapshot | undefined;
  return {
    order_id: order.id,
    order_number: orderNumber(order.number),
    transaction_id: payment.id,
    transaction_reference: payment.reference,
    invoice_id: invoice?.id ?? null,
    invoice_number: invoice?.number ?? null,
    invoice_kind: invoice ? (invoice.kind === 'BILL_OF_SUPPLY' ? 'BILL_OF_SUPPLY' : 'INVOICE') : null,
    created_at: order.createdAt.toISOString(),
    shop: {
      name: store.storeName,
      legal_name: snapshot?.seller.legalName ?? profile.legalName,
      gstin: snapshot?.seller.gstin ?? profile.gstin,
      address: snapshot?.seller.address ?? profile.address,
      phone: counterInfo.phone,
    },
    cashier: payment.cashier,
    customer: {
      name: order.shipName,
      phone: order.contactPhone ?? order.shipPhone ?? '',
      email: order.contactEmail,
      address: snapshot?.buyer.address.join(', ') || null,
      gst_number: order.buyerGstin,
    },
    items: items.map(itemView),
    sub_total: paiseToRupees(order.subtotalPaise),
    discount_amount: paiseToRupees(order.discountPaise),
    tax: paiseToRupees(order.taxPaise),
    cgst: paiseToRupees(invoice?.cgstPaise ?? 0),
    sgst: paiseToRupees(invoice?.sgstPaise ?? 0),
    total_bill_amount: paiseToRupees(order.totalPaise),
    total_items: order.totalItems,
    payment: paymentView(payment),
  };
}

/** The sale's order, lines, payment (with its cashier), invoice, the counter and the tax profile, at once. */
function readSale(tx: Tx, orderId: string) {
  return Promise.all([
    tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.channel, 'POS'))),
    tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.name)),
    tx
      .select({
        id: pt.id,
        reference: pt.reference,
        mode: pt.paymentMode,
        status: pt.paymentStatus,
        amountPaise: pt.amountPaise,
        tenderedPaise: pt.tenderedPaise,
        utr: pt.externalReference,
        cardLast4: pt.cardLast4,
        cardNetwork: pt.cardNetwork,
        cashier: sql<
          string | null
        >`nullif(trim(${users.firstName} || ' ' || coalesce(${users.lastName}, '')), '')`,
      })
      .from(pt)
      .leftJoin(users, eq(users.id, pt.receivedBy))
      .where(eq(pt.orderId, orderId))
      .limit(1),
    tx
      .select()
      .from(td)
      .where(and(eq(td.orderId, orderId), ne(td.kind, 'CREDIT_NOTE')))
      .limit(1),
    repo.shopCounter(tx),
    paymentsRepo.shopTaxProfile(tx),
  ]);
}

type SalePayment = NonNullable<Awaited<ReturnType<typeof readSale>>[2][number]>;

/** One line of the receipt. */
function itemView(i: typeof orderItems.$inferSelect): PosSale['items'][number] {
  return {
    product_id: i.productId,
    variant_id: i.variantId,
    name: i.name,
    variant_label: i.variantLabel,
    sku: i.sku,
    quantity: i.quantity,
    unit_price: paiseToRupees(i.unitPricePaise),
    tax_percentage: Number(i.taxPercent),
    amount: paiseToRupees(i.unitPricePaise * i.quantity),
  };
}

/** How the sale was paid: cash with what was tendered and the change, UPI with its UTR, or a card. */
function paymentView(payment: SalePayment): PosSale['payment'] {
  const method =
    payment.mode === 'CASH' || payment.mode === 'CARD' || payment.mode === 'CREDIT' ? payment.mode : 'UPI';
  return {
    method,
    amount_received: payment.tenderedPaise === null ? null : paiseToRupees(payment.tenderedPaise),
    change_due:
      payment.tenderedPaise === null ? null : paiseToRupees(payment.tenderedPaise - payment.amountPaise),
    utr: payment.utr,
    card_last4: payment.cardLast4,
    card_network: payment.cardNetwork,
    paid: payment.status !== 'PENDING',
  };
}
