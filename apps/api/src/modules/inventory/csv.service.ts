import { type InventoryQuery, paiseToRupees, productFormBody } from '@haat/contracts';
import { schema, type Tx, withStore } from '@haat/db';
import { parse } from 'csv-parse/sync';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { csvText, fromCsvCell } from '../../lib/csv.ts';
import { type Deps, forgetStorefront } from '../../lib/deps.ts';
import { badRequest } from '../../lib/errors.ts';
import type { StoreRow } from '../stores/index.ts';
import { newCategoryNotices } from './csv-categories.ts';
import {
  COLUMNS,
  type CsvRecord,
  columnOf,
  csvMessage,
  type Issue,
  productRaw,
  REQUIRED,
} from './csv-columns.ts';
import {
  type GroupCtx,
  hasOptions,
  loadVariants,
  planVariantGroup,
  type Row,
  type Taken,
  type VariantPlan,
} from './csv-variants.ts';
import { createVariantGroups, writeVariantGroup } from './csv-variants-write.ts';
import * as repo from './inventory.repository.ts';
import { type ProductForm, productValues } from './inventory.service.ts';

export const MAX_IMPORT_ROWS = 20_000;
const money = (paise: number | null) => (paise == null ? '' : paiseToRupees(paise).toFixed(2));
type ExportRow = Awaited<ReturnType<typeof repo.exportProducts>>[number];

/**
 * A product's rows: one for a product sold as one item (its handle is its SKU), one per variant for a product
 * with options (the product's columns repeated, the variant's options, SKU, barcode, prices and stock).
 */
function exportRows({ product: x, variants, categoryName, supplierName }: ExportRow) {
  const own = (v: { sku: string | null; options: string[]; barcode: string | null }) => [
    x.sku ?? '',
    v.sku ?? '',
    x.name,
    ...[0, 1, 2].flatMap((i) => [
      v.options[i] === undefined ? '' : (x.options[i]?.name ?? ''),
      v.options[i] ?? '',
    ]),
    categoryName ?? '',
    supplierName ?? '',
    x.unit,
  ];
  // A variant's row carries its own HSN code when it has one, else the product's.
  const tail = (barcode: string | null, hsn = x.hsnCode) => [
    Number(x.taxPercent),
    hsn ?? '',
    barcode ?? '',
    money(x.shippingChargePaise),
    x.freeShipping ? 'yes' : 'no',
    x.brand ?? '',
    x.description ?? '',
  ];
  if (!x.options.length || !variants.length)
    return [
      [
        ...own({ sku: x.sku, options: [], barcode: x.barcode }),
        money(x.costPaise),
        money(x.pricePaise),
        money(x.salePricePaise),
        x.quantity,
        x.lowStockThreshold,
        ...tail(x.barcode),
      ],
    ];
  return variants.map((v) => [
    ...own(v),
    money(v.cost),
    money(v.price),
    money(v.sale),
    v.quantity,
    v.threshold,
    ...tail(v.barcode, v.hsn ?? x.hsnCode),
  ]);
}

/** The filtered product list as CSV, in the list's order: what Import reads back. */
export async function exportCsv(deps: Deps, store: StoreRow, q: InventoryQuery) {
  const rows = await withStore(deps.db, store.id, (tx) => repo.exportProducts(tx, q));
  return csvText(rows.flatMap(exportRows), { columns: [...COLUMNS] });
}

type OnePlan = {
  kind: 'one';
  line: number;
  form: ProductForm;
  categoryName: string;
  existing: repo.ProductRow | undefined;
};
type Planned = OnePlan | VariantPlan;

function readCsv(text: string) {
  let records: CsvRecord[];
  try {
    records = parse(text, {
      columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
      // Takes off the apostrophe the export put before a cell a spreadsheet would run (lib/csv.ts).
      cast: (cell) => fromCsvCell(cell),
    });
  } catch (err) {
    throw badRequest(`This file is not a readable CSV: ${(err as Error).message}`, [
      { path: 'file', message: 'Not a readable CSV file' },
    ]);
  }
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
  return records;
}

