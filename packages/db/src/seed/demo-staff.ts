import type { StaffRole } from '@haat/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { withStore } from '../context.ts';
import { users } from '../schema/platform.ts';
import { storeMembers } from '../schema/staff.ts';

/**
 * Demo staff (issue 15): in each of the first published demo shops a Manager, a Cashier and a Packer
 * (`manager@<slug>.demo.haat.in` …), and one person who works in two shops with a different role in each
 * (`asha@team.demo.haat.in`: Packer in the first, Cashier in the second). They sign in with the demo vendors'
 * password (set on start for every `*.demo.haat.in` vendor). Idempotent.
 */
const ROLES: [StaffRole, string, string][] = [
  ['MANAGER', 'Vikram', 'Sethi'],
  ['CASHIER', 'Neha', 'Kulkarni'],
  ['PACKER', 'Ravi', 'Yadav'],
];
export const DEMO_MULTI_SHOP_STAFF = 'asha@team.demo.haat.in';

async function ensureVendor(db: Db, email: string, firstName: string, lastName: string) {
  await db
    .insert(users)
    .values({ role: 'VENDOR', email, firstName, lastName, passwordHash: null, emailVerifiedAt: new Date() })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'VENDOR'), isNull(users.storeId), eq(users.email, email)));
  if (!row) throw new Error(`could not create or find the demo staff ${email}`);
  return row.id;
}

const join = (db: Db, storeId: string, userId: string, role: StaffRole) =>
  withStore(db, storeId, (tx) =>
    tx.insert(storeMembers).values({ storeId, userId, role }).onConflictDoNothing(),
  );

export async function seedDemoStaff(db: Db, shops: { id: string; slug: string }[]) {
  const [first, second] = shops;
  for (const shop of shops.slice(0, 2)) {
    for (const [role, firstName, lastName] of ROLES) {
      const id = await ensureVendor(
        db,
        `${role.toLowerCase()}@${shop.slug}.demo.haat.in`,
        firstName,
        lastName,
      );
      await join(db, shop.id, id, role);
    }
  }
  if (first && second) {
    const asha = await ensureVendor(db, DEMO_MULTI_SHOP_STAFF, 'Asha', 'Pillai');
    await join(db, first.id, asha, 'PACKER');
    await join(db, second.id, asha, 'CASHIER');
  }
}
