import { gstinCheckDigit, purchaseLineTotals, purchaseTotals, weightedAverageCost } from '@haat/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { withStore } from '../context.ts';
import { suppliers } from '../schema/backoffice.ts';
import { stockLedger } from '../schema/stock-ledger.ts';
import { products, productVariants } from '../schema/tenant.ts';
import {
  goodsReceiptLines,
  goodsReceipts,
  purchaseOrderLines,
  purchaseOrders,
  shopCounters,
  supplierBills,
  supplierPayments,
} from '../schema/whole-shop.ts';

/*
 * A demo shop's buying (issue 38): three suppliers, purchase orders in every state (received, partly received,
 * sent, draft, cancelled), their goods receipts (stock added with PURCHASE ledger rows and the weighted average
 * cost, as the server does; the ledger rows are dated at the seeding, so each variant's history still ends at its
 * stock), the suppliers' bills and part payments. Deterministic (the shop's first variants by
 * SKU, used again in a shop with fewer than six), a few dozen rows, written once: a shop with a purchase order
 * is left alone.
 */

const DAY = 86_400_000;
const gstin = (first14: string) => `${first14}${gstinCheckDigit(first14)}`;
const SUPPLIERS = [
  {
    name: 'Ramesh Gupta',
    companyName: 'Gupta Wholesale Traders',
    phone: '9820011223',
    gst: gstin('27AABFG1234K1Z'),
  },
  {
    name: 'Lakshmi Iyer',
    companyName: 'Iyer Distributors',
    phone: '9845022334',
    gst: gstin('29AACFI5678L1Z'),
  },
  { name: 'Harpreet Singh', companyName: 'Singh & Sons Supply', phone: '9815033445', gst: null },
];

type Status = (typeof purchaseOrders.$inferInsert)['status'];
interface Plan {
  supplier: number;
  status: Status;
  daysAgo: number;
  /** Variants by index, quantity ordered, and what was received (0 to quantity). */
  lines: { v: number; qty: number; received: number }[];
  bill?: { number: string; paidShare: number };
}
const PLANS: Plan[] = [
  {
    supplier: 0,
    status: 'RECEIVED',
    daysAgo: 40,
    lines: [
      { v: 0, qty: 12, received: 12 },
      { v: 1, qty: 6, received: 6 },
    ],
    bill: { number: 'GWT/2026/118', paidShare: 1 },
  },
  {
    supplier: 1,
    status: 'PARTIAL',
    daysAgo: 18,
    lines: [
      { v: 2, qty: 10, received: 4 },
      { v: 3, qty: 8, received: 8 },
    ],
    bill: { number: 'ID-4471', paidShare: 0.5 },
  },
  {
    supplier: 0,
    status: 'SENT',
    daysAgo: 5,
    lines: [
      { v: 1, qty: 10, received: 0 },
      { v: 4, qty: 5, received: 0 },
    ],
  },
  { supplier: 2, status: 'DRAFT', daysAgo: 1, lines: [{ v: 5, qty: 20, received: 0 }] },
  { supplier: 2, status: 'CANCELLED', daysAgo: 25, lines: [{ v: 0, qty: 4, received: 0 }] },
];

type Variant = {
  id: string;
  productId: string;
  name: string;
  sku: string | null;
  options: string[];
  cost: number | null;
  quantity: number;
  rate: number;
};

async function demoVariants(tx: Tx, storeId: string) {
  return tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      name: products.name,
      sku: sql<string | null>`coalesce(${productVariants.sku}, ${products.sku})`,
      options: productVariants.optionValues,
      cost: sql<number | null>`coalesce(${productVariants.costPaise}, ${products.costPaise})`,
      quantity: productVariants.quantity,
      rate: products.taxPercent,
    })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.storeId, productVariants.storeId), eq(products.id, productVariants.productId)),
    )
    .where(and(eq(productVariants.storeId, storeId), eq(products.status, 'ACTIVE')))
    .orderBy(asc(sql`coalesce(${productVariants.sku}, ${products.sku})`), asc(productVariants.id))
    .limit(6);
}

