import { z } from 'zod';
import { productCard } from './product.ts';
import { lineVariant } from './variants.ts';

/** The server cart (01 §3 Cart item, §7 store-cart calls) and its coupon. */
export const CART_MAX_QUANTITY = 100;

export const cartAddBody = z.strictObject({
  product_id: z.uuid('Choose a product'),
  /** The variant to add; needed when the product has options (sizes, colours). */
  variant_id: z.uuid('Choose a variant').optional(),
  quantity: z.coerce.number().int().min(1).max(CART_MAX_QUANTITY).default(1),
  is_selected: z.boolean().default(true),
  /** Sent by the spec's client; the shop comes from store-origin and the customer from the token. */
  store_id: z.string().optional(),
  customer_id: z.string().optional(),
});

export const cartUpdateBody = z
  .strictObject({
    quantity: z.coerce.number().int().min(1).max(CART_MAX_QUANTITY).optional(),
    is_selected: z.boolean().optional(),
  })
  .refine((b) => b.quantity !== undefined || b.is_selected !== undefined, { message: 'Nothing to change' });

export const couponBody = z.strictObject({
  code: z
    .string()
    .trim()
    .min(1, 'Enter a coupon code')
    .max(40)
    .transform((c) => c.toUpperCase()),
});

export const cartLine = z.object({
  id: z.string(),
  product: productCard,
  name: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  is_selected: z.boolean(),
  is_shipping_free: z.boolean(),
  unit_price: z.number(),
  line_total: z.number(),
  /** The spec's field: the line's value. */
  total_cart_value: z.number(),
  variant: lineVariant,
});

export const cartSummary = z.object({
  items_count: z.number().int(),
  selected_count: z.number().int(),
  subtotal: z.number(),
  discount: z.number(),
  shipping_charge: z.number(),
  is_shipping_free: z.boolean(),
  /** GST included in the prices (Indian retail prices include tax). */
  gst: z.number(),
  total: z.number(),
  coupon: z
    .object({
      code: z.string(),
      description: z.string(),
      applicable: z.boolean(),
      message: z.string().nullable(),
    })
    .nullable(),
});

export const cartData = z.object({ lines: z.array(cartLine), summary: cartSummary });
export type CartData = z.infer<typeof cartData>;
