import { schema, withStore } from '@haat/db';
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { verifiedCustomer } from '../accounts/accounts.test-helpers.ts';
import { DEMO_VENDOR_PASSWORD, setDemoVendorPasswords } from '../accounts/bootstrap-accounts.ts';
import { makeDeal, startDeal } from '../engagement/engagement.test-helpers.ts';
import { productsOf } from '../orders/orders.test-helpers.ts';

/* Wishlist across shops (issue 40): saved per shop under row-level security, listed across the Haat account. */

const { t, shops, vendor } = await demoSuite();

const WISHLIST = '/api/store/wishlist/';
const PASSWORD = 'chai-time-42';
type Method = 'GET' | 'POST' | 'DELETE';
type Session = { access_token: string };
const post = (url: string, payload: object, slug: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'store-origin': slug } });
const as = (session: Session, slug: string) => (method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${session.access_token}`, 'store-origin': slug },
  });

/** A shopper signed up and verified at `slug` (password chai-time-42): their email and session there. */
const signedUpAt = (slug: string) => verifiedCustomer(t, slug);

/** The same Haat account signing in at another shop (its row there is created and linked). */
async function signInAt(slug: string, email: string): Promise<Session> {
  const res = await post('/api/user/auth/login/', { email, password: PASSWORD, role_name: 'CUSTOMER' }, slug);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A product of the shop sold in options (sizes, packs), if any. */
async function sizedProductOf(slug: string) {
  const res = await t.app.inject({
    url: '/api/store/stores/product?limit=100',
    headers: { 'store-origin': slug },
  });
  return (res.json().data as { id: string; has_variants: boolean }[]).find((c) => c.has_variants);
}

type Item = { product_id: string; price_now: number; price_at_save: number; price_drop: number };
type Shop = { slug: string; shop_name: string; current: boolean; items: Item[] };

describe('the wishlist across shops', () => {
  it('saves at two shops of one Haat account and lists both, with a price drop, from either shop', async () => {
    const { email, session: atA } = await signedUpAt(shops.a.slug);
    const atB = await signInAt(shops.b.slug, email);
    const [first] = await productsOf(t, shops.a.slug);
    if (!first) throw new Error('shop A has a product');
    const savedA = await as(atA, shops.a.slug)('POST', WISHLIST, { product_id: first.id });
    expect(savedA.statusCode, savedA.body).toBe(201);
    expect((await as(atA, shops.a.slug)('POST', WISHLIST, { product_id: first.id })).statusCode).toBe(200);
    const ids = await as(atA, shops.a.slug)('GET', `${WISHLIST}ids/`);
    expect(ids.json().data).toEqual({ product_ids: [first.id] });

    // At B: a product whose deal starts after it is saved, at ₹1.
    const deal = await makeDeal(t, shops.b.id, { startsInMinutes: 60, pricePaise: 100 });
    const savedB = await as(atB, shops.b.slug)('POST', WISHLIST, { product_id: deal.product.id });
    expect(savedB.statusCode, savedB.body).toBe(201);
    const priceAtSave = savedB.json().data.price_at_save as number;
    expect(priceAtSave).toBeGreaterThan(1);
    await startDeal(t, shops.b.id, deal.id);

    const list = await as(atA, shops.a.slug)('GET', WISHLIST);
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().data.shops as Shop[];
    expect(listed.map((s) => [s.slug, s.current])).toEqual([
      [shops.a.slug, true],
      [shops.b.slug, false],
    ]);
    expect(listed[0]?.items).toEqual([
      expect.objectContaining({ product_id: first.id, price_drop: 0, available: true }),
    ]);
    expect(listed[1]?.items).toEqual([
      expect.objectContaining({
        product_id: deal.product.id,
        price_at_save: priceAtSave,
        price_now: 1,
        price_drop: Math.round((priceAtSave - 1) * 100) / 100,
        stock_status: expect.stringMatching(/STOCK/),
      }),
    ]);
    // From B, B is first and A follows.
    const fromB = (await as(atB, shops.b.slug)('GET', WISHLIST)).json().data.shops as Shop[];
    expect(fromB.map((s) => s.slug)).toEqual([shops.b.slug, shops.a.slug]);

    // Removing at A: gone from the list, and a second remove is 404.
    expect((await as(atA, shops.a.slug)('DELETE', `${WISHLIST}${first.id}/`)).statusCode).toBe(200);
    expect((await as(atA, shops.a.slug)('DELETE', `${WISHLIST}${first.id}/`)).statusCode).toBe(404);
    const after = (await as(atA, shops.a.slug)('GET', WISHLIST)).json().data.shops as Shop[];
    expect(after.map((s) => [s.slug, s.items.length])).toEqual([
      [shops.a.slug, 0],
      [shops.b.slug, 1],
    ]);
  });

  it("a token for shop A cannot touch shop B's rows, and another shopper sees none of them", async () => {
    const { email, session: atA } = await signedUpAt(shops.a.slug);
    const atB = await signInAt(shops.b.slug, email);
    const [productB] = await productsOf(t, shops.b.slug);
    if (!productB) throw new Error('shop B has a product');
    expect((await as(atB, shops.b.slug)('POST', WISHLIST, { product_id: productB.id })).statusCode).toBe(201);

    // A's token at B: refused (wrong audience); at A with B's product id: not found, and B's row stays.
    expect((await as(atA, shops.b.slug)('DELETE', `${WISHLIST}${productB.id}/`)).statusCode).toBe(401);
    expect((await as(atA, shops.b.slug)('GET', `${WISHLIST}ids/`)).statusCode).toBe(401);
    expect((await as(atA, shops.a.slug)('DELETE', `${WISHLIST}${productB.id}/`)).statusCode).toBe(404);
    expect((await as(atA, shops.a.slug)('POST', WISHLIST, { product_id: productB.id })).statusCode).toBe(404);
    expect((await as(atB, shops.b.slug)('GET', `${WISHLIST}ids/`)).json().data.product_ids).toEqual([
      productB.id,
    ]);

    // Another shopper at A and at B: only their own (empty) wishlist.
    const { session: stranger } = await signedUpAt(shops.a.slug);
    const theirs = (await as(stranger, shops.a.slug)('GET', WISHLIST)).json().data.shops as Shop[];
    expect(theirs).toEqual([expect.objectContaining({ slug: shops.a.slug, items: [] })]);
  });

  it("under row-level security, shop A's context (and A's vendor) sees no wishlist row of shop B", async () => {
    const { email, session } = await signedUpAt(shops.b.slug);
    const [productB] = await productsOf(t, shops.b.slug);
    if (!productB) throw new Error('shop B has a product');
    expect((await as(session, shops.b.slug)('POST', WISHLIST, { product_id: productB.id })).statusCode).toBe(
      201,
    );
    const w = schema.wishlistItems;
    const count = (storeId: string) =>
      withStore(t.appDb, storeId, async (tx) => {
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(w)
          .where(eq(w.storeId, shops.b.id));
        return row?.n ?? 0;
      });
    expect(await count(shops.b.id)).toBeGreaterThan(0);
    expect(await count(shops.a.id)).toBe(0);
    // A's context cannot write a row into B.
    await expect(
      withStore(t.appDb, shops.a.id, (tx) =>
        tx.update(w).set({ priceAtSavePaise: 1 }).where(eq(w.storeId, shops.b.id)).returning({ id: w.id }),
      ),
    ).resolves.toEqual([]);
    const [customer] = await t.owner
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(and(eq(schema.users.email, email), eq(schema.users.storeId, shops.b.id)));
    if (!customer) throw new Error('the shopper has a row at shop B');
    const refused = await withStore(t.appDb, shops.a.id, (tx) =>
      tx.insert(w).values({
        storeId: shops.b.id,
        customerId: customer.id,
        productId: productB.id,
        priceAtSavePaise: 1,
      }),
    ).then(
      () => null,
      (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
    );
    expect(refused).toMatch(/row-level security/);
    // Shop A's vendor has no wishlist to read at A or B (a customer's call).
    expect([401, 403]).toContain((await vendor.call('GET', WISHLIST)).statusCode);
    expect([401, 403]).toContain((await vendor.call('GET', WISHLIST, undefined, shops.b.slug)).statusCode);
  });

  it('saves the option chosen at its price, and refuses what is not the shop’s', async () => {
    let sized: { slug: string; id: string } | undefined;
    for (const shop of shops.open) {
      const card = await sizedProductOf(shop.slug);
      if (card) {
        sized = { slug: shop.slug, id: card.id };
        break;
      }
    }
    if (!sized) throw new Error('a demo shop sells a product with options');
    const call = as((await signedUpAt(sized.slug)).session, sized.slug);
    const detail = await t.app.inject({
      url: `/api/store/stores/product/${sized.id}`,
      headers: { 'store-origin': sized.slug },
    });
    const variant = detail.json().data.variants[0] as { id: string; price_now: number };
    const res = await call('POST', WISHLIST, { product_id: sized.id, variant_id: variant.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ variant_id: variant.id, price_at_save: variant.price_now });
    const NONE = '00000000-0000-4000-8000-000000000000';
    const wrong = await call('POST', WISHLIST, { product_id: sized.id, variant_id: NONE });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.issues[0].path).toContain('variant_id');
    expect((await call('POST', WISHLIST, { product_id: NONE })).statusCode).toBe(404);
    const bad = await call('POST', WISHLIST, { product_id: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.issues)).toContain('product_id');
    // Signed out: asked to sign in.
    expect((await post(WISHLIST, { product_id: NONE }, sized.slug)).statusCode).toBe(401);
  });

  it('the demo shopper has saved products at two demo shops, one ₹200 cheaper than when saved', async () => {
    await setDemoVendorPasswords(t.owner);
    const [row] = await t.owner
      .select({ email: schema.shopperAccounts.email, slug: schema.stores.slug })
      .from(schema.shopperAccounts)
      .innerJoin(schema.users, eq(schema.users.shopperAccountId, schema.shopperAccounts.id))
      .innerJoin(schema.stores, eq(schema.stores.id, schema.users.storeId))
      .where(like(schema.shopperAccounts.email, '%@customers.demo.haat.in'))
      .limit(1);
    if (!row) throw new Error('the demo seed made a demo shopper');
    const res = await post(
      '/api/user/auth/login/',
      { email: row.email, password: DEMO_VENDOR_PASSWORD, role_name: 'CUSTOMER' },
      row.slug,
    );
    expect(res.statusCode, res.body).toBe(200);
    const listed = (await as(res.json().data, row.slug)('GET', WISHLIST)).json().data.shops as Shop[];
    const withItems = listed.filter((s) => s.items.length > 0);
    expect(withItems.length).toBe(2);
    expect(withItems.flatMap((s) => s.items).filter((i) => i.price_drop === 200)).toHaveLength(1);
  });
});
