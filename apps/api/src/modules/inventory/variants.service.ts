import {
  type AdminVariant,
  paiseToRupees,
  rupeesToPaise,
  stockStatus,
  type VariantBody,
  variantLabel,
} from '@haat/contracts';
import type { Tx } from '@haat/db';
import type { ProductForm } from './inventory.service.ts';
import * as repo from './variants.repository.ts';

type Issue = { path: string; message: string };
type LedgerRow = {
  storeId: string;
  productId: string;
  variantId: string;
  change: number;
  quantityAfter: number;
  reason: 'INITIAL' | 'ADJUSTMENT';
  note: string | null;
  actorId: string;
};
export interface VariantCtx {
  tx: Tx;
  storeId: string;
  productId: string;
  actorId: string;
}

/**
 * What a product with options sets on its own row: everything but price, sale price, cost, stock and threshold,
 * which its variants' rollup keeps (migration 0022); a new one starts from the dialog's price and no stock until
 * its variants are added. Its SKU and barcode stay as the product's handle.
 */
export function ownColumns<T extends object>(values: T, f: ProductForm, writing: 'insert' | 'update') {
  if (!f.options.length) return { ...values, options: [] };
  const rollup = {
    salePricePaise: undefined,
    costPaise: undefined,
    lowStockThreshold: undefined,
    ...(writing === 'update' ? { pricePaise: undefined, quantity: undefined } : { quantity: 0 }),
  };
  return { ...values, ...rollup, options: f.options };
}

/** The variant's columns from its row in the dialog. */
export function variantValues(v: VariantBody, position: number): repo.VariantValues {
  return {
    optionValues: v.options,
    position,
    sku: v.sku,
    barcode: v.barcode,
    pricePaise: rupeesToPaise(v.product_price),
    salePricePaise: v.discount_price == null ? null : rupeesToPaise(v.discount_price),
    costPaise: v.original_price == null ? null : rupeesToPaise(v.original_price),
    quantity: v.product_quantity,
    lowStockThreshold: v.low_stock_threshold,
    image: v.image ?? null,
    hsnCode: v.hsn_code ?? null,
  };
}

/** SKUs and barcodes another product's variants already use, and variant ids that are not this product's. */
export async function checkVariants(tx: Tx, f: ProductForm, productId: string | null): Promise<Issue[]> {
  const rows = f.options.length ? (f.variants ?? []) : [{ sku: f.sku, barcode: f.barcode, id: undefined }];
  const taken = await repo.takenCodes(
    tx,
    productId,
    rows.map((r) => r.sku),
    rows.flatMap((r) => (r.barcode ? [r.barcode] : [])),
  );
  const mine = productId && f.options.length ? await repo.listVariants(tx, productId) : [];
  const issues: Issue[] = [];
  rows.forEach((r, i) => {
    const at = f.options.length ? `variants.${i}.` : '';
    if (taken.some((t) => t.sku === r.sku))
      issues.push({ path: `${at}sku`, message: `SKU ${r.sku} is already used by another product` });
    if (r.barcode && taken.some((t) => t.barcode === r.barcode))
      issues.push({
        path: `${at}barcode`,
        message: `Barcode ${r.barcode} is already used by another product`,
      });
    if (r.id && !mine.some((m) => m.id === r.id))
      issues.push({ path: `${at}id`, message: 'This variant is not one of this product' });
  });
  return issues;
}

/** Whether saving the dialog changes the stock of a variant that exists (then the vendor says why). */
export async function changesVariantStock(tx: Tx, productId: string, f: ProductForm) {
  if (!f.options.length) return false;
  const existing = await repo.listVariants(tx, productId);
  return (f.variants ?? []).some((v) => {
    const was = existing.find((e) => e.id === v.id);
    return was !== undefined && was.quantity !== v.product_quantity;
  });
}

/**
 * Saves the dialog's variants: new combinations added (opening stock in the history), changed ones updated (a
 * stock change in the history with the vendor's reason), the rest removed. Added before removed, so the product's
 * rollup never passes through having no variant.
 */
