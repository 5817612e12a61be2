import {
  formatPaise,
  type GoodsReceipt,
  type goodsReceiptBody,
  goodsReceiptNumber,
  paiseToRupees,
  purchaseOrderNumber,
  purchaseTotals,
  type receiptQuery,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { variantLabelOf } from './purchase-lines.ts';
import { nextNumber, updateOrder } from './purchases.repository.ts';
import { toReceipt } from './purchases.view.ts';
import {
  type CostedLine,
  checkDistinctVariants,
  checkOverReceipt,
  costLines,
  orderStatusAfter,
  type ReceiptInputs,
  readReceiptInputs,
} from './receipt-steps.ts';
import * as repo from './receipts.repository.ts';

type Body = z.output<typeof goodsReceiptBody>;

/**
 * A goods receipt in one transaction: the order and its lines locked (or the supplier read), the variants locked
 * in id order, each line's weighted average cost computed, then the receipt, its lines, the variants' stock and
 * cost (their products follow by trigger), a PURCHASE ledger row per line, the order lines' received quantities and
 * the order's status, and an audit row.
 */
export function receiveGoods(ctx: ShopContext, body: Body) {
  return withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    const inputs = await readReceiptInputs(tx, body);
    checkDistinctVariants(inputs.lines);
    checkOverReceipt(inputs, body.confirm_over_receipt === true);
    const stock = await repo.lockVariants(
      tx,
      inputs.lines.map((l) => l.variant.variantId),
    );
    const costed = costLines(inputs.lines, stock);
    const id = await writeReceipt(ctx, tx, { inputs, costed, note: body.note });
    return readReceipt(tx, id);
  });
}

async function writeReceipt(
  ctx: ShopContext,
  tx: Tx,
  { inputs, costed, note }: { inputs: ReceiptInputs; costed: CostedLine[]; note: string | null },
) {
  const storeId = ctx.store.id;
  const totals = purchaseTotals(costed);
  const number = await nextNumber(tx, storeId, 'GOODS_RECEIPT');
  const receipt = await repo.insertReceipt(tx, {
    storeId,
    number,
    supplierId: inputs.supplierId,
    purchaseOrderId: inputs.order?.id ?? null,
    receivedAt: ctx.now(),
    note,
    ...totals,
    createdBy: ctx.actor.userId,
  });
  await repo.insertReceiptLines(
    tx,
    costed.map((l) => receiptLineRow(storeId, receipt.id, l)),
  );
  const ledger = [];
  for (const l of costed) {
    const after = await repo.addStock(tx, l.variant.variantId, l.quantity, l.costAfter);
    ledger.push({
      storeId,
      productId: l.variant.productId,
      variantId: l.variant.variantId,
      change: l.quantity,
      quantityAfter: after,
      reason: 'PURCHASE' as const,
      note: goodsReceiptNumber(number),
      goodsReceiptId: receipt.id,
      actorId: ctx.actor.userId,
    });
    if (l.orderLine) await repo.raiseReceived(tx, l.orderLine.id, l.quantity);
  }
  await repo.insertLedger(tx, ledger);
  if (inputs.order)
    await updateOrder(tx, inputs.order.id, { status: orderStatusAfter(inputs.orderLines, inputs.lines) });
  await auditLines(ctx, tx, { costed, receipt: goodsReceiptNumber(number), order: inputs.order?.number });
  return receipt.id;
}

/** Each line's stock and cost change on its product's history (the product page's Changes and the audit trail). */
async function auditLines(
  ctx: ShopContext,
  tx: Tx,
  { costed, receipt, order }: { costed: CostedLine[]; receipt: string; order: number | undefined },
) {
  const against = order == null ? '' : ` against ${purchaseOrderNumber(order)}`;
  for (const l of costed)
    await recordAudit(
      tx,
      ctx.store.id,
      { userId: ctx.actor.userId },
      {
        entity: 'STOCK',
        entityId: l.variant.productId,
        action: 'UPDATE',
        summary: `Received ${l.quantity} of ${l.variant.name} (${receipt}${against}) at ${formatPaise(l.unitCostPaise)}: stock ${l.onHand} → ${l.quantityAfter}, average cost ${l.costBefore == null ? 'none' : formatPaise(l.costBefore)} → ${formatPaise(l.costAfter)}`,
        before: { quantity: l.onHand, cost: l.costBefore == null ? null : paiseToRupees(l.costBefore) },
        after: { quantity: l.quantityAfter, cost: paiseToRupees(l.costAfter) },
      },
    );
}

const receiptLineRow = (storeId: string, receiptId: string, l: CostedLine) => ({
  storeId,
  goodsReceiptId: receiptId,
  purchaseOrderLineId: l.orderLine?.id ?? null,
  productId: l.variant.productId,
  variantId: l.variant.variantId,
  name: l.variant.name,
  variantLabel: variantLabelOf(l.variant.options),
  quantity: l.quantity,
  unitCostPaise: l.unitCostPaise,
  taxPercent: l.taxPercent,
  averageCostBeforePaise: l.costBefore,
  averageCostAfterPaise: l.costAfter,
});

async function readReceipt(tx: Tx, id: string): Promise<GoodsReceipt> {
  const [r] = await repo.findReceipts(tx, { id });
  if (!r) throw notFound('Goods receipt not found');
  return toReceipt(r.receipt, r.supplier, r.orderNumber, r.lines);
}

export const getReceipt = (ctx: ShopContext, id: string) =>
  withStore(ctx.deps.db, ctx.store.id, (tx) => readReceipt(tx, id));

export const listReceipts = (ctx: ShopContext, q: z.output<typeof receiptQuery>) =>
  withStore(ctx.deps.db, ctx.store.id, async (tx) =>
    (
      await repo.findReceipts(tx, {
        supplierId: q.supplier_id,
        orderId: q.purchase_order_id,
        productId: q.product_id,
      })
    ).map((r) => toReceipt(r.receipt, r.supplier, r.orderNumber, r.lines)),
  );
