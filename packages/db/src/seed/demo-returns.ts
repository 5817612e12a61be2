import {
  documentNumber,
  financialYear,
  linePaid,
  returnCreditNote,
  returnValue,
  type TaxDocumentSnapshot,
} from '@haat/contracts';
import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rowsOf, withStore } from '../context.ts';
import {
  counterReturns,
  orderItems,
  orders,
  paymentTransactions,
  productVariants,
  refunds,
  stockLedger,
  taxDocuments,
} from '../schema/index.ts';

/*
 * A few returns at the counter in each demo shop (issue 38): what POST pos/return/ writes for a customer who brought
 * back one unit of a recent counter sale today: the unit back on the shelf (the line's
 * restocked_quantity, a RETURN ledger row), a refund by the way the sale was paid, and a credit note against its
 * invoice. Deterministic (the shop's latest paid counter sales by number, each line's dearest item) and run once: a
 * shop with counter returns is left as it is.
 */

const MINUTE = 60_000;
const REASONS = ['Wrong size, customer brought it back', 'Packet damaged', 'Bought one too many'];

type Tx = Parameters<Parameters<typeof withStore>[2]>[0];

/** The shop's latest counter sales paid in full by cash, UPI or card, with an invoice. */
export function returnableSales(tx: Tx, storeId: string, count: number) {
  return (
    tx
      .select({ order: orders, payment: paymentTransactions, invoice: taxDocuments })
      .from(orders)
      .innerJoin(
        paymentTransactions,
        and(eq(paymentTransactions.storeId, orders.storeId), eq(paymentTransactions.orderId, orders.id)),
      )
      .innerJoin(
        taxDocuments,
        and(
          eq(taxDocuments.storeId, orders.storeId),
          eq(taxDocuments.orderId, orders.id),
          ne(taxDocuments.kind, 'CREDIT_NOTE'),
        ),
      )
      .where(
        and(
          eq(orders.storeId, storeId),
          eq(orders.channel, 'POS'),
          eq(paymentTransactions.paymentStatus, 'SUCCESS'),
          inArray(paymentTransactions.paymentMode, ['CASH', 'UPI', 'CARD']),
          gt(orders.totalItems, 1),
        ),
      )
      .orderBy(desc(orders.number))
      // Not the very latest sales (the counter's newest receipts stay as sold), every third one before them.
      .offset(3)
      .limit(count * 3)
  );
}

export type Sale = Awaited<ReturnType<typeof returnableSales>>[number];

/**
 * One unit of the sale's dearest line back: stock, ledger, refund, credit note and the return's row (a REFUND, or
 * the start of an EXCHANGE, whose new sale demo-exchanges.ts writes and names on the row); false when nothing could
 * come back.
 */
