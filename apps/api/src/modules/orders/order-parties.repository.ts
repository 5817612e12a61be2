import { schema, type Tx } from '@haat/db';
import { eq } from 'drizzle-orm';

const { storeSettings, users } = schema;

// The two sides of an order as checkout, the order pages, COD confirmation and the counter read them.

/** The shop's settings row (UPI id, COD and checkout settings), null before it has one. */
export async function findSettings(tx: Tx) {
  const [row] = await tx.select().from(storeSettings);
  return row ?? null;
}

/** A customer's contact: name, email and phone. */
export async function findUser(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
