import { productFormBody } from '@haat/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { AdminProduct, ProductBody } from './inventory-api.ts';
import {
  type OptionDraft,
  optionDrafts,
  toOptions,
  toVariants,
  type VariantDraft,
  variantDrafts,
  variantStockChanged,
} from './variant-drafts.ts';

/** What the inputs hold: text as typed (numbers too), so an emptied field is '' and not 0. */
export interface ProductFormValues {
  product_name: string;
  sku: string;
  barcode: string;
  product_serial_no: string;
  product_description: string;
  original_price: string;
  product_price: string;
  discount_price: string;
  unit: string;
  product_quantity: string;
  low_stock_threshold: string;
  max_stock: string;
  reorder_point: string;
  /** Comma-separated, as typed. */
  tags: string;
  shipping_charge: string;
  free_shipping: boolean;
  tax_percentage: string;
  hsn_code: string;
  category_id: string;
  supplier_id: string;
  brand: string;
  color: string;
  warranty: string;
  location: string;
  weight: string;
  dimensions: string;
  images: string[];
  stock_reason: string;
  /** Sizes, colours or weights and one row per combination sold; none for a product sold as one item. */
  options: OptionDraft[];
  variants: VariantDraft[];
}
export type ProductField = keyof ProductFormValues;

/** How the form was opened: a new product, or an existing one whose stock change needs a reason. */
export interface ProductFormContext {
  original: AdminProduct | null;
}

const text = (v: string | null | undefined) => v ?? '';
const num = (v: number | null | undefined) => (v == null ? '' : String(v));

export function initialValues(p: AdminProduct | null): ProductFormValues {
  return {
    product_name: text(p?.product_name),
    sku: text(p?.sku),
    barcode: text(p?.barcode),
    product_serial_no: text(p?.product_serial_no),
    product_description: text(p?.product_description),
    original_price: num(p?.original_price),
    product_price: num(p?.product_price),
    discount_price: num(p?.discount_price),
    unit: p?.unit ?? 'Piece',
    product_quantity: num(p?.product_quantity),
    low_stock_threshold: p ? String(p.low_stock_threshold) : '5',
    max_stock: num(p?.max_stock),
    reorder_point: num(p?.reorder_point),
    tags: (p?.tags ?? []).join(', '),
    shipping_charge: p ? String(p.shipping_charge) : '0',
    free_shipping: p?.free_shipping ?? false,
    tax_percentage: p ? String(p.tax_percentage) : '18',
    hsn_code: text(p?.hsn_code),
    category_id: text(p?.category_id),
    supplier_id: text(p?.supplier_id),
    brand: text(p?.brand),
    color: text(p?.color),
    warranty: text(p?.warranty),
    location: text(p?.location),
    weight: num(p?.weight),
    dimensions: text(p?.dimensions),
    images: p?.images ?? [],
    stock_reason: '',
    options: optionDrafts(p),
    variants: variantDrafts(p),
  };
}

/** The URL slug the spec derives from the name when creating (lowercase, whitespace to hyphens). */
export const slugFromName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

const REQUIRED_NUMBERS: Partial<Record<ProductField, string>> = {
  original_price: 'Cost price is required',
  product_price: 'Selling price is required',
  product_quantity: 'Stock quantity is required',
  shipping_charge: 'Shipping is required',
  low_stock_threshold: 'Min stock is required',
  tax_percentage: 'GST % is required',
};

/** Whether the product is sold in sizes, colours or packs (then its variants carry SKU, price and stock). */
export const hasVariants = (v: ProductFormValues) => toOptions(v.options).length > 0;

export const stockChanged = (v: ProductFormValues, original: AdminProduct | null) =>
  hasVariants(v)
    ? variantStockChanged(v.variants, original)
    : !!original &&
      v.product_quantity.trim() !== '' &&
      Number(v.product_quantity) !== original.product_quantity;

