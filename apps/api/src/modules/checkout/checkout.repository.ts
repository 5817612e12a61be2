import { schema, type Tx } from '@haat/db';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';

const { customerAddresses: ca, users } = schema;

export type AddressRow = typeof ca.$inferSelect;
export type AddressValues = Omit<typeof ca.$inferInsert, 'storeId' | 'customerId' | 'id'>;

/** The customer's addresses, default first, then newest. */
export function listAddresses(tx: Tx, customerId: string) {
  return tx
    .select()
    .from(ca)
    .where(eq(ca.customerId, customerId))
    .orderBy(desc(ca.isDefault), desc(ca.createdAt), asc(ca.id));
}

export async function findAddress(tx: Tx, customerId: string, id: string) {
  const [row] = await tx
    .select()
    .from(ca)
    .where(and(eq(ca.customerId, customerId), eq(ca.id, id)));
  return row ?? null;
}

export async function countAddresses(tx: Tx, customerId: string) {
  const [row] = await tx.select({ n: count() }).from(ca).where(eq(ca.customerId, customerId));
  return row?.n ?? 0;
}

/** Clears the default flag on the customer's other addresses (before one becomes the default). */
export async function clearDefault(tx: Tx, customerId: string, exceptId?: string) {
  await tx
    .update(ca)
    .set({ isDefault: false })
    .where(
      and(eq(ca.customerId, customerId), eq(ca.isDefault, true), exceptId ? ne(ca.id, exceptId) : undefined),
    );
}

export async function insertAddress(tx: Tx, storeId: string, customerId: string, v: AddressValues) {
  const [row] = await tx
    .insert(ca)
    .values({ ...v, storeId, customerId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAddress(tx: Tx, customerId: string, id: string, v: AddressValues) {
  const [row] = await tx
    .update(ca)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(ca.customerId, customerId), eq(ca.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteAddress(tx: Tx, customerId: string, id: string) {
  const rows = await tx
    .delete(ca)
    .where(and(eq(ca.customerId, customerId), eq(ca.id, id)))
    .returning({ id: ca.id, isDefault: ca.isDefault });
  return rows[0] ?? null;
}

/** After the default address is deleted, the newest remaining one becomes the default. */
export async function promoteNewestToDefault(tx: Tx, customerId: string) {
  const [newest] = await listAddresses(tx, customerId);
  if (newest) await tx.update(ca).set({ isDefault: true }).where(eq(ca.id, newest.id));
}

export async function updateUserPhone(tx: Tx, userId: string, phone: string) {
  await tx.update(users).set({ phone, updatedAt: new Date() }).where(eq(users.id, userId));
}
