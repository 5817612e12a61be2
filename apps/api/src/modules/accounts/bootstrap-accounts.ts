import { type Db, schema } from '@haat/db';
import { and, eq, isNull, like } from 'drizzle-orm';
import { hashPassword } from './passwords.ts';

/** The demo shops' owners get a known password so a newcomer can open the back office (demo data only). */
export const DEMO_VENDOR_PASSWORD = 'haat-demo-2026';

export async function setDemoVendorPasswords(db: Db, password = DEMO_VENDOR_PASSWORD) {
  await setDemoShopperPassword(db, password);
  const needing = and(
    eq(schema.users.role, 'VENDOR'),
    like(schema.users.email, '%.demo.haat.in'),
    isNull(schema.users.passwordHash),
  );
  // This runs on every start: spend the argon2 work only when a demo owner still has no password.
  const [pending] = await db.select({ id: schema.users.id }).from(schema.users).where(needing).limit(1);
  if (!pending) return;
  await db
    .update(schema.users)
    .set({ passwordHash: await hashPassword(password) })
    .where(needing);
}

/** The platform operator from ADMIN_EMAIL and ADMIN_PASSWORD: created once, its password kept in step. */
export async function ensureOperator(db: Db, email: string, password: string) {
  const passwordHash = await hashPassword(password);
  const address = email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.role, 'ADMIN'), eq(schema.users.email, address)));
  if (existing) {
    await db.update(schema.users).set({ passwordHash }).where(eq(schema.users.id, existing.id));
    return;
  }
  await db.insert(schema.users).values({
    role: 'ADMIN',
    email: address,
    firstName: 'Platform',
    lastName: 'Operator',
    passwordHash,
    emailVerifiedAt: new Date(),
  });
}

/**
 * The demo shopper's Haat account (seed demo-shopper.ts, decision 0029) signs in at every shop it is linked to with
 * the demo password: the account and its shops' rows take it while the account has none.
 */
async function setDemoShopperPassword(db: Db, password: string) {
  const needing = and(
    like(schema.shopperAccounts.email, '%.demo.haat.in'),
    isNull(schema.shopperAccounts.passwordHash),
  );
  const pending = await db
    .select({ id: schema.shopperAccounts.id })
    .from(schema.shopperAccounts)
    .where(needing);
  if (!pending.length) return;
  const passwordHash = await hashPassword(password);
  for (const { id } of pending) {
    await db.update(schema.shopperAccounts).set({ passwordHash }).where(eq(schema.shopperAccounts.id, id));
    await db.update(schema.users).set({ passwordHash }).where(eq(schema.users.shopperAccountId, id));
  }
}
