import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
});
afterAll(() => t?.close());

const get = (url: string, slug?: string, host = 'localhost:4000') =>
  t.app.inject({ method: 'GET', url, headers: { host, ...(slug ? { 'store-origin': slug } : {}) } });

type Card = {
  id: string;
  product_price: number;
  discount_price: number | null;
  discount_percentage: number;
  stock_status: string;
  product_quantity: number;
  average_rating: number;
  category: { id: string; name: string } | null;
};

describe('GET /api/store/stores/home/', () => {
  it('gives sections in order, featured products and live deals', async () => {
    const res = await get('/api/store/stores/home/', shops.a.slug);
    expect(res.statusCode).toBe(200);
    const home = res.json().data;
    expect(home.store.slug).toBe(shops.a.slug);
    const names = home.sections.map((s: { name: string }) => s.name);
    expect(names.slice(0, 3)).toEqual(['banner', 'featured', 'deals']);
    expect(home.featured.length).toBeGreaterThanOrEqual(4);
    expect(home.deals.length).toBeGreaterThan(0);
    const now = Date.now();
    for (const d of home.deals) {
      expect(new Date(d.deal.end_time).getTime()).toBeGreaterThan(now);
      expect(new Date(d.deal.start_time).getTime()).toBeLessThanOrEqual(now);
      expect(d.discount_percentage).toBe(
        Math.round(((d.product.product_price - d.discount_price) / d.product.product_price) * 100),
      );
    }
    for (const u of home.upcoming_sales) expect(new Date(u.deal.start_time).getTime()).toBeGreaterThan(now);
  });

  it('finds the shop from its subdomain without the header', async () => {
    const res = await get('/api/store/stores/home/', undefined, `${shops.a.slug}.localhost:4000`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.store.slug).toBe(shops.a.slug);
  });

  it('answers 404 for an unknown shop, 403 for a draft one, 400 with no shop at all', async () => {
    expect((await get('/api/store/stores/home/', 'ghost-shop')).statusCode).toBe(404);
    const draft = await get('/api/store/stores/home/', shops.byStatus('DRAFT').slug);
    expect(draft.statusCode).toBe(403);
    expect(draft.json().error.status).toBe('DRAFT');
    const none = await get('/api/store/stores/home/');
    expect(none.statusCode).toBe(400);
    expect(none.json().error.issues[0].path).toBe('store-origin');
  });
});

