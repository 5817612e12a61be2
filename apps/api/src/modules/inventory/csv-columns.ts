import { paiseToRupees } from '@haat/contracts';
import type * as repo from './inventory.repository.ts';

/**
 * The products CSV, one row per thing sold. A product sold as one item is one row whose `handle` is its SKU. A
 * product with options (Size, Colour, Weight) is one row per variant: the rows share the product's `handle` (its
 * own SKU) and repeat its columns, each names its option values in option1_name/option1_value…option3_* and
 * carries the variant's own sku, barcode, prices, stock and low-stock level.
 */
export const COLUMNS = [
  'handle',
  'sku',
  'product_name',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'category',
  'supplier',
  'unit',
  'cost_price',
  'selling_price',
  'sale_price',
  'stock',
  'low_stock_threshold',
  'gst_percent',
  'hsn_code',
  'barcode',
  'shipping_charge',
  'free_shipping',
  'brand',
  'description',
] as const;
/** Older files (before variants) have no handle or option columns: each row is then a product by its SKU. */
export const REQUIRED = ['sku', 'product_name', 'category', 'cost_price', 'selling_price', 'stock'];
export const OPTION_SLOTS = [1, 2, 3] as const;

/** The column a form field (of the product or of a variant) is read from. */
const FIELD_COLUMN: Record<string, string> = {
  sku: 'sku',
  product_name: 'product_name',
  category_id: 'category',
  supplier_id: 'supplier',
  unit: 'unit',
  original_price: 'cost_price',
  product_price: 'selling_price',
  discount_price: 'sale_price',
  product_quantity: 'stock',
  low_stock_threshold: 'low_stock_threshold',
  tax_percentage: 'gst_percent',
  hsn_code: 'hsn_code',
  barcode: 'barcode',
  shipping_charge: 'shipping_charge',
  free_shipping: 'free_shipping',
  brand: 'brand',
  product_description: 'description',
};
export const columnOf = (field: string) => FIELD_COLUMN[field] ?? field;

/** How the vendor calls a column, and a value that would do (for messages in their words). */
const COLUMN_WORDS: Record<string, [label: string, example: string]> = {
  handle: ['Handle', 'KURTA-001'],
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
export function csvMessage(
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

export type CsvRecord = Record<string, string>;
export type Issue = { line: number; column: string; message: string };
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';
const yes = (v: string) => /^(yes|y|true|1)$/i.test(v.trim());
/** A number as written ("1,299" reads 1299); blank is undefined. */
export const num = (v: string | undefined) =>
  v == null || v.trim() === '' ? undefined : v.replace(/,/g, '');

/**
 * The product form a row fills, before checking: blank columns keep what an existing product has (or the form's
 * defaults), the category is checked by name later. Columns the CSV does not carry (colour, warranty, location,
 * weight, dimensions, serial number) keep the existing product's values.
 */
export function productRaw(r: CsvRecord, prior: repo.ProductRow | undefined, supplierId: string | null) {
  return {
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
    supplier_id: supplierId,
    brand: r.brand || undefined,
    images: prior?.images ?? [],
    color: prior?.color ?? undefined,
    warranty: prior?.warranty ?? undefined,
    location: prior?.location ?? undefined,
    weight: prior?.weightKg == null ? undefined : Number(prior.weightKg),
    dimensions: prior?.dimensions ?? undefined,
    product_serial_no: prior?.serialNo ?? undefined,
  };
}
