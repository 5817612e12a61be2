import { z } from 'zod';
import { STOCK_STATUSES } from './constants.ts';
import { calendarDate, dateRange } from './dates.ts';
import { GST_RATES, isGstRate } from './gst.ts';
import {
  adminVariant,
  hsnCodeField,
  MAX_OPTIONS,
  MAX_VARIANTS,
  optionBody,
  productOption,
  variantBody,
  variantIssues,
} from './variants.ts';

/** The back office's inventory (02 §2 Inventory list, Add/Update Product, Product detail; §3 Product, Supplier). */

export const DEFAULT_UNITS = [
  'Piece',
  'Kg',
  'Gram',
  'Liter',
  'Box',
  'Packet',
  'Dozen',
  'Meter',
  'Centimeter',
  'Inch',
  'Roll',
  'Set',
  'Pair',
] as const;
export const INVENTORY_SEARCH_DEBOUNCE_MS = 1000;
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const HSN_PATTERN = /^[0-9]{4,8}$/;
export const MAX_PRODUCT_IMAGES = 5;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const money = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .min(0, `${label} cannot be negative`)
    .max(10_000_000, `${label} is too large`)
    .refine((n) => Math.round(n * 100) === n * 100 || Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
      message: `${label} can have at most 2 decimals`,
    });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((s) => (s ? s : null));

