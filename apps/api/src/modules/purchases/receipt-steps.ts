import {
  type GoodsReceiptBody,
  type goodsReceiptBody,
  paiseToRupees,
  purchaseOrderNumber,
  weightedAverageCost,
} from '@haat/contracts';
import type { schema, Tx } from '@haat/db';
import type { z } from 'zod';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { type ResolvedLine, resolveLines } from './purchase-lines.ts';
import * as orders from './purchases.repository.ts';
import { lockOrderLines } from './receipts.repository.ts';

/* A goods receipt's steps before its writes: what is received (read), and each line's new cost (pure). */

type Body = z.output<typeof goodsReceiptBody>;
type OrderLine = typeof schema.purchaseOrderLines.$inferSelect;

export type { GoodsReceiptBody };

export interface ReceiptLine extends ResolvedLine {
  orderLine: OrderLine | null;
}

export interface ReceiptInputs {
  supplierId: string;
  order: typeof schema.purchaseOrders.$inferSelect | null;
  orderLines: OrderLine[];
  lines: ReceiptLine[];
}

/** Step 1: the order (locked) and its lines, or the supplier; the body's lines resolved against them. */
export async function readReceiptInputs(tx: Tx, body: Body): Promise<ReceiptInputs> {
  if (!body.purchase_order_id) {
    const supplierId = body.supplier_id ?? '';
    if (!(await orders.findSupplier(tx, supplierId)))
      throw badRequest('Choose a supplier of this shop', [
        { path: 'supplier_id', message: 'Supplier not found' },
      ]);
    const lines = await resolveLines(tx, body.lines);
    return { supplierId, order: null, orderLines: [], lines: lines.map((l) => ({ ...l, orderLine: null })) };
  }
  const order = await orders.lockOrder(tx, body.purchase_order_id);
  if (!order) throw notFound('Purchase order not found');
  if (order.status === 'CANCELLED')
    throw conflict(
      `${purchaseOrderNumber(order.number)} is cancelled: nothing can be received against it`,
      'CANCELLED',
    );
  const orderLines = await lockOrderLines(tx, order.id);
  const named = body.lines.map((l, i) => {
    const line = orderLines.find((o) =>
      l.purchase_order_line_id ? o.id === l.purchase_order_line_id : o.variantId === l.variant_id,
    );
    if (!line)
      throw badRequest(`Line ${i + 1} is not on ${purchaseOrderNumber(order.number)}`, [
        { path: `lines.${i}.purchase_order_line_id`, message: 'This line is not on the purchase order' },
      ]);
    return { body: l, line };
  });
  const resolved = await resolveLines(
    tx,
    named.map(({ body: l, line }) => ({
      variant_id: line.variantId,
      quantity: l.quantity,
      unit_cost: l.unit_cost ?? paiseToRupees(line.unitCostPaise),
      tax_percentage: l.tax_percentage ?? line.taxPercent,
    })),
  );
  const lines = resolved.map((r, i) => ({ ...r, orderLine: named[i]?.line ?? null }));
  return { supplierId: order.supplierId, order, orderLines, lines };
}

/** The same variant twice in one receipt is one line with both quantities. */
export function checkDistinctVariants(lines: ReceiptLine[]) {
  const seen = new Set<string>();
  lines.forEach((l, i) => {
    if (seen.has(l.variant.variantId))
      throw badRequest(`${l.variant.name} is in the receipt twice`, [
        {
          path: `lines.${i}.variant_id`,
          message: 'This item is already in the receipt: add up its quantity',
        },
      ]);
    seen.add(l.variant.variantId);
  });
}

/** Receiving more than a line ordered needs the person's confirmation: 409 naming the line otherwise. */
export function checkOverReceipt(inputs: ReceiptInputs, confirmed: boolean) {
  if (confirmed || !inputs.order) return;
  const number = purchaseOrderNumber(inputs.order.number);
  inputs.lines.forEach((l, i) => {
    const o = l.orderLine;
    if (!o || o.receivedQuantity + l.quantity <= o.quantity) return;
    const left = Math.max(0, o.quantity - o.receivedQuantity);
    const message = `${o.name}${o.variantLabel ? ` (${o.variantLabel})` : ''}: ${number} ordered ${o.quantity}, ${o.receivedQuantity} received so far; receiving ${l.quantity} is ${l.quantity - left} more than ordered. Confirm to receive it anyway.`;
    throw new AppError(409, 'CONFLICT', message, {
      reason: 'OVER_RECEIPT',
      issues: [{ path: `lines.${i}.quantity`, message }],
      details: { line: i, purchase_order_line_id: o.id, ordered: o.quantity, received: o.receivedQuantity },
    });
  });
}

/** Step 2 (pure): each line's cost before and after, from the variants as locked. */
export function costLines(
  lines: ReceiptLine[],
  stock: { id: string; quantity: number; costPaise: number | null }[],
) {
  return lines.map((l) => {
    const v = stock.find((s) => s.id === l.variant.variantId);
    const onHand = v?.quantity ?? 0;
    const before = v?.costPaise ?? null;
    const after = weightedAverageCost({
      onHand,
      costPaise: before,
      received: l.quantity,
      receivedCostPaise: l.unitCostPaise,
    });
    return { ...l, onHand, costBefore: before, costAfter: after, quantityAfter: onHand + l.quantity };
  });
}
export type CostedLine = ReturnType<typeof costLines>[number];

/** The order's status once this receipt's quantities are added to its lines. */
export function orderStatusAfter(orderLines: OrderLine[], lines: ReceiptLine[]) {
  const done = orderLines.every((o) => {
    const now = lines.filter((l) => l.orderLine?.id === o.id).reduce((n, l) => n + l.quantity, 0);
    return o.receivedQuantity + now >= o.quantity;
  });
  return done ? ('RECEIVED' as const) : ('PARTIAL' as const);
}