/** Each row whose SKU an earlier row of another product has: that row's line. */
function skuElsewhere(groups: { rows: Row[] }[]) {
  const first = new Map<string, { line: number; group: number }>();
  const elsewhere = new Map<number, number>();
  groups.forEach((g, n) => {
    for (const x of g.rows) {
      const sku = (x.r.sku ?? '').toUpperCase();
      const seen = first.get(sku);
      if (sku && seen && seen.group !== n) elsewhere.set(x.line, seen.line);
      if (sku && !seen) first.set(sku, { line: x.line, group: n });
    }
  });
  return elsewhere;
}

/** Rows by handle (a file without a handle column: by SKU), in the order they first appear. */
function groupRows(records: CsvRecord[]) {
  const groups = new Map<string, Row[]>();
  records.forEach((r, i) => {
    const handle = (r.handle || r.sku || '').toUpperCase();
    const k = handle || `#${i}`;
    groups.set(k, [...(groups.get(k) ?? []), { line: i + 2, r }]);
  });
  return [...groups].map(([k, rows]) => ({ handle: k.startsWith('#') ? '' : k, rows }));
}

/** A product sold as one item: its one row, checked as before variants. */
function planOne(handle: string, rows: Row[], ctx: GroupCtx): { issues: Issue[]; plan?: OnePlan } {
  const { prior, taken } = ctx;
  const { line, r } = rows[0] as Row;
  const issues: Issue[] = [];
  if (ctx.supplierMissing)
    issues.push({ line, column: 'supplier', message: `No supplier named ${ctx.supplierMissing}` });
  const sku = (r.sku ?? '').toUpperCase();
  const parsed = productFormBody.safeParse(productRaw(r, prior, ctx.supplierId));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const column = columnOf(String(issue.path[0] ?? ''));
    issues.push({ line, column, message: csvMessage(column, issue) });
  }
  const categoryName = (r.category ?? '').trim();
  if (!categoryName) issues.push({ line, column: 'category', message: 'Category is required' });
  const f = parsed.success ? parsed.data : null;
  if (f?.discount_price != null && f.discount_price > f.product_price)
    issues.push({ line, column: 'sale_price', message: 'Sale price cannot be above the selling price' });
  if (sku && handle && sku !== handle)
    issues.push({ line, column: 'handle', message: 'A product sold as one item has its SKU as its handle' });
  if (prior?.options.length)
    issues.push({
      line,
      column: 'option1_value',
      message: `${prior.name} has options (${prior.options.map((o) => o.name).join(', ')}): name them on its rows`,
    });
  const other = (t: Taken) => t.productId !== prior?.id;
  if (sku && taken.some((t) => other(t) && t.sku === sku))
    issues.push({ line, column: 'sku', message: `SKU ${sku} is already used by another product` });
  const at = ctx.elsewhere.get(line);
  if (at !== undefined) issues.push({ line, column: 'sku', message: `SKU ${sku} is also on line ${at}` });
  for (const x of rows.slice(1))
    issues.push({ line: x.line, column: 'sku', message: `SKU ${sku || handle} is also on line ${line}` });
  if (issues.some((i) => i.line === line) || !f) return { issues };
  return { issues, plan: { kind: 'one', line, form: f, categoryName, existing: prior } };
}