/** A whole number of units at least 0, or null; left out (undefined) on an update keeps what is saved. */
const stockLevel = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} cannot be negative`)
    .max(1_000_000)
    .nullable()
    .optional();

/** The reorder point may not be above the maximum stock. */
function stockLevelIssue(
  f: { max_stock?: number | null; reorder_point?: number | null },
  ctx: z.RefinementCtx,
) {
  if (f.max_stock != null && f.reorder_point != null && f.reorder_point > f.max_stock)
    ctx.addIssue({
      code: 'custom',
      path: ['reorder_point'],
      message: `Reorder point cannot be above the maximum stock (${f.max_stock})`,
    });
}

/**
 * The Add Product / Update Product form (02 §2, §5). Prices in rupees with paise. With options, the variants carry
 * their own SKU, barcode, prices and stock; the product's SKU is then its handle, and its price and stock fields are
 * what new combinations start from.
 */
export const productFormObject = z.strictObject({
  product_name: z.string().trim().min(1, 'Product name is required').max(200),
  sku: z
    .string()
    .trim()
    .min(1, 'SKU is required')
    .max(64)
    .regex(/^[A-Za-z0-9._/-]+$/, 'SKU can use letters, digits, . _ / -')
    .transform((s) => s.toUpperCase()),
  barcode: optionalText(64),
  product_serial_no: optionalText(64),
  product_description: optionalText(5000),
  original_price: money('Cost price'),
  product_price: money('Selling price'),
  /** A lower sale price shown to shoppers (optional). */
  discount_price: money('Sale price').nullable().optional(),
  unit: z.string().trim().min(1, 'Unit is required').max(30),
  product_quantity: z.coerce
    .number()
    .int('Stock must be a whole number')
    .min(0, 'Stock cannot be negative')
    .max(1_000_000),
  low_stock_threshold: z.coerce.number().int().min(0, 'Min stock cannot be negative').max(100_000).default(5),
  /** What the shelf holds and the stock at which to buy more; null clears, left out keeps what is saved. */
  max_stock: stockLevel('Maximum stock'),
  reorder_point: stockLevel('Reorder point'),
  /** The shop's own words for the product (at most 10); left out keeps what is saved. */
  tags: z
    .array(z.string().trim().min(1, 'A tag cannot be empty').max(30, 'A tag is at most 30 characters'))
    .max(10, 'At most 10 tags')
    .transform((t) => [...new Set(t)])
    .optional(),
  shipping_charge: money('Shipping'),
  free_shipping: z.boolean().default(false),
  tax_percentage: z.coerce
    .number()
    .refine(isGstRate, `GST % must be one of the GST rates: ${GST_RATES.join(', ')}`)
    .default(18),
  hsn_code: hsnCodeField,
  category_id: z.uuid('Choose a category'),
  supplier_id: z.uuid().nullable().optional(),
  brand: optionalText(100),
  color: optionalText(60),
  warranty: optionalText(200),
  location: optionalText(100),
  weight: z.coerce.number().min(0).max(100_000).nullable().optional(),
  dimensions: optionalText(100),
  /** Image URLs from POST /api/store/upload/ (kind=product), at most 5. */
  images: z.array(z.string().max(500)).max(MAX_PRODUCT_IMAGES, 'At most 5 images').default([]),
  is_featured: z.boolean().optional(),
  /** Why the stock changed, asked when an edit changes it (kept in the stock history). */
  stock_reason: z.string().trim().max(300).optional(),
  slug: z.string().optional(),
  /** Up to 3 options (Size, Colour, Weight); none: the product is sold as one item, as before. */
  options: z.array(optionBody).max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`).default([]),
  /** Every combination sold, when there are options. */
  variants: z.array(variantBody).max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants`).optional(),
});
export const productFormBody = productFormObject.superRefine((f, ctx) => {
  for (const i of variantIssues(f.options, f.variants)) ctx.addIssue({ code: 'custom', ...i });
  stockLevelIssue(f, ctx);
});
export type ProductFormBody = z.input<typeof productFormBody>;

/**
 * Update Product: the form, where leaving out `options` and `variants` keeps the product's as they are (sending them
 * replaces them, an empty `options` list making it one item again). Variants without options are refused.
 */
export const productUpdateBody = productFormObject
  .extend({ options: productFormObject.shape.options.unwrap().optional() })
  .superRefine((f, ctx) => {
    if (f.options === undefined) {
      if (f.variants !== undefined)
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Send the options with the variants' });
      return;
    }
    for (const i of variantIssues(f.options, f.variants)) ctx.addIssue({ code: 'custom', ...i });
  })
  .superRefine(stockLevelIssue);

const named = z.object({ id: z.string(), name: z.string() });

export const adminProduct = z.object({
  id: z.string(),
  product_name: z.string(),
  slug: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  product_serial_no: z.string().nullable(),
  product_description: z.string().nullable(),
  images: z.array(z.string()),
  product_price: z.number(),
  original_price: z.number().nullable(),
  discount_price: z.number().nullable(),
  unit: z.string(),
  product_quantity: z.number().int(),
  low_stock_threshold: z.number().int(),
  max_stock: z.number().int().nullable(),
  reorder_point: z.number().int().nullable(),
  tags: z.array(z.string()),
  stock_status: z.enum(STOCK_STATUSES),
  shipping_charge: z.number(),
  free_shipping: z.boolean(),
  tax_percentage: z.number(),
  hsn_code: z.string().nullable(),
  category: named.nullable(),
  category_id: z.string().nullable(),
  supplier: z.object({ id: z.string(), supplier_name: z.string() }).nullable(),
  supplier_id: z.string().nullable(),
  brand: z.string().nullable(),
  color: z.string().nullable(),
  warranty: z.string().nullable(),
  location: z.string().nullable(),
  weight: z.number().nullable(),
  dimensions: z.string().nullable(),
  is_featured: z.boolean(),
  status: z.enum(['ACTIVE', 'ARCHIVED']),
  /** Units sold in orders that were not cancelled or returned (the same order lines as total_profit). */
  units_sold: z.number().int(),
  /** (selling - cost) / selling, in percent; null without a cost price. */
  profit_margin: z.number().nullable(),
  /** Profit on units sold so far, from the order lines' prices and costs. */
  total_profit: z.number(),
  /** Stock on hand at its selling price (the sale price when there is one), as the spec reads it. */
  stock_value: z.number(),
  /** Stock on hand at cost; null without a cost price. */
  stock_cost_value: z.number().nullable(),
  /** What shoppers pay per unit now: the lowest of the list price, the sale price and a live deal's price. */
  price_now: z.number(),
  /** Why: the list price, the sale price, or a deal running now (named in live_deal). */
  price_now_reason: z.enum(['LIST', 'SALE', 'DEAL']),
  live_deal: z.object({ title: z.string(), deal_price: z.number(), ends_at: z.string() }).nullable(),
  /** Options and the variants sold; none: one default variant, which is the product itself. */
  options: z.array(productOption),
  variants: z.array(adminVariant),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProduct>;

export const INVENTORY_SORTS = [
  'updated_desc',
  'updated_asc',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
  'stock_asc',
  'stock_desc',
  'sku_asc',
  'sku_desc',
] as const;
export const inventoryQuery = z
  .object({
    search: z.string().trim().max(100).optional(),
    /** A category id of the shop; empty means every category. */
    category: z
      .string()
      .trim()
      .refine((v) => v === '' || z.uuid().safeParse(v).success, 'must be a category id')
      .optional(),
    stock: z.enum(['all', 'in_stock', 'low_stock', 'out_of_stock']).default('all'),
    updated_from: calendarDate('updated_from').optional(),
    updated_to: calendarDate('updated_to').optional(),
    sort: z
      .enum(INVENTORY_SORTS, { error: `sort must be one of ${INVENTORY_SORTS.join(', ')}` })
      .default('updated_desc'),
    status: z.enum(['ACTIVE', 'ARCHIVED', 'all']).default('ACTIVE'),
    /** Only products whose HSN code is missing or not 4, 6 or 8 digits (GST invoices and GSTR-1 need one). */
    missing_hsn: z
      .enum(['true', 'false'], { error: 'missing_hsn must be true or false' })
      .optional()
      .transform((v) => v === 'true'),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  })
  .superRefine(dateRange('updated_from', 'updated_to'));
export type InventoryQuery = z.infer<typeof inventoryQuery>;

export const inventoryPage = z.object({ results: z.array(adminProduct), count: z.number().int() });

export const productStats = z.object({
  total_product: z.number().int(),
  in_stock: z.number().int(),
  low_stock: z.number().int(),
  out_of_stock: z.number().int(),
  /** Units on hand and their value at cost (selling price where no cost is known). */
  total_units: z.number().int(),
  stock_value: z.number(),
  /** Active products whose HSN code is missing or not 4, 6 or 8 digits. */
  missing_hsn: z.number().int(),
});

export const categoryBody = z.strictObject({
  name: z.string().trim().min(1, 'Category name is required').max(80),
});
export const category = z.object({ id: z.string(), name: z.string(), product_count: z.number().int() });

/** The supplier dialog (02 §2): name, company and phone required; GST number uppercased and checked. */
export const supplierBody = z.strictObject({
  supplier_name: z.string().trim().min(1, 'Supplier name is required').max(100),
  company_name: z.string().trim().min(1, 'Company name is required').max(150),
  supplier_contact: z
    .string({ error: 'Phone number is required' })
    .trim()
    .regex(/^[6-9]\d{9}$/, 'Enter a 10-digit mobile number'),
  supplier_email: z
    .union([z.email('Enter a valid email'), z.literal('')])
    .optional()
    .transform((s) => s || null),
  supplier_address: z
    .string()
    .trim()
    .max(300)
    .optional()
    .transform((s) => s || null),
  supplier_gst_number: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .refine(
      (s) => s === '' || GSTIN_PATTERN.test(s),
      'Enter a valid 15-character GSTIN, like 27ABCDE1234F1Z5',
    )
    .optional()
    .transform((s) => s || null),
});
export const supplier = z.object({
  id: z.string(),
  supplier_name: z.string(),
  company_name: z.string(),
  supplier_contact: z.string(),
  supplier_email: z.string().nullable(),
  supplier_address: z.string().nullable(),
  supplier_gst_number: z.string().nullable(),
  product_count: z.number().int(),
});

export const LEDGER_REASONS = [
  'INITIAL',
  'ADJUSTMENT',
  'SALE',
  'CANCELLATION',
  'RETURN',
  'IMPORT',
  'PURCHASE',
] as const;
export const ledgerQuery = z.object({
  reason: z.enum(LEDGER_REASONS).optional(),
  /** One size or pack of the product; left out, all of them. */
  variant_id: z.uuid('variant_id must be a variant of this product').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const ledgerEntry = z.object({
  id: z.string(),
  change: z.number().int(),
  quantity_after: z.number().int(),
  reason: z.enum(LEDGER_REASONS),
  note: z.string().nullable(),
  order_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  /** The variant whose stock changed ("M / Blue"); null for a product sold as one item. */
  variant: z.string().nullable(),
  created_at: z.string(),
});
export const ledgerPage = z.object({ results: z.array(ledgerEntry), count: z.number().int() });

/** The answer to deleting a product: removed, or archived because orders refer to it. */
export const productDeleted = z.object({ id: z.string(), archived: z.boolean() });

/** CSV import: a dry run lists every row's problems by line and column before anything is written. */
export const importIssue = z.object({ line: z.number().int(), column: z.string(), message: z.string() });
export const importReport = z.object({
  dry_run: z.boolean(),
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  issues: z.array(importIssue),
  /** What is imported but worth a look, by line: a category the shop does not have yet (it is added). */
  notices: z.array(importIssue),
});
