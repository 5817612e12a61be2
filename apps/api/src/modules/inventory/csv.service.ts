import { type InventoryQuery, paiseToRupees, productFormBody } from '@haat/contracts';
import { schema, type Tx, withStore } from '@haat/db';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { recordAudit } from '../../lib/audit.ts';
import { type Deps, forgetStorefront } from '../../lib/deps.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { StoreRow } from '../stores/stores.repository.ts';
import * as repo from './inventory.repository.ts';
import { type ProductForm, productValues } from './inventory.service.ts';

/** CSV columns, in order, and the form field each one fills. */
const COLUMNS = [
  ['sku', 'sku'],
  ['product_name', 'product_name'],
  ['category', 'category_id'],
  ['supplier', 'supplier_id'],
  ['unit', 'unit'],
  ['cost_price', 'original_price'],
  ['selling_price', 'product_price'],
  ['sale_price', 'discount_price'],
  ['stock', 'product_quantity'],
  ['low_stock_threshold', 'low_stock_threshold'],
  ['gst_percent', 'tax_percentage'],
  ['hsn_code', 'hsn_code'],
  ['barcode', 'barcode'],
  ['shipping_charge', 'shipping_charge'],
  ['free_shipping', 'free_shipping'],
  ['brand', 'brand'],
  ['description', 'product_description'],
] as const;
const REQUIRED = ['sku', 'product_name', 'category', 'cost_price', 'selling_price', 'stock'];
export const MAX_IMPORT_ROWS = 20_000;
const columnOf = (field: string) => COLUMNS.find(([, f]) => f === field)?.[0] ?? field;

/** How the vendor calls a column, and a value that would do (for messages in their words). */
const COLUMN_WORDS: Record<string, [label: string, example: string]> = {
  sku: ['SKU', 'KURTA-001'],
  product_name: ['Product name', 'Cotton Kurta'],
  unit: ['Unit', 'Piece'],
  cost_price: ['Cost price', '350'],
  selling_price: ['Selling price', '499'],
  sale_price: ['Sale price', '449'],
  stock: ['Stock', '25'],
  low_stock_threshold: ['Low-stock level', '5'],
  gst_percent: ['GST %', '18'],
  hsn_code: ['HSN code', '6109'],
  barcode: ['Barcode', '8901234567890'],
  shipping_charge: ['Shipping charge', '40'],
  brand: ['Brand', 'Haat'],
  description: ['Description', 'Soft cotton, hand block printed'],
};

/**
 * A check's failure in the vendor's words: a value that is not a number says so with an example ("Price must be a
 * number, like 499") instead of the checker's "Invalid input: expected number, received NaN"; a value that should
 * be whole says that. The form's own messages ("Selling price is required", "…at least 0") pass through.
 */
function csvMessage(
  column: string,
  issue: { code: string; message: string; expected?: unknown; origin?: unknown },
) {
  const [label, example] = COLUMN_WORDS[column] ?? [column, ''];
  const numeric = issue.expected === 'number' || issue.origin === 'number';
  if (issue.code === 'invalid_type' && numeric) return `${label} must be a number, like ${example}`;
  if (issue.code === 'invalid_type' && issue.expected === 'int')
    return `${label} must be a whole number, like ${example}`;
  if (/^Invalid input|expected (number|int)|received NaN/i.test(issue.message))
    return numeric || /number|int/i.test(issue.message)
      ? `${label} must be a number, like ${example}`
      : `${label} is not valid${example ? `, for example ${example}` : ''}`;
  return issue.message;
}

/** The filtered product list as CSV, in the list's order: what Import reads back. */
export async function exportCsv(deps: Deps, store: StoreRow, q: InventoryQuery) {
  const rows = await withStore(deps.db, store.id, (tx) => repo.exportProducts(tx, q));
  const money = (paise: number | null) => (paise == null ? '' : paiseToRupees(paise).toFixed(2));
  return stringify(
    rows.map(({ product: x, categoryName, supplierName }) => [
      x.sku ?? '',
      x.name,
      categoryName ?? '',
      supplierName ?? '',
      x.unit,
      money(x.costPaise),
      money(x.pricePaise),
      money(x.salePricePaise),
      x.quantity,
      x.lowStockThreshold,
      Number(x.taxPercent),
      x.hsnCode ?? '',
      x.barcode ?? '',
      money(x.shippingChargePaise),
      x.freeShipping ? 'yes' : 'no',
      x.brand ?? '',
      x.description ?? '',
    ]),
    { header: true, columns: COLUMNS.map(([c]) => c), bom: true },
  );
}

