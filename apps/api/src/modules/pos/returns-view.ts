import {
  type CounterReturn,
  linePaid,
  paiseToRupees,
  type ReturnableSale,
  returnValue,
} from '@haat/contracts';
import { schema, type Tx, withStore } from '@haat/db';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';

import { orderNumber } from '../orders/index.ts';
import { shopTaxProfile } from '../payments/index.ts';
import type { StoreRow } from '../stores/index.ts';

import { saleView } from './pos-view.ts';
import * as repo from './returns.repository.ts';
import { whyNotReturnable } from './returns-steps.ts';

/** A sale by its receipt number with what of each line can still come back (sold less what went back). */
export const returnableSale = (deps: Deps, store: StoreRow, number: string) =>
  withStore(deps.db, store.id, async (tx): Promise<ReturnableSale> => {
    const sale = await repo.saleByNumber(tx, Number(number.replace(/^ORD-/i, '')));
    if (!sale) throw notFound(`No sale ${orderNumber(Number(number.replace(/^ORD-/i, '')))} in this shop`);
    const { order, items } = sale;
    const paid = linePaid(items, order.discountPaise);
    const returns = await repo.returnsOf(tx, order.id);
    return {
      order_id: order.id,
      order_number: orderNumber(order.number),
      channel: order.channel,
      created_at: order.createdAt.toISOString(),
      customer: { name: order.shipName, phone: order.contactPhone ?? order.shipPhone },
      payment_method: order.paymentMethod,
      total: paiseToRupees(order.totalPaise),
      not_returnable: whyNotReturnable(order),
      lines: items.map((i, n) => ({
        item_id: i.id,
        product_id: i.productId,
        variant_id: i.variantId,
        name: i.variantLabel ? `${i.name} (${i.variantLabel})` : i.name,
        quantity: i.quantity,
        returned: i.restockedQuantity,
        returnable: i.quantity - i.restockedQuantity,
        unit_price: paiseToRupees(i.unitPricePaise),
        line_paid: paiseToRupees(paid[n] ?? 0),
        refund_per_unit: paiseToRupees(
          i.quantity > i.restockedQuantity
            ? returnValue(paid[n] ?? 0, i.quantity, i.restockedQuantity, 1)
            : 0,
        ),
      })),
      returns: returns.map((r) => ({
        id: r.id,
        kind: r.kind,
        amount: paiseToRupees(r.returnedPaise),
        credit_note_number: r.creditNote,
        created_at: r.createdAt.toISOString(),
      })),
    };
  });

/** The customer's recent counter sales by phone. */
export const recentSales = (deps: Deps, store: StoreRow, phone: string) =>
  withStore(deps.db, store.id, async (tx) =>
    (await repo.recentSalesByPhone(tx, phone)).map((s) => ({
      order_id: s.id,
      order_number: orderNumber(s.number),
      created_at: s.createdAt.toISOString(),
      total: paiseToRupees(s.totalPaise),
      items: s.items,
      name: s.name,
    })),
  );

const cashierOf = (tx: Tx, userId: string | null) =>
  userId
    ? tx
        .select({
          name: sql<
            string | null
          >`nullif(trim(${schema.users.firstName} || ' ' || coalesce(${schema.users.lastName}, '')), '')`,
        })
        .from(schema.users)
        .where(eq(schema.users.id, userId))
    : Promise.resolve([]);

/** A return as its slip shows it: what came back, the money, the credit note and an exchange's new bill. */
export async function returnView(tx: Tx, store: StoreRow, id: string): Promise<CounterReturn | null> {
  const r = await repo.returnById(tx, id);
  if (!r) return null;
  const [sale, note, exchange, [cashier], profile] = await Promise.all([
    tx.select().from(schema.orders).where(eq(schema.orders.id, r.orderId)),
    r.creditNoteId ? repo.documentById(tx, r.creditNoteId) : null,
    r.exchangeOrderId ? saleView(tx, store, r.exchangeOrderId) : null,
    cashierOf(tx, r.createdBy),
    shopTaxProfile(tx),
  ]);
  const order = sale[0];
  if (!order) return null;
  const refundedPaise =
    r.method === 'KHATA' ? 0 : r.kind === 'EXCHANGE' ? Math.max(0, -r.differencePaise) : r.returnedPaise;
  return {
    id: r.id,
    order_id: order.id,
    order_number: orderNumber(order.number),
    kind: r.kind,
    method: r.method,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
    cashier: cashier?.name ?? null,
    customer: { name: order.shipName, phone: order.contactPhone ?? order.shipPhone },
    shop: { name: store.storeName, gstin: profile.gstin, address: profile.address },
    lines: r.lines.map((l) => ({
      item_id: l.item_id,
      name: l.name,
      quantity: l.quantity,
      amount: paiseToRupees(l.value_paise),
    })),
    returned_amount: paiseToRupees(r.returnedPaise),
    exchange_total: exchange ? exchange.total_bill_amount : null,
    difference: paiseToRupees(r.differencePaise),
    refunded: paiseToRupees(refundedPaise),
    credit_note: note
      ? {
          id: note.id,
          number: note.number,
          total: paiseToRupees(note.totalPaise),
          taxable: paiseToRupees(note.taxablePaise),
          cgst: paiseToRupees(note.cgstPaise),
          sgst: paiseToRupees(note.sgstPaise),
          igst: paiseToRupees(note.igstPaise),
        }
      : null,
    exchange_sale: exchange,
  };
}
