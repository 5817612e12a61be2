import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { withStore } from '../context.ts';
import { orderItems } from '../schema/orders.ts';
import { stockLedger } from '../schema/stock-ledger.ts';
import { type ProductOption, products, productVariants } from '../schema/tenant.ts';

/** A demo product sold in sizes, colours or packs: its options and one row per combination. */
interface VariantPlan {
  sku: string;
  /** The product's name without the pack size it carried as one item. */
  rename?: string;
  options: ProductOption[];
  /** Option values, SKU suffix, price and sale price in rupees, stock. */
  variants: [string[], string, number, number | null, number][];
  /** The combination the shop's past orders of the product were of. */
  pastOrdersOf: string[];
}

const PLANS: Record<string, VariantPlan[]> = {
  'jaipur-block-prints': [
    {
      sku: 'JBP-001',
      options: [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }],
      variants: [
        [['S'], 'S', 1499, 1199, 0],
        [['M'], 'M', 1499, 1199, 12],
        [['L'], 'L', 1499, 1199, 14],
        [['XL'], 'XL', 1599, 1299, 8],
      ],
      pastOrdersOf: ['M'],
    },
    {
      sku: 'JBP-005',
      options: [
        { name: 'Size', values: ['M', 'L', 'XL'] },
        { name: 'Colour', values: ['Indigo', 'Maroon'] },
      ],
      variants: [
        [['M', 'Indigo'], 'M-IND', 1399, null, 4],
        [['M', 'Maroon'], 'M-MAR', 1399, null, 2],
        [['L', 'Indigo'], 'L-IND', 1399, null, 5],
        [['L', 'Maroon'], 'L-MAR', 1399, null, 3],
        [['XL', 'Indigo'], 'XL-IND', 1499, null, 8],
        [['XL', 'Maroon'], 'XL-MAR', 1499, null, 0],
      ],
      pastOrdersOf: ['L', 'Indigo'],
    },
  ],
  'chai-sutra': [
    {
      sku: 'CHS-002',
      rename: 'Darjeeling Second Flush Muscatel',
      options: [{ name: 'Weight', values: ['100 g', '250 g', '500 g'] }],
      variants: [
        [['100 g'], '100G', 749, null, 14],
        [['250 g'], '250G', 1749, 1649, 10],
        [['500 g'], '500G', 3299, null, 6],
      ],
      pastOrdersOf: ['100 g'],
    },
  ],
};

/**
 * Sizes on the fashion shop's kurtas and pack weights on the tea shop's Darjeeling: the product gets its options,
 * its combinations replace the default variant (the triggers roll their stock and prices up), and the shop's past
 * orders and stock history of it are of one combination. Once per product: one that has options is left alone.
 */
export async function seedDemoVariants(db: Db, slug: string, storeId: string): Promise<number> {
  const plans = PLANS[slug] ?? [];
  let made = 0;
  for (const plan of plans) {
    made += await withStore(db, storeId, async (tx) => {
      const [p] = await tx
        .select({ id: products.id, options: products.options, threshold: products.lowStockThreshold })
        .from(products)
        .where(and(eq(products.storeId, storeId), eq(products.sku, plan.sku)));
      if (!p || p.options.length) return 0;
      await tx
        .update(products)
        .set({ options: plan.options, ...(plan.rename ? { name: plan.rename } : {}) })
        .where(eq(products.id, p.id));
      const added = await tx
        .insert(productVariants)
        .values(
          plan.variants.map(([values, suffix, price, sale, stock], position) => ({
            storeId,
            productId: p.id,
            optionValues: values,
            position,
            sku: `${plan.sku}-${suffix}`,
            pricePaise: price * 100,
            salePricePaise: sale == null ? null : sale * 100,
            costPaise: Math.round(price * 40),
            quantity: stock,
            lowStockThreshold: Math.min(p.threshold, 3),
          })),
        )
        .returning({
          id: productVariants.id,
          optionValues: productVariants.optionValues,
          quantity: productVariants.quantity,
        });
      await tx
        .delete(productVariants)
        .where(and(eq(productVariants.productId, p.id), sql`${productVariants.optionValues} = '{}'::text[]`));
      const past = added.find((a) => a.optionValues.join('/') === plan.pastOrdersOf.join('/'));
      if (past) {
        await tx
          .update(orderItems)
          .set({ variantId: past.id, variantLabel: plan.pastOrdersOf.join(' / ') })
          .where(eq(orderItems.productId, p.id));
        await tx.update(stockLedger).set({ variantId: past.id }).where(eq(stockLedger.productId, p.id));
      }
      // Each size's stock in the history: opening stock of a new size; the size the history moved to, counted again.
      const [had] = await tx
        .select({ total: sql<number>`coalesce(sum(${stockLedger.change}), 0)::int` })
        .from(stockLedger)
        .where(eq(stockLedger.productId, p.id));
      const ledger = added.flatMap((a) => {
        const was = a.id === past?.id ? Number(had?.total ?? 0) : 0;
        if (a.quantity === was) return [];
        const first = a.id !== past?.id;
        return [
          {
            storeId,
            productId: p.id,
            variantId: a.id,
            change: a.quantity - was,
            quantityAfter: a.quantity,
            reason: first ? ('INITIAL' as const) : ('ADJUSTMENT' as const),
            note: first ? 'Opening stock' : 'Stock count by size',
          },
        ];
      });
      if (ledger.length) await tx.insert(stockLedger).values(ledger);
      return 1;
    });
  }
  return made;
}
