import { z } from 'zod';
import { STOCK_STATUSES } from './constants.ts';

/**
 * Product variants: up to 3 options (Size, Colour, Weight) with their values; each combination a variant with its
 * own SKU, barcode, price, stock and image. A product without options has one default variant, never shown.
 */
export const MAX_OPTIONS = 3;
export const MAX_VARIANTS = 100;
export const MAX_OPTION_VALUES = 30;

export const productOption = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof productOption>;

/** A variant as the shopper sees it on the product page (prices in rupees). */
export const shopperVariant = z.object({
  id: z.string(),
  /** The option values in the product's option order, e.g. ["M", "Blue"]. */
  options: z.array(z.string()),
  label: z.string().nullable(),
  sku: z.string().nullable(),
  price: z.number(),
  /** What the shopper pays now: sale price or live deal included. */
  price_now: z.number(),
  /** Stock without the units shoppers hold at checkout. */
  quantity: z.number().int(),
  stock_status: z.enum(STOCK_STATUSES),
  /** Units of it shoppers hold at checkout. */
  held: z.number().int(),
  image: z.string().nullable(),
});
export type ShopperVariant = z.infer<typeof shopperVariant>;

/** The variant a cart or order line is of; null for a product without options. */
export const lineVariant = z
  .object({ id: z.string(), label: z.string(), sku: z.string().nullable() })
  .nullable();

/** "M / Blue": the option values as one label; null when there are none. */
export const variantLabel = (values: readonly string[]) => (values.length ? values.join(' / ') : null);

/** A sold line's name with its variant, as mails, slips and invoices print it: "Cotton Kurta, M / Blue". */
export const lineName = (name: string, variant: string | null | undefined, sku?: string | null) =>
  variant ? `${name}, ${variant}${sku ? ` (SKU ${sku})` : ''}` : name;

/** Every combination of the options' values, in the order the vendor listed them (first option slowest). */
export function combinations(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>(
    (acc, o) => acc.flatMap((prefix) => o.values.map((v) => [...prefix, v])),
    options.length ? [[]] : [],
  );
}

const optionText = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(30, `${label} is at most 30 characters`)
    .regex(/^[^:,]+$/, `${label} cannot contain : or ,`);

/** One option in the product dialog: a name and its values, no value twice. */
export const optionBody = z
  .strictObject({
    name: optionText('Option name'),
    values: z
      .array(optionText('Option value'))
      .min(1, 'Add at least one value')
      .max(MAX_OPTION_VALUES, `At most ${MAX_OPTION_VALUES} values`),
  })
  .superRefine((o, ctx) => {
    const seen = new Set<string>();
    o.values.forEach((v, i) => {
      if (seen.has(v.toLowerCase()))
        ctx.addIssue({ code: 'custom', path: ['values', i], message: `${o.name} ${v} is listed twice` });
      seen.add(v.toLowerCase());
    });
  });

const rupees = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .min(0, `${label} cannot be negative`)
    .max(10_000_000, `${label} is too large`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
      message: `${label} can have at most 2 decimals`,
    });

export const VARIANT_SKU = /^[A-Za-z0-9._/-]+$/;

/** An HSN code as the GST portal takes it: 4, 6 or 8 digits; empty means none (issue 39). */
export const hsnCodeField = z
  .string()
  .trim()
  .regex(/^([0-9]{4}|[0-9]{6}|[0-9]{8})?$/, 'HSN code is 4, 6 or 8 digits')
  .optional()
  .nullable()
  .transform((s) => (s ? s : null));

/** One combination in the product dialog: its option values and what the vendor set for it. */
export const variantBody = z.strictObject({
  /** An existing variant of this product; left out: a new combination. */
  id: z.uuid('variant id must be a variant of this product').optional(),
  options: z.array(z.string().trim().min(1).max(30)).max(MAX_OPTIONS),
  sku: z
    .string()
    .trim()
    .min(1, 'SKU is required')
    .max(64)
    .regex(VARIANT_SKU, 'SKU can use letters, digits, . _ / -')
    .transform((s) => s.toUpperCase()),
  barcode: z
    .string()
    .trim()
    .max(64)
    .optional()
    .nullable()
    .transform((s) => (s ? s : null)),
  product_price: rupees('Price'),
  discount_price: rupees('Sale price').nullable().optional(),
  original_price: rupees('Cost price').nullable().optional(),
  product_quantity: z.coerce
    .number()
    .int('Stock must be a whole number')
    .min(0, 'Stock cannot be negative')
    .max(1_000_000),
  low_stock_threshold: z.coerce.number().int().min(0, 'Min stock cannot be negative').max(100_000).default(5),
  image: z.string().max(500).nullable().optional(),
  /** The variant's own HSN code when it differs from the product's; empty: the product's. */
  hsn_code: hsnCodeField,
});
export type VariantBody = z.output<typeof variantBody>;

