import { rowsOf, schema, type Tx } from '@haat/db';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';

const {
  coupons,
  orders,
  orderItems,
  orderEvents,
  orderRequests,
  paymentTransactions,
  products: p,
  productVariants: v,
  returnRequests,
  reviews,
  stockLedger,
} = schema;

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;

/**
 * Claims an idempotency key for this customer (a counter sale's: for the whole shop, whoever `customerId` is, by the
 * unique index `order_requests_pos_key_uq`). A concurrent request with the same key waits here until the first one
 * commits (then finds its row) or rolls back (then claims the key itself). False: already claimed.
 */
export async function claimRequest(
  tx: Tx,
  storeId: string,
  customerId: string,
  key: string,
  hash: string,
  channel: 'ONLINE' | 'POS' = 'ONLINE',
) {
  const rows = await tx
    .insert(orderRequests)
    .values({ storeId, customerId, key, requestHash: hash, channel })
    .onConflictDoNothing()
    .returning({ key: orderRequests.key });
  return rows.length === 1;
}

/** The shop's counter sale claimed with this key, by anyone. */
export async function findPosRequest(tx: Tx, key: string) {
  const [row] = await tx
    .select()
    .from(orderRequests)
    .where(and(eq(orderRequests.channel, 'POS'), eq(orderRequests.key, key)));
  return row ?? null;
}

export async function settleRequest(tx: Tx, customerId: string, key: string, orderId: string) {
  await tx
    .update(orderRequests)
    .set({ orderId })
    .where(and(eq(orderRequests.customerId, customerId), eq(orderRequests.key, key)));
}

/**
 * Takes a variant's stock for a sale in one conditional statement (`take_variant_stock`, migration 0022): it cannot
 * go below zero however many orders race (they queue on the variant's row, then its product's), and when there is
 * not enough (or the product is no longer sold) the statement fails with SQLSTATE HS001, the variant's id and the
 * stock left, rolling the transaction back. Resolves to the stock after.
 */
export function takeStock(tx: Tx, storeId: string, variantId: string, quantity: number) {
  return tx.execute(sql`select take_variant_stock(${storeId}, ${variantId}, ${quantity}) as left_after`);
}
export const STOCK_SHORT = 'HS001';

/**
 * Puts units of a sold line back on its variant (a cancelled, returned or refunded line) and counts them on the line
 * (`restocked_quantity`: its CHECK keeps it within what was sold, so a caller asking for more fails the
 * transaction); returns the variant's stock after, or null when the shop no longer sells that variant (then
 * nothing moves and nothing is counted).
 */
export async function returnStock(
  tx: Tx,
  line: { id: string; productId: string; variantId: string | null },
  quantity: number,
) {
  if (!line.variantId || quantity <= 0) return null;
  const [row] = await tx
    .update(v)
    .set({ quantity: sql`${v.quantity} + ${quantity}`, updatedAt: new Date() })
    .where(eq(v.id, line.variantId))
    .returning({ quantity: v.quantity });
  if (!row) return null;
  await tx
    .update(orderItems)
    .set({ restockedQuantity: sql`${orderItems.restockedQuantity} + ${quantity}` })
    .where(eq(orderItems.id, line.id));
  await tx
    .update(p)
    .set({ unitsSold: sql`greatest(${p.unitsSold} - ${quantity}, 0)` })
    .where(eq(p.id, line.productId));
  return row.quantity;
}

/** Units of a sold line that have not gone back to stock yet. */
export const restockable = (line: OrderItemRow) => line.quantity - line.restockedQuantity;

/** Lines in the order their stock is locked: by product, then variant. */
export const byStockLock = (a: OrderItemRow, b: OrderItemRow) =>
  a.productId.localeCompare(b.productId) || (a.variantId ?? '').localeCompare(b.variantId ?? '');

/** The stock of a variant now, as an expression for a later statement of the same transaction. */
export const stockNow = (storeId: string, variantId: string) =>
  sql<number>`(select ${v.quantity} from ${v} where ${v.storeId} = ${storeId} and ${v.id} = ${variantId})`;

export async function currentStock(tx: Tx, productId: string) {
  const [row] = await tx
    .select({ quantity: p.quantity, status: p.status })
    .from(p)
    .where(eq(p.id, productId));
  return row ?? null;
}

/** The shop's next human order number (1001, 1002, ...). */
export async function nextOrderNumber(tx: Tx, storeId: string) {
  const [row] = rowsOf<{ last_number: number }>(
    await tx.execute(sql`
      insert into order_counters (store_id, last_number) values (${storeId}, 1001)
      on conflict (store_id) do update set last_number = order_counters.last_number + 1
      returning last_number`),
  );
  if (!row) throw new Error('order counter returned no row');
  return Number(row.last_number);
}

/**
 * The number `nextOrderNumber` just gave this transaction, as an expression for a later statement of it (with a
 * prefix: text, as in `ORD-1001`).
 */
export function currentOrderNumber(storeId: string): SQL<number>;
export function currentOrderNumber(storeId: string, prefix: string): SQL<string>;
export function currentOrderNumber(storeId: string, prefix?: string) {
  const n = sql`(select last_number from order_counters where store_id = ${storeId})`;
  return prefix === undefined ? n : sql`${prefix} || ${n}`;
}

