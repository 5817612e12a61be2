import { type Db, rowsOf, schema, type Tx } from '@haat/db';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';

const { storeSettings, codConfirmations, orders } = schema;

type SettingsRow = typeof storeSettings.$inferSelect;

/** The COD rules held on a settings row (checkout and placing an order read the row anyway). */
export const codRulesFrom = (row: SettingsRow) => ({
  paymentMethods: row.paymentMethods,
  minPaise: row.codMinPaise,
  maxPaise: row.codMaxPaise,
  blockedPins: row.codBlockedPins,
  blockedStates: row.codBlockedStates,
  feePaise: row.codFeePaise,
  confirmAbovePaise: row.codConfirmAbovePaise,
  confirmHours: row.codConfirmHours,
});
export type CodRules = ReturnType<typeof codRulesFrom>;

/** The shop's COD rules and whether it takes COD at all (the shop in context). */
export async function findCodRules(tx: Tx) {
  const [row] = await tx.select().from(storeSettings);
  return row ? codRulesFrom(row) : null;
}

export type CodRulesValues = Omit<CodRules, 'paymentMethods'>;

/** Saves the COD rules; a shop without a settings row gets one with COD as its payment method. */
export async function saveCodRules(tx: Tx, storeId: string, v: CodRulesValues) {
  const set = {
    codMinPaise: v.minPaise,
    codMaxPaise: v.maxPaise,
    codBlockedPins: v.blockedPins,
    codBlockedStates: v.blockedStates,
    codFeePaise: v.feePaise,
    codConfirmAbovePaise: v.confirmAbovePaise,
    codConfirmHours: v.confirmHours,
  };
  await tx
    .insert(storeSettings)
    .values({ storeId, ...set })
    .onConflictDoUpdate({ target: storeSettings.storeId, set: { ...set, updatedAt: new Date() } });
}

/** A new code (and link) for an order, replacing any earlier one: its tries start again. */
export async function upsertConfirmation(
  tx: Tx,
  v: { storeId: string; orderId: string; codeHash: string; codeExpiresAt: Date; linkHash: string },
) {
  const fresh = { codeHash: v.codeHash, codeExpiresAt: v.codeExpiresAt, codeSentAt: new Date(), attempts: 0 };
  await tx
    .insert(codConfirmations)
    .values({ ...v, codeSentAt: fresh.codeSentAt })
    .onConflictDoUpdate({
      target: [codConfirmations.storeId, codConfirmations.orderId],
      set: { ...fresh, codeUsedAt: null },
    });
}

/** A new code for an order that has one: the link stays what the first mail said. */
export async function replaceCode(tx: Tx, orderId: string, codeHash: string, codeExpiresAt: Date) {
  await tx
    .update(codConfirmations)
    .set({ codeHash, codeExpiresAt, codeSentAt: new Date(), attempts: 0, codeUsedAt: null })
    .where(eq(codConfirmations.orderId, orderId));
}

/** The order's confirmation row, locked: concurrent tries of one code count one after another. */
export async function lockConfirmation(tx: Tx, orderId: string) {
  const [row] = await tx
    .select()
    .from(codConfirmations)
    .where(eq(codConfirmations.orderId, orderId))
    .for('update');
  return row ?? null;
}

export async function findConfirmationByLink(tx: Tx, linkHash: string) {
  const [row] = await tx
    .select()
    .from(codConfirmations)
    .where(eq(codConfirmations.linkHash, linkHash))
    .for('update');
  return row ?? null;
}

export async function countWrongTry(tx: Tx, orderId: string) {
  await tx
    .update(codConfirmations)
    .set({ attempts: sql`${codConfirmations.attempts} + 1` })
    .where(eq(codConfirmations.orderId, orderId));
}

export async function markConfirmed(tx: Tx, orderId: string, via: 'CODE' | 'LINK') {
  await tx
    .update(codConfirmations)
    .set({ confirmedVia: via, codeUsedAt: via === 'CODE' ? new Date() : null })
    .where(eq(codConfirmations.orderId, orderId));
}

/** Shops with a COD order whose confirmation time ran out: the one cross-shop read the expiry sweep needs. */
export async function storesWithExpiredConfirmations(db: Db): Promise<string[]> {
  const res = await db.execute(sql`select due_cod_confirmation_stores() as store_id`);
  return rowsOf<{ store_id: string }>(res).map((r) => r.store_id);
}

/** Unconfirmed COD orders of the shop in context past their time, oldest first, locked (skipping busy ones). */
export async function lockExpiredOrders(tx: Tx, limit: number) {
  return tx
    .select()
    .from(orders)
    .where(
      and(eq(orders.status, 'PENDING'), isNull(orders.codConfirmedAt), lt(orders.codConfirmBy, sql`now()`)),
    )
    .orderBy(asc(orders.codConfirmBy))
    .limit(limit)
    .for('update', { skipLocked: true });
}
