import { lineName, type ProductOption, paiseToRupees, productFormBody } from '@haat/contracts';
import { schema, type Tx } from '@haat/db';
import { inArray, or } from 'drizzle-orm';
import {
  type CsvRecord,
  columnOf,
  csvMessage,
  type Issue,
  num,
  OPTION_SLOTS,
  productRaw,
} from './csv-columns.ts';
import type * as repo from './inventory.repository.ts';
import type { ProductForm } from './inventory.service.ts';
import * as variants from './variants.service.ts';

/**
 * CSV rows of products with options: a product's rows share its handle (its own SKU), one row per variant. The
 * options are named on the rows (option1_name…option3_name) and their values come in the order they first appear.
 * An existing product is found by handle and its variants by option values: a row updates its variant or adds a
 * new one; variants the file does not name are left as they are (an import never deletes).
 */

export type Row = { line: number; r: CsvRecord };
type VariantRow = typeof schema.productVariants.$inferSelect;
export type Taken = { productId: string; sku: string | null; barcode: string | null };
/** What checking a product's rows needs besides them. */
export type GroupCtx = {
  prior: repo.ProductRow | undefined;
  supplierId: string | null;
  /** A supplier the first row names that the shop does not have. */
  supplierMissing: string | null;
  /** SKUs and barcodes of variants in the shop. */
  taken: Taken[];
  /** Rows whose SKU an earlier row of another product of the file has: that row's line. */
  elsewhere: Map<number, number>;
};
export type VariantPlan = {
  kind: 'variants';
  line: number;
  lines: number[];
  form: ProductForm;
  categoryName: string;
  existing: repo.ProductRow | undefined;
  /** The file's line of each existing variant the file names (for its stock-history note). */
  lineOfVariant: Map<string, number>;
  /** The file leaves every variant of the existing product as it is (then they are not written). */
  variantsAsTheyAre: boolean;
};

const valuesOf = (r: CsvRecord) => OPTION_SLOTS.map((k) => (r[`option${k}_value`] ?? '').trim());
const namesOf = (r: CsvRecord) => OPTION_SLOTS.map((k) => (r[`option${k}_name`] ?? '').trim());
/** Whether a row names an option (then its product has options). */
export const hasOptions = (r: CsvRecord) => [...valuesOf(r), ...namesOf(r)].some(Boolean);
const key = (values: readonly string[]) => values.join('\u0000').toLowerCase();

/** Existing variants of these products, and variants anywhere in the shop using one of these SKUs or barcodes. */
export async function loadVariants(tx: Tx, productIds: string[], skus: string[], barcodes: string[]) {
  const v = schema.productVariants;
  const [mine, taken] = await Promise.all([
    productIds.length
      ? tx.select().from(v).where(inArray(v.productId, productIds)).orderBy(v.position)
      : Promise.resolve([]),
    skus.length || barcodes.length
      ? tx
          .select({ productId: v.productId, sku: v.sku, barcode: v.barcode })
          .from(v)
          .where(
            or(
              skus.length ? inArray(v.sku, skus) : undefined,
              barcodes.length ? inArray(v.barcode, barcodes) : undefined,
            ),
          )
      : Promise.resolve([]),
  ]);
  return { mine, taken };
}

/** The product's options: the existing product's, with the file's new values after them; else the file's. */
function optionsOf(rows: Row[], prior: repo.ProductRow | undefined, issues: Issue[], say: Say) {
  const used = (r: CsvRecord) =>
    OPTION_SLOTS.filter((k) => r[`option${k}_name`]?.trim() || r[`option${k}_value`]?.trim());
  const count = Math.max(0, ...rows.flatMap((x) => used(x.r)));
  const first = rows[0] as Row;
  const names = OPTION_SLOTS.slice(0, count).map(
    (_, i) => rows.map((x) => namesOf(x.r)[i]).find(Boolean) ?? '',
  );
  for (const x of rows)
    namesOf(x.r).forEach((n, i) => {
      if (n && names[i] && n.toLowerCase() !== names[i]?.toLowerCase())
        issues.push(say(x, `option${i + 1}_name`, `Option ${i + 1} is ${names[i]} on line ${first.line}`));
    });
  const base: ProductOption[] = prior?.options.length ? prior.options : [];
  if (
    base.length &&
    (base.length !== count || base.some((o, i) => o.name.toLowerCase() !== names[i]?.toLowerCase()))
  )
    issues.push(
      say(first, 'option1_name', `This product's options are ${base.map((o) => o.name).join(', ')}`),
    );
  const options = names.map((name, i) => ({
    name: base[i]?.name ?? name,
    values: [...(base[i]?.values ?? [])],
  }));
  for (const x of rows)
    valuesOf(x.r).forEach((value, i) => {
      const o = options[i];
      if (o && value && !o.values.some((w) => w.toLowerCase() === value.toLowerCase())) o.values.push(value);
    });
  return options;
}