export async function releaseCoupon(tx: Tx, couponId: string) {
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.id, couponId));
}

export async function insertOrder(tx: Tx, v: PgInsertValue<typeof orders>) {
  const [row] = await tx.insert(orders).values(v).returning();
  if (!row) throw new Error('order insert returned no row');
  return row;
}

export function insertItems(tx: Tx, rows: (typeof orderItems.$inferInsert)[]) {
  return tx.insert(orderItems).values(rows).returning();
}

export async function insertEvent(tx: Tx, v: PgInsertValue<typeof orderEvents>) {
  await tx.insert(orderEvents).values(v);
}

export async function insertPayment(tx: Tx, v: PgInsertValue<typeof paymentTransactions>) {
  await tx.insert(paymentTransactions).values(v);
}

export async function setPaymentStatus(
  tx: Tx,
  orderId: string,
  status: (typeof paymentTransactions.$inferSelect)['paymentStatus'],
) {
  await tx
    .update(paymentTransactions)
    .set({ paymentStatus: status, updatedAt: new Date() })
    .where(eq(paymentTransactions.orderId, orderId));
}

export async function insertLedger(tx: Tx, rows: PgInsertValue<typeof stockLedger>[]) {
  if (rows.length) await tx.insert(stockLedger).values(rows);
}

export async function findOrder(tx: Tx, orderId: string, customerId?: string) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), customerId ? eq(orders.customerId, customerId) : undefined));
  return row ?? null;
}

/** Locks an order for a status change. */
export async function lockOrder(tx: Tx, orderId: string, customerId?: string) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), customerId ? eq(orders.customerId, customerId) : undefined))
    .for('update');
  return row ?? null;
}

export async function updateOrder(tx: Tx, orderId: string, v: Partial<OrderInsert>) {
  const [row] = await tx
    .update(orders)
    .set({ ...v, version: sql`${orders.version} + 1`, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning();
  if (!row) throw new Error('order update returned no row');
  return row;
}

const TAB_STATUSES = {
  processing: ['PENDING', 'CONFIRMED', 'PROCESSING'],
  shipped: ['SHIPPED', 'RTO'],
  delivered: ['DELIVERED', 'RETURNED'],
  cancelled: ['CANCELLED'],
} as const;

/** A page of the customer's orders, newest first, after a (created_at, id) cursor. */
export function listCustomerOrders(
  tx: Tx,
  customerId: string,
  tab: 'all' | keyof typeof TAB_STATUSES,
  limit: number,
  after: { createdAt: Date; id: string } | null,
) {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        tab === 'all' ? undefined : inArray(orders.status, [...TAB_STATUSES[tab]]),
        after
          ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export function itemsOf(tx: Tx, orderIds: string[]) {
  if (!orderIds.length) return Promise.resolve([] as OrderItemRow[]);
  return tx
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.name), asc(orderItems.id));
}

/** When each order's payment was confirmed, for the timeline. */
export async function paymentsOf(tx: Tx, orderIds: string[]) {
  if (!orderIds.length) return [];
  return tx
    .select({
      orderId: paymentTransactions.orderId,
      status: paymentTransactions.paymentStatus,
      updatedAt: paymentTransactions.updatedAt,
    })
    .from(paymentTransactions)
    .where(inArray(paymentTransactions.orderId, orderIds));
}

export async function returnsOf(tx: Tx, orderIds: string[]) {
  if (!orderIds.length) return [];
  return tx.select().from(returnRequests).where(inArray(returnRequests.orderId, orderIds));
}

export async function insertReturn(tx: Tx, v: typeof returnRequests.$inferInsert) {
  const rows = await tx.insert(returnRequests).values(v).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** Products this customer has reviewed, among the given ones. */
export async function reviewedProducts(tx: Tx, customerId: string, productIds: string[]) {
  if (!productIds.length) return new Set<string>();
  const rows = await tx
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(
      and(
        eq(reviews.customerId, customerId),
        isNotNull(reviews.customerId),
        inArray(reviews.productId, productIds),
      ),
    );
  return new Set(rows.map((r) => r.productId));
}

/** Whether the customer has a delivered order containing the product (a verified purchase). */
export async function deliveredPurchase(tx: Tx, customerId: string, productId: string, orderId?: string) {
  const [row] = await tx
    .select({ orderId: orders.id })
    .from(orders)
    .innerJoin(orderItems, and(eq(orderItems.storeId, orders.storeId), eq(orderItems.orderId, orders.id)))
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.status, ['DELIVERED', 'RETURNED']),
        // An RTO parcel received back (RETURNED with rto_at) never reached the customer.
        isNull(orders.rtoAt),
        eq(orderItems.productId, productId),
        orderId ? eq(orders.id, orderId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The invoices (or bills of supply) of these orders: their numbers. */
export async function invoicesOf(tx: Tx, orderIds: string[]) {
  if (!orderIds.length) return [];
  const td = schema.taxDocuments;
  return tx
    .select({ orderId: td.orderId, number: td.number })
    .from(td)
    .where(and(inArray(td.orderId, orderIds), sql`${td.kind} <> 'CREDIT_NOTE'`));
}
