import { type Executor, schema } from '@haat/db';
import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';

const { users, shopperAccounts, stores } = schema;

/** One shopper's account across every shop (decision 0029): a platform table, read before any shop context. */
export type ShopperAccountRow = typeof shopperAccounts.$inferSelect;

export async function findShopperAccount(db: Executor, email: string) {
  const [row] = await db.select().from(shopperAccounts).where(eq(shopperAccounts.email, email)).limit(1);
  return row ?? null;
}

export async function findShopperAccountById(db: Executor, id: string) {
  const [row] = await db.select().from(shopperAccounts).where(eq(shopperAccounts.id, id)).limit(1);
  return row ?? null;
}

/** Locks the account of an email (or nothing) for the rest of the transaction. */
export async function lockShopperAccount(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(shopperAccounts)
    .where(eq(shopperAccounts.email, email))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Creates the account of an email; when another request created it first, that one is returned, locked. */
export async function insertShopperAccount(db: Executor, values: typeof shopperAccounts.$inferInsert) {
  const [row] = await db.insert(shopperAccounts).values(values).onConflictDoNothing().returning();
  return row ?? (await lockShopperAccount(db, values.email));
}

export async function updateShopperAccount(
  db: Executor,
  id: string,
  values: Partial<typeof shopperAccounts.$inferInsert>,
) {
  const [row] = await db
    .update(shopperAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shopperAccounts.id, id))
    .returning();
  return row ?? null;
}

/** Every shop's customer row linked to an account, oldest first. */
export async function linkedCustomers(db: Executor, accountId: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.shopperAccountId, accountId))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/**
 * The linked customer rows at other shops than `storeId` (every shop when null), with their shop's name and slug
 * (for addresses and the wishlist elsewhere).
 */
export async function linkedElsewhere(db: Executor, accountId: string, storeId: string | null) {
  return db
    .select({ userId: users.id, storeId: stores.id, shopName: stores.storeName, slug: stores.slug })
    .from(users)
    .innerJoin(stores, eq(stores.id, users.storeId))
    .where(
      and(
        eq(users.shopperAccountId, accountId),
        isNotNull(users.storeId),
        storeId ? ne(users.storeId, storeId) : undefined,
      ),
    )
    .orderBy(asc(users.createdAt));
}

/** Sets the password of every shop's row of an account (they all sign in with the account's). */
export async function setLinkedPasswords(db: Executor, accountId: string, passwordHash: string | null) {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(eq(users.shopperAccountId, accountId));
}

/** Inserts a customer row unless the shop already has one for the email (then null). */
export async function insertCustomerIfAbsent(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

const fromAccount = (column: string) =>
  sql.raw(`(select a.${column} from shopper_accounts a where a.id = users.shopper_account_id)`);

/**
 * The shopper shares their name, phone and address with a shop (decision 0032): at their first order there, in
 * the order's transaction. The row gets the account's name and phone where it has none and the moment of consent;
 * a row already shared is left as it is. A statement to send (or await).
 */
export function shareWithShop(db: Executor, userId: string, at: Date) {
  const unnamed = sql`${users.firstName} = ''`;
  return db
    .update(users)
    .set({
      sharedAt: at,
      firstName: sql`case when ${unnamed} then coalesce(${fromAccount('first_name')}, '') else ${users.firstName} end`,
      lastName: sql`case when ${unnamed} then coalesce(${fromAccount('last_name')}, '') else ${users.lastName} end`,
      phone: sql`coalesce(${users.phone}, ${fromAccount('phone')})`,
    })
    .where(and(eq(users.id, userId), isNull(users.sharedAt)));
}
