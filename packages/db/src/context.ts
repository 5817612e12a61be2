import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * Runs `fn` in a transaction scoped to one shop: row-level security shows and accepts only that shop's
 * rows. The setting is local to the transaction, so a pooled connection never carries it further.
 */
export async function withStore<T>(db: Db, storeId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.store_id', ${storeId}, true)`);
    return fn(tx);
  });
}

/** Switches an open transaction to a shop's context (for a flow that creates the shop and its rows together). */
export async function enterStore(tx: Tx, storeId: string) {
  await tx.execute(sql`select set_config('app.store_id', ${storeId}, true)`);
}

/** Rows of a raw `execute`: PGlite answers `{ rows }`, postgres-js an array. */
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
