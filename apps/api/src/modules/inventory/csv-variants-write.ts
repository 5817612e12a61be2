import { schema, type Tx } from '@haat/db';
import { eq } from 'drizzle-orm';
import type { VariantPlan } from './csv-variants.ts';
import { lockProduct } from './inventory.repository.ts';
import { productValues } from './inventory.service.ts';
import * as variants from './variants.service.ts';

/** Writing the products with options a CSV import planned (csv-variants.ts checks their rows). */

type LedgerInsert = typeof schema.stockLedger.$inferInsert;

/**
 * Adds new products with options in a few statements (a file of 1,000 products in 5 sizes is 2 product inserts and
 * 5 variant inserts): their own rows as the product dialog writes them (ownColumns), then every variant, each
 * opening stock an IMPORT row of the stock history.
 */
export async function createVariantGroups(
  tx: Tx,
  at: { storeId: string; actorId: string },
  plans: { p: VariantPlan; categoryId: string; slug: string }[],
): Promise<LedgerInsert[]> {
  const ids = new Map<string, string>();
  for (let i = 0; i < plans.length; i += 500) {
    const rows = await tx
      .insert(schema.products)
      .values(
        plans.slice(i, i + 500).map(({ p, categoryId, slug }) => ({
          ...variants.ownColumns(productValues({ ...p.form, category_id: categoryId }), p.form, 'insert'),
          storeId: at.storeId,
          slug,
        })),
      )
      .returning({ id: schema.products.id, slug: schema.products.slug });
    for (const r of rows) ids.set(r.slug, r.id);
  }
  const values = plans.flatMap(({ p, slug }) =>
    (p.form.variants ?? []).map((v, i) => ({
      ...variants.variantValues(v, i),
      storeId: at.storeId,
      productId: ids.get(slug) ?? '',
    })),
  );
  const ledger: LedgerInsert[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    const rows = await tx
      .insert(schema.productVariants)
      .values(values.slice(i, i + 1000))
      .returning({
        id: schema.productVariants.id,
        productId: schema.productVariants.productId,
        quantity: schema.productVariants.quantity,
      });
    for (const r of rows)
      ledger.push({
        storeId: at.storeId,
        productId: r.productId,
        variantId: r.id,
        change: r.quantity,
        quantityAfter: r.quantity,
        reason: 'IMPORT',
        note: 'Imported from CSV',
        actorId: at.actorId,
      });
  }
  return ledger;
}

/**
 * Writes one existing product with options the way the product dialog does (inventory.service): its own row (its rollup
 * columns left to the variants' triggers), then its variants through saveVariants unless the file leaves them as
 * they are (a whole export imported back after one edit writes the edited product's variants only). Stock changes
 * become IMPORT rows of the stock history.
 */
export async function writeVariantGroup(
  tx: Tx,
  at: { storeId: string; actorId: string; categoryId: string },
  p: VariantPlan,
): Promise<LedgerInsert[]> {
  const productId = p.existing?.id ?? '';
  // The variants by id, then the product, as every stock writer locks them (no deadlock with a receipt or a sale).
  await lockProduct(tx, productId);
  await tx
    .update(schema.products)
    .set({
      ...variants.ownColumns(productValues({ ...p.form, category_id: at.categoryId }), p.form, 'update'),
      updatedAt: new Date(),
    })
    .where(eq(schema.products.id, productId));
  if (p.variantsAsTheyAre) return [];
  const ctx = { tx, storeId: at.storeId, productId, actorId: at.actorId };
  const ledger = await variants.saveVariants(ctx, p.form, null);
  return ledger.map((l) => ({
    ...l,
    reason: 'IMPORT',
    note:
      l.reason === 'INITIAL'
        ? 'Imported from CSV'
        : `CSV import line ${p.lineOfVariant.get(l.variantId) ?? p.line}`,
  }));
}
