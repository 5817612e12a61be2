import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { applyMigrations } from './migrate.ts';
import { pgUrlWithUser } from './pg-url.ts';
import { namedStatements, registerPool } from './pipeline.ts';
import { openStandby, registerReaders } from './reads.ts';
import * as schema from './schema/index.ts';
import type { StandbyReads } from './standby.ts';
import { StoreReaders } from './store-readers.ts';

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
  /**
   * PostgreSQL: a standby for the storefront's reads (`readInStore`), as the app role (another user in the URL is
   * replaced by it). Unset: they run on the primary.
   */
  readUrl?: string;
  /** A standby further behind than this (ms) is skipped until it catches up (default 5000). */
  readMaxLagMs?: number;
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
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
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
      await applyMigrations(owner, migrationsFolder);
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
  let standby: StandbyReads | undefined;
  let app: Db | undefined;
  return {
    kind: 'postgres',
    owner,
    async app() {
      if (!app) {
        const appUrl = opts.appUrl ?? pgUrlWithUser(url, APP_ROLE);
        const debug = opts.onQuery ? (_conn: number, query: string) => opts.onQuery?.(query) : undefined;
        const connection = sessionLimits(opts.statementTimeoutMs);
        appSql = postgres(appUrl, { max: opts.poolSize ?? 10, onnotice: () => {}, debug, connection });
        // Without the relational schema (`db.query.*`, unused): drizzle otherwise builds a query builder for each
        // of the schema's tables on every transaction, 3.5 % of a storefront read's CPU (issue 18).
        app = drizzlePostgres(namedStatements(appSql)) as unknown as Db;
        registerPool(app, appSql);
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
        const onStandby = opts.readUrl && openStandby(opts.readUrl, opts, connection, debug, appSql);
        standby = onStandby ? onStandby.standby : undefined;
        registerReaders(app, readers, onStandby || undefined);
      }
      return app;
    },
    async migrate() {
      await applyMigrations(owner, migrationsFolder);
    },
    async listen(channel, onMessage) {
      const { unlisten } = await ownerSql.listen(channel, onMessage);
      return unlisten;
    },
    async close() {
      await Promise.all([
        ownerSql.end({ timeout: 5 }),
        appSql?.end({ timeout: 5 }),
        readers?.close(),
        standby?.close(),
      ]);
    },
  };
}

/** The app sessions' time limits, sent with each connection's start-up (nothing when not set). */
function sessionLimits(ms: number | undefined): Record<string, string> {
  if (!ms) return {};
  return {
    statement_timeout: String(ms),
    idle_in_transaction_session_timeout: String(ms * 4),
  };
}

export { EARLY_COMMIT, isPipelined, transactionWith } from './pipeline.ts';
export { readAnywhere, readOnReader, standbyChecked, standbyStatus } from './reads.ts';
