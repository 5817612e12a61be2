import {
  DEFAULT_UNITS,
  type InventoryQuery,
  paiseToRupees,
  type productFormBody,
  type productUpdateBody,
  rupeesToPaise,
  type supplierBody,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { z } from 'zod';
import { changedFields, recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { type Deps, forgetStorefront } from '../../lib/deps.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { StoreRow } from '../stores/index.ts';
import * as repo from './inventory.repository.ts';
import { toAdminProduct } from './inventory.view.ts';
import * as variants from './variants.service.ts';

export type ProductForm = z.output<typeof productFormBody>;
type ProductUpdate = z.output<typeof productUpdateBody>;
type SupplierForm = z.output<typeof supplierBody>;

/** Form values to columns. */
export function productValues(f: ProductForm) {
  return {
    name: f.product_name,
    sku: f.sku,
    barcode: f.barcode,
    serialNo: f.product_serial_no,
    description: f.product_description,
    costPaise: rupeesToPaise(f.original_price),
    pricePaise: rupeesToPaise(f.product_price),
    salePricePaise: f.discount_price == null ? null : rupeesToPaise(f.discount_price),
    unit: f.unit,
    quantity: f.product_quantity,
    lowStockThreshold: f.low_stock_threshold,
    shippingChargePaise: rupeesToPaise(f.shipping_charge),
    freeShipping: f.free_shipping,
    taxPercent: f.tax_percentage,
    hsnCode: f.hsn_code,
    categoryId: f.category_id,
    supplierId: f.supplier_id ?? null,
    brand: f.brand,
    color: f.color,
    warranty: f.warranty,
    location: f.location,
    weightKg: f.weight ?? null,
    dimensions: f.dimensions,
    images: f.images,
    ...(f.is_featured === undefined ? {} : { isFeatured: f.is_featured }),
    // Left out of a form (an older client, the spec's call): what is saved stays.
    ...(f.max_stock === undefined ? {} : { maxStock: f.max_stock }),
    ...(f.reorder_point === undefined ? {} : { reorderPoint: f.reorder_point }),
    ...(f.tags === undefined ? {} : { tags: f.tags }),
  };
}

const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 80) || 'product';

export async function uniqueProductSlug(tx: Tx, name: string) {
  const base = slugify(name);
  for (let i = 1; ; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    if (!(await repo.slugTaken(tx, slug))) return slug;
  }
}

/** The rules a product must meet beyond its shape: its category, supplier and SKU belong to this shop. */
export async function checkProduct(tx: Tx, f: ProductForm, exceptId?: string) {
  const issues: { path: string; message: string }[] = [];
  if (!(await repo.categoryExists(tx, f.category_id)))
    issues.push({ path: 'category_id', message: 'Choose a category' });
  if (f.supplier_id && !(await repo.supplierExists(tx, f.supplier_id)))
    issues.push({ path: 'supplier_id', message: 'Choose a supplier' });
  if (f.discount_price != null && f.discount_price > f.product_price)
    issues.push({ path: 'discount_price', message: 'Sale price cannot be above the selling price' });
  const sku = await repo.findBySku(tx, f.sku);
  if (sku && sku.id !== exceptId)
    issues.push({ path: 'sku', message: `SKU ${f.sku} is already used by another product` });
  return [...issues, ...(await variants.checkVariants(tx, f, exceptId ?? null))];
}

const actorOf = (a: Actor) => ({ userId: a.userId });

export const listProducts = (deps: Deps, store: StoreRow, q: InventoryQuery) =>
  withStore(deps.db, store.id, async (tx) => {
    const { rows, count } = await repo.listProducts(tx, q);
    return { results: rows.map(toAdminProduct), count };
  });

/**
 * The shop's stock figures, defined once (issue 42, item 17) for the inventory's tiles and the dashboard: products per
 * stock state (low: at or below the minimum, or with a variant that is), units, and their value at cost (selling price
 * when there is no cost). Reads in the caller's shop transaction.
 */
export const stockFigures = (tx: Tx) => repo.stats(tx);

export const productStats = (deps: Deps, store: StoreRow) =>
  withStore(deps.db, store.id, async (tx) => {
    const s = await repo.stats(tx);
    return {
      total_product: s.total,
      in_stock: s.total - s.low - s.outOfStock,
      low_stock: s.low,
      out_of_stock: s.outOfStock,
      total_units: s.units,
      stock_value: paiseToRupees(s.valuePaise),
      missing_hsn: s.missingHsn,
    };
  });

async function requireProduct(tx: Tx, id: string) {
  if (!isUuid(id)) throw notFound('Product not found');
  const row = await repo.findProduct(tx, id);
  if (!row) throw notFound('Product not found');
  return row;
}

export const getProduct = (deps: Deps, store: StoreRow, id: string) =>
  withStore(deps.db, store.id, async (tx) => toAdminProduct(await requireProduct(tx, id)));

/** Adds a product; its opening stock is the first row of its stock history. */
export async function createProduct(deps: Deps, actor: Actor, store: StoreRow, f: ProductForm) {
  const created = await withStore(deps.db, store.id, async (tx) => {
    const issues = await checkProduct(tx, f);
    if (issues.length) throw badRequest(issues[0]?.message ?? 'Invalid product', issues);
    const row = await repo.insertProduct(tx, store.id, {
      ...variants.ownColumns(productValues(f), f, 'insert'),
      slug: await uniqueProductSlug(tx, f.product_name),
    });
    const ctx = { tx, storeId: store.id, productId: row.id, actorId: actor.userId };
    await repo.insertLedger(
      tx,
      f.options.length
        ? await variants.saveVariants(ctx, f, null)
        : [
            {
              storeId: store.id,
              productId: row.id,
              change: row.quantity,
              quantityAfter: row.quantity,
              reason: 'INITIAL',
              note: 'Opening stock',
              actorId: actor.userId,
            },
          ],
    );
    await recordAudit(tx, store.id, actorOf(actor), {
      entity: 'PRODUCT',
      entityId: row.id,
      action: 'CREATE',
      summary: `Added product ${row.name} (${row.sku}) with ${row.quantity} in stock`,
      after: { name: row.name, sku: row.sku, quantity: row.quantity, price: paiseToRupees(row.pricePaise) },
    });
    return toAdminProduct(await requireProduct(tx, row.id));
  });
  forgetStorefront(deps, store);
  return created;
}

/**
 * Changes a product; a stock change needs a reason and goes into the stock history with it. Without `options` (and
 * `variants`) the product's options and variants stay as they are; sent, they replace them.
 */
export async function updateProduct({ deps, actor, store }: ShopContext, id: string, sent: ProductUpdate) {
  const updated = await withStore(deps.db, store.id, async (tx) => {
    if (!isUuid(id)) throw notFound('Product not found');
    const before = await repo.lockProduct(tx, id);
    if (!before) throw notFound('Product not found');
    const keepVariants = sent.options === undefined;
    const f: ProductForm = { ...sent, options: sent.options ?? before.options };
    const issues = await checkProduct(tx, f, id);
    const change = f.options.length ? 0 : f.product_quantity - before.quantity;
    if ((change !== 0 || (await variants.changesVariantStock(tx, id, f))) && !f.stock_reason)
      issues.push({ path: 'stock_reason', message: 'Tell us why the stock changed' });
    if (issues.length) throw badRequest(issues[0]?.message ?? 'Invalid product', issues);
    const values = productValues(f);
    const ctx = { tx, storeId: store.id, productId: id, actorId: actor.userId };
    // Options removed: the default variant comes back before the product's own row is written.
    const reshaped = f.options.length ? [] : await variants.backToOneVariant(ctx, f, values);
    const row = await repo.updateProduct(tx, id, variants.ownColumns(values, f, 'update'));
    if (!row) throw notFound('Product not found');
    await repo.insertLedger(tx, [
      ...reshaped,
      ...(f.options.length && !keepVariants
        ? await variants.saveVariants(ctx, f, f.stock_reason ?? null)
        : []),
    ]);
    if (change !== 0 && !reshaped.length) {
      await repo.insertLedger(tx, [
        {
          storeId: store.id,
          productId: id,
          change,
          quantityAfter: row.quantity,
          reason: 'ADJUSTMENT',
          note: f.stock_reason ?? null,
          actorId: actor.userId,
        },
      ]);
    }
    const pick = (x: typeof before) => ({
      name: x.name,
      sku: x.sku,
      price: paiseToRupees(x.pricePaise),
      sale_price: x.salePricePaise == null ? null : paiseToRupees(x.salePricePaise),
      cost: x.costPaise == null ? null : paiseToRupees(x.costPaise),
      quantity: x.quantity,
      category_id: x.categoryId,
      supplier_id: x.supplierId,
      images: x.images.length,
      description: x.description,
    });
    const diff = changedFields(pick(before), pick(row));
    if (diff.changed.length) {
      await recordAudit(tx, store.id, actorOf(actor), {
        entity: change !== 0 && diff.changed.length === 1 ? 'STOCK' : 'PRODUCT',
        entityId: id,
        action: 'UPDATE',
        summary:
          change !== 0
            ? `Changed stock of ${row.name} by ${change > 0 ? '+' : ''}${change} to ${row.quantity}${f.stock_reason ? ` (${f.stock_reason})` : ''}`
            : `Edited ${row.name}: ${diff.changed.join(', ')}`,
        before: diff.before,
        after: diff.after,
      });
    }
    return toAdminProduct(await requireProduct(tx, id));
  });
  forgetStorefront(deps, store);
  return updated;
}

/** Deletes a product; one that orders refer to is archived instead (hidden from the shop, kept for history). */
export async function deleteProduct(deps: Deps, actor: Actor, store: StoreRow, id: string) {
  const result = await withStore(deps.db, store.id, async (tx) => {
    if (!isUuid(id)) throw notFound('Product not found');
    const row = await repo.lockProduct(tx, id);
    if (!row) throw notFound('Product not found');
    const archived = await repo.hasOrders(tx, id);
    if (archived) await repo.updateProduct(tx, id, { status: 'ARCHIVED' });
    else await repo.deleteProduct(tx, id);
    await recordAudit(tx, store.id, actorOf(actor), {
      entity: 'PRODUCT',
      entityId: id,
      action: archived ? 'ARCHIVE' : 'DELETE',
      summary: `${archived ? 'Archived' : 'Deleted'} product ${row.name} (${row.sku})`,
      before: { name: row.name, sku: row.sku, quantity: row.quantity },
    });
    return { id, archived };
  });
  forgetStorefront(deps, store);
  return result;
}

export const stockHistory = (
  deps: Deps,
  store: StoreRow,
  id: string,
  q: { reason?: string; variant_id?: string; limit: number; offset: number },
) =>
  withStore(deps.db, store.id, async (tx) => {
    await requireProduct(tx, id);
    const { rows, count } = await repo.ledger(tx, id, q);
    return {
      results: rows.map((r) => ({
        id: r.entry.id,
        change: r.entry.change,
        quantity_after: r.entry.quantityAfter,
        reason: r.entry.reason,
        note: r.entry.note,
        order_id: r.entry.orderId,
        actor_name: r.actorName,
        variant: r.variant,
        created_at: r.entry.createdAt.toISOString(),
      })),
      count,
    };
  });

export const listCategories = (deps: Deps, store: StoreRow) =>
  withStore(deps.db, store.id, async (tx) =>
    (await repo.listCategories(tx)).map((c) => ({ id: c.id, name: c.name, product_count: c.productCount })),
  );

/** Adds a category; an existing one with the same name (any case) is returned instead. */
export const addCategory = (deps: Deps, actor: Actor, store: StoreRow, name: string) =>
  withStore(deps.db, store.id, async (tx) => {
    const existing = await repo.findCategoryByName(tx, name);
    if (existing) return { created: false, category: { ...existing, product_count: 0 } };
    const row = await repo.insertCategory(tx, store.id, name);
    if (!row) throw new AppError(409, 'CONFLICT', 'This category already exists');
    await recordAudit(tx, store.id, actorOf(actor), {
      entity: 'CATEGORY',
      entityId: row.id,
      action: 'CREATE',
      summary: `Added category ${row.name}`,
    });
    return { created: true, category: { ...row, product_count: 0 } };
  });

const toSupplier = (x: repo.SupplierRow, productCount: number) => ({
  id: x.id,
  supplier_name: x.name,
  company_name: x.companyName,
  supplier_contact: x.phone,
  supplier_email: x.email,
  supplier_address: x.address,
  supplier_gst_number: x.gstNumber,
  product_count: productCount,
});

export const listSuppliers = (deps: Deps, store: StoreRow) =>
  withStore(deps.db, store.id, async (tx) =>
    (await repo.listSuppliers(tx)).map((r) => toSupplier(r.supplier, r.productCount)),
  );

export const addSupplier = (deps: Deps, actor: Actor, store: StoreRow, f: SupplierForm) =>
  withStore(deps.db, store.id, async (tx) => {
    const row = await repo.insertSupplier(tx, {
      storeId: store.id,
      name: f.supplier_name,
      companyName: f.company_name,
      phone: f.supplier_contact,
      email: f.supplier_email,
      address: f.supplier_address,
      gstNumber: f.supplier_gst_number,
    });
    if (!row) {
      const message = `${f.supplier_name} of ${f.company_name} is already a supplier`;
      throw new AppError(409, 'CONFLICT', message, { issues: [{ path: 'supplier_name', message }] });
    }
    await recordAudit(tx, store.id, actorOf(actor), {
      entity: 'SUPPLIER',
      entityId: row.id,
      action: 'CREATE',
      summary: `Added supplier ${row.name} (${row.companyName})`,
    });
    return toSupplier(row, 0);
  });

/** The unit list: the defaults of 02 §9 extended by units the shop already uses. */
export const listUnits = (deps: Deps, store: StoreRow) =>
  withStore(deps.db, store.id, async (tx) => {
    const used = await repo.usedUnits(tx);
    const extra = used.filter((u) => !DEFAULT_UNITS.some((d) => d.toLowerCase() === u.toLowerCase())).sort();
    return [...DEFAULT_UNITS, ...extra];
  });
