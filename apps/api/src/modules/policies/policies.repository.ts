import type { PolicyKind } from '@haat/contracts';
import { schema, type Tx } from '@haat/db';
import { eq } from 'drizzle-orm';

const { storePolicies, storeSettings } = schema;

/** The shop's own policy texts (run in its context). */
export async function listPolicies(tx: Tx) {
  return tx.select().from(storePolicies);
}

export async function findPolicy(tx: Tx, kind: PolicyKind) {
  const [row] = await tx.select().from(storePolicies).where(eq(storePolicies.kind, kind));
  return row ?? null;
}

export async function upsertPolicy(tx: Tx, storeId: string, kind: PolicyKind, body: string) {
  const [row] = await tx
    .insert(storePolicies)
    .values({ storeId, kind, body })
    .onConflictDoUpdate({
      target: [storePolicies.storeId, storePolicies.kind],
      set: { body, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function deletePolicy(tx: Tx, kind: PolicyKind) {
  const rows = await tx.delete(storePolicies).where(eq(storePolicies.kind, kind)).returning();
  return rows[0] ?? null;
}

export async function returnDays(tx: Tx) {
  const [row] = await tx.select({ days: storeSettings.returnDays }).from(storeSettings);
  return row?.days ?? null;
}
