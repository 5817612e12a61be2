import { schema, type Tx } from '@haat/db';
import { and, eq } from 'drizzle-orm';

const { shopCustomerFlags } = schema;

/**
 * Whether the shop asks this customer to pay before dispatch (UPI): checkout hides cash on delivery for them.
 * Runs inside `withStore`, so row-level security limits the lookup to the shop's own flags.
 */
export async function requiresPrepayment(tx: Tx, customerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ requirePrepayment: shopCustomerFlags.requirePrepayment })
    .from(shopCustomerFlags)
    .where(and(eq(shopCustomerFlags.customerId, customerId), eq(shopCustomerFlags.requirePrepayment, true)))
    .limit(1);
  return row?.requirePrepayment === true;
}
