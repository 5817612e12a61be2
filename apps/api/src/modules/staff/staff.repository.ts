import type { StaffRole } from '@haat/contracts';
import { type Executor, schema, type Tx } from '@haat/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';

const { storeMembers: m, storeInvites: inv, users, stores } = schema;

export async function listMembers(tx: Tx) {
  return tx
    .select({
      userId: m.userId,
      role: m.role,
      since: m.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .orderBy(asc(m.createdAt));
}

export async function findMember(tx: Tx, userId: string, lock = false) {
  const q = tx.select().from(m).where(eq(m.userId, userId));
  const [row] = await (lock ? q.for('update') : q);
  return row ?? null;
}

export async function addMember(tx: Tx, v: typeof m.$inferInsert) {
  await tx
    .insert(m)
    .values(v)
    .onConflictDoUpdate({ target: [m.storeId, m.userId], set: { role: v.role, updatedAt: new Date() } });
}

export async function setRole(tx: Tx, userId: string, role: StaffRole) {
  await tx.update(m).set({ role, updatedAt: new Date() }).where(eq(m.userId, userId));
}

export async function removeMember(tx: Tx, userId: string) {
  await tx.delete(m).where(eq(m.userId, userId));
}

export async function openInvites(tx: Tx) {
  return tx
    .select()
    .from(inv)
    .where(and(isNull(inv.acceptedAt), isNull(inv.revokedAt), sql`${inv.expiresAt} > now()`))
    .orderBy(asc(inv.createdAt));
}

/** Closes any open invite for the address (a new invite replaces it). */
export async function revokeOpenInvite(tx: Tx, email: string) {
  await tx
    .update(inv)
    .set({ revokedAt: new Date() })
    .where(and(eq(inv.email, email), isNull(inv.acceptedAt), isNull(inv.revokedAt)));
}

export async function insertInvite(tx: Tx, v: typeof inv.$inferInsert) {
  const [row] = await tx.insert(inv).values(v).returning();
  if (!row) throw new Error('invite insert returned no row');
  return row;
}

export async function revokeInvite(tx: Tx, id: string) {
  const rows = await tx
    .update(inv)
    .set({ revokedAt: new Date() })
    .where(and(eq(inv.id, id), isNull(inv.acceptedAt), isNull(inv.revokedAt)))
    .returning();
  return rows[0] ?? null;
}

/** An invite that can still be accepted, by its token's hash. */
export async function findOpenInvite(tx: Tx, tokenHash: string, lock = false) {
  const q = tx
    .select()
    .from(inv)
    .where(
      and(
        eq(inv.tokenHash, tokenHash),
        isNull(inv.acceptedAt),
        isNull(inv.revokedAt),
        sql`${inv.expiresAt} > now()`,
      ),
    );
  const [row] = await (lock ? q.for('update') : q);
  return row ?? null;
}

export async function markAccepted(tx: Tx, id: string, userId: string) {
  await tx.update(inv).set({ acceptedAt: new Date(), acceptedBy: userId }).where(eq(inv.id, id));
}

/** The shop's owner as a platform account (for "already in this shop" and the staff list). */
export async function ownerOf(db: Executor, storeId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      since: stores.createdAt,
    })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerId))
    .where(eq(stores.id, storeId));
  return row ?? null;
}
