import { combinations, type ProductOption, variantLabel } from '@haat/contracts';
import type { AdminProduct } from './inventory-api.ts';

/** An option as the dialog holds it: its name and its values as typed, separated by commas. */
export interface OptionDraft {
  /** Identifies the option while it is edited (its name may change). */
  uid: string;
  name: string;
  values: string;
}

let drafts = 0;
/** A new, empty option. */
export const newOption = (): OptionDraft => ({ uid: `option-${++drafts}`, name: '', values: '' });

/** A variant row as the dialog holds it: numbers as typed, so an emptied field is '' and not 0. */
export interface VariantDraft {
  id?: string;
  options: string[];
  sku: string;
  barcode: string;
  product_price: string;
  discount_price: string;
  original_price: string;
  product_quantity: string;
  low_stock_threshold: string;
  image: string;
  /** Empty: the product's HSN code. */
  hsn_code: string;
}

/** What a new combination starts from: the product's own SKU, prices and min stock. */
export interface VariantDefaults {
  sku: string;
  price: string;
  cost: string;
  threshold: string;
}

const num = (v: number | null | undefined) => (v == null ? '' : String(v));

export const optionDrafts = (p: AdminProduct | null): OptionDraft[] =>
  (p?.options ?? []).map((o) => ({ uid: `saved-${o.name}`, name: o.name, values: o.values.join(', ') }));

export const variantDrafts = (p: AdminProduct | null): VariantDraft[] =>
  (p?.variants ?? []).map((v) => ({
    id: v.id,
    options: v.options,
    sku: v.sku ?? '',
    barcode: v.barcode ?? '',
    product_price: num(v.product_price),
    discount_price: num(v.discount_price),
    original_price: num(v.original_price),
    product_quantity: num(v.product_quantity),
    low_stock_threshold: num(v.low_stock_threshold),
    image: v.image ?? '',
    hsn_code: v.hsn_code ?? '',
  }));

/** The options as the server takes them: values split at commas, blanks dropped; options without a name left out. */
export const toOptions = (drafts: OptionDraft[]): ProductOption[] =>
  drafts
    .map((d) => ({
      name: d.name.trim(),
      values: d.values
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    }))
    .filter((o) => o.name || o.values.length);

const key = (values: readonly string[]) => values.join('\u0000').toLowerCase();

/** "KURTA" and ["M", "Blue"] make "KURTA-M-BLUE". */
const skuFor = (base: string, values: string[]) =>
  [base || 'SKU', ...values]
    .join('-')
    .toUpperCase()
    .replace(/[^A-Z0-9._/-]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 64);

/**
 * The variant rows after the options changed: rows whose combination still exists keep what the vendor typed,
 * combinations made by a new value are added with the product's defaults, and a combination the vendor removed
 * stays removed.
 */
export function regenerate(
  before: OptionDraft[],
  after: OptionDraft[],
  rows: VariantDraft[],
  d: VariantDefaults,
): VariantDraft[] {
  const was = new Set(combinations(toOptions(before)).map(key));
  const kept = new Map(rows.map((r) => [key(r.options), r]));
  return combinations(toOptions(after)).flatMap((values) => {
    const row = kept.get(key(values));
    if (row) return [{ ...row, options: values }];
    if (was.has(key(values))) return [];
    return [
      {
        options: values,
        sku: skuFor(d.sku, values),
        barcode: '',
        product_price: d.price,
        discount_price: '',
        original_price: d.cost,
        product_quantity: '0',
        low_stock_threshold: d.threshold || '5',
        image: '',
        hsn_code: '',
      },
    ];
  });
}

/** The variants as the request body carries them (the shared schema checks and converts the numbers). */
export const toVariants = (rows: VariantDraft[]) =>
  rows.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    options: r.options,
    sku: r.sku,
    barcode: r.barcode || null,
    product_price: r.product_price.trim() === '' ? undefined : r.product_price.trim(),
    discount_price: r.discount_price.trim() === '' ? null : r.discount_price.trim(),
    original_price: r.original_price.trim() === '' ? null : r.original_price.trim(),
    product_quantity: r.product_quantity.trim() === '' ? undefined : r.product_quantity.trim(),
    low_stock_threshold: r.low_stock_threshold.trim() === '' ? undefined : r.low_stock_threshold.trim(),
    image: r.image || null,
    hsn_code: r.hsn_code.trim() || null,
  }));

/** Whether saving changes the stock of a variant that exists (then the vendor says why). */
export const variantStockChanged = (rows: VariantDraft[], original: AdminProduct | null) =>
  rows.some((r) => {
    const was = original?.variants.find((v) => v.id === r.id);
    return !!was && r.product_quantity.trim() !== '' && Number(r.product_quantity) !== was.product_quantity;
  });

export const rowLabel = (r: VariantDraft) => variantLabel(r.options) ?? 'Default';
