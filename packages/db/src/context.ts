import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

export interface StoreTxOptions {
  /**
   * Plan every statement once per connection and reuse the plan (`plan_cache_mode = force_generic_plan` for this
   * transaction). For hot write paths whose statements look rows up by key, where PostgreSQL would otherwise plan
   * them again on every execution; not for reads whose best plan depends on the values (a big shop's search).
   */
  genericPlans?: boolean;
}

/**
 * Runs `fn` in a transaction scoped to one shop: row-level security shows and accepts only that shop's
 * rows. The setting is local to the transaction, so a pooled connection never carries it further.
 *
 * The setting is sent without waiting for its answer: statements on one connection run in the order they are
 * sent, so it is in force before `fn`'s first statement, which goes out in the same round trip. Were it to fail,
 * `fn`'s statements would see no rows at all, and the transaction fails with the setting's error.
 */
export async function withStore<T>(
  db: Db,
  storeId: string,
  fn: (tx: Tx) => Promise<T>,
  opts: StoreTxOptions = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    const context = tx
      .execute(
        opts.genericPlans
          ? sql`select set_config('app.store_id', ${storeId}, true), set_config('plan_cache_mode', 'force_generic_plan', true)`
          : sql`select set_config('app.store_id', ${storeId}, true)`,
      )
      .then(() => {});
    const [, result] = await Promise.all([context, fn(tx)]);
    return result;
  });
}

/** Switches an open transaction to a shop's context (for a flow that creates the shop and its rows together). */
export async function enterStore(tx: Tx, storeId: string) {
  await tx.execute(sql`select set_config('app.store_id', ${storeId}, true)`);
}

/** Rows of a raw `execute`: PGlite answers `{ rows }`, postgres-js an array. */
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
