import { PostgresJsSession, PostgresJsTransaction } from 'drizzle-orm/postgres-js';
import type postgres from 'postgres';
import type { Db, Tx } from './client.ts';

/*
 * Statement plumbing for PostgreSQL (issue 18): named statements, transactions whose BEGIN goes out with their first
 * statements, and an early COMMIT. Services never use these directly; `withStore`, `readInStore` and the
 * pipelined helpers do.
 */

/** A transaction's state as its connection wrapper sees it: ended by an early COMMIT (`StoreTx.commit`). */
export interface TxState {
  ended: boolean;
}
/** The statement `StoreTx.commit` sends; the wrapper recognises it and sends no COMMIT or ROLLBACK of its own. */
export const EARLY_COMMIT = 'commit';
/** The pool under each PostgreSQL app database: the databases whose transactions are pipelined. */
const pools = new WeakMap<object, postgres.Sql>();

/** Whether `db`'s transactions are pipelined (PostgreSQL), where an early COMMIT pays; not on PGlite. */
export const isPipelined = (db: Db) => pools.has(db);

/**
 * A transaction on a pipelined database (`isPipelined`) whose BEGIN and `setup` go out as one simple-protocol
 * message with `fn`'s first statements (`setup`: SQL without parameters, e.g. `set local …`; its values are the
 * caller's to check).
 */
export function transactionWith<T>(db: Db, setup: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const pool = pools.get(db);
  if (!pool) throw new Error('transactionWith needs PostgreSQL');
  return pipelinedBegin(pool, '', (client) => fn(transactionOn(db, client)), setup);
}

/** Marks `db` as running on `pool` (PostgreSQL): its transactions are pipelined. */
export function registerPool(db: Db, pool: postgres.Sql) {
  pools.set(db, pool);
}

/** A drizzle transaction object over `client` with the database's dialect and options (as drizzle's own). */
export function transactionOn(db: Db, client: postgres.Sql): Tx {
  const { dialect, options } = (db as unknown as { session: { dialect: never; options: never } }).session;
  const session = new PostgresJsSession(client, dialect, undefined as never, options);
  return new PostgresJsTransaction(dialect, session as never, undefined as never) as unknown as Tx;
}

/**
 * drizzle sends every query as an unnamed statement (`prepare: false`). postgres-js then writes Parse and Describe,
 * waits for the parameter types, and only then Bind and Execute: two round trips per statement, and PostgreSQL
 * parses and plans it on every execution (a quarter of its time per order). Named statements, postgres-js's own
 * default, are parsed once per connection, keep their plan (PostgreSQL still plans per value where that pays), and
 * go out in one round trip. This wraps the client (and every transaction's) so drizzle's queries are named, and
 * gives drizzle a `begin` that does not wait for BEGIN (see `pipelinedBegin`).
 */
export function namedStatements(client: postgres.Sql, tx?: TxState): postgres.Sql {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') {
        return (
          query: string,
          args?: postgres.ParameterOrJSON<never>[],
          opts?: postgres.UnsafeQueryOptions,
        ) => {
          if (tx?.ended) throw new Error('A statement after its transaction ended');
          if (tx && query === EARLY_COMMIT) tx.ended = true;
          return target.unsafe(query, args, { ...opts, prepare: true });
        };
      }
      if (prop === 'begin') {
        return (...a: unknown[]) => {
          const fn = a.pop() as (scoped: postgres.Sql) => Promise<unknown>;
          return pipelinedBegin(target, typeof a[0] === 'string' ? a[0] : '', fn);
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

/**
 * A transaction on a reserved connection whose BEGIN goes out with its first statements (postgres-js's own `begin`
 * waits for BEGIN's answer first: one more round trip per transaction). Statements on a connection run in the
 * order they are sent, so they run inside the transaction; COMMIT when `fn` resolves, ROLLBACK when it throws.
 */
async function pipelinedBegin<T>(
  client: postgres.Sql,
  mode: string,
  fn: (tx: postgres.Sql) => Promise<T>,
  setup = '',
) {
  const conn = await client.reserve();
  const state: TxState = { ended: false };
  try {
    const begun = conn.unsafe(`begin ${mode.replace(/[^a-z ]/gi, '')}${setup && `; ${setup}`}`).execute();
    let result: T;
    try {
      [, result] = await Promise.all([begun, fn(namedStatements(conn, state))]);
    } catch (error) {
      if (!state.ended) await conn.unsafe('rollback').catch(() => {});
      throw error;
    }
    if (!state.ended) await conn.unsafe('commit');
    return result;
  } finally {
    conn.release();
  }
}
