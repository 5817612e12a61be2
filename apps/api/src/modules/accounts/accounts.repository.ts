import type { OtpPurpose, Role } from '@haat/contracts';
import { type Db, type Executor, schema } from '@haat/db';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';

const { users, otpCodes, refreshTokens, stores } = schema;
const NO_STORE = '00000000-0000-0000-0000-000000000000';

export type UserRow = typeof users.$inferSelect;

/** A shop's customer row is a guest's (decision 0031): no password, not linked to a Haat shopper account. */
export const isGuest = (u: Pick<UserRow, 'role' | 'passwordHash' | 'shopperAccountId'>) =>
  u.role === 'CUSTOMER' && !u.passwordHash && !u.shopperAccountId;

/** The account for an email in its realm: vendors and operators on the platform, customers per shop. */
export async function findUser(db: Executor, role: Role, storeId: string | null, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.role, role),
        sql`coalesce(${users.storeId}, ${NO_STORE}::uuid) = coalesce(${storeId}::uuid, ${NO_STORE}::uuid)`,
        eq(users.email, email),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUser(db: Executor, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** Sets a password on a row that has none (a guest's, decision 0031); null when it has one by now. */
export async function setPasswordIfNone(db: Executor, id: string, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.passwordHash)))
    .returning();
  return row ?? null;
}

/** Shops a vendor owns, oldest first. */
export async function listOwnedStores(db: Executor, ownerId: string) {
  return db
    .select({
      id: stores.id,
      slug: stores.slug,
      store_name: stores.storeName,
      online_status: stores.onlineStatus,
    })
    .from(stores)
    .where(eq(stores.ownerId, ownerId))
    .orderBy(asc(stores.createdAt));
}

export async function findStoreSlug(db: Executor, storeId: string) {
  const [row] = await db
    .select({ id: stores.id, slug: stores.slug, name: stores.storeName })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row ?? null;
}

// One-time codes

export async function latestOtp(db: Executor, userId: string, purpose: OtpPurpose, forUpdate = false) {
  const q = db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  const [row] = await (forUpdate ? q.for('update') : q);
  return row ?? null;
}

/** Replaces any open code of that purpose with a new one. */
export async function insertOtp(
  db: Executor,
  v: { userId: string; purpose: OtpPurpose; codeHash: string; expiresAt: Date },
) {
  await db
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(otpCodes.userId, v.userId), eq(otpCodes.purpose, v.purpose), isNull(otpCodes.consumedAt)));
  await db.insert(otpCodes).values(v);
}

export async function recordOtpAttempt(db: Executor, id: string, consumed: boolean) {
  await db
    .update(otpCodes)
    .set(consumed ? { consumedAt: new Date() } : { attempts: sql`${otpCodes.attempts} + 1` })
    .where(eq(otpCodes.id, id));
}

// Refresh tokens

export async function insertRefreshToken(db: Executor, v: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(v);
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Marks a token used; false when another request used it first (a replay). */
export async function markRefreshUsed(db: Executor, id: string) {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Executor, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Whether a sign-in (refresh-token family) of the user is still open: any of its tokens not revoked. */
export async function familyIsLive(db: Executor, userId: string, familyId: string) {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .limit(1);
  return !!row;
}

/** Revokes every session of a user, except the family given (the one making the change). */
export async function revokeAllForUser(db: Db, userId: string, exceptFamily?: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        exceptFamily ? ne(refreshTokens.familyId, exceptFamily) : undefined,
      ),
    );
}
