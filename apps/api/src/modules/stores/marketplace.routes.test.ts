import { type MarketplaceProduct, marketplaceProduct, marketplaceProductQuery } from '@haat/contracts';
import { rowsOf, schema, withStore } from '@haat/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { refreshDuePrices, searchMarketplace } from './marketplace.repository.ts';

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
});
afterAll(() => t?.close());

const URL = '/api/store/get-store/products/';
const get = (query = '') =>
  t.app.inject({ method: 'GET', url: `${URL}${query}`, headers: { host: 'localhost:4000' } });
const search = async (query: string) => {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { results: MarketplaceProduct[]; count: number; count_capped: boolean };
};
/**
 * How many products match: the page past the last match answers the count (up to 1,000); a page itself only says
 * how many came before and on it, and whether more follow.
 */
const countOf = async (query = '') => {
  const past = await search(`?${query}${query ? '&' : ''}offset=100000`);
  expect(past.results).toEqual([]);
  return past.count;
};
const setStatus = (id: string, status: string) =>
  t.owner
    .update(schema.stores)
    .set({ onlineStatus: status as 'PUBLISHED' })
    .where(eq(schema.stores.id, id));
/** A shop's products (the owner connection may see every shop's rows on PostgreSQL: filtered by shop). */
const productsOf = (storeId: string) =>
  withStore(t.owner, storeId, (tx) =>
    tx
      .select({ id: schema.products.id, name: schema.products.name, status: schema.products.status })
      .from(schema.products)
      .where(eq(schema.products.storeId, storeId)),
  );

