import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import {
  drizzle as drizzlePostgres,
  PostgresJsSession,
  PostgresJsTransaction,
} from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema/index.ts';
import { StoreReaders, sessionSetup } from './store-readers.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the pool or an open transaction: what repositories receive. */
export type Executor = Db | Tx;

export const APP_ROLE = 'haat_app';
// Beside the source (packages/db/src), or from the bundled server (apps/api/dist) to the repository's copy.
const migrationCandidates = ['../migrations', '../../../packages/db/migrations'].map((p) =>
  fileURLToPath(new URL(p, import.meta.url)),
);
export const migrationsFolder =
  migrationCandidates.find((p) => existsSync(p)) ?? (migrationCandidates[0] as string);

export interface DatabaseOptions {
  /** PostgreSQL URL of a role that owns the schema (migrations, seed). Unset: embedded PGlite. */
  url?: string;
  /** PostgreSQL URL the app connects with; defaults to `url` with the user changed to haat_app. */
  appUrl?: string;
  /** PGlite data directory; unset means in memory. */
  dataDir?: string;
  /** An already migrated PGlite instance to use (tests clone a template). */
  pglite?: PGlite;
  /** Called for every SQL statement the app role sends (benchmarks count them). */
  onQuery?: (sql: string) => void;
  poolSize?: number;
  /**
   * PostgreSQL: the app role's statements are cancelled after this long (`statement_timeout`), and a transaction
   * left idle is ended after 4 times as long, so one stuck statement or lock cannot hold a connection for ever.
   */
  statementTimeoutMs?: number;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when kind is pglite (tests dump and clone it). */
  pglite?: PGlite;
  /** Owner connection: migrations and seeding only. */
  owner: Db;
  /** Switches to the application role; from then on use `app`. */
  app(): Promise<Db>;
  migrate(): Promise<void>;
  /**
   * Hears NOTIFY on a channel (PostgreSQL: one dedicated connection that reconnects by itself; PGlite: one
   * process, nothing to hear). Resolves to a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite (in memory or under `dataDir`). */
/** Extensions the migrations use, loaded into every PGlite instance (PostgreSQL has them in contrib). */
export const pgliteExtensions = { pg_trgm, btree_gin };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts) : openPglite(opts);
}

async function openPglite(opts: DatabaseOptions): Promise<Database> {
  // PGlite and its drizzle driver load only when embedded: a server on PostgreSQL does not pay for them at start.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client =
    opts.pglite ??
    (opts.dataDir
      ? await PGlite.create(opts.dataDir, { extensions: pgliteExtensions })
      : await PGlite.create({ extensions: pgliteExtensions }));
  const owner = drizzlePglite(client, { schema }) as unknown as Db;
  let app: Db | undefined;
  return {
    kind: 'pglite',
    pglite: client,
    owner,
    async app() {
      if (!app) {
        // PGlite is one connection: the session becomes the app role, which cannot bypass row-level security.
        await client.exec(`SET ROLE ${APP_ROLE}`);
        const logger = opts.onQuery ? { logQuery: (q: string) => opts.onQuery?.(q) } : undefined;
        // Without the relational schema (`db.query.*`, unused): drizzle otherwise builds a query builder for every
        // table on every transaction (issue 18). The owner connection keeps it.
        app = drizzlePglite(client, { logger }) as unknown as Db;
      }
      return app;
    },
    async migrate() {
      await migratePglite(owner as never, { migrationsFolder });
    },
    async listen() {
      return async () => {};
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, opts: DatabaseOptions): Promise<Database> {
  const ownerSql = postgres(url, { max: 2, onnotice: () => {} });
  const owner = drizzlePostgres(ownerSql, { schema }) as unknown as Db;
  let appSql: postgres.Sql | undefined;
  let readers: StoreReaders | undefined;
  let app: Db | undefined;
  return {
    kind: 'postgres',
    owner,
    async app() {
      if (!app) {
        const appUrl = opts.appUrl ?? withUser(url, APP_ROLE);
        const debug = opts.onQuery ? (_conn: number, query: string) => opts.onQuery?.(query) : undefined;
        const connection = sessionLimits(opts.statementTimeoutMs);
        appSql = postgres(appUrl, { max: opts.poolSize ?? 10, onnotice: () => {}, debug, connection });
        // Without the relational schema (`db.query.*`, unused): drizzle otherwise builds a query builder for each
        // of the schema's tables on every transaction, 3.5 % of a storefront read's CPU (issue 18).
        app = drizzlePostgres(namedStatements(appSql)) as unknown as Db;
        pools.set(app, appSql);
        // The storefront's readers: as many connections again, opened as reads need them. postgres-js renews a
        // connection after 30 to 60 minutes as in the app pool; `forget` then marks the new session as unset.
        readers = new StoreReaders(
          (forget) =>
            postgres(appUrl, {
              max: 1,
              onnotice: () => {},
              debug,
              connection,
              onclose: forget,
            }),
          opts.poolSize ?? 10,
        );
        readerPools.set(app, readers);
      }
      return app;
    },
    async migrate() {
      await migratePostgres(owner as never, { migrationsFolder });
    },
    async listen(channel, onMessage) {
      const { unlisten } = await ownerSql.listen(channel, onMessage);
      return unlisten;
    },
    async close() {
      await Promise.all([ownerSql.end({ timeout: 5 }), appSql?.end({ timeout: 5 }), readers?.close()]);
    },
  };
}

/** A transaction's state as its connection wrapper sees it: ended by an early COMMIT (`StoreTx.commit`). */
interface TxState {
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

/** The storefront readers of each PostgreSQL app database (`readOnReader`). */
const readerPools = new WeakMap<object, StoreReaders>();

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
  const reader = await readers.acquire(storeId);
  const state: TxState = { ended: false };
  try {
    // The session is switched, and PostgreSQL has said so, before any of the read's statements is issued: no
    // statement can run under the shop the reader held before, whatever the order in which drivers send them.
    const setup = sessionSetup(reader, storeId, generic);
    const generation = reader.generation;
    if (setup) await reader.sql.unsafe(setup);
    const result = await fn(transactionOn(db, namedStatements(reader.sql, state)));
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

/** A drizzle transaction object over `client` with the database's dialect and options (as drizzle's own). */
function transactionOn(db: Db, client: postgres.Sql): Tx {
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
function namedStatements(client: postgres.Sql, tx?: TxState): postgres.Sql {
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

/** The app sessions' time limits, sent with each connection's start-up (nothing when not set). */
function sessionLimits(ms: number | undefined): Record<string, string> {
  if (!ms) return {};
  return {
    statement_timeout: String(ms),
    idle_in_transaction_session_timeout: String(ms * 4),
  };
}

function withUser(url: string, user: string) {
  const u = new URL(url);
  u.username = user;
  u.password = '';
  return u.toString();
}
