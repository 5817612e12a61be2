import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type postgres from 'postgres';
import postgresClient from 'postgres';
import { APP_ROLE, type DatabaseOptions, type Db, type Tx } from './client.ts';
import { parsePgUrl, pgUrlWithUser } from './pg-url.ts';
import { namedStatements, type TxState, transactionOn } from './pipeline.ts';
import { StandbyReads, versionOf } from './standby.ts';
import { type StoreReader, type StoreReaders, sessionSetup } from './store-readers.ts';

/** The storefront readers of each PostgreSQL app database (`readOnReader`). */
const readerPools = new WeakMap<object, StoreReaders>();

/** Gives `db` its storefront readers on the primary and, when there is one, on a standby. */
export function registerReaders(db: Db, readers: StoreReaders, standby?: OnStandby) {
  readerPools.set(db, readers);
  if (standby) standbyPools.set(db, standby);
}

/**
 * A read of one shop on a connection that serves such reads only and keeps the last shop's context in its
 * session (`StoreReaders`, decision 0020): when it already holds this shop, `fn`'s statements go out alone, as one
 * round trip with no BEGIN and no COMMIT; otherwise `set app.store_id = '…'` goes first, and the statements only
 * once PostgreSQL has answered it (a round trip more, only when the reader changes shop).
 * Any failure (the setting's, a statement's, the connection's) rejects the whole read and closes the reader
 * (`StoreReaders.discard`), so the next read on a new one sets its shop again.
 * `fn`'s transaction object refuses statements once the read is over. `storeId` must be checked to be a UUID.
 */
export async function readOnReader<T>(
  db: Db,
  storeId: string,
  generic: boolean,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const readers = readerPools.get(db);
  if (!readers) throw new Error('readOnReader needs PostgreSQL');
  const onStandby = standbyPools.get(db);
  if (onStandby?.standby.usable()) {
    const answer = await readOnStandby(db, onStandby, storeId, generic, fn);
    if (answer) return answer.result;
  }
  return readOn(db, readers, storeId, generic, (tx) => fn(tx));
}

/**
 * The read on the standby, with the shop's version read there first (same round trip) and on the primary at the
 * same time: answered only when the standby has the shop's last change (a version at least the primary's; data
 * read after the version is at least as new). Otherwise, or when the standby fails, null: the caller reads on
 * the primary. So a vendor who just changed a price, and every shopper after, sees it, however far behind the
 * standby is (decision 0026).
 */
async function readOnStandby<T>(
  db: Db,
  { standby, primary }: OnStandby,
  storeId: string,
  generic: boolean,
  fn: (tx: Tx) => Promise<T>,
): Promise<{ result: T } | null> {
  const onPrimary = versionOf(primary, storeId);
  try {
    const [seen, result] = await readOn(db, standby.readers, storeId, generic, (tx, sql) =>
      Promise.all([versionOf(sql, storeId), fn(tx)]),
    );
    if (seen >= (await onPrimary)) {
      standby.counts.standby++;
      return { result };
    }
    standby.counts.behind++;
    return null;
  } catch (error) {
    // The primary's own failure is the request's to handle; the standby's only sends the read to the primary.
    await onPrimary;
    if (!isConnectionLoss(error)) standby.counts.behind++;
    else standby.failed();
    return null;
  }
}

async function readOn<T>(
  db: Db,
  readers: StoreReaders,
  storeId: string,
  generic: boolean,
  fn: (tx: Tx, sql: postgres.Sql) => Promise<T>,
): Promise<T> {
  const reader: StoreReader = await readers.acquire(storeId);
  const state: TxState = { ended: false };
  try {
    // The session is switched, and PostgreSQL has said so, before any of the read's statements is issued: no
    // statement can run under the shop the reader held before, whatever the order in which drivers send them.
    const setup = sessionSetup(reader, storeId, generic);
    const generation = reader.generation;
    if (setup) await reader.sql.unsafe(setup);
    const client = namedStatements(reader.sql, state);
    const result = await fn(transactionOn(db, client), client);
    // The connection closed during the read (postgres-js renews one after 30 to 60 minutes, waiting for the
    // statement in flight) and queued statements ran on the new session, without the shop: refuse the answer.
    if (reader.generation !== generation) throw new Error('The connection was renewed during the read');
    reader.storeId = storeId;
    reader.generic = generic;
    state.ended = true;
    readers.release(reader);
    return result;
  } catch (error) {
    state.ended = true;
    readers.discard(reader);
    throw error;
  }
}

/** Whether an error is the connection's (refused, reset, closed, timed out), not the statement's. */
function isConnectionLoss(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? '';
  return (
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|CONNECT_TIMEOUT|CONNECTION_)/.test(
      code,
    ) || /^(57P0|08)/.test(code)
  );
}

/** The standby readers of each PostgreSQL app database that has one, with the primary's pool. */
const standbyPools = new WeakMap<object, OnStandby>();

/** A standby's readers, the primary's pool, and the standby pool as a drizzle database (`readAnywhere`). */
export interface OnStandby {
  standby: StandbyReads;
  primary: postgres.Sql;
  anywhere: Db;
}

/**
 * A read in no shop's context that may be a little behind (the marketplace's search and shop list, decision 0026):
 * `fn` runs on the standby while it is usable (within `readMaxLagMs` of its primary), else on `db`. A standby that
 * fails the read hands it to `db`.
 */
export async function readAnywhere<T>(db: Db, fn: (db: Db) => Promise<T>): Promise<T> {
  const on = standbyPools.get(db);
  if (on?.standby.usable()) {
    try {
      const result = await fn(on.anywhere);
      on.standby.counts.anywhere++;
      return result;
    } catch (error) {
      if (!isConnectionLoss(error)) throw error;
      on.standby.failed();
    }
  }
  return fn(db);
}

/** How the storefront's reads went on the standby (`readUrl`), and its last lag; null without a standby. */
export function standbyStatus(db: Db) {
  const s = standbyPools.get(db)?.standby;
  return s ? { usable: s.usable(), lagMs: s.lag(), onStandby: s.isStandby(), reads: { ...s.counts } } : null;
}

/** Waits for the standby's lag check under way (tests). */
export async function standbyChecked(db: Db) {
  await standbyPools.get(db)?.standby.settled();
}

export function openStandby(
  url: string,
  opts: DatabaseOptions,
  connection: Record<string, string>,
  debug: ((conn: number, query: string) => void) | undefined,
  primary: postgres.Sql,
): OnStandby {
  const readUrl = parsePgUrl(url)?.user === APP_ROLE ? url : pgUrlWithUser(url, APP_ROLE);
  // An unreachable standby is given up on after 2 s, not postgres-js's 30: its reads then go to the primary.
  const common = { onnotice: () => {}, connect_timeout: 2, connection, debug };
  const size = opts.poolSize ?? 10;
  const pool = postgresClient(readUrl, { ...common, max: Math.max(2, Math.ceil(size / 2)) });
  const standby = new StandbyReads({
    open: (forget) => postgresClient(readUrl, { ...common, max: 1, onclose: forget }),
    monitor: () => postgresClient(readUrl, { ...common, max: 1, debug: undefined }),
    pool,
    size,
    maxLagMs: opts.readMaxLagMs ?? 5000,
  });
  return { standby, primary, anywhere: drizzlePostgres(namedStatements(pool)) as unknown as Db };
}