/** The cost a supplier charges without GST: the variant's cost less a little, else 100 rupees. */
const costOf = (v: Variant, i: number) =>
  Math.max(100, Math.round(((v.cost ?? 10_000) * (96 + (i % 3) * 3)) / 100));

/** Writes the demo's purchases for one shop; returns how many purchase orders it wrote (0 when it had some). */
export async function seedDemoPurchases(db: Db, storeId: string, now: Date): Promise<number> {
  return withStore(db, storeId, async (tx) => {
    const [any] = await tx
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.storeId, storeId))
      .limit(1);
    if (any) return 0;
    const variants = (await demoVariants(tx, storeId)) as Variant[];
    if (!variants.length) return 0;
    const sups = await tx
      .insert(suppliers)
      .values(
        SUPPLIERS.map((s) => ({
          storeId,
          name: s.name,
          companyName: s.companyName,
          phone: s.phone,
          gstNumber: s.gst,
          address: 'Demo market, India',
        })),
      )
      .onConflictDoNothing()
      .returning({ id: suppliers.id });
    if (sups.length < SUPPLIERS.length) return 0;
    let receipts = 0;
    for (const [n, plan] of PLANS.entries()) {
      const at = new Date(now.getTime() - plan.daysAgo * DAY);
      const supplierId = sups[plan.supplier]?.id ?? '';
      // A shop with fewer than six products uses them again (once per order).
      const lines = plan.lines
        .map((l, i) => ({
          ...l,
          variant: variants[l.v % variants.length] as Variant,
          unitCostPaise: costOf(variants[l.v % variants.length] as Variant, n + i),
        }))
        .filter((l, i, all) => all.findIndex((x) => x.variant.id === l.variant.id) === i);
      const totals = purchaseTotals(
        lines.map((l) => ({ quantity: l.qty, unitCostPaise: l.unitCostPaise, taxPercent: l.variant.rate })),
      );
      const [order] = await tx
        .insert(purchaseOrders)
        .values({
          storeId,
          number: 1001 + n,
          supplierId,
          status: plan.status,
          expectedOn: new Date(at.getTime() + 7 * DAY).toISOString().slice(0, 10),
          note: 'Demo order',
          ...totals,
          sentAt: plan.status === 'DRAFT' ? null : at,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: purchaseOrders.id });
      const orderId = order?.id ?? '';
      const orderLines = await tx
        .insert(purchaseOrderLines)
        .values(
          lines.map((l, position) => ({
            storeId,
            purchaseOrderId: orderId,
            position,
            productId: l.variant.productId,
            variantId: l.variant.id,
            name: l.variant.name,
            variantLabel: l.variant.options.length ? l.variant.options.join(' / ') : null,
            sku: l.variant.sku,
            quantity: l.qty,
            receivedQuantity: l.received,
            unitCostPaise: l.unitCostPaise,
            taxPercent: l.variant.rate,
          })),
        )
        .returning({ id: purchaseOrderLines.id });
      const received = lines
        .map((l, i) => ({ ...l, lineId: orderLines[i]?.id ?? null }))
        .filter((l) => l.received > 0);
      if (!received.length) continue;
      receipts += 1;
      const receiptId = await receive(tx, {
        storeId,
        supplierId,
        orderId,
        number: 1000 + receipts,
        at: new Date(at.getTime() + 3 * DAY),
        lines: received,
      });
      if (plan.bill)
        await billAndPay(tx, {
          storeId,
          supplierId,
          orderId,
          receiptId,
          at: new Date(at.getTime() + 3 * DAY),
          bill: plan.bill,
          lines: received,
        });
    }
    await tx.insert(shopCounters).values([
      { storeId, kind: 'PURCHASE_ORDER', lastNumber: 1000 + PLANS.length },
      { storeId, kind: 'GOODS_RECEIPT', lastNumber: 1000 + receipts },
    ]);
    return PLANS.length;
  });
}

type Received = { variant: Variant; received: number; unitCostPaise: number; lineId: string | null };

