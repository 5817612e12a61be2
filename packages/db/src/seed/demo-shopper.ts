import { and, asc, count, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { shopperAccounts, users } from '../schema/platform.ts';
import { seedDemoWishlist } from './demo-wishlist.ts';

/**
 * The demo shopper (issue 40, decision 0029): the demo customer with past orders at the most of the first demo
 * shops (two at least) gets one Haat shopper account, verified, and their customer row in each shop is linked to
 * it. They sign in at every shop with the demo password (set on start, like the demo vendors'), and have saved
 * products in their wishlist at two shops. Idempotent.
 */
export async function seedDemoShopper(db: Db, storeIds: string[]): Promise<string | null> {
  if (storeIds.length < 2) return null;
  const shops = count(sql`distinct ${users.storeId}`);
  const [pick] = await db
    .select({ email: users.email, shops })
    .from(users)
    .where(
      and(
        eq(users.role, 'CUSTOMER'),
        inArray(users.storeId, storeIds),
        like(users.email, '%@customers.demo.haat.in'),
      ),
    )
    .groupBy(users.email)
    .orderBy(desc(shops), asc(users.email))
    .limit(1);
  if (!pick || pick.shops < 2) return null;
  const [first] = await db
    .select()
    .from(users)
    .where(and(eq(users.role, 'CUSTOMER'), eq(users.email, pick.email)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!first) return null;
  await db
    .insert(shopperAccounts)
    .values({
      email: pick.email,
      firstName: first.firstName,
      lastName: first.lastName,
      phone: first.phone,
      emailVerifiedAt: first.emailVerifiedAt ?? new Date(),
      passwordHash: null,
    })
    .onConflictDoNothing();
  const [account] = await db.select().from(shopperAccounts).where(eq(shopperAccounts.email, pick.email));
  if (!account) return null;
  await db
    .update(users)
    .set({ shopperAccountId: account.id })
    .where(
      and(
        eq(users.role, 'CUSTOMER'),
        eq(users.email, pick.email),
        inArray(users.storeId, storeIds),
        isNull(users.shopperAccountId),
      ),
    );
  // What they saved at two of the shops, one with a price drop (demo-wishlist.ts).
  await seedDemoWishlist(db, account.id);
  return pick.email;
}