/** The variants' stock summed: what the product has in all. */
const variantStock = (v: ProductFormValues) =>
  String(v.variants.reduce((n, r) => n + (Number(r.product_quantity) || 0), 0));

/** The request body from the inputs (before the shared schema checks and normalises it). */
export function toBody(v: ProductFormValues, original: AdminProduct | null): Record<string, unknown> {
  const requiredNumber = (s: string) => (s.trim() === '' ? undefined : s.trim());
  const optionalNumber = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    product_name: v.product_name,
    sku: v.sku,
    barcode: v.barcode,
    product_serial_no: v.product_serial_no,
    product_description: v.product_description,
    original_price: requiredNumber(v.original_price),
    product_price: requiredNumber(v.product_price),
    discount_price: optionalNumber(v.discount_price),
    unit: v.unit,
    product_quantity: hasVariants(v) ? variantStock(v) : requiredNumber(v.product_quantity),
    low_stock_threshold: requiredNumber(v.low_stock_threshold),
    max_stock: optionalNumber(v.max_stock),
    reorder_point: optionalNumber(v.reorder_point),
    tags: v.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    shipping_charge: v.free_shipping ? 0 : requiredNumber(v.shipping_charge),
    free_shipping: v.free_shipping,
    tax_percentage: requiredNumber(v.tax_percentage),
    hsn_code: v.hsn_code,
    category_id: v.category_id,
    supplier_id: v.supplier_id || null,
    brand: v.brand,
    color: v.color,
    warranty: v.warranty,
    location: v.location,
    weight: optionalNumber(v.weight),
    dimensions: v.dimensions,
    images: v.images,
    ...(original
      ? { is_featured: original.is_featured }
      : { slug: slugFromName(v.product_name) || undefined }),
    ...(stockChanged(v, original) ? { stock_reason: v.stock_reason } : {}),
    options: toOptions(v.options),
    ...(hasVariants(v) ? { variants: toVariants(v.variants) } : {}),
  };
}

/**
 * Checks the form with the shared wire schema (`productFormBody`, the one the server uses), plus what needs the
 * form's context: a reason when an edit changes the stock, and a sale price not above the selling price. What
 * it hands to the submit handler is the request body.
 */
export const productResolver: Resolver<ProductFormValues, ProductFormContext, ProductBody> = async (
  values,
  context,
) => {
  const original = context?.original ?? null;
  const result = productFormBody.safeParse(toBody(values, original));
  const errors: Record<string, { type: string; message: string }> = {};
  const add = (field: string, type: string, message: string) => {
    if (!errors[field]) errors[field] = { type, message };
  };
  const variantIssues: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!field) continue;
      if (field === 'options' || field === 'variants') {
        variantIssues[issue.path.join('.')] ??= issue.message;
        continue;
      }
      const required = REQUIRED_NUMBERS[field as ProductField];
      const raw = values[field as ProductField];
      add(
        field,
        issue.code,
        required && typeof raw === 'string' && raw.trim() === '' ? required : issue.message,
      );
    }
  }
  const firstVariantIssue = Object.values(variantIssues)[0];
  if (firstVariantIssue)
    errors.variants = { type: 'custom', message: firstVariantIssue, types: variantIssues } as never;
  if (stockChanged(values, original) && !values.stock_reason.trim())
    add('stock_reason', 'required', 'Tell us why the stock changed');
  const sale = Number(values.discount_price);
  if (
    !hasVariants(values) &&
    values.discount_price.trim() !== '' &&
    values.product_price.trim() !== '' &&
    sale > Number(values.product_price)
  )
    add('discount_price', 'max', 'Sale price cannot be above the selling price');

  // The body goes out as the inputs were (the server parses it with the same schema; parsed output such as
  // null for an empty text would not parse twice).
  if (result.success && Object.keys(errors).length === 0)
    return { values: toBody(values, original) as ProductBody, errors: {} };
  return { values: {}, errors: errors as FieldErrors<ProductFormValues> };
};