type Issue = { line: number; column: string; message: string };
type Planned = {
  line: number;
  form: ProductForm;
  categoryName: string;
  existing: repo.ProductRow | undefined;
};

const yes = (v: string) => /^(yes|y|true|1)$/i.test(v.trim());
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

/** Reads and checks every row; nothing is written. Lines are the file's own (the header is line 1). */
async function plan(tx: Tx, text: string) {
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
    });
  } catch (err) {
    throw badRequest(`This file is not a readable CSV: ${(err as Error).message}`, [
      { path: 'file', message: 'Not a readable CSV file' },
    ]);
  }
  const issues: Issue[] = [];
  const header = records.length
    ? Object.keys(records[0] ?? {})
    : (parse(text, { to_line: 1, bom: true })[0] ?? []);
  const missing = REQUIRED.filter((c) => !header.map((h: string) => h.trim().toLowerCase()).includes(c));
  if (missing.length) {
    throw badRequest(
      `The header row is missing ${missing.join(', ')}`,
      missing.map((c) => ({ path: c, message: `Column ${c} is required` })),
    );
  }
  if (records.length > MAX_IMPORT_ROWS) throw badRequest(`At most ${MAX_IMPORT_ROWS} rows per file`);
  const [suppliers, existing] = await Promise.all([
    repo.listSuppliers(tx),
    repo.productsBySku(tx, [...new Set(records.map((r) => (r.sku ?? '').toUpperCase()).filter(Boolean))]),
  ]);
  const bySku = new Map(existing.map((p) => [p.sku ?? '', p]));
  const seen = new Map<string, number>();
  const planned: Planned[] = [];
  records.forEach((r, i) => {
    const line = i + 2;
    const rowIssues: Issue[] = [];
    const supplierName = (r.supplier ?? '').trim();
    const supplier = supplierName
      ? suppliers.find((s) => s.supplier.name.toLowerCase() === supplierName.toLowerCase())
      : null;
    if (supplierName && !supplier)
      rowIssues.push({ line, column: 'supplier', message: `No supplier named ${supplierName}` });
    const num = (v: string | undefined) => (v == null || v.trim() === '' ? undefined : v.replace(/,/g, ''));
    const sku = (r.sku ?? '').toUpperCase();
    const prior = bySku.get(sku);
    const raw = {
      product_name: r.product_name ?? '',
      sku: r.sku ?? '',
      barcode: r.barcode || undefined,
      product_description: r.description || undefined,
      original_price: num(r.cost_price) ?? '',
      product_price: num(r.selling_price) ?? '',
      discount_price: num(r.sale_price) ?? null,
      unit: r.unit || prior?.unit || 'Piece',
      product_quantity: num(r.stock) ?? '',
      low_stock_threshold: num(r.low_stock_threshold) ?? prior?.lowStockThreshold ?? 5,
      shipping_charge: num(r.shipping_charge) ?? (prior ? paiseToRupees(prior.shippingChargePaise) : 40),
      free_shipping: r.free_shipping ? yes(r.free_shipping) : (prior?.freeShipping ?? false),
      tax_percentage: num(r.gst_percent) ?? (prior ? Number(prior.taxPercent) : 18),
      hsn_code: r.hsn_code || undefined,
      category_id: PLACEHOLDER_ID,
      supplier_id: supplier?.supplier.id ?? null,
      brand: r.brand || undefined,
      images: prior?.images ?? [],
    };
    const parsed = productFormBody.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = columnOf(String(issue.path[0] ?? ''));
        rowIssues.push({ line, column, message: csvMessage(column, issue) });
      }
    }
    const categoryName = (r.category ?? '').trim();
    if (!categoryName) rowIssues.push({ line, column: 'category', message: 'Category is required' });
    if (
      parsed.success &&
      parsed.data.discount_price != null &&
      parsed.data.discount_price > parsed.data.product_price
    )
      rowIssues.push({ line, column: 'sale_price', message: 'Sale price cannot be above the selling price' });
    if (sku && seen.has(sku))
      rowIssues.push({ line, column: 'sku', message: `SKU ${sku} is also on line ${seen.get(sku)}` });
    if (sku) seen.set(sku, line);
    issues.push(...rowIssues);
    if (!rowIssues.length && parsed.success)
      planned.push({ line, form: parsed.data, categoryName, existing: prior });
  });
  return { total: records.length, planned, issues };
}

