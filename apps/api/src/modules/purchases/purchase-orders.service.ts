import {
  formatPaise,
  type PurchaseOrderDetail,
  paiseToRupees,
  type purchaseOrderBody,
  purchaseOrderNumber,
  type purchaseOrderQuery,
  type purchaseProductQuery,
  purchaseTotals,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { listBills, listPayments } from './accounts.repository.ts';
import { type ResolvedLine, resolveLines, variantLabelOf } from './purchase-lines.ts';
import * as repo from './purchases.repository.ts';
import { toBill, toOrderLine, toOrderSummary, toPayment, toReceipt } from './purchases.view.ts';
import { findReceipts } from './receipts.repository.ts';

type Body = z.output<typeof purchaseOrderBody>;

const who = (ctx: ShopContext) => ({ userId: ctx.actor.userId });

/** A purchase order as its page shows it: lines, receipts against it and the supplier's bills for it. */
export async function orderDetail(tx: Tx, id: string): Promise<PurchaseOrderDetail> {
  const found = await repo.findOrder(tx, id);
  if (!found) throw notFound('Purchase order not found');
  const [lines, receipts, bills] = await Promise.all([
    repo.orderLines(tx, id),
    findReceipts(tx, { orderId: id }),
    listBills(tx, { orderId: id }),
  ]);
  return {
    ...toOrderSummary(found.order, found.supplier),
    note: found.order.note,
    lines: lines.map((l) => toOrderLine(l.line, l.hsn)),
    receipts: receipts.map((r) => toReceipt(r.receipt, r.supplier, r.orderNumber, r.lines)),
    bills: bills.map(toBill),
    payments: (
      await listPayments(
        tx,
        found.order.supplierId,
        bills.map((b) => b.id),
      )
    ).map(toPayment),
  };
}

const lineRows = (storeId: string, orderId: string, lines: ResolvedLine[]) =>
  lines.map((l, position) => ({
    storeId,
    purchaseOrderId: orderId,
    position,
    productId: l.variant.productId,
    variantId: l.variant.variantId,
    name: l.variant.name,
    variantLabel: variantLabelOf(l.variant.options),
    sku: l.variant.sku,
    quantity: l.quantity,
    unitCostPaise: l.unitCostPaise,
    taxPercent: l.taxPercent,
  }));

function checkDistinct(lines: ResolvedLine[]) {
  const seen = new Set<string>();
  lines.forEach((l, i) => {
    if (seen.has(l.variant.variantId))
      throw badRequest(`${l.variant.name} is on the order twice`, [
        { path: `lines.${i}.variant_id`, message: 'This item is already on the order: change its quantity' },
      ]);
    seen.add(l.variant.variantId);
  });
}

async function requireSupplier(tx: Tx, id: string) {
  const sup = await repo.findSupplier(tx, id);
  if (!sup)
    throw badRequest('Choose a supplier of this shop', [
      { path: 'supplier_id', message: 'Supplier not found' },
    ]);
  return sup;
}

/** A new purchase order (DRAFT, PO-1001...): lines resolved, totals computed here, in one transaction. */
export function createOrder(ctx: ShopContext, body: Body) {
  return withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    await requireSupplier(tx, body.supplier_id);
    const lines = await resolveLines(tx, body.lines);
    checkDistinct(lines);
    const totals = purchaseTotals(lines);
    const number = await repo.nextNumber(tx, ctx.store.id, 'PURCHASE_ORDER');
    const order = await repo.insertOrder(tx, {
      storeId: ctx.store.id,
      number,
      supplierId: body.supplier_id,
      expectedOn: body.expected_on ?? null,
      note: body.note,
      ...totals,
      createdBy: ctx.actor.userId,
    });
    await repo.insertLines(tx, lineRows(ctx.store.id, order.id, lines));
    await recordAudit(tx, ctx.store.id, who(ctx), {
      entity: 'SUPPLIER',
      entityId: body.supplier_id,
      action: 'CREATE',
      summary: `Created purchase order ${purchaseOrderNumber(number)} for ${formatPaise(totals.totalPaise)}`,
      after: {
        number: purchaseOrderNumber(number),
        lines: lines.length,
        total: paiseToRupees(totals.totalPaise),
      },
    });
    return orderDetail(tx, order.id);
  });
}

/** A draft's supplier, lines, note and date replaced (only while it is a draft). */
export function updateOrder(ctx: ShopContext, { id, body }: { id: string; body: Body }) {
  return withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    const before = await repo.lockOrder(tx, id);
    if (!before) throw notFound('Purchase order not found');
    if (before.status !== 'DRAFT')
      throw conflict(
        `${purchaseOrderNumber(before.number)} is ${before.status}: only a draft can be edited`,
        'NOT_DRAFT',
      );
    await requireSupplier(tx, body.supplier_id);
    const lines = await resolveLines(tx, body.lines);
    checkDistinct(lines);
    const totals = purchaseTotals(lines);
    await repo.deleteLines(tx, id);
    await repo.insertLines(tx, lineRows(ctx.store.id, id, lines));
    await repo.updateOrder(tx, id, {
      supplierId: body.supplier_id,
      expectedOn: body.expected_on ?? null,
      note: body.note,
      ...totals,
    });
    await recordAudit(tx, ctx.store.id, who(ctx), {
      entity: 'SUPPLIER',
      entityId: body.supplier_id,
      action: 'UPDATE',
      summary: `Edited purchase order ${purchaseOrderNumber(before.number)}: ${formatPaise(before.totalPaise)} → ${formatPaise(totals.totalPaise)}`,
      before: { total: paiseToRupees(before.totalPaise) },
      after: { total: paiseToRupees(totals.totalPaise), lines: lines.length },
    });
    return orderDetail(tx, id);
  });
}

export const getOrder = (ctx: ShopContext, id: string) =>
  withStore(ctx.deps.db, ctx.store.id, (tx) => orderDetail(tx, id));

export const listOrders = (ctx: ShopContext, q: z.output<typeof purchaseOrderQuery>) =>
  withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    const { rows, count } = await repo.listOrders(tx, { ...q, supplierId: q.supplier_id });
    return { results: rows.map((r) => toOrderSummary(r.order, r.supplier)), count };
  });

export const searchProducts = (ctx: ShopContext, q: z.output<typeof purchaseProductQuery>) =>
  withStore(ctx.deps.db, ctx.store.id, async (tx) =>
    (await repo.searchVariants(tx, q.search)).map((r) => ({
      product_id: r.productId,
      variant_id: r.variantId,
      name: r.name,
      variant_label: variantLabelOf(r.options),
      sku: r.sku,
      unit_cost: r.costPaise == null ? null : paiseToRupees(r.costPaise),
      tax_percentage: r.taxPercent,
      stock: r.quantity,
    })),
  );
