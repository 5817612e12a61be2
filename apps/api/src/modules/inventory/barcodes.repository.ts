import { rowsOf, schema, type Tx } from '@haat/db';
import { asc, eq, inArray, sql } from 'drizzle-orm';

const { products: p, productVariants: v } = schema;

/**
 * Serialises barcode assignment within one shop until the transaction ends, so two products given codes at the
 * same moment cannot both take a code neither saw in use (the shop's id is what RLS already scopes us to).
 */
export async function lockShopBarcodes(tx: Tx, storeId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`barcodes:${storeId}`}, 0))`);
}

/** Which of these codes a product or variant of the shop already carries. */
export async function codesInUse(tx: Tx, codes: string[]) {
  if (!codes.length) return new Set<string>();
  const r = await tx.execute(sql`
    select barcode from products where ${inArray(p.barcode, codes)}
    union select barcode from product_variants where ${inArray(v.barcode, codes)}`);
  return new Set(rowsOf<{ barcode: string }>(r).map((x) => x.barcode));
}

/**
 * The product's variants and then its row, locked in that order: the order a sale takes them (a variant's stock,
 * then its product through the rollup trigger), so assigning codes during a sale waits for it and never deadlocks.
 * Variants come back in the dialog's order.
 */
export async function lockWithVariants(tx: Tx, productId: string) {
  const variants = await tx
    .select()
    .from(v)
    .where(eq(v.productId, productId))
    .orderBy(asc(v.id))
    .for('update');
  const [product] = await tx.select().from(p).where(eq(p.id, productId)).for('update');
  if (!product) return null;
  return { product, variants: variants.sort((a, b) => a.position - b.position || a.id.localeCompare(b.id)) };
}

/** A product sold as one item takes the code; its default variant follows (trigger of migration 0022). */
export async function setProductBarcode(tx: Tx, productId: string, code: string) {
  await tx.update(p).set({ barcode: code, updatedAt: new Date() }).where(eq(p.id, productId));
}

/** Variants take their codes in one statement. */
export async function setVariantBarcodes(tx: Tx, codes: { id: string; barcode: string }[]) {
  if (!codes.length) return;
  const values = sql.join(
    codes.map((c) => sql`(${c.id}::uuid, ${c.barcode}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    update product_variants set barcode = c.barcode, updated_at = now()
      from (values ${values}) as c(id, barcode)
     where product_variants.id = c.id and product_variants.barcode is null`);
}

/** What a label prints: the product and its variants (read without locks). */
export async function labelSource(tx: Tx, productId: string) {
  const [product] = await tx.select().from(p).where(eq(p.id, productId));
  if (!product) return null;
  const variants = await tx
    .select()
    .from(v)
    .where(eq(v.productId, productId))
    .orderBy(asc(v.position), asc(v.id));
  return { product, variants };
}
