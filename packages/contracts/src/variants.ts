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
  quantity: z.number().int(),
  stock_status: z.enum(STOCK_STATUSES),
  image: z.string().nullable(),
});
export type ShopperVariant = z.infer<typeof shopperVariant>;

/** The variant a cart or order line is of; null for a product without options. */
export const lineVariant = z
  .object({ id: z.string(), label: z.string(), sku: z.string().nullable() })
  .nullable();

/** "M / Blue": the option values as one label; null when there are none. */
export const variantLabel = (values: readonly string[]) => (values.length ? values.join(' / ') : null);

/** Every combination of the options' values, in the order the vendor listed them (first option slowest). */
export function combinations(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>(
    (acc, o) => acc.flatMap((prefix) => o.values.map((v) => [...prefix, v])),
    options.length ? [[]] : [],
  );
}