describe('GET /api/store/get-store/products/', () => {
  it('lists the active products of open shops only, with nothing a storefront does not show', async () => {
    const all = await search('?limit=100');
    const openIds = new Set(shops.open.map((s) => s.id));
    expect(all).toMatchObject({ count: 100, count_capped: true });
    expect(all.results).toHaveLength(100);
    for (const p of all.results) {
      expect(openIds.has(p.store.id)).toBe(true);
      // Exactly the contract's fields: no cost, SKU, quantity, supplier or shop-private data.
      expect(Object.keys(p).sort()).toEqual(Object.keys(marketplaceProduct.shape).sort());
    }
    let active = 0;
    for (const shop of shops.open)
      active += (await productsOf(shop.id)).filter((p) => p.status === 'ACTIVE').length;
    expect(await countOf()).toBe(active);
  });

  it('opens a product on its shop’s own address', async () => {
    const { results } = await search('?search=kurta&limit=100');
    const p = results[0];
    if (!p) throw new Error('no kurta');
    const [plan] = await t.owner
      .select({ plan: schema.stores.plan })
      .from(schema.stores)
      .where(eq(schema.stores.id, p.store.id));
    const expected =
      plan?.plan === 'basic'
        ? `http://localhost:4000/store/${p.store.slug}/product/${p.id}`
        : `http://${p.store.slug}.localhost:4000/product/${p.id}`;
    expect(p.product_url).toBe(expected);
  });

  it('finds a product by a word, by a typo and by its category, and says when nothing matches', async () => {
    const kurta = await search('?search=kurta&limit=100');
    expect(kurta.count).toBe(kurta.results.length);
    expect(kurta.count_capped).toBe(false);
    expect(kurta.results.some((p) => p.product_name.includes('Indigo Dabu Print Straight Kurta'))).toBe(true);
    const typo = await search('?search=kurtha&limit=100');
    expect(typo.results.map((p) => p.id)).toContain(
      kurta.results.find((p) => p.product_name.includes('Indigo Dabu'))?.id,
    );
    // Every word must match, each allowing a typo: the masala chai, not every masala or every chai.
    const chai = await search('?search=masala%20chay&limit=100');
    expect(chai.results.map((p) => p.product_name)).toEqual(['Kolkata Masala Chai Mix, 250 g']);
    const tea = await search('?search=darjeling%20tea&limit=100');
    expect(tea.results.length).toBeGreaterThanOrEqual(2);
    expect(tea.results.every((p) => p.product_name.includes('Darjeeling'))).toBe(true);
    const none = await get('?search=zzqqxx');
    expect(none.json()).toMatchObject({
      success: true,
      message: 'No Products Found',
      data: { results: [], count: 0 },
    });
  });

  it('filters by category, city, price range, rating and stock', async () => {
    const food = await search('?category=Food&limit=100');
    const foodShops = new Set(
      (await t.app.inject({ url: '/api/store/get-store/?category=Food&limit=100' }))
        .json()
        .data.results.map((s: { id: string }) => s.id),
    );
    expect(food.results.length).toBeGreaterThan(0);
    expect(food.results.every((p) => foodShops.has(p.store.id))).toBe(true);
    const jaipur = await search('?city=jaipur&limit=100');
    expect(jaipur.results.length).toBeGreaterThan(0);
    expect(jaipur.results.every((p) => p.store.city === 'Jaipur')).toBe(true);
    const band = await search('?min_price=500&max_price=1000&limit=100');
    expect(band.results.length).toBeGreaterThan(0);
    expect(band.results.every((p) => p.price >= 500 && p.price <= 1000)).toBe(true);
    const rated = await search('?rating=4.5&limit=100');
    expect(rated.results.every((p) => p.average_rating >= 4.5)).toBe(true);
    const all = await countOf();
    const stocked = await search('?in_stock=true&limit=100');
    expect(stocked.results.every((p) => p.in_stock)).toBe(true);
    expect(await countOf('in_stock=true')).toBeLessThan(all);
    expect(await countOf('in_stock=false')).toBe(all);
  });

  it('sorts by price, newest and relevance, and pages with limit and offset', async () => {
    const asc = (await search('?sort=price_asc&limit=50')).results.map((p) => p.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await search('?sort=price_desc&limit=50')).results.map((p) => p.max_price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const newest = (await search('?sort=newest&limit=5')).results.map((p) => p.id);
    const expected = rowsOf<{ id: string }>(
      await t.owner.execute(
        sql`select product_id as id from marketplace_products order by created_at desc, product_id limit 5`,
      ),
    ).map((r) => r.id);
    expect(newest).toEqual(expected);
    const best = (await search('?search=kurta&sort=relevance&limit=1')).results[0];
    expect(best?.product_name.toLowerCase()).toContain('kurta');
    // A page counts the matches up to itself and says whether more follow (its own scan asks one row more).
    const p1 = await search('?sort=price_asc&limit=7&offset=0');
    const p2 = await search('?sort=price_asc&limit=7&offset=7');
    expect(p1).toMatchObject({ count: 7, count_capped: true });
    expect(p2).toMatchObject({ count: 14, count_capped: true });
    const ids = new Set([...p1.results, ...p2.results].map((p) => p.id));
    expect(ids.size).toBe(14);
    // Past the last match: no products, but the count, so a screen can step back to the last page.
    const total = await countOf('sort=price_asc');
    const past = await search('?sort=price_asc&limit=7&offset=7000');
    expect(past).toEqual({ results: [], count: total, count_capped: false });
    // The last page: the count is exact and nothing more follows; a page ending on the last match says so too.
    const last = await search(`?sort=price_asc&limit=7&offset=${total - 3}`);
    expect(last.results).toHaveLength(3);
    expect(last).toMatchObject({ count: total, count_capped: false });
    const ending = await search(`?sort=price_asc&limit=7&offset=${total - 7}`);
    expect(ending).toMatchObject({ count: total, count_capped: false });
    expect(ending.results.slice(4).map((p) => p.id)).toEqual(last.results.map((p) => p.id));
  });

  it('shows the price the shop’s own listing shows, live deals and sales included', async () => {
    const { results } = await search(`?city=Jaipur&limit=100`);
    const shop = results[0]?.store.slug ?? '';
    const listing = await t.app.inject({
      url: '/api/store/stores/product?limit=100',
      headers: { 'store-origin': shop },
    });
    expect(listing.statusCode, listing.body).toBe(200);
    const own = listing.json().data as { id: string; product_price: number; discount_price: number | null }[];
    const mine = results.filter((p) => p.store.slug === shop);
    expect(mine.length).toBe(own.length);
    for (const p of mine) {
      const card = own.find((c) => c.id === p.id);
      expect(p.price).toBe(card?.discount_price ?? card?.product_price);
      expect(p.product_price).toBe(card?.product_price);
    }
    expect(mine.some((p) => p.price < p.product_price)).toBe(true);
  });

  it('follows a deal at once, and a deal’s start when its time comes', async () => {
    const shop = shops.a;
    const { results } = await search(`?limit=100&sort=price_desc`);
    const p = results.find((r) => r.store.id === shop.id && r.price === r.product_price);
    if (!p) throw new Error('no full-price product');
    const dealPrice = Math.round(p.product_price * 50);
    const find = async () =>
      (await search(`?search=${encodeURIComponent(p.product_name)}&limit=100`)).results.find(
        (r) => r.id === p.id,
      );
    const dealId = await withStore(t.owner, shop.id, async (tx) => {
      const [d] = await tx
        .insert(schema.deals)
        .values({
          storeId: shop.id,
          productId: p.id,
          title: 'Test deal',
          dealPricePaise: dealPrice,
          startsAt: new Date(Date.now() - 60_000),
          endsAt: new Date(Date.now() + 3_600_000),
        })
        .returning({ id: schema.deals.id });
      return d?.id ?? '';
    });
    expect((await find())?.price).toBe(dealPrice / 100);
    // The deal moves to tomorrow: full price again, and the row knows when to look again.
    await withStore(t.owner, shop.id, (tx) =>
      tx
        .update(schema.deals)
        .set({ startsAt: new Date(Date.now() + 86_400_000), endsAt: new Date(Date.now() + 2 * 86_400_000) })
        .where(eq(schema.deals.id, dealId)),
    );
    expect((await find())?.price).toBe(p.product_price);
    // Time passes (the window moved back without a write the triggers see): the refresher recomputes it.
    await t.owner.transaction(async (tx) => {
      // As the session's own (owning) role: PGlite's one connection otherwise works as the app role.
      await tx.execute(sql`set local role none`);
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`select set_config('app.store_id', ${shop.id}, true)`);
      await tx.execute(
        sql`update deals set starts_at = now() - interval '1 minute' where store_id = ${shop.id} and id = ${dealId}`,
      );
      await tx.execute(
        sql`update marketplace_products set price_valid_until = now() - interval '1 second' where store_id = ${shop.id} and product_id = ${p.id}`,
      );
    });
    expect((await find())?.price).toBe(p.product_price);
    expect(await refreshDuePrices(t.appDb)).toBeGreaterThan(0);
    expect((await find())?.price).toBe(dealPrice / 100);
    await withStore(t.owner, shop.id, (tx) => tx.delete(schema.deals).where(eq(schema.deals.id, dealId)));
    expect((await find())?.price).toBe(p.product_price);
  });

  it('drops a shop’s products the moment it closes, and brings them back when it reopens', async () => {
    const shop = shops.b;
    const mine = () => countOf();
    const before = await mine();
    const own = (await productsOf(shop.id)).filter((p) => p.status === 'ACTIVE').length;
    const vendor = await demoVendor(t, shop);
    const maintenance = await vendor.call('POST', '/api/store/create-store-setting/', {
      store_id: shop.id,
      online_status: 'MAINTENANCE',
    });
    expect(maintenance.statusCode, maintenance.body).toBe(200);
    expect(await mine()).toBe(before - own);
    for (const status of ['SUSPENDED', 'DRAFT', 'OFFLINE']) {
      await setStatus(shop.id, status);
      expect(await mine()).toBe(before - own);
    }
    await setStatus(shop.id, 'PUBLISHED');
    expect(await mine()).toBe(before);
    await setStatus(shop.id, 'SUSPENDED');
    const suspendedNames = (await productsOf(shop.id)).map((p) => p.name);
    const found = await search(`?search=${encodeURIComponent(suspendedNames[0] ?? '')}&limit=100`);
    expect(found.results.some((p) => p.store.id === shop.id)).toBe(false);
    await setStatus(shop.id, 'PUBLISHED');
  });

  it('never shows a closed shop’s products or an archived product, and follows a rename', async () => {
    for (const status of ['DRAFT', 'OFFLINE', 'SUSPENDED', 'MAINTENANCE', 'TEMPORARILY_UNAVAILABLE']) {
      const closed = shops.byStatus(status);
      for (const p of await productsOf(closed.id)) {
        const found = await search(`?search=${encodeURIComponent(p.name)}&limit=100`);
        expect(
          found.results.some((r) => r.id === p.id || r.store.id === closed.id),
          p.name,
        ).toBe(false);
      }
    }
    const shop = shops.a;
    const [p] = (await productsOf(shop.id)).filter((x) => x.status === 'ACTIVE');
    if (!p) throw new Error('no product');
    const where = and(eq(schema.products.storeId, shop.id), eq(schema.products.id, p.id));
    await withStore(t.owner, shop.id, (tx) =>
      tx.update(schema.products).set({ name: 'Zanskar Pashmina Marketplace Shawl' }).where(where),
    );
    expect((await search('?search=pashmina marketplace')).results.map((r) => r.id)).toContain(p.id);
    await withStore(t.owner, shop.id, (tx) =>
      tx.update(schema.products).set({ status: 'ARCHIVED' }).where(where),
    );
    expect((await search('?search=pashmina marketplace')).results.map((r) => r.id)).not.toContain(p.id);
  });

  it('finds Hindi names by their English spelling and English names by a Hindi search (transliteration)', async () => {
    const [hindi, english] = (await productsOf(shops.a.id)).filter((x) => x.status === 'ACTIVE').slice(1, 3);
    if (!hindi || !english) throw new Error('two products');
    const rename = (id: string, name: string) =>
      withStore(t.owner, shops.a.id, (tx) =>
        tx
          .update(schema.products)
          .set({ name })
          .where(and(eq(schema.products.storeId, shops.a.id), eq(schema.products.id, id))),
      );
    await rename(hindi.id, 'लखनवी चिकनकारी कुर्ता');
    await rename(english.id, 'Zardozi Banarasi Dupatta');
    const ids = async (q: string) =>
      (await search(`?search=${encodeURIComponent(q)}&limit=50`)).results.map((r) => r.id);
    // Typed in English, found in Devanagari: the name shows as the shop wrote it.
    expect(await ids('chikankari kurta')).toContain(hindi.id);
    const found = (await search(`?search=${encodeURIComponent('chikankari kurta')}&limit=50`)).results.find(
      (r) => r.id === hindi.id,
    );
    expect(found?.product_name).toBe('लखनवी चिकनकारी कुर्ता');
    // Typed in Devanagari: the Hindi name itself, and an English name spelled the same way.
    expect(await ids('कुर्ता')).toContain(hindi.id);
    expect(await ids('ज़रदोज़ी दुपट्टा')).toContain(english.id);
    // Unrelated words find neither.
    expect(await ids('गाजर')).not.toContain(hindi.id);
    await rename(hindi.id, hindi.name);
    await rename(english.id, english.name);
  });

  it('forgives typos through the dictionary of the names’ words, which follows every write at once', async () => {
    const [p] = (await productsOf(shops.a.id)).filter((x) => x.status === 'ACTIVE').slice(3, 4);
    if (!p) throw new Error('no product');
    const rename = (name: string) =>
      withStore(t.owner, shops.a.id, (tx) =>
        tx
          .update(schema.products)
          .set({ name })
          .where(and(eq(schema.products.storeId, shops.a.id), eq(schema.products.id, p.id))),
      );
    const ids = async (q: string) =>
      (await search(`?search=${encodeURIComponent(q)}&limit=50`)).results.map((r) => r.id);
    await rename('Kashmiri Walnut Wood Jewellery Box (कश्मीरी डिब्बा)');
    // The name's words, and its romanisation's, are in the dictionary in the same transaction as the write.
    const words = rowsOf<{ word: string }>(
      await t.appDb.execute(
        sql`select word from marketplace_words where word in ('kashmiri', 'walnut', 'jewellery', 'dibba') order by word`,
      ),
    ).map((r) => r.word);
    expect(words).toEqual(['dibba', 'jewellery', 'kashmiri', 'walnut']);
    // A typo in every word, each word matched against the dictionary and the words found searched in the names.
    expect(await ids('kashmeeri walnat')).toContain(p.id);
    expect(await ids('jewelery dibba')).toContain(p.id);
    // Every word must still be there: a word like none of the name's leaves it out.
    expect(await ids('kashmeeri zzqqxx')).not.toContain(p.id);
    // By sort and with a filter, as the relevance order.
    const city = (await search(`?search=walnut&limit=50`)).results.find((r) => r.id === p.id)?.store.city;
    const filtered = await search(
      `?search=${encodeURIComponent('kashmeeri walnat')}&sort=price_asc&city=${encodeURIComponent(city ?? '')}&limit=50`,
    );
    expect(filtered.results.map((r) => r.id)).toContain(p.id);
    await rename(p.name);
  });

  it('finds the same page of a sorted search whichever way it takes (the bounded walk, walking on, or reading every match)', async () => {
    const ids = async (query: Record<string, string>, walk?: number) =>
      (await searchMarketplace(t.appDb, marketplaceProductQuery.parse(query), walk))
        .filter((r) => r.product_id)
        .map((r) => r.product_id);
    const queries: Record<string, string>[] = [
      { search: 'kurta', sort: 'price_asc', limit: '5' },
      { search: 'kurta', sort: 'price_desc', limit: '4', offset: '3' },
      { search: 'kurtha', sort: 'newest', limit: '3', offset: '2' },
      { search: 'tea', sort: 'price_asc', city: 'Darjeeling', limit: '2' },
      { search: 'darjeling tea', sort: 'newest', limit: '50' },
      { search: 'zzqqxx', sort: 'price_asc' },
    ];
    for (const query of queries) {
      const whole = await ids(query);
      // The whole catalogue fits the default walk; a walk of 1 or 3 rows leaves the page short, so the search goes
      // on by the planner's plan (4 matches or more in the walk) or reads every match and sorts them.
      for (const walk of [1, 3, 30])
        expect(await ids(query, walk), JSON.stringify({ query, walk })).toEqual(whole);
    }
    const kurtas = await ids({ search: 'kurta', sort: 'price_asc', limit: '100' });
    expect(kurtas.length).toBeGreaterThan(5);
  });

  it('refuses a bad query naming each field', async () => {
    const res = await get('?sort=cheapest&rating=9&in_stock=maybe&limit=0&category=Toys');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'category',
      'in_stock',
      'limit',
      'rating',
      'sort',
    ]);
    const range = await get('?min_price=900&max_price=100');
    expect(range.statusCode).toBe(400);
    expect(range.json().error.issues.map((i: { path: string }) => i.path)).toEqual(['min_price']);
    expect((await get(`?search=${'x'.repeat(101)}`)).json().error.issues[0].path).toBe('search');
  });

  it('is read-only for the app role', async () => {
    const refused = await t.appDb
      .execute(sql`delete from marketplace_products where store_id = ${shops.a.id}`)
      .then(
        () => 'deleted',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
    expect(refused).toMatch(/permission denied/);
    const added = await t.appDb.execute(sql`insert into marketplace_words (word) values ('zzqq')`).then(
      () => 'inserted',
      (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
    );
    expect(added).toMatch(/permission denied/);
  });
});
