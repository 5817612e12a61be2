import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
let first: { id: string; product_name: string; total_reviews: number; category: { id: string } | null };
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
  const all = (await get('/api/store/stores/product?limit=100&sort=best_selling', shops.a.slug)).json().data;
  first = all.find((c: { total_reviews: number; category: unknown }) => c.total_reviews > 0 && c.category);
});
afterAll(() => t?.close());

function get(url: string, slug?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { host: 'localhost:4000', ...(slug ? { 'store-origin': slug } : {}) },
  });
}

describe('search', () => {
  it('finds a product by a misspelt word (trigram similarity) and ranks it first', async () => {
    const word = first.product_name.split(/[\s,]+/).find((w) => w.length >= 5) ?? first.product_name;
    // Drop one inner letter: "Kurta" -> "Kuta", still close enough.
    const typo = word.slice(0, 2) + word.slice(3);
    const res = await get(
      `/api/store/stores/product?search=${encodeURIComponent(typo)}&limit=5`,
      shops.a.slug,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { id: string }) => c.id)).toContain(first.id);
  });

  it('refuses a lowest price above the highest, naming the field', async () => {
    const res = await get('/api/store/stores/product?min_price=500&max_price=100', shops.a.slug);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toContainEqual({
      path: 'min_price',
      message: 'The lowest price must not be above the highest',
    });
  });
});

describe('GET /api/store/stores/product/{id}', () => {
  it('gives the product with images, description, live deal and offers from the shop settings', async () => {
    const res = await get(`/api/store/stores/product/${first.id}`, shops.a.slug);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({ id: first.id, product_name: first.product_name });
    expect(p.images.length).toBeGreaterThan(0);
    expect(p.offers.payment_methods).toContain('COD');
    expect(typeof p.offers.return_days).toBe('number');
    // Free shipping is offered at the threshold of the shop's delivery options.
    const options = (await get('/api/store/get-store-delivery-options/', shops.a.slug)).json().data
      .delivery_options;
    const lowest = Math.min(
      ...options.map((o: { free_above: number | null; base_charge: number }) =>
        o.base_charge === 0 ? 0 : (o.free_above ?? Number.POSITIVE_INFINITY),
      ),
    );
    expect(p.offers.free_shipping_above).toBe(lowest);
  });

  it("answers 404 for another shop's product, an unknown id and a malformed id", async () => {
    expect((await get(`/api/store/stores/product/${first.id}`, shops.b.slug)).statusCode).toBe(404);
    expect(
      (await get('/api/store/stores/product/00000000-0000-4000-8000-000000000000', shops.a.slug)).statusCode,
    ).toBe(404);
    expect((await get('/api/store/stores/product/not-a-product', shops.a.slug)).statusCode).toBe(404);
  });
});

describe('reviews', () => {
  it('gives analytics whose shares add up and match the list total', async () => {
    const a = (
      await get(`/api/store/stores/product/${first.id}/product-reviews-analytic/`, shops.a.slug)
    ).json().data;
    expect(a.total_reviews).toBeGreaterThan(0);
    const sum =
      a.five_star_percentage +
      a.four_star_percentage +
      a.three_star_percentage +
      a.two_star_percentage +
      a.one_star_percentage;
    expect(Math.abs(sum - 100)).toBeLessThan(0.6);
    const list = await get(`/api/store/stores/product/${first.id}/product-reviews/?limit=3`, shops.a.slug);
    expect(Number(list.headers['x-total-count'])).toBe(a.total_reviews);
    const rows = list.json().data;
    expect(rows).toHaveLength(Math.min(3, a.total_reviews));
    expect(rows[0]).toHaveProperty('start_rating');
    const dates = rows.map((r: { created_at: string }) => r.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("answers 404 for another shop's product and 400 for a bad page", async () => {
    expect(
      (await get(`/api/store/stores/product/${first.id}/product-reviews/`, shops.b.slug)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/store/stores/product/${first.id}/product-reviews-analytic/`, shops.b.slug)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/store/stores/product/${first.id}/product-reviews/?limit=0`, shops.a.slug)).statusCode,
    ).toBe(400);
  });
});

describe('similar products', () => {
  it('lists other products of the same category, never the product itself', async () => {
    const res = await get(`/api/store/stores/product/${first.id}/similar-product/?limit=6`, shops.a.slug);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: string; category: { id: string } | null }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).not.toContain(first.id);
    if (first.category) expect(rows.every((r) => r.category?.id === first.category?.id)).toBe(true);
    expect(
      (await get(`/api/store/stores/product/${first.id}/similar-product/`, shops.b.slug)).statusCode,
    ).toBe(404);
  });
});
