import { schema, type Tx } from '@haat/db';
import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';

const { productVariants: v } = schema;

export type VariantRow = typeof v.$inferSelect;
export type VariantValues = Omit<typeof v.$inferInsert, 'storeId' | 'productId'>;

/** A product's variants as JSON, for the back office's product rows (one column of the same statement). */
export const adminVariantsJson = sql<
  {
    id: string;
    options: string[];
    sku: string | null;
    barcode: string | null;
    price: number;
    sale: number | null;
    cost: number | null;
    quantity: number;
    threshold: number;
    image: string | null;
    hsn: string | null;
  }[]
>`(select coalesce(jsonb_agg(jsonb_build_object('id', av.id, 'options', av.option_values, 'sku', av.sku,
    'barcode', av.barcode, 'price', av.price_paise, 'sale', av.sale_price_paise, 'cost', av.cost_paise,
    'quantity', av.quantity, 'threshold', av.low_stock_threshold, 'image', av.image,
    'hsn', av.hsn_code) order by av.position, av.id),
    '[]'::jsonb)
  from product_variants av where av.store_id = products.store_id and av.product_id = products.id
   and products.options <> '[]'::jsonb)`;

export function listVariants(tx: Tx, productId: string) {
  return tx.select().from(v).where(eq(v.productId, productId)).orderBy(asc(v.position)).for('update');
}

/** Variants of other products of the shop that already use one of these SKUs or barcodes. */
export function takenCodes(tx: Tx, productId: string | null, skus: string[], barcodes: string[]) {
  const codes = [
    skus.length ? inArray(v.sku, skus) : undefined,
    barcodes.length ? inArray(v.barcode, barcodes) : undefined,
  ].filter((c) => c !== undefined);
  if (!codes.length) return Promise.resolve([]);
  return tx
    .select({ sku: v.sku, barcode: v.barcode })
    .from(v)
    .where(and(productId ? ne(v.productId, productId) : undefined, sql`(${sql.join(codes, sql` or `)})`));
}

export async function insertVariants(tx: Tx, storeId: string, productId: string, rows: VariantValues[]) {
  if (!rows.length) return [];
  return tx
    .insert(v)
    .values(rows.map((r) => ({ ...r, storeId, productId })))
    .returning();
}

export async function updateVariant(tx: Tx, id: string, values: Partial<VariantValues>) {
  const [row] = await tx
    .update(v)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(v.id, id))
    .returning();
  return row ?? null;
}

/** Removes the product's variants not in `keep` (a combination the shop stops selling; its cart lines go too). */
export async function deleteOtherVariants(tx: Tx, productId: string, keep: string[]) {
  await tx.delete(v).where(and(eq(v.productId, productId), keep.length ? notInArray(v.id, keep) : undefined));
}
