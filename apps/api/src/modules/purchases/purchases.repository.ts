import { schema, type Tx } from '@haat/db';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';

/*
 * Purchase orders' reads and writes (issue 38). Every statement runs in the shop's context (withStore): another
 * shop's supplier, product or order is simply not found.
 */

const { purchaseOrders: po, purchaseOrderLines: pol, suppliers: s, products: p, productVariants: v } = schema;

/** The next number of a shop's series (PO-1001, GRN-1001): one upsert, so two at once never share a number. */
export async function nextNumber(tx: Tx, storeId: string, kind: 'PURCHASE_ORDER' | 'GOODS_RECEIPT') {
  const rows = await tx.execute<{ n: number }>(sql`
    insert into shop_counters (store_id, kind, last_number) values (${storeId}, ${kind}, 1001)
    on conflict (store_id, kind) do update set last_number = shop_counters.last_number + 1
    returning last_number as n`);
  const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: { n: number }[] }).rows;
  return Number(list[0]?.n);
}

export const supplierColumns = {
  id: s.id,
  name: s.name,
  companyName: s.companyName,
  phone: s.phone,
  gstNumber: s.gstNumber,
  address: s.address,
  email: s.email,
};
export type SupplierRef = {
  [K in keyof typeof supplierColumns]: (typeof supplierColumns)[K]['_']['data'] | null;
};

export async function findSupplier(tx: Tx, id: string) {
  const [row] = await tx.select(supplierColumns).from(s).where(eq(s.id, id)).limit(1);
  return row;
}

/** Variants to order, by id or by product (a product sold as one item: its default variant). */
export function variantsFor(tx: Tx, variantIds: string[], productIds: string[]) {
  const byVariant = variantIds.length ? inArray(v.id, variantIds) : undefined;
  const byProduct = productIds.length ? inArray(v.productId, productIds) : undefined;
  return tx
    .select({
      variantId: v.id,
      productId: v.productId,
      options: v.optionValues,
      name: p.name,
      sku: sql<string | null>`coalesce(${v.sku}, ${p.sku})`,
      costPaise: sql<number | null>`coalesce(${v.costPaise}, ${p.costPaise})`,
      taxPercent: p.taxPercent,
      hsn: sql<string | null>`coalesce(${v.hsnCode}, ${p.hsnCode})`,
      quantity: v.quantity,
      hasOptions: sql<boolean>`${p.options} <> '[]'::jsonb`,
    })
    .from(v)
    .innerJoin(p, and(eq(p.storeId, v.storeId), eq(p.id, v.productId)))
    .where(or(...[byVariant, byProduct].filter((c): c is SQL => c !== undefined)));
}
export type VariantToBuy = Awaited<ReturnType<typeof variantsFor>>[number];

/** Products and variants to put on an order, by name or SKU, active ones; without a search the most recent. */
export function searchVariants(tx: Tx, search: string | undefined) {
  const term = search ? `%${search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  return tx
    .select({
      productId: v.productId,
      variantId: v.id,
      name: p.name,
      options: v.optionValues,
      sku: sql<string | null>`coalesce(${v.sku}, ${p.sku})`,
      costPaise: sql<number | null>`coalesce(${v.costPaise}, ${p.costPaise})`,
      taxPercent: p.taxPercent,
      quantity: v.quantity,
    })
    .from(v)
    .innerJoin(p, and(eq(p.storeId, v.storeId), eq(p.id, v.productId)))
    .where(
      and(
        eq(p.status, 'ACTIVE'),
        term
          ? or(sql`lower(${p.name}) like ${term}`, sql`lower(coalesce(${v.sku}, ${p.sku})) like ${term}`)
          : undefined,
      ),
    )
    .orderBy(asc(p.name), asc(v.position))
    .limit(20);
}

export type OrderHead = typeof po.$inferInsert;
export type OrderLineRow = typeof pol.$inferSelect;

export async function insertOrder(tx: Tx, head: OrderHead) {
  const [row] = await tx.insert(po).values(head).returning();
  if (!row) throw new Error('purchase order not inserted');
  return row;
}

export const insertLines = (tx: Tx, lines: (typeof pol.$inferInsert)[]) =>
  lines.length ? tx.insert(pol).values(lines) : Promise.resolve();

export const deleteLines = (tx: Tx, orderId: string) =>
  tx.delete(pol).where(eq(pol.purchaseOrderId, orderId));

export function updateOrder(tx: Tx, id: string, values: Partial<OrderHead>) {
  return tx
    .update(po)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(po.id, id))
    .returning();
}

/** The order's row, locked for a change (its lines follow it). */
export async function lockOrder(tx: Tx, id: string) {
  const [row] = await tx.select().from(po).where(eq(po.id, id)).for('update').limit(1);
  return row;
}

export async function findOrder(tx: Tx, id: string) {
  const [row] = await tx
    .select({ order: po, supplier: supplierColumns })
    .from(po)
    .innerJoin(s, and(eq(s.storeId, po.storeId), eq(s.id, po.supplierId)))
    .where(eq(po.id, id))
    .limit(1);
  return row;
}

export const orderLines = (tx: Tx, orderId: string) =>
  tx
    .select({
      line: pol,
      hsn: sql<string | null>`(select coalesce(pv.hsn_code, pr.hsn_code) from product_variants pv
        join products pr on pr.store_id = pv.store_id and pr.id = pv.product_id
        where pv.store_id = purchase_order_lines.store_id and pv.id = purchase_order_lines.variant_id)`,
    })
    .from(pol)
    .where(eq(pol.purchaseOrderId, orderId))
    .orderBy(asc(pol.position));

export async function listOrders(
  tx: Tx,
  q: { status?: OrderHead['status']; supplierId?: string; limit: number; offset: number },
) {
  const where = and(
    q.status ? eq(po.status, q.status) : undefined,
    q.supplierId ? eq(po.supplierId, q.supplierId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    tx
      .select({ order: po, supplier: supplierColumns })
      .from(po)
      .innerJoin(s, and(eq(s.storeId, po.storeId), eq(s.id, po.supplierId)))
      .where(where)
      .orderBy(desc(po.createdAt), desc(po.number))
      .limit(q.limit)
      .offset(q.offset),
    tx.select({ n: count() }).from(po).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}