/** A goods receipt as the server writes one: stock and weighted average cost on the variant, a PURCHASE row each. */
async function receive(
  tx: Tx,
  r: { storeId: string; supplierId: string; orderId: string; number: number; at: Date; lines: Received[] },
) {
  const totals = purchaseTotals(
    r.lines.map((l) => ({
      quantity: l.received,
      unitCostPaise: l.unitCostPaise,
      taxPercent: l.variant.rate,
    })),
  );
  const [g] = await tx
    .insert(goodsReceipts)
    .values({
      storeId: r.storeId,
      number: r.number,
      supplierId: r.supplierId,
      purchaseOrderId: r.orderId,
      receivedAt: r.at,
      note: 'Demo delivery',
      ...totals,
      createdAt: r.at,
    })
    .returning({ id: goodsReceipts.id });
  const receiptId = g?.id ?? '';
  for (const l of r.lines) {
    const [now] = await tx
      .select({ quantity: productVariants.quantity, cost: productVariants.costPaise })
      .from(productVariants)
      .where(eq(productVariants.id, l.variant.id))
      .for('update');
    const after = weightedAverageCost({
      onHand: now?.quantity ?? 0,
      costPaise: now?.cost ?? null,
      received: l.received,
      receivedCostPaise: l.unitCostPaise,
    });
    const [row] = await tx
      .update(productVariants)
      .set({ quantity: sql`${productVariants.quantity} + ${l.received}`, costPaise: after })
      .where(eq(productVariants.id, l.variant.id))
      .returning({ quantity: productVariants.quantity });
    await tx.insert(goodsReceiptLines).values({
      storeId: r.storeId,
      goodsReceiptId: receiptId,
      purchaseOrderLineId: l.lineId,
      productId: l.variant.productId,
      variantId: l.variant.id,
      name: l.variant.name,
      variantLabel: l.variant.options.length ? l.variant.options.join(' / ') : null,
      quantity: l.received,
      unitCostPaise: l.unitCostPaise,
      taxPercent: l.variant.rate,
      averageCostBeforePaise: now?.cost ?? null,
      averageCostAfterPaise: after,
    });
    await tx.insert(stockLedger).values({
      storeId: r.storeId,
      productId: l.variant.productId,
      variantId: l.variant.id,
      change: l.received,
      quantityAfter: row?.quantity ?? 0,
      reason: 'PURCHASE',
      note: `GRN-${r.number}`,
      goodsReceiptId: receiptId,
    });
  }
  return receiptId;
}

/** The supplier's bill for what arrived, and a payment of its `paidShare` by bank transfer a week later. */
async function billAndPay(
  tx: Tx,
  b: {
    storeId: string;
    supplierId: string;
    orderId: string;
    receiptId: string;
    at: Date;
    bill: { number: string; paidShare: number };
    lines: Received[];
  },
) {
  const totals = b.lines.reduce(
    (t, l) => {
      const x = purchaseLineTotals({
        quantity: l.received,
        unitCostPaise: l.unitCostPaise,
        taxPercent: l.variant.rate,
      });
      return { taxable: t.taxable + x.taxablePaise, tax: t.tax + x.taxPaise };
    },
    { taxable: 0, tax: 0 },
  );
  const day = b.at.toISOString().slice(0, 10);
  const [bill] = await tx
    .insert(supplierBills)
    .values({
      storeId: b.storeId,
      supplierId: b.supplierId,
      billNumber: b.bill.number,
      billDate: day,
      dueDate: new Date(b.at.getTime() + 30 * DAY).toISOString().slice(0, 10),
      purchaseOrderId: b.orderId,
      goodsReceiptId: b.receiptId,
      taxablePaise: totals.taxable,
      taxPaise: totals.tax,
      totalPaise: totals.taxable + totals.tax,
      createdAt: b.at,
    })
    .returning({ id: supplierBills.id, total: supplierBills.totalPaise });
  const amount = Math.round((bill?.total ?? 0) * b.bill.paidShare);
  if (amount <= 0) return;
  const paidAt = new Date(b.at.getTime() + 7 * DAY);
  await tx.insert(supplierPayments).values({
    storeId: b.storeId,
    supplierId: b.supplierId,
    billId: bill?.id ?? null,
    amountPaise: amount,
    method: 'BANK',
    paidOn: paidAt.toISOString().slice(0, 10),
    reference: `NEFT${b.bill.number.replace(/\W/g, '')}`,
    createdAt: paidAt,
  });
}
