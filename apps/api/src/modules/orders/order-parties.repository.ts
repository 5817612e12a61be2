import { schema, type Tx } from '@haat/db';
import { and, eq, isNull, sql } from 'drizzle-orm';

const { shopperAccounts, storeSettings, users } = schema;

// The two sides of an order as checkout, the order pages, COD confirmation and the counter read them.

/** The shop's settings row (UPI id, COD and checkout settings), null before it has one. */
export async function findSettings(tx: Tx) {
  const [row] = await tx.select().from(storeSettings);
  return row ?? null;
}

/**
 * A customer's contact: name, email and phone. A shop's row not shared with it yet (the shopper only signed in
 * there, decision 0032) holds the email alone: the shopper's own name and phone come from their Haat account, for
 * checkout to show them and for the order that shares them.
 */
export async function findUser(tx: Tx, userId: string) {
  const unnamed = sql`${users.firstName} = ''`;
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      phone: sql<string | null>`coalesce(${users.phone}, ${shopperAccounts.phone})`,
      firstName: sql<string>`case when ${unnamed} then coalesce(${shopperAccounts.firstName}, '') else ${users.firstName} end`,
      lastName: sql<string>`case when ${unnamed} then coalesce(${shopperAccounts.lastName}, '') else ${users.lastName} end`,
    })
    .from(users)
    .leftJoin(shopperAccounts, and(eq(shopperAccounts.id, users.shopperAccountId), isNull(users.sharedAt)))
    .where(eq(users.id, userId));
  return row ?? null;
}
