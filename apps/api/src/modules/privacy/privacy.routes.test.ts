import { schema, withStore } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor, uniqueEmail } from '../accounts/accounts.test-helpers.ts';
import { as, login, orderAt, signedUpAt } from '../accounts/shopper.test-helpers.ts';
import { moveOrderAs, productsOf } from '../orders/orders.test-helpers.ts';

/*
 * The DPDP part of issue 40 (decision 0032): a shop sees a shopper only once they ordered there (consent recorded
 * per shop), "Your Haat account" lists the shops holding their data, and deleting the account anonymises every
 * shop's copy while the orders and their invoices stay with the shops.
 */

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
let vendorB: Awaited<ReturnType<typeof demoVendor>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
  vendorB = await demoVendor(t, shops.b);
}, 60_000);
afterAll(() => t?.close());

const ACCOUNT = '/api/store/haat-account/';
const DELETE = '/api/store/haat-account/delete/';
const uniquePhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** A shopper signed up at shop A with a phone of their own and signed in at shop B: both sessions. */
async function shopperAtTwoShops() {
  const phone = uniquePhone();
  const { email, session: atA } = await signedUpAt(t, shops.a.slug, uniqueEmail('dpdp'), undefined, {
    phone,
  });
  const res = await login(t, shops.b.slug, email);
  expect(res.statusCode, res.body).toBe(200);
  return { email, phone, atA, atB: res.json().data };
}

const bookSearch = async (phone: string) =>
  (await vendorB.call('GET', `/api/admin/customer/?search=${phone}`)).json().data;

const rowAt = async (storeId: string, email: string) => {
  const [row] = await t.owner
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.storeId, storeId), eq(schema.users.email, email)));
  return row;
};

describe('a shop sees only the shoppers who ordered from it', () => {
  it('keeps a signed-in shopper out of the vendor’s book, and shares name and phone at the first order', async () => {
    const { email, phone, atB } = await shopperAtTwoShops();
    // Signed in at B: B's row holds the email alone, nothing is shared, and the vendor's book has no such customer.
    const before = await rowAt(shops.b.id, email);
    expect(before).toMatchObject({ firstName: '', phone: null, sharedAt: null });
    expect(await bookSearch(phone)).toEqual({ results: [], count: 0, count_capped: false });
    // The shopper still sees their own name (the account's) at B.
    expect(atB.first_name).toBe('Asha');

    await orderAt(t, shops.b.slug, atB);
    const after = await rowAt(shops.b.id, email);
    expect(after).toMatchObject({ firstName: 'Asha', lastName: 'Verma', phone });
    expect(after?.sharedAt).toBeInstanceOf(Date);
    const book = await bookSearch(phone);
    expect(book.count).toBe(1);
    expect(book.results[0]).toMatchObject({ phone, email, online: true, orders_count: 1 });
  });

  it('lists the shops holding the shopper’s data, what each holds and since when', async () => {
    const { email, phone, atA, atB } = await shopperAtTwoShops();
    await orderAt(t, shops.a.slug, atA);
    const res = await as(t, atB, shops.b.slug).call('GET', ACCOUNT);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ email, linked: true });
    const bySlug = Object.fromEntries(data.shops.map((s: { slug: string }) => [s.slug, s]));
    expect(bySlug[shops.a.slug]).toMatchObject({
      this_shop: false,
      name: 'Asha Verma',
      phone,
      addresses: 1,
      orders: 1,
      shared_at: expect.any(String),
    });
    expect(bySlug[shops.b.slug]).toMatchObject({
      this_shop: true,
      email,
      name: null,
      phone: null,
      addresses: 0,
      orders: 0,
      shared_at: null,
    });
  });
});

describe('deleting the Haat account', () => {
  it('refuses a token of shop A at shop B, and a wrong email', async () => {
    const { email, atA } = await shopperAtTwoShops();
    const atBWithA = await as(t, atA, shops.b.slug).call('POST', DELETE, { confirm_email: email });
    expect(atBWithA.statusCode).toBe(401);
    expect(atBWithA.json().error.reason).toBe('WRONG_AUDIENCE');
    const wrong = await as(t, atA, shops.a.slug).call('POST', DELETE, {
      confirm_email: 'someone@example.com',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.issues[0].path).toBe('confirm_email');
    expect((await login(t, shops.a.slug, email)).statusCode).toBe(200);
  });

  it('anonymises every shop’s row, ends the sessions and sign-ins, and keeps the orders and invoices anonymised', async () => {
    const { email, phone, atA, atB } = await shopperAtTwoShops();
    const orderId = await orderAt(t, shops.b.slug, atB);
    await moveOrderAs(vendorB, orderId, 'CONFIRMED', 'PROCESSING', 'SHIPPED');
    const [saved] = await productsOf(t, shops.a.slug);
    const wish = await as(t, atA, shops.a.slug).call('POST', '/api/store/wishlist/', {
      product_id: saved?.id,
    });
    expect(wish.statusCode, wish.body).toBeLessThan(300);
    const res = await as(t, atA, shops.a.slug).call('POST', DELETE, { confirm_email: email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ shops: 2, orders_kept: 1 });

    // Sessions at both shops end; the email signs in nowhere.
    for (const [session, slug] of [
      [atA, shops.a.slug],
      [atB, shops.b.slug],
    ] as const) {
      expect((await as(t, session, slug).call('GET', ACCOUNT)).statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/user/auth/refresh/',
        payload: { refresh_token: session.refresh_token },
      });
      expect(refresh.statusCode).toBe(401);
      expect((await login(t, slug, email)).statusCode).toBe(401);
    }
    const rows = await t.owner
      .select()
      .from(schema.users)
      .where(eq(schema.users.role, 'CUSTOMER'))
      .then((all) => all.filter((u) => u.id === atA.id || u.id === atB.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        firstName: 'Erased',
        phone: null,
        passwordHash: null,
        shopperAccountId: null,
      });
      expect(row.email).not.toContain(email.split('@')[0]);
      expect(row.erasedAt).toBeInstanceOf(Date);
    }
    expect(
      await t.owner.select().from(schema.shopperAccounts).where(eq(schema.shopperAccounts.email, email)),
    ).toEqual([]);
    // Their wishlist at shop A is gone with the account.
    const wished = await withStore(t.owner, shops.a.id, (tx) =>
      tx.select().from(schema.wishlistItems).where(eq(schema.wishlistItems.customerId, atA.id)),
    );
    expect(wished).toEqual([]);

    // The vendor still has the order, without the shopper's name, phone, email or street.
    const order = (await vendorB.call('GET', `/api/admin/order/${orderId}/`)).json().data;
    const shown = JSON.stringify(order);
    expect(shown).toContain('Erased customer');
    for (const gone of [email, phone, 'Asha', '14 Residency Road']) expect(shown).not.toContain(gone);
    expect(shown).toContain('Karnataka');
    // The invoice stays (a B2C invoice under ₹50,000: the state kept as the place of supply, no name or phone).
    const [invoice] = await withStore(t.owner, shops.b.id, (tx) =>
      tx.select().from(schema.taxDocuments).where(eq(schema.taxDocuments.orderId, orderId)),
    );
    expect(invoice?.number).toBeTruthy();
    const snapshot = invoice?.snapshot as { buyer: Record<string, unknown> };
    expect(snapshot.buyer).toMatchObject({
      name: 'Erased customer',
      address: [],
      phone: null,
      state: 'Karnataka',
    });
    // The vendor's book keeps no trace of the shopper's phone.
    expect(await bookSearch(phone)).toEqual({ results: [], count: 0, count_capped: false });
  });
});