/** A variant as the back office shows it (prices in rupees). */
export const adminVariant = z.object({
  id: z.string(),
  options: z.array(z.string()),
  label: z.string().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  product_price: z.number(),
  discount_price: z.number().nullable(),
  original_price: z.number().nullable(),
  product_quantity: z.number().int(),
  low_stock_threshold: z.number().int(),
  stock_status: z.enum(STOCK_STATUSES),
  image: z.string().nullable(),
  hsn_code: z.string().nullable(),
});
export type AdminVariant = z.infer<typeof adminVariant>;

type Issue = { path: (string | number)[]; message: string };

/**
 * The rules options and variants meet together: at most 3 options with distinct names; with options, 1 to 100
 * variants, each naming one value of every option, no combination twice, no SKU or barcode twice.
 */
export function variantIssues(
  options: readonly ProductOption[],
  variants:
    | readonly Pick<VariantBody, 'options' | 'sku' | 'barcode' | 'discount_price' | 'product_price'>[]
    | undefined,
): Issue[] {
  const issues: Issue[] = [];
  if (options.length > MAX_OPTIONS)
    issues.push({ path: ['options'], message: `At most ${MAX_OPTIONS} options` });
  const names = new Set<string>();
  options.forEach((o, i) => {
    if (names.has(o.name.toLowerCase()))
      issues.push({ path: ['options', i, 'name'], message: `Option ${o.name} is listed twice` });
    names.add(o.name.toLowerCase());
  });
  if (!options.length) return issues;
  if (!variants?.length) return [...issues, { path: ['variants'], message: 'Keep at least one variant' }];
  if (variants.length > MAX_VARIANTS)
    issues.push({ path: ['variants'], message: `At most ${MAX_VARIANTS} variants` });
  const combos = new Set<string>();
  const skus = new Set<string>();
  const codes = new Set<string>();
  variants.forEach((v, i) => {
    const fits =
      v.options.length === options.length && v.options.every((x, k) => options[k]?.values.includes(x));
    const key = v.options.join('\u0000').toLowerCase();
    if (!fits) issues.push({ path: ['variants', i, 'options'], message: 'Pick one value of every option' });
    else if (combos.has(key))
      issues.push({ path: ['variants', i, 'options'], message: `${v.options.join(' / ')} is listed twice` });
    combos.add(key);
    if (skus.has(v.sku)) issues.push({ path: ['variants', i, 'sku'], message: `SKU ${v.sku} is used twice` });
    skus.add(v.sku);
    if (v.barcode && codes.has(v.barcode))
      issues.push({ path: ['variants', i, 'barcode'], message: `Barcode ${v.barcode} is used twice` });
    if (v.barcode) codes.add(v.barcode);
    if (v.discount_price != null && v.discount_price > v.product_price)
      issues.push({
        path: ['variants', i, 'discount_price'],
        message: 'Sale price cannot be above the price',
      });
  });
  return issues;
}

/** The listing's filter by option values: "Size:M,Colour:Blue" (a product with such a variant in stock). */
export const optionFilter = z
  .string()
  .trim()
  .max(200)
  .regex(
    /^([^:,]{1,30}:[^:,]{1,30})(,[^:,]{1,30}:[^:,]{1,30}){0,2}$/,
    'Filter by option as Name:Value, like Size:M',
  )
  .transform((s) =>
    s.split(',').map((pair) => {
      const [name = '', value = ''] = pair.split(':');
      return { name: name.trim(), value: value.trim() };
    }),
  );

/** The options a shop's products come in, for the listing's filters. */
export const shopOptions = z.array(productOption);
