import { sql } from 'drizzle-orm';
import { type Db, EARLY_COMMIT, isPipelined, readOnReader, type Tx, transactionWith } from './client.ts';
import { isUuidText } from './uuid.ts';

export interface StoreTxOptions {
  /**
   * Plan every statement once per connection and reuse the plan (`plan_cache_mode = force_generic_plan` for this
   * transaction). For statements whose plan's shape does not depend on the values (key lookups, the storefront
   * listing), where PostgreSQL would otherwise plan them again on every execution; not where the values choose
   * the plan (a filter that only an index on one value serves well).
   */
  genericPlans?: boolean;
}

/** What `withStore` gives `fn` besides the transaction. */
export interface StoreTx {
  /**
   * Ends the transaction with a COMMIT sent right behind the statements already issued on it, without waiting
   * for their answers: no row they lock stays locked while this process gets round to committing (on PostgreSQL;
   * on PGlite, one connection, the transaction simply commits when `fn` returns). Call it after issuing the last
   * statements (not awaiting them); await both, the statements' own promises telling why when it did not commit.
   * Resolves when committed; rejects when PostgreSQL rolled back instead because a statement before it failed.
   * Nothing may be sent on the transaction afterwards.
   */
  commit(): Promise<void>;
  /**
   * Issues a statement on the transaction without waiting for its answer (statements on one connection run in the
   * order they are sent), for a write of several steps to go out as one round trip with its COMMIT
   * (`commitSent`). The promise is the statement's answer; a failure is also kept for `commitSent` to report, so an
   * unawaited one never goes unhandled.
   */
  send<T>(statement: PromiseLike<T>): Promise<T>;
  /**
   * `commit` right behind every statement `send` issued, then their outcome: resolves once committed; rejects with
   * `SentStatementsFailed` listing the statements' errors when any failed (PostgreSQL then rolled the whole
   * transaction back, the COMMIT with it), or with the COMMIT's own error.
   */
  commitSent(): Promise<void>;
}

/** Statements sent on a transaction (`StoreTx.send`) failed, so nothing of it was committed. */
export class SentStatementsFailed extends Error {
  constructor(readonly failures: unknown[]) {
    super(`${failures.length} statement(s) of the transaction failed; it was rolled back`);
  }
}

/**
 * Runs `fn` in a transaction scoped to one shop: row-level security shows and accepts only that shop's
 * rows. The setting is local to the transaction, so a pooled connection never carries it further.
 *
 * The setting is sent without waiting for its answer: statements on one connection run in the order they are
 * sent, so it is in force before `fn`'s first statement, which goes out in the same round trip. Were it to fail,
 * `fn`'s statements would see no rows at all, and the transaction fails with the setting's error.
 * On PostgreSQL, BEGIN and the setting are one simple-protocol message (`begin; set local app.store_id = '…'`,
 * the id checked to be a UUID before it is written in): one statement fewer for Node and PostgreSQL to handle
 * per transaction (issue 18; docs/benchmarks.md). Any other id goes as a parameter, and fails as a UUID there.
 */
export async function withStore<T>(
  db: Db,
  storeId: string,
  fn: (tx: Tx, ctl: StoreTx) => Promise<T>,
  opts: StoreTxOptions = {},
): Promise<T> {
  const pipelined = isPipelined(db);
  const withCtl = (tx: Tx) => {
    const sent: Promise<unknown>[] = [];
    const ctl: StoreTx = {
      async commit() {
        if (!pipelined) return;
        // Statements start when awaited, each in a microtask, so by the next macrotask every statement issued
        // so far is in the connection's queue and the COMMIT goes after them.
        await new Promise((resolve) => setImmediate(resolve));
        const done = (await tx.execute(sql.raw(EARLY_COMMIT))) as { command?: string };
        if (done.command !== 'COMMIT') throw new Error('The transaction was rolled back');
      },
      send<T>(statement: PromiseLike<T>) {
        const p = Promise.resolve(statement);
        p.catch(() => {});
        sent.push(p);
        return p;
      },
      async commitSent() {
        const [written, committed] = await Promise.allSettled([Promise.allSettled(sent), ctl.commit()]);
        if (written.status === 'fulfilled') {
          const failures = written.value.filter((r) => r.status === 'rejected').map((r) => r.reason);
          if (failures.length) throw new SentStatementsFailed(failures);
        }
        if (committed.status === 'rejected') throw committed.reason;
      },
    };
    return fn(tx, ctl);
  };
  // PostgreSQL: the context goes with BEGIN as one simple-protocol message (the id, a UUID, written in).
  if (pipelined && isUuidText(storeId)) {
    const generic = opts.genericPlans ? '; set local plan_cache_mode = force_generic_plan' : '';
    return transactionWith(db, `set local app.store_id = '${storeId}'${generic}`, withCtl);
  }
  return db.transaction(async (tx) => {
    const context = tx
      .execute(
        opts.genericPlans
          ? sql`select set_config('app.store_id', ${storeId}, true), set_config('plan_cache_mode', 'force_generic_plan', true)`
          : sql`select set_config('app.store_id', ${storeId}, true)`,
      )
      .then(() => {});
    const [, result] = await Promise.all([context, withCtl(tx)]);
    return result;
  });
}

/**
 * A read in one shop's context: `fn` issues its statements (without awaiting them) and gets their answers, in
 * order, in one round trip (two on PostgreSQL when the reader connection must change shop first).
 *
 * On PostgreSQL the read runs on one of the storefront's reader connections, which keep the last shop's context
 * in their session (`readOnReader`, decision 0020): for a shop the connection already holds, the statements go
 * out alone, with no BEGIN, context or COMMIT for Node or PostgreSQL to handle. Row-level security applies as to
 * any shop transaction. Elsewhere (PGlite, or an id that is not a UUID, which then fails as one) it is a
 * `withStore` transaction whose COMMIT goes out right behind the statements (`StoreTx.commit`).
 */
export function readInStore<T extends readonly unknown[]>(
  db: Db,
  storeId: string,
  fn: (tx: Tx) => { readonly [K in keyof T]: PromiseLike<T[K]> },
  opts: StoreTxOptions = {},
): Promise<T> {
  if (isPipelined(db) && isUuidText(storeId))
    return readOnReader(
      db,
      storeId,
      !!opts.genericPlans,
      (tx) => Promise.all(fn(tx)) as unknown as Promise<T>,
    );
  return withStore(
    db,
    storeId,
    async (tx, ctl) => (await Promise.all([Promise.all(fn(tx)), ctl.commit()]))[0] as unknown as T,
    opts,
  );
}

/** Switches an open transaction to a shop's context (for a flow that creates the shop and its rows together). */
export async function enterStore(tx: Tx, storeId: string) {
  await tx.execute(sql`select set_config('app.store_id', ${storeId}, true)`);
}

/** Rows of a raw `execute`: PGlite answers `{ rows }`, postgres-js an array. */
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