type Say = (x: Row, column: string, message: string, values?: string[]) => Issue;
/** A variant of the form: an existing one (no row) or a row's, with its option values. */
type Entry = { row: Row | null; raw: Record<string, unknown>; values: string[] };
/** What the steps of checking one product's rows share; `issues` collects their problems in order. */
type Group = {
  handle: string;
  rows: Row[];
  first: Row;
  ctx: GroupCtx & { priorVariants: VariantRow[] };
  issues: Issue[];
  say: Say;
  options: ProductOption[];
};

/** The group's first row, its messages' wording (naming the product and the variant), and its options. */
function groupOf(handle: string, rows: Row[], ctx: Group['ctx']): Group {
  const first = rows[0] as Row;
  const productName = (first.r.product_name ?? '').trim() || ctx.prior?.name || handle;
  const issues: Issue[] = [];
  const say: Say = (x, column, message, values) => ({
    line: x.line,
    column,
    message: `${lineName(productName, (values ?? valuesOf(x.r).filter(Boolean)).join(' / '))}: ${message}`,
  });
  return { handle, rows, first, ctx, issues, say, options: optionsOf(rows, ctx.prior, issues, say) };
}

/** An existing variant as the form has it. */
const carriedEntry = (v: VariantRow): Entry => ({
  row: null,
  values: v.optionValues,
  raw: {
    id: v.id,
    options: v.optionValues,
    sku: v.sku ?? '',
    barcode: v.barcode,
    product_price: paiseToRupees(v.pricePaise),
    discount_price: v.salePricePaise == null ? null : paiseToRupees(v.salePricePaise),
    original_price: v.costPaise == null ? null : paiseToRupees(v.costPaise),
    product_quantity: v.quantity,
    low_stock_threshold: v.lowStockThreshold,
    image: v.image,
    hsn_code: v.hsnCode,
  },
});

/** A row's variant as the form has it, keeping the id and image of the existing variant it names (`was`). */
const rowRaw = (x: Row, values: string[], was: VariantRow | undefined, first: Row) => ({
  ...(was ? { id: was.id, image: was.image } : {}),
  options: values,
  sku: x.r.sku ?? '',
  barcode: x.r.barcode || null,
  product_price: num(x.r.selling_price) ?? '',
  discount_price: num(x.r.sale_price) ?? null,
  original_price: num(x.r.cost_price) ?? null,
  product_quantity: num(x.r.stock) ?? '',
  low_stock_threshold: num(x.r.low_stock_threshold) ?? was?.lowStockThreshold ?? 5,
  // The first row's HSN code is the product's; a row with another is that variant's own, a blank keeps it.
  hsn_code: !x.r.hsn_code ? (was?.hsnCode ?? null) : x.r.hsn_code === first.r.hsn_code ? null : x.r.hsn_code,
});

/** The existing variants first (kept as they are unless a row names them), then the file's new combinations. */
function entriesOf(g: Group, carried: VariantRow[]) {
  const spell = (value: string, i: number) =>
    g.options[i]?.values.find((w) => w.toLowerCase() === value.toLowerCase()) ?? value;
  const entries: Entry[] = carried.map(carriedEntry);
  for (const x of g.rows) {
    const values = valuesOf(x.r)
      .slice(0, g.options.length)
      .map((value, i) => (value ? spell(value, i) : value));
    const at = entries.findIndex((e) => key(e.values) === key(values));
    const raw = rowRaw(x, values, at >= 0 ? carried[at] : undefined, g.first);
    if (at >= 0 && entries[at]?.row)
      g.issues.push(
        g.say(x, 'option1_value', `This combination is also on line ${entries[at]?.row?.line}`, values),
      );
    else if (at >= 0) entries[at] = { row: x, raw, values };
    else entries.push({ row: x, raw, values });
  }
  return entries;
}

/** The product dialog's form (its own columns from the first row, the variants from the entries), checked. */
function parseForm(g: Group, entries: Entry[]) {
  const { first, ctx } = g;
  return productFormBody.safeParse({
    ...productRaw(first.r, ctx.prior, ctx.supplierId),
    sku: g.handle,
    barcode: ctx.prior?.barcode ?? undefined,
    original_price: 0,
    product_price: 0,
    discount_price: null,
    product_quantity: 0,
    low_stock_threshold: 0,
    options: g.options,
    variants: entries.map((e) => e.raw),
  });
}

/** The form's problems at the file's line and column: a variant's at its row, the product's at the first row. */
function formIssues(g: Group, entries: Entry[], parsed: ReturnType<typeof parseForm>) {
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [head, i, field] = issue.path;
    const entry = head === 'variants' && typeof i === 'number' ? entries[i] : undefined;
    const x = entry?.row ?? g.first;
    const values = entry?.values ?? valuesOf(g.first.r).filter(Boolean);
    let column = head === 'sku' ? 'handle' : columnOf(String(head ?? ''));
    if (head === 'variants')
      column =
        field === 'options'
          ? optionColumn(entry?.values, g.options)
          : columnOf(String(field ?? 'option1_value'));
    if (head === 'options') column = `option${Number(i) + 1}_${field === 'name' ? 'name' : 'value'}`;
    g.issues.push(g.say(x, column, csvMessage(column, issue), values));
  }
}