/** Reads and checks every row; nothing is written. Lines are the file's own (the header is line 1). */
async function plan(tx: Tx, text: string) {
  const records = readCsv(text);
  const groups = groupRows(records);
  const upper = (xs: (string | undefined)[]) => [
    ...new Set(xs.map((x) => (x ?? '').toUpperCase()).filter(Boolean)),
  ];
  const [suppliers, existing] = await Promise.all([
    repo.listSuppliers(tx),
    repo.productsBySku(tx, upper(groups.map((g) => g.handle))),
  ]);
  const bySku = new Map(existing.map((p) => [p.sku ?? '', p]));
  const { mine, taken } = await loadVariants(
    tx,
    existing.filter((p) => p.options.length).map((p) => p.id),
    upper(records.map((r) => r.sku)),
    [...new Set(records.map((r) => r.barcode ?? '').filter(Boolean))],
  );
  const elsewhere = skuElsewhere(groups);
  const issues: Issue[] = [];
  const planned: Planned[] = [];
  for (const g of groups) {
    const supplierName = ((g.rows[0] as Row).r.supplier ?? '').trim();
    const supplier = supplierName
      ? suppliers.find((s) => s.supplier.name.toLowerCase() === supplierName.toLowerCase())
      : null;
    const prior = bySku.get(g.handle);
    const ctx = {
      prior,
      supplierId: supplier?.supplier.id ?? null,
      supplierMissing: supplierName && !supplier ? supplierName : null,
      taken,
      elsewhere,
    };
    const result = g.rows.some((x) => hasOptions(x.r))
      ? planVariantGroup(g.handle, g.rows, {
          ...ctx,
          priorVariants: mine.filter((v) => v.productId === prior?.id),
        })
      : planOne(g.handle, g.rows, ctx);
    issues.push(...result.issues);
    if (result.plan) planned.push(result.plan);
  }
  issues.sort((a, b) => a.line - b.line);
  const validRows = planned.reduce((n, p) => n + (p.kind === 'one' ? 1 : p.lines.length), 0);
  return { total: records.length, planned, issues, validRows };
}

type LedgerInsert = typeof schema.stockLedger.$inferInsert;
type PlanResult = Awaited<ReturnType<typeof plan>>;
/** What the writing steps share: the transaction, who imports, and the names already resolved. */
type Writer = {
  tx: Tx;
  at: { storeId: string; actorId: string };
  categoryId: (p: Planned) => string;
  slugFor: (name: string) => string;
};

/** The plan split by how it is written, and the counts of products it creates and updates. */
function sortPlan(planned: Planned[]) {
  const ones = planned.filter((p) => p.kind === 'one');
  const withOptions = planned.filter((p) => p.kind === 'variants');
  const creates = ones.filter((p) => !p.existing);
  const created = creates.length + withOptions.filter((p) => !p.existing).length;
  const updates = ones.filter((p) => p.existing);
  return { creates, updates, withOptions, created, updated: planned.length - created };
}

/** Categories by name: existing ones, then the new ones in one statement. */
async function categoryIds(tx: Tx, storeId: string, planned: Planned[]) {
  const categories = new Map((await repo.listCategories(tx)).map((c) => [c.name.toLowerCase(), c.id]));
  const newNames = [
    ...new Set(planned.map((p) => p.categoryName).filter((n) => !categories.has(n.toLowerCase()))),
  ];
  if (newNames.length) {
    const rows = await tx
      .insert(schema.productCategories)
      .values(newNames.map((name) => ({ storeId, name })))
      .onConflictDoNothing()
      .returning({ id: schema.productCategories.id, name: schema.productCategories.name });
    // Made meanwhile by another import (its insert committed first): read back, else its rows would get no category.
    const made = rows.length < newNames.length ? await repo.listCategories(tx) : rows;
    for (const r of made) categories.set(r.name.toLowerCase(), r.id);
  }
  return (p: Planned) => categories.get(p.categoryName.toLowerCase()) ?? '';
}

