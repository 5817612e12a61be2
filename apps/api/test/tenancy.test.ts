import { schema, withStore } from '@haat/db';
import { TENANT_TABLES } from '@haat/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from './harness.ts';

/** Row-level security proves tenancy again inside the database, below the application code. */
let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
});
afterAll(() => t?.close());

const rowsOf = (r: unknown) =>
  (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];

describe(`row-level security`, () => {
  it('runs the app as a role that is not superuser, cannot bypass RLS and owns no table', async () => {
    const [role] = rowsOf(
      await t.appDb.execute(
        sql`select current_user as name, r.rolsuper, r.rolbypassrls from pg_roles r where r.rolname = current_user`,
      ),
    );
    expect(role).toEqual({ name: 'haat_app', rolsuper: false, rolbypassrls: false });
    const owned = rowsOf(
      await t.appDb.execute(
        sql`select count(*)::int as n from pg_tables where schemaname = 'public' and tableowner = current_user`,
      ),
    );
    expect(owned[0]?.n).toBe(0);
    await expect(t.appDb.execute(sql`alter table products disable row level security`)).rejects.toThrow();
  });

  it("with shop A's context, a query with no WHERE sees exactly A's rows and none of B's", async () => {
    for (const table of [
      schema.products,
      schema.reviews,
      schema.deals,
      schema.storeSections,
      schema.productCategories,
    ]) {
      const seen = await withStore(t.appDb, shops.a.id, (tx) =>
        tx.select({ storeId: table.storeId }).from(table),
      );
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((r) => r.storeId === shops.a.id)).toBe(true);
    }
    const [aCount] = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.products)
        .where(eq(schema.products.storeId, shops.a.id)),
    );
    const seen = await withStore(t.appDb, shops.a.id, (tx) => tx.select().from(schema.products));
    expect(seen.length).toBe(aCount?.n);
  });

  it('forces row-level security on every tenant table, and every table with store_id is one', async () => {
    const rows = rowsOf(
      await t.owner.execute(sql`
        select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r'
           and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'store_id' and not a.attisdropped)`),
    ) as { name: string; enabled: boolean; forced: boolean }[];
    // Directory tables carry store_id too but are read before a shop is known (decision 0002); so does the
    // marketplace's public read model of open shops' products (decision 0011), and each shop's content version,
    // read before any page of the shop (decision 0024).
    const directory = ['users', 'store_domains', 'outbox', 'marketplace_products', 'store_content_versions'];
    const tenant = rows.filter((r) => !directory.includes(r.name));
    expect(tenant.map((r) => r.name).sort()).toEqual([...TENANT_TABLES].sort());
    for (const r of tenant) expect(r, r.name).toMatchObject({ enabled: true, forced: true });
  });

  it('with no shop context, tenant tables show nothing', async () => {
    expect(await t.appDb.select().from(schema.products)).toEqual([]);
    expect(await t.appDb.select().from(schema.storeLocations)).toEqual([]);
    expect(await t.appDb.select().from(schema.reviews)).toEqual([]);
  });

  it("refuses to write a row for shop B while in shop A's context", async () => {
    await expect(
      withStore(t.appDb, shops.a.id, (tx) =>
        tx.insert(schema.productCategories).values({ storeId: shops.b.id, name: 'Smuggled' }),
      ),
    ).rejects.toThrow();
    const updated = await withStore(t.appDb, shops.a.id, (tx) =>
      tx
        .update(schema.products)
        .set({ quantity: 999 })
        .where(eq(schema.products.storeId, shops.b.id))
        .returning(),
    );
    expect(updated).toEqual([]);
  });

  it("cannot point a row at another shop's row (composite foreign keys)", async () => {
    const [bProduct] = await withStore(t.appDb, shops.b.id, (tx) =>
      tx.select({ id: schema.products.id }).from(schema.products).limit(1),
    );
    if (!bProduct) throw new Error('shop B has products');
    await expect(
      withStore(t.appDb, shops.a.id, (tx) =>
        tx
          .insert(schema.reviews)
          .values({ storeId: shops.a.id, productId: bProduct.id, name: 'X', rating: 5 }),
      ),
    ).rejects.toThrow();
  });

  it('keeps a sale from taking stock below zero (only a sale already made offline records a shortfall, 0034)', async () => {
    const [variant] = await withStore(t.appDb, shops.a.id, (tx) =>
      tx.select({ id: schema.productVariants.id }).from(schema.productVariants).limit(1),
    );
    if (!variant) throw new Error('shop A has variants');
    await expect(
      withStore(t.appDb, shops.a.id, (tx) =>
        tx.execute(sql`select take_variant_stock(${shops.a.id}, ${variant.id}, 1000000)`),
      ),
    ).rejects.toThrow();
  });

  it('a shop transaction is all or nothing, its context ends with it, and the connection is clean after', async () => {
    const [before] = await withStore(t.appDb, shops.a.id, (tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(schema.productCategories),
    );
    // The first statement goes out with BEGIN and the context; a later failure takes it back.
    await expect(
      withStore(t.appDb, shops.a.id, async (tx) => {
        await tx.insert(schema.productCategories).values({ storeId: shops.a.id, name: 'Rolled back' });
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    const [after] = await withStore(t.appDb, shops.a.id, (tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(schema.productCategories),
    );
    expect(after?.n).toBe(before?.n);
    // Every pooled connection afterwards: no shop context left behind and, on PostgreSQL, no transaction left
    // open (a statement outside a transaction starts its own, so the two timestamps agree; PGlite's clock does
    // not tell them apart, and it has one connection).
    const states = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.appDb.execute(
          sql`select now() = statement_timestamp() as outside_tx, coalesce(current_setting('app.store_id', true), '') as ctx`,
        ),
      ),
    );
    for (const r of states) {
      const row = rowsOf(r)[0];
      expect(row?.ctx).toBe('');
      if (t.kind === 'postgres') expect(row?.outside_tx).toBe(true);
    }
  });
});
