import { type Database, openDatabase, schema, standbyChecked, standbyStatus } from '@haat/db';
import { seedDemo } from '@haat/db/seed';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoShops, type TestApp } from '../../test/harness.ts';
import { hasPostgresBinaries, type StandbyPair, startStandbyPair } from '../../test/standby-pair.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { demoVendor } from '../modules/accounts/accounts.test-helpers.ts';
import { DEMO_VENDOR_PASSWORD } from '../modules/accounts/index.ts';

/*
 * Storefront reads on a standby (issue 36, decision 0026), on a real primary and streaming standby of their own:
 * the reads go to the standby while it has the shop's last change; a vendor's price change is on the next read,
 * theirs and a shopper's, even with the standby held back; a standby too far behind, or gone, is skipped and
 * every read still answers.
 */

const run = !!process.env.DATABASE_URL && hasPostgresBinaries();
let pair: StandbyPair;
let seeded: Database;
let database: Database;
let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
let vendor: Awaited<ReturnType<typeof demoVendor>>;
let productId = '';

async function openApp(readMaxLagMs: number) {
  database = await openDatabase({
    url: pair.primaryUrl('haat'),
    readUrl: pair.standbyUrl('haat'),
    readMaxLagMs,
    poolSize: 4,
  });
  const db = await database.app();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  // One signing secret for both apps of the file: the vendor's token stays valid across them.
  const authSecret = new TextEncoder().encode('standby-reads-test-secret');
  const app = await buildApp({ db, config, logger: false, authSecret });
  await app.ready();
  await standbyChecked(db);
  return { app, db };
}

