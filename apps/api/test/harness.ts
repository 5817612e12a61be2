import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type Database, type Db, openDatabase, pgliteExtensions, pgUrlWithDatabase, schema } from '@haat/db';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Deps } from '../src/lib/deps.ts';
import { TtlCache } from '../src/lib/ttl-cache.ts';
import { SESSION_CHECK_MS } from '../src/modules/accounts/session.service.ts';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** Service-layer dependencies on the same database, for tests that call services directly. */
  deps: Deps;
  /** Owner connection (bypasses nothing on purpose only in tests that set up data). */
  owner: Db;
  /** The app-role connection the server uses. */
  appDb: Db;
  database: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** A private copy of the seeded database for this test file, and the app built on it. */
export async function openTestDatabase(
  poolSize = 4,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (template && url) {
    const name = `haat_t_${randomBytes(6).toString('hex')}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name} template ${template}`);
    const database = await openDatabase({ url: pgUrlWithDatabase(url, name), poolSize });
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = inject('pgliteDump');
  if (!dump) throw new Error('global setup did not prepare a database');
  const pglite = await PGlite.create({
    loadDataDir: new Blob([readFileSync(dump)]),
    extensions: pgliteExtensions,
  });
  const database = await openDatabase({ pglite });
  return { database, drop: () => database.close() };
}

export async function createTestApp(
  env: Record<string, string> = {},
  opts: { logStream?: NodeJS.WritableStream; poolSize?: number } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase(opts.poolSize);
  const appDb = await database.app();
  // Tests never reach the real Razorpay (a closed local port unless a test points it at the fake gateway).
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    RAZORPAY_API_URL: 'http://127.0.0.1:9',
    ...env,
  });
  const logger = opts.logStream
    ? { level: 'info', stream: opts.logStream }
    : env.LOG_LEVEL
      ? { level: env.LOG_LEVEL }
      : false;
  const app = await buildApp({ db: appDb, config, logger });
  const deps: Deps = {
    db: appDb,
    config,
    authSecret: new TextEncoder().encode('test-only-secret'),
    storeCache: new TtlCache(10_000),
    storefrontCache: new TtlCache(2_000, 5_000),
    sessionCache: new TtlCache(SESSION_CHECK_MS, 50_000),
  };
  await app.ready();
  return {
    app,
    deps,
    owner: database.owner,
    appDb,
    database,
    kind: database.kind,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** Slugs of seeded demo shops by status, for tests. */
export async function demoShops(owner: Db) {
  const rows = await owner
    .select({ slug: schema.stores.slug, id: schema.stores.id, status: schema.stores.onlineStatus })
    .from(schema.stores)
    .orderBy(schema.stores.slug);
  const open = rows.filter((r) => r.status === 'PUBLISHED');
  const byStatus = (s: string) => {
    const r = rows.find((x) => x.status === s);
    if (!r) throw new Error(`no demo shop with status ${s}`);
    return r;
  };
  const [a, b] = open;
  if (!a || !b) throw new Error('expected at least two open demo shops');
  return { a, b, open, byStatus, all: rows };
}

export const storeIdOf = async (owner: Db, slug: string) =>
  (await owner.select({ id: schema.stores.id }).from(schema.stores).where(eq(schema.stores.slug, slug)))[0]
    ?.id;