/**
 * Imports products from CSV, creating or updating by SKU. A dry run checks every row and reports its problems
 * by line and column; applying writes all valid rows in one transaction, with stock-history rows for stock
 * that changed, and reports counts.
 */
export async function importCsv(deps: Deps, actor: Actor, store: StoreRow, text: string, dryRun: boolean) {
  const report = await withStore(deps.db, store.id, async (tx) => {
    const { total, planned, issues } = await plan(tx, text);
    const creates = planned.filter((p) => !p.existing);
    const updates = planned.filter((p) => p.existing);
    const base = { dry_run: dryRun, total_rows: total, valid_rows: planned.length, issues };
    if (dryRun || !planned.length) return { ...base, created: 0, updated: 0 };

    // Categories by name: existing ones, then the new ones in one statement.
    const categories = new Map((await repo.listCategories(tx)).map((c) => [c.name.toLowerCase(), c.id]));
    const newNames = [
      ...new Set(planned.map((p) => p.categoryName).filter((n) => !categories.has(n.toLowerCase()))),
    ];
    if (newNames.length) {
      const rows = await tx
        .insert(schema.productCategories)
        .values(newNames.map((name) => ({ storeId: store.id, name })))
        .onConflictDoNothing()
        .returning({ id: schema.productCategories.id, name: schema.productCategories.name });
      for (const r of rows) categories.set(r.name.toLowerCase(), r.id);
    }
    const categoryId = (p: Planned) => categories.get(p.categoryName.toLowerCase()) ?? '';

    const slugs = new Set(
      (await tx.select({ slug: schema.products.slug }).from(schema.products)).map((r) => r.slug),
    );
    const slugFor = (name: string) => {
      const base =
        name
          .toLowerCase()
          .replace(/[^\p{L}\p{N}\s-]/gu, '')
          .trim()
          .replace(/\s+/g, '-')
          .slice(0, 80) || 'product';
      let slug = base;
      for (let i = 2; slugs.has(slug); i++) slug = `${base}-${i}`;
      slugs.add(slug);
      return slug;
    };
    const ledger: (typeof schema.stockLedger.$inferInsert)[] = [];
    for (let i = 0; i < creates.length; i += 500) {
      const chunk = creates.slice(i, i + 500);
      const rows = await tx
        .insert(schema.products)
        .values(
          chunk.map((p) => ({
            ...productValues({ ...p.form, category_id: categoryId(p) }),
            storeId: store.id,
            slug: slugFor(p.form.product_name),
          })),
        )
        .returning({ id: schema.products.id, quantity: schema.products.quantity });
      for (const r of rows) {
        ledger.push({
          storeId: store.id,
          productId: r.id,
          change: r.quantity,
          quantityAfter: r.quantity,
          reason: 'IMPORT',
          note: 'Imported from CSV',
          actorId: actor.userId,
        });
      }
    }
    for (const p of updates) {
      const prior = p.existing;
      if (!prior) continue;
      await repo.updateProduct(tx, prior.id, productValues({ ...p.form, category_id: categoryId(p) }));
      const change = p.form.product_quantity - prior.quantity;
      if (change !== 0) {
        ledger.push({
          storeId: store.id,
          productId: prior.id,
          change,
          quantityAfter: p.form.product_quantity,
          reason: 'IMPORT',
          note: `CSV import line ${p.line}`,
          actorId: actor.userId,
        });
      }
    }
    for (let i = 0; i < ledger.length; i += 1000) await repo.insertLedger(tx, ledger.slice(i, i + 1000));
    await recordAudit(
      tx,
      store.id,
      { userId: actor.userId },
      {
        entity: 'IMPORT',
        action: 'IMPORT',
        summary: `Imported ${creates.length} new and ${updates.length} updated products from CSV`,
        after: { created: creates.length, updated: updates.length, skipped_rows: total - planned.length },
      },
    );
    return { ...base, created: creates.length, updated: updates.length };
  });
  if (!dryRun && report.valid_rows) forgetStorefront(deps, store);
  return report;
}