export async function saveVariants(ctx: VariantCtx, f: ProductForm, reason: string | null) {
  const existing = await repo.listVariants(ctx.tx, ctx.productId);
  const given = (f.variants ?? []).map((v, i) => ({ v, values: variantValues(v, i) }));
  // Removed first, so a SKU moved from a removed combination to a new one is free again.
  await repo.deleteOtherVariants(
    ctx.tx,
    ctx.productId,
    given.flatMap((g) => (g.v.id ? [g.v.id] : [])),
  );
  await freeMovedSkus(ctx, existing, given);
  const ledger: LedgerRow[] = [];
  for (const g of given) {
    const was = existing.find((e) => e.id === g.v.id);
    if (!was) continue;
    const row = await repo.updateVariant(ctx.tx, was.id, g.values);
    if (row && row.quantity !== was.quantity)
      ledger.push(entry(ctx, row.id, row.quantity - was.quantity, row.quantity, 'ADJUSTMENT', reason));
  }
  const added = await repo.insertVariants(
    ctx.tx,
    ctx.storeId,
    ctx.productId,
    given.filter((g) => !g.v.id).map((g) => g.values),
  );
  for (const a of added) ledger.push(entry(ctx, a.id, a.quantity, a.quantity, 'INITIAL', 'Opening stock'));
  return ledger;
}

/**
 * Variants whose SKU changes let go of it first, so two sizes can swap SKUs in one save without meeting the
 * shop's unique SKU index half way.
 */
async function freeMovedSkus(
  ctx: VariantCtx,
  existing: repo.VariantRow[],
  given: { v: { id?: string }; values: repo.VariantValues }[],
) {
  const moved = given.filter((g) => {
    const was = existing.find((e) => e.id === g.v.id);
    return was && was.sku !== g.values.sku;
  });
  if (moved.length < 2) return;
  for (const g of moved) if (g.v.id) await repo.updateVariant(ctx.tx, g.v.id, { sku: null });
}

/**
 * A product whose options were all removed becomes one item again: the combinations go, and its default variant
 * comes back with the dialog's SKU, price and stock.
 */
export async function backToOneVariant(
  ctx: VariantCtx,
  f: ProductForm,
  values: { pricePaise: number; salePricePaise: number | null; costPaise: number | null },
) {
  const existing = await repo.listVariants(ctx.tx, ctx.productId);
  if (!existing.some((e) => e.optionValues.length)) return [];
  const before = existing.reduce((n, e) => n + e.quantity, 0);
  await repo.deleteOtherVariants(ctx.tx, ctx.productId, []);
  const [one] = await repo.insertVariants(ctx.tx, ctx.storeId, ctx.productId, [
    {
      sku: f.sku,
      barcode: f.barcode,
      pricePaise: values.pricePaise,
      salePricePaise: values.salePricePaise ?? null,
      costPaise: values.costPaise ?? null,
      quantity: f.product_quantity,
      lowStockThreshold: f.low_stock_threshold,
    },
  ]);
  return one
    ? [entry(ctx, one.id, one.quantity - before, one.quantity, 'ADJUSTMENT', 'Options removed')]
    : [];
}

function entry(
  ctx: VariantCtx,
  variantId: string,
  change: number,
  after: number,
  reason: LedgerRow['reason'],
  note: string | null,
): LedgerRow {
  return {
    storeId: ctx.storeId,
    productId: ctx.productId,
    variantId,
    change,
    quantityAfter: after,
    reason,
    note,
    actorId: ctx.actorId,
  };
}

/** A variant row as the back office shows it. */
export function toAdminVariant(v: (typeof repo.adminVariantsJson)['_']['type'][number]): AdminVariant {
  return {
    id: v.id,
    options: v.options,
    label: variantLabel(v.options),
    sku: v.sku,
    barcode: v.barcode,
    product_price: paiseToRupees(v.price),
    discount_price: v.sale == null ? null : paiseToRupees(v.sale),
    original_price: v.cost == null ? null : paiseToRupees(v.cost),
    product_quantity: v.quantity,
    low_stock_threshold: v.threshold,
    stock_status: stockStatus(v.quantity, v.threshold),
    image: v.image,
    hsn_code: v.hsn ?? null,
  };
}