beforeAll(async () => {
  if (!run) return;
  pair = await startStandbyPair();
  const admin = postgres(pair.primaryUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe('create database haat');
  await admin.end();
  seeded = await openDatabase({ url: pair.primaryUrl('haat') });
  await seeded.migrate();
  await seedDemo(seeded.owner);
  const { app, db } = await openApp(60_000);
  t = { app, appDb: db, owner: seeded.owner, database, kind: 'postgres' } as unknown as TestApp;
  shops = await demoShops(seeded.owner);
  vendor = await demoVendor(t, shops.a);
  const list = await shopperGet(`/api/store/stores/product?page=1&limit=1`);
  productId = list.json().data.data?.[0]?.id ?? list.json().data[0]?.id;
}, 120_000);
afterAll(async () => {
  await t?.app.close();
  await database?.close();
  await seeded?.close();
  await pair?.close();
});

const shopperGet = (url: string) =>
  t.app.inject({ url, headers: { host: 'localhost:4000', 'store-origin': shops.a.slug } });
const priceSeen = async () => (await shopperGet(`/api/store/stores/product/${productId}`)).json().data;
const reads = () => standbyStatus(t.appDb)?.reads ?? { standby: 0, behind: 0, failed: 0, anywhere: 0 };

/** Waits (bounded) until the standby has replayed everything the primary wrote so far. */
async function caughtUp() {
  const p = postgres(pair.primaryUrl('haat'), { max: 1, onnotice: () => {} });
  const s = postgres(pair.standbyUrl('haat'), { max: 1, onnotice: () => {} });
  try {
    const [{ lsn }] = (await p`select pg_current_wal_lsn()::text as lsn`) as unknown as [{ lsn: string }];
    for (let i = 0; i < 200; i++) {
      const [{ done }] = (await s`select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as done`) as unknown as [
        { done: boolean },
      ];
      if (done) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the standby did not catch up in 10 s');
  } finally {
    await Promise.all([p.end(), s.end()]);
  }
}

async function setPrice(price: number) {
  const current = (await vendor.call('GET', `/api/admin/product/${productId}/`)).json().data;
  const res = await vendor.call('PUT', `/api/admin/product/${productId}/`, {
    product_name: current.product_name,
    sku: current.sku,
    original_price: current.original_price,
    product_price: price,
    unit: current.unit,
    product_quantity: current.product_quantity,
    low_stock_threshold: current.low_stock_threshold,
    shipping_charge: current.shipping_charge,
    category_id: current.category_id,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe.runIf(run)('storefront reads on a standby', () => {
  it('go to the standby once it has the shop', async () => {
    await caughtUp();
    const before = reads().standby;
    const res = await shopperGet(`/api/store/stores/product/${productId}`);
    expect(res.statusCode).toBe(200);
    expect(reads().standby).toBe(before + 1);
  });

  it("a vendor's price change is on the next read, the vendor's and a shopper's, with the standby held back", async () => {
    await pair.delayStandby(3000);
    await caughtUp().catch(() => {}); // the delay applies to what is written from now on
    const original = (await priceSeen()).product_price as number;
    const behind = reads().behind;
    await setPrice(original + 7);
    // The standby has not replayed the change (3 s): the shop's version there is older, so the primary answers.
    expect((await priceSeen()).product_price).toBe(original + 7);
    expect(
      (await vendor.call('GET', `/api/store/stores/product/${productId}`, undefined, shops.a.slug)).json()
        .data.product_price,
    ).toBe(original + 7);
    expect(reads().behind).toBeGreaterThanOrEqual(behind + 2);
    // Once replayed, the standby answers again, with the new price.
    await pair.delayStandby(0);
    await caughtUp();
    const onStandby = reads().standby;
    expect((await priceSeen()).product_price).toBe(original + 7);
    expect(reads().standby).toBe(onStandby + 1);
  });

  it("the marketplace's search and shop list read on the standby", async () => {
    await caughtUp();
    const before = reads().anywhere;
    const search = await t.app.inject({
      url: '/api/store/get-store/products/?q=tea',
      headers: { host: 'localhost:4000' },
    });
    expect(search.statusCode, search.body).toBe(200);
    const list = await t.app.inject({ url: '/api/store/get-store/', headers: { host: 'localhost:4000' } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.results?.length ?? list.json().data.length).toBeGreaterThan(0);
    expect(reads().anywhere).toBe(before + 2);
  });

  it('a standby gone is skipped: every read still answers, from the primary', async () => {
    pair.stopStandby();
    try {
      for (let i = 0; i < 5; i++) {
        const res = await shopperGet(`/api/store/stores/product/${productId}`);
        expect(res.statusCode, res.body).toBe(200);
      }
      await standbyChecked(t.appDb);
      expect(standbyStatus(t.appDb)?.usable).toBe(false);
    } finally {
      pair.startStandby();
    }
  });

  it('a standby further behind than the bound is not read from', async () => {
    await t.app.close();
    await database.close();
    const { app, db } = await openApp(1000);
    Object.assign(t, { app, appDb: db });
    await pair.delayStandby(5000);
    await setPrice(4321);
    // The lag shows once the standby has received a change it holds back and a check (every second) reads it.
    for (let i = 0; i < 100 && standbyStatus(db)?.usable !== false; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await standbyChecked(db);
    }
    expect(standbyStatus(db)?.usable).toBe(false);
    const before = { ...reads() };
    expect((await priceSeen()).product_price).toBe(4321);
    const search = await t.app.inject({
      url: '/api/store/get-store/products/?q=tea',
      headers: { host: 'localhost:4000' },
    });
    expect(search.statusCode).toBe(200);
    expect(reads()).toEqual(before); // neither served by the standby nor tried there
    await pair.delayStandby(0);
  });
});

describe.runIf(run)('reads that had to open on the primary', () => {
  it('move to the standby once it is back (prefer-standby chooses when a connection opens)', {
    timeout: 60_000,
  }, async () => {
    const hosts = (u: string) => /@([^/]+)\//.exec(u)?.[1];
    const readUrl = `postgres://haat_app@${hosts(pair.standbyUrl())},${hosts(pair.primaryUrl())}/haat?target_session_attrs=prefer-standby`;
    pair.stopStandby();
    const opened = await openDatabase({ url: pair.primaryUrl('haat'), readUrl, poolSize: 2 });
    try {
      const db = await opened.app();
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
      const app = await buildApp({ db, config, logger: false });
      const read = () =>
        app.inject({
          url: `/api/store/stores/product/${productId}`,
          headers: { host: 'localhost:4000', 'store-origin': shops.a.slug },
        });
      await standbyChecked(db);
      expect((await read()).statusCode).toBe(200);
      expect(standbyStatus(db)?.onStandby).toBe(false); // the only server up is the primary
      pair.startStandby();
      await caughtUp();
      // Bounded: the checks run every second and reopen the connections after 10 s on a primary.
      for (let i = 0; i < 300 && !standbyStatus(db)?.onStandby; i++) {
        await new Promise((r) => setTimeout(r, 100));
        await standbyChecked(db);
      }
      expect(standbyStatus(db)?.onStandby).toBe(true);
      const before = standbyStatus(db)?.reads.standby ?? 0;
      expect((await read()).statusCode).toBe(200);
      expect(standbyStatus(db)?.reads.standby).toBe(before + 1);
      await app.close();
    } finally {
      await opened.close();
    }
  });
});

describe.runIf(run)('writes find the primary', () => {
  it('a host list with read-write connects to the primary even when the standby is listed first', async () => {
    const hosts = (u: string) => /@([^/]+)\//.exec(u)?.[1];
    const url = `postgres://postgres@${hosts(pair.standbyUrl())},${hosts(pair.primaryUrl())}/haat?target_session_attrs=read-write`;
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql`select pg_is_in_recovery() as standby`;
      expect(row?.standby).toBe(false);
    } finally {
      await sql.end();
    }
  });

  it('a write that reaches a standby answers 503 DATABASE_UNAVAILABLE, to be tried again, not 500', async () => {
    const onStandby = await openDatabase({ url: pair.standbyUrl('haat'), poolSize: 2 });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const app = await buildApp({ db: await onStandby.app(), config, logger: false });
    try {
      // Signing in reads the account (fine on a standby), then writes the session: refused there.
      const [owner] = await seeded.owner
        .select({ email: schema.users.email })
        .from(schema.users)
        .innerJoin(schema.stores, eq(schema.stores.ownerId, schema.users.id))
        .where(eq(schema.stores.id, shops.a.id));
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/admin-login/',
        payload: { email: owner?.email, password: DEMO_VENDOR_PASSWORD, role_name: 'VENDOR' },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error.code).toBe('DATABASE_UNAVAILABLE');
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await app.close();
      await onStandby.close();
    }
  });
});