export async function returnOne(
  tx: Tx,
  storeId: string,
  sale: Sale,
  n: number,
  now: Date,
  kind: 'REFUND' | 'EXCHANGE' = 'REFUND',
) {
  const { order, payment, invoice } = sale;
  const items = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.storeId, storeId), eq(orderItems.orderId, order.id)))
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  const paid = linePaid(items, order.discountPaise);
  const index = items.reduce(
    (best, i, k) => (i.unitPricePaise > (items[best]?.unitPricePaise ?? 0) ? k : best),
    0,
  );
  const item = items[index];
  if (!item?.variantId || item.restockedQuantity >= item.quantity) return false;
  const valuePaise = returnValue(paid[index] ?? 0, item.quantity, item.restockedQuantity, 1);
  // Brought back today, after every earlier ledger row of the item (so its latest row says today's stock).
  const [last] = await tx
    .select({ at: sql<string | null>`max(${stockLedger.createdAt})` })
    .from(stockLedger)
    .where(and(eq(stockLedger.storeId, storeId), eq(stockLedger.variantId, item.variantId)));
  const after = last?.at ? new Date(last.at).getTime() + MINUTE : 0;
  const at = new Date(Math.max(now.getTime() - (n + 1) * 20 * MINUTE, after));
  const reason = REASONS[n % REASONS.length] ?? 'Returned';
  const [variant] = await tx
    .update(productVariants)
    .set({ quantity: sql`${productVariants.quantity} + 1` })
    .where(and(eq(productVariants.storeId, storeId), eq(productVariants.id, item.variantId)))
    .returning({ quantity: productVariants.quantity });
  if (!variant) return false;
  await tx
    .update(orderItems)
    .set({ restockedQuantity: sql`${orderItems.restockedQuantity} + 1` })
    .where(and(eq(orderItems.storeId, storeId), eq(orderItems.id, item.id)));
  const number = `ORD-${order.number}`;
  await tx.insert(stockLedger).values({
    storeId,
    productId: item.productId,
    variantId: item.variantId,
    change: 1,
    quantityAfter: variant.quantity,
    reason: 'RETURN',
    note: `Counter return ${number}`,
    orderId: order.id,
    createdAt: at,
  });
  const method = payment.paymentMode as 'CASH' | 'UPI' | 'CARD';
  await tx
    .update(paymentTransactions)
    .set({
      refundedPaise: sql`${paymentTransactions.refundedPaise} + ${valuePaise}`,
      paymentStatus: valuePaise >= payment.amountPaise ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
    })
    .where(and(eq(paymentTransactions.storeId, storeId), eq(paymentTransactions.id, payment.id)));
  await tx
    .update(orders)
    .set({ paymentStatus: valuePaise >= payment.amountPaise ? 'REFUNDED' : 'PARTIALLY_REFUNDED' })
    .where(and(eq(orders.storeId, storeId), eq(orders.id, order.id)));
  const [refund] = await tx
    .insert(refunds)
    .values({
      storeId,
      orderId: order.id,
      amountPaise: valuePaise,
      reason: kind === 'EXCHANGE' ? `Exchange at the counter: ${reason}` : reason,
      method,
      restocked: [{ product_id: item.productId, quantity: 1 }],
      createdAt: at,
    })
    .returning({ id: refunds.id });
  const note = await creditNote(tx, storeId, { invoice, item, valuePaise, at, reason, refundId: refund?.id });
  const [row] = await tx
    .insert(counterReturns)
    .values({
      storeId,
      orderId: order.id,
      kind,
      method,
      reason,
      lines: [
        {
          item_id: item.id,
          product_id: item.productId,
          variant_id: item.variantId,
          name: item.name,
          quantity: 1,
          value_paise: valuePaise,
        },
      ],
      // An exchange's row is claimed empty and completed once its new sale exists, as the server does (CHECK).
      returnedPaise: kind === 'EXCHANGE' ? 0 : valuePaise,
      refundId: refund?.id ?? null,
      creditNoteId: note.id,
      idempotencyKey: `demo-${kind === 'EXCHANGE' ? 'exchange' : 'return'}-${order.number}`,
      requestHash: 'demo',
      createdAt: at,
    })
    .returning({ id: counterReturns.id });
  if (!row) return false;
  return { id: row.id, at, method, valuePaise, variantId: item.variantId, order };
}

async function creditNote(
  tx: Tx,
  storeId: string,
  r: {
    invoice: typeof taxDocuments.$inferSelect;
    item: typeof orderItems.$inferSelect;
    valuePaise: number;
    at: Date;
    reason: string;
    refundId: string | undefined;
  },
) {
  const fy = financialYear(r.at);
  const [c] = rowsOf<{ last_number: number }>(
    await tx.execute(sql`
    insert into document_counters (store_id, series, fy, last_number) values (${storeId}, 'CN', ${fy}, 1)
    on conflict (store_id, series, fy) do update set last_number = document_counters.last_number + 1
    returning last_number`),
  );
  const seq = Number(c?.last_number ?? 1);
  const number = documentNumber('CN', fy, seq);
  const snapshot = returnCreditNote({
    invoice: {
      number: r.invoice.number,
      issuedAt: r.invoice.issuedAt,
      snapshot: r.invoice.snapshot as TaxDocumentSnapshot,
    },
    number,
    at: r.at,
    reason: r.reason,
    goods: [{ ...r.item, quantity: 1, valuePaise: r.valuePaise }],
  });
  const b = snapshot.breakup;
  const [doc] = await tx
    .insert(taxDocuments)
    .values({
      storeId,
      orderId: r.invoice.orderId,
      kind: 'CREDIT_NOTE',
      series: 'CN',
      fy,
      seq,
      number,
      issuedAt: r.at,
      againstId: r.invoice.id,
      refundId: r.refundId ?? null,
      totalPaise: b.totalPaise,
      taxablePaise: b.taxablePaise,
      cgstPaise: b.cgstPaise,
      sgstPaise: b.sgstPaise,
      igstPaise: b.igstPaise,
      placeOfSupply: `${snapshot.placeOfSupply.code}-${snapshot.placeOfSupply.state}`,
      snapshot,
    })
    .returning({ id: taxDocuments.id });
  if (!doc) throw new Error('credit note insert returned no row');
  return doc;
}

/** Writes the shop's demo counter returns (three of its latest counter sales); the returns written. */
export async function seedDemoReturns(db: Db, storeId: string, now: Date): Promise<number> {
  return withStore(db, storeId, async (tx) => {
    const [seen] = await tx
      .select({ id: counterReturns.id })
      .from(counterReturns)
      .where(eq(counterReturns.storeId, storeId))
      .limit(1);
    if (seen) return 0;
    let written = 0;
    const sales = (await returnableSales(tx, storeId, 3)).filter((_, i) => i % 3 === 0);
    for (const [n, sale] of sales.entries()) {
      if (await returnOne(tx, storeId, sale, n, now)) written += 1;
    }
    return written;
  });
}