describe('GET /api/store/stores/product', () => {
  it('lists 20 product cards with real discounts and stock labels, and the total', async () => {
    const res = await get('/api/store/stores/product?limit=20', shops.a.slug);
    expect(res.statusCode).toBe(200);
    const cards: Card[] = res.json().data;
    expect(cards).toHaveLength(20);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(20);
    for (const c of cards) {
      if (c.discount_price == null) expect(c.discount_percentage).toBe(0);
      else
        expect(c.discount_percentage).toBe(
          Math.round(((c.product_price - c.discount_price) / c.product_price) * 100),
        );
      if (c.product_quantity === 0) expect(c.stock_status).toBe('OUT_OF_STOCK');
    }
    const all: Card[] = (await get('/api/store/stores/product?limit=100', shops.a.slug)).json().data;
    expect(all.some((c) => c.stock_status === 'OUT_OF_STOCK')).toBe(true);
    expect(all.some((c) => c.stock_status === 'LOW_STOCK')).toBe(true);
  });

  it('sorts by price and filters by price range and category on the server', async () => {
    const asc: Card[] = (await get('/api/store/stores/product?sort=price_asc&limit=100', shops.a.slug)).json()
      .data;
    const pays = asc.map((c) => c.discount_price ?? c.product_price);
    expect(pays).toEqual([...pays].sort((x, y) => x - y));
    const [lo, hi] = [pays[2] ?? 0, pays[pays.length - 3] ?? 0];
    const ranged: Card[] = (
      await get(`/api/store/stores/product?min_price=${lo}&max_price=${hi}&limit=100`, shops.a.slug)
    ).json().data;
    expect(ranged.length).toBeGreaterThan(0);
    for (const c of ranged) expect(c.discount_price ?? c.product_price).toBeGreaterThanOrEqual(lo);
    const cat = asc.find((c) => c.category)?.category;
    if (!cat) throw new Error('demo products have categories');
    const inCat: Card[] = (
      await get(`/api/store/stores/product?category=${cat.id}&limit=100`, shops.a.slug)
    ).json().data;
    expect(inCat.length).toBeGreaterThan(0);
    expect(inCat.every((c) => c.category?.id === cat.id)).toBe(true);
  });

  it("shows nothing of another shop: B's category id under A's origin matches no product", async () => {
    const bCards: Card[] = (await get('/api/store/stores/product?limit=100', shops.b.slug)).json().data;
    const bCat = bCards.find((c) => c.category)?.category;
    if (!bCat) throw new Error('demo products have categories');
    const res = await get(`/api/store/stores/product?category=${bCat.id}`, shops.a.slug);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    const aIds = new Set(
      ((await get('/api/store/stores/product?limit=100', shops.a.slug)).json().data as Card[]).map(
        (c) => c.id,
      ),
    );
    expect(bCards.some((c) => aIds.has(c.id))).toBe(false);
  });

  it('rejects bad queries with 400', async () => {
    for (const q of ['sort=cheapest', 'limit=1000', 'min_price=-5', 'rating=9', 'offset=abc']) {
      const res = await get(`/api/store/stores/product?${q}`, shops.a.slug);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 404 for an unknown shop', async () => {
    expect((await get('/api/store/stores/product', 'ghost-shop')).statusCode).toBe(404);
  });

  it('applies a live deal price to the card', async () => {
    const home = (await get('/api/store/stores/home/', shops.a.slug)).json().data;
    const deal = home.deals[0];
    const cards: Card[] = (await get('/api/store/stores/product?limit=100', shops.a.slug)).json().data;
    const card = cards.find((c) => c.id === deal.product.id);
    expect(card?.discount_price).toBeLessThanOrEqual(deal.discount_price);
    // The price filter and sort use the same price a shopper pays.
    const pays = (c: Card | undefined) => c?.discount_price ?? c?.product_price;
    const upTo: Card[] = (
      await get(`/api/store/stores/product?limit=100&max_price=${pays(card)}&sort=price_desc`, shops.a.slug)
    ).json().data;
    expect(pays(upTo[0])).toBe(pays(card));
    expect(upTo.every((c) => (pays(c) ?? 0) <= (pays(card) ?? 0))).toBe(true);
    expect(upTo.map((c) => c.id)).toContain(deal.product.id);
  });
});

describe('GET /api/store/stores/product/store-deals', () => {
  it('lists only deals running now, ending soonest first', async () => {
    const res = await get('/api/store/stores/product/store-deals', shops.a.slug);
    expect(res.statusCode).toBe(200);
    const deals = res.json().data as { deal: { start_time: string; end_time: string } }[];
    expect(deals.length).toBeGreaterThan(0);
    const ends = deals.map((d) => d.deal.end_time);
    expect(ends).toEqual([...ends].sort());
    expect(deals.every((d) => new Date(d.deal.start_time).getTime() <= Date.now())).toBe(true);
  });
  it('answers 403 for a suspended shop', async () => {
    expect(
      (await get('/api/store/stores/product/store-deals', shops.byStatus('SUSPENDED').slug)).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/store/stores/product/get-store-product-category/', () => {
  it("lists the shop's categories with sub-categories, and none of another shop's", async () => {
    const a = (await get('/api/store/stores/product/get-store-product-category/', shops.a.slug)).json().data;
    const b = (await get('/api/store/stores/product/get-store-product-category/', shops.b.slug)).json().data;
    expect(a.length).toBeGreaterThan(0);
    expect(a[0].sub_categories.length).toBeGreaterThan(0);
    const aIds = new Set(a.map((c: { id: string }) => c.id));
    expect(b.some((c: { id: string }) => aIds.has(c.id))).toBe(false);
  });
  it('answers 404 for an unknown shop', async () => {
    expect(
      (await get('/api/store/stores/product/get-store-product-category/', 'ghost-shop')).statusCode,
    ).toBe(404);
  });
});

describe('archived products', () => {
  it('are not listed', async () => {
    const cards: Card[] = (await get('/api/store/stores/product?limit=100', shops.b.slug)).json().data;
    const victim = cards[0];
    if (!victim) throw new Error('demo shop has products');
    await withStore(t.owner, shops.b.id, (tx) =>
      tx.update(schema.products).set({ status: 'ARCHIVED' }).where(eq(schema.products.id, victim.id)),
    );
    const after: Card[] = (await get('/api/store/stores/product?limit=100', shops.b.slug)).json().data;
    expect(after.map((c) => c.id)).not.toContain(victim.id);
  });
});