/** A slug for each new product from its name, unique in the shop (name-2, name-3, ... after the first). */
async function slugMaker(tx: Tx) {
  const slugs = new Set(
    (await tx.select({ slug: schema.products.slug }).from(schema.products)).map((r) => r.slug),
  );
  return (name: string) => {
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
}

/** New products sold as one item, 500 to a statement; each opening stock an IMPORT row. */
async function createOnes(w: Writer, creates: OnePlan[], ledger: LedgerInsert[]) {
  for (let i = 0; i < creates.length; i += 500) {
    const rows = await w.tx
      .insert(schema.products)
      .values(
        creates.slice(i, i + 500).map((p) => ({
          ...productValues({ ...p.form, category_id: w.categoryId(p) }),
          storeId: w.at.storeId,
          slug: w.slugFor(p.form.product_name),
        })),
      )
      .returning({ id: schema.products.id, quantity: schema.products.quantity });
    for (const r of rows)
      ledger.push({ ...w.at, productId: r.id, change: r.quantity, quantityAfter: r.quantity, ...IMPORTED });
  }
}
const IMPORTED = { reason: 'IMPORT', note: 'Imported from CSV' } as const;

/** Existing products sold as one item, one by one; a stock change an IMPORT row naming the file's line. */
async function updateOnes(w: Writer, updates: OnePlan[], ledger: LedgerInsert[]) {
  for (const p of updates) {
    const prior = p.existing;
    if (!prior) continue;
    // Its variant, then the product, locked as every stock writer takes them (a receipt or a sale meanwhile would
    // deadlock with the product's row taken first); the change is from the stock as locked.
    const locked = await repo.lockProduct(w.tx, prior.id);
    await repo.updateProduct(w.tx, prior.id, productValues({ ...p.form, category_id: w.categoryId(p) }));
    const change = p.form.product_quantity - (locked?.quantity ?? prior.quantity);
    if (change !== 0) {
      const [after, note] = [p.form.product_quantity, `CSV import line ${p.line}`];
      ledger.push({ ...w.at, productId: prior.id, change, quantityAfter: after, reason: 'IMPORT', note });
    }
  }
}

/** Products with options: the new ones together, then the existing ones one by one (csv-variants.ts). */
async function writeWithOptions(w: Writer, withOptions: VariantPlan[], ledger: LedgerInsert[]) {
  const added = withOptions.filter((p) => !p.existing);
  ledger.push(
    ...(await createVariantGroups(
      w.tx,
      w.at,
      added.map((p) => ({ p, categoryId: w.categoryId(p), slug: w.slugFor(p.form.product_name) })),
    )),
  );
  for (const p of withOptions.filter((x) => x.existing))
    ledger.push(...(await writeVariantGroup(w.tx, { ...w.at, categoryId: w.categoryId(p) }, p)));
}

/** Writes every planned product, then the stock history 1,000 rows to a statement, then the audit entry. */
async function applyPlan(tx: Tx, at: Writer['at'], planned: PlanResult) {
  const sorted = sortPlan(planned.planned);
  const { created, updated } = sorted;
  const categoryId = await categoryIds(tx, at.storeId, planned.planned);
  const w: Writer = { tx, at, categoryId, slugFor: await slugMaker(tx) };
  const ledger: LedgerInsert[] = [];
  await createOnes(w, sorted.creates, ledger);
  await updateOnes(w, sorted.updates, ledger);
  await writeWithOptions(w, sorted.withOptions, ledger);
  for (let i = 0; i < ledger.length; i += 1000) await repo.insertLedger(tx, ledger.slice(i, i + 1000));
  await recordAudit(
    tx,
    at.storeId,
    { userId: at.actorId },
    {
      entity: 'IMPORT',
      action: 'IMPORT',
      summary: `Imported ${created} new and ${updated} updated products from CSV`,
      after: { created, updated, skipped_rows: planned.total - planned.validRows },
    },
  );
  return { created, updated };
}

/**
 * Imports products from CSV, creating or updating by handle (a product's SKU): a product sold as one item from its
 * row, a product with options and its variants from its rows (csv-variants.ts). A dry run checks every row and
 * reports its problems by line and column, naming the variant; applying writes every valid product in one
 * transaction (all or nothing), with IMPORT rows in the stock history for stock that changed, and reports counts
 * of products. A product's rows go in together: one bad row holds its product back. Nothing is deleted.
 */
export async function importCsv({ deps, actor, store }: ShopContext, text: string, dryRun: boolean) {
  const report = await withStore(deps.db, store.id, async (tx) => {
    // Check every row; a dry run (or a file with nothing valid) stops here.
    const planned = await plan(tx, text);
    const { total, issues, validRows } = planned;
    const notices = await newCategoryNotices(tx, planned.planned);
    const base = { dry_run: dryRun, total_rows: total, valid_rows: validRows, issues, notices };
    if (dryRun || !planned.planned.length) return { ...base, created: 0, updated: 0 };
    // Write it all in this transaction.
    return { ...base, ...(await applyPlan(tx, { storeId: store.id, actorId: actor.userId }, planned)) };
  });
  if (!dryRun && report.valid_rows) forgetStorefront(deps, store);
  return report;
}
