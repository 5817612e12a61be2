import { schema, type Tx } from '@haat/db';
import { and, eq, sql } from 'drizzle-orm';

const { shopCustomerFlags } = schema;

/**
 * Whether the shop asks this customer to pay before dispatch (UPI): checkout hides cash on delivery for them.
 * Runs inside `withStore`, so row-level security limits the lookup to the shop's own flags.
 */
export async function requiresPrepayment(tx: Tx, customerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ requirePrepayment: shopCustomerFlags.requirePrepayment })
    .from(shopCustomerFlags)
    .where(
      and(
        // Named as well as enforced by row-level security, like every read of a shop's rows.
        eq(shopCustomerFlags.storeId, sql`app_store_id()`),
        eq(shopCustomerFlags.customerId, customerId),
        eq(shopCustomerFlags.requirePrepayment, true),
      ),
    )
    .limit(1);
  return row?.requirePrepayment === true;
}

/** The order's number and customer (null: not one of the shop's orders). */
export async function orderCustomer(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ number: schema.orders.number, customerId: schema.orders.customerId })
    .from(schema.orders)
    .where(eq(schema.orders.id, orderId))
    .limit(1);
  return row ?? null;
}

/** Sets whether the shop requires this customer to prepay, and who said so; the previous setting is returned. */
export async function setRequirePrepayment(
  tx: Tx,
  v: { storeId: string; customerId: string; requirePrepayment: boolean; by: string },
): Promise<boolean> {
  const before = await requiresPrepayment(tx, v.customerId);
  await tx
    .insert(shopCustomerFlags)
    .values({
      storeId: v.storeId,
      customerId: v.customerId,
      requirePrepayment: v.requirePrepayment,
      updatedBy: v.by,
    })
    .onConflictDoUpdate({
      target: [shopCustomerFlags.storeId, shopCustomerFlags.customerId],
      set: { requirePrepayment: v.requirePrepayment, updatedBy: v.by, updatedAt: new Date() },
    });
  return before;
}