/** SKUs on an earlier row of another product, and SKUs and barcodes other products' variants already use. */
function takenIssues({ ctx, issues, say }: Group, entries: Entry[]) {
  const other = (t: Taken) => t.productId !== ctx.prior?.id;
  for (const e of entries) {
    if (!e.row) continue;
    const sku = (e.row.r.sku ?? '').toUpperCase();
    const barcode = e.row.r.barcode || null;
    const at = ctx.elsewhere.get(e.row.line);
    if (at !== undefined) issues.push(say(e.row, 'sku', `SKU ${sku} is also on line ${at}`, e.values));
    if (sku && ctx.taken.some((t) => other(t) && t.sku === sku))
      issues.push(say(e.row, 'sku', `SKU ${sku} is already used by another product`, e.values));
    if (barcode && ctx.taken.some((t) => other(t) && t.barcode === barcode))
      issues.push(say(e.row, 'barcode', `Barcode ${barcode} is already used by another product`, e.values));
  }
}

/** The plan of a product whose rows passed: its form, and the file's line of each existing variant it names. */
function variantPlan(g: Group, entries: Entry[], carried: VariantRow[], parsed: ProductForm): VariantPlan {
  const form = { ...parsed, product_price: parsed.variants?.[0]?.product_price ?? 0 };
  const lineOfVariant = new Map(
    entries.flatMap((e) => (e.row && typeof e.raw.id === 'string' ? [[e.raw.id, e.row.line] as const] : [])),
  );
  return {
    kind: 'variants',
    line: g.first.line,
    lines: g.rows.map((x) => x.line),
    form,
    categoryName: (g.first.r.category ?? '').trim(),
    existing: g.ctx.prior,
    lineOfVariant,
    variantsAsTheyAre: asTheyAre(carried, form),
  };
}

/**
 * Checks one product's rows and builds the product dialog's form from them (the shared rules: productFormBody with
 * variantIssues, then SKUs and barcodes other products use). Every message names the row's variant:
 * "Cotton Kurta, M / Blue: Selling price must be a number, like 499".
 */
export function planVariantGroup(
  handle: string,
  rows: Row[],
  ctx: GroupCtx & { priorVariants: VariantRow[] },
): { issues: Issue[]; plan?: VariantPlan } {
  // The options (existing ones first), then the variants: the existing ones, then the rows' combinations.
  const g = groupOf(handle, rows, ctx);
  const carried = ctx.prior?.options.length ? ctx.priorVariants : [];
  const entries = entriesOf(g, carried);
  // The product's own columns, then the form's rules, then SKUs and barcodes taken elsewhere.
  if (!(g.first.r.category ?? '').trim()) g.issues.push(g.say(g.first, 'category', 'Category is required'));
  if (ctx.supplierMissing)
    g.issues.push(g.say(g.first, 'supplier', `No supplier named ${ctx.supplierMissing}`));
  const parsed = parseForm(g, entries);
  formIssues(g, entries, parsed);
  takenIssues(g, entries);
  // One bad row holds the product's other rows back.
  if (g.issues.length || !parsed.success)
    return { issues: [...g.issues, ...heldBack(rows, g.issues, g.say)] };
  return { issues: g.issues, plan: variantPlan(g, entries, carried, parsed.data) };
}

const WRITTEN = [
  'sku',
  'barcode',
  'pricePaise',
  'salePricePaise',
  'costPaise',
  'quantity',
  'lowStockThreshold',
  'position',
] as const;

/** Whether the form keeps the existing variants as they are: the same ones, in their order, with the same values. */
function asTheyAre(carried: VariantRow[], form: ProductForm) {
  const given = form.variants ?? [];
  return (
    carried.length === given.length &&
    given.every((v, i) => {
      const now = variants.variantValues(v, i);
      return carried[i]?.id === v.id && WRITTEN.every((k) => carried[i]?.[k] === now[k]);
    })
  );
}

/** The product's other rows, which wait for its bad ones: a product's rows are imported together. */
function heldBack(rows: Row[], issues: Issue[], say: Say) {
  const bad = rows.filter((x) => issues.some((i) => i.line === x.line)).map((x) => x.line);
  if (!bad.length) return [];
  const which = bad.length === 1 ? `line ${bad[0]} is` : `lines ${bad.join(', ')} are`;
  return rows
    .filter((x) => !bad.includes(x.line))
    .map((x) => say(x, 'handle', `Waits until ${which} fixed: a product's rows are imported together`));
}

/** The option value column a combination misses (the first blank), for "Pick one value of every option". */
function optionColumn(values: string[] | undefined, options: ProductOption[]) {
  const blank = options.findIndex((o, i) => !values?.[i] || !o.values.includes(values[i] ?? ''));
  return `option${Math.max(blank, 0) + 1}_value`;
}
