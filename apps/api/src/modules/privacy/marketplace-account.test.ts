import { schema } from '@haat/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor, lastCode, lastMail, uniqueEmail } from '../accounts/accounts.test-helpers.ts';
import {
  as,
  login,
  MARKET,
  marketplaceLogin,
  marketplaceSignUp,
  orderAt,
  post,
  signedUpAt,
} from '../accounts/shopper.test-helpers.ts';
import { home, productsOf } from '../orders/orders.test-helpers.ts';

/*
 * The marketplace's own shopper account (issue 40, decision 0036): sign-up and sign-in on the marketplace itself
 * (password or code) with the one Haat account, a session that acts at no shop, and /account: which shops hold the
 * shopper's data, their addresses and wishlist at every shop, and deleting the account as at a shop.
 */

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
}, 60_000);
afterAll(() => t?.close());

const ACCOUNT = '/api/user/account/';
const DELETE = '/api/user/account/delete/';
const bearer = (s: { access_token: string }) => ({ authorization: `Bearer ${s.access_token}` });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const rowsOf = (email: string) => t.owner.select().from(schema.users).where(eq(schema.users.email, email));

describe('signing in on the marketplace', () => {
  it('signs up with a code; the session is the marketplace’s and acts at no shop', async () => {
    const { email, session } = await marketplaceSignUp(t);
    expect(session).toMatchObject({ role_type: 'CUSTOMER', store: null, email, first_name: 'Asha' });
    expect((await lastMail(t, email))?.subject).toBe('Welcome to Haat');
    const mine = await get(ACCOUNT, bearer(session));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual({ email, linked: true, shops: [], addresses: [], wishlist: [] });
    const me = await get('/api/user/auth/me/', bearer(session));
    expect(me.json().data).toMatchObject({ email, first_name: 'Asha', store_id: null });

    // A shop's calls and the back office refuse it: the marketplace token is for no shop.
    for (const url of [
      '/api/store/store-user/store-cart/',
      '/api/store/haat-account/',
      '/api/admin/order/',
    ]) {
      const res = await get(url, { ...bearer(session), 'store-origin': shops.a.slug });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.reason, url).toBe('WRONG_AUDIENCE');
    }
    const rows = await rowsOf(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'CUSTOMER', storeId: null });
    expect(rows[0]?.shopperAccountId).toBeTruthy();

    // Signed up on the marketplace: signs in at a shop with the same password, without signing up there.
    const atShop = await login(t, shops.a.slug, email);
    expect(atShop.statusCode, atShop.body).toBe(200);
    expect(atShop.json().data.store).toEqual({ id: shops.a.id, slug: shops.a.slug });
  });

  it('refuses a shop’s token, a vendor’s and none at the marketplace account', async () => {
    const { session: atA } = await signedUpAt(t, shops.a.slug);
    const vendor = await demoVendor(t, shops.a);
    for (const headers of [
      bearer(atA),
      { ...bearer(atA), 'store-origin': shops.a.slug },
      { authorization: `Bearer ${vendor.token}` },
    ]) {
      const res = await get(ACCOUNT, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.reason).toBe('WRONG_AUDIENCE');
    }
    expect((await get(ACCOUNT)).statusCode).toBe(401);
    const del = await t.app.inject({
      method: 'POST',
      url: DELETE,
      headers: bearer(atA),
      payload: { confirm_email: 'x@example.in' },
    });
    expect(del.statusCode).toBe(401);
  });

  it('signs in with the password or a code of an account made at a shop, without signing up again', async () => {
    const { email } = await signedUpAt(t, shops.a.slug);
    expect((await marketplaceLogin(t, email, 'wrong-password-1')).json().error.reason).toBe(
      'INVALID_CREDENTIALS',
    );
    const byPassword = await marketplaceLogin(t, email);
    expect(byPassword.statusCode, byPassword.body).toBe(200);
    expect(byPassword.json().data).toMatchObject({ store: null, first_name: 'Asha' });

    const ask = { email, role_name: 'CUSTOMER', purpose: 'LOGIN' };
    expect((await post(t, `${MARKET}/send-otp/`, ask)).statusCode).toBe(202);
    const verify = {
      verification_field: email,
      otp: await lastCode(t, email),
      role_name: 'CUSTOMER',
      purpose: 'LOGIN',
    };
    const byCode = await post(t, `${MARKET}/verify-otp/`, verify);
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json().data.store).toBeNull();

    // One marketplace row, linked to the account of shop A's row; a sign-up there now is told to sign in.
    const rows = await rowsOf(email);
    const [market] = rows.filter((r) => r.storeId === null);
    const [atA] = rows.filter((r) => r.storeId === shops.a.id);
    expect(rows).toHaveLength(2);
    expect(market?.shopperAccountId).toBe(atA?.shopperAccountId);
    const again = await post(t, `${MARKET}/signup/`, {
      first_name: 'Someone',
      last_name: 'Else',
      email,
      phone: '9876543210',
      password: 'another-pass-42',
      confirm_password: 'another-pass-42',
      role_name: 'CUSTOMER',
      terms: true,
    });
    expect(again.statusCode).toBe(201);
    expect((await rowsOf(email)).length).toBe(2);
  });

  it('signs up shoppers only', async () => {
    const body = { email: uniqueEmail('v'), password: 'x', role_name: 'VENDOR' };
    const res = await post(t, `${MARKET}/login/`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues[0].path).toBe('role_name');
  });

  it('continues from a shop’s session to the marketplace, and from there to another shop', async () => {
    const { email, session: atA } = await signedUpAt(t, shops.a.slug);
    const market = await post(t, `${MARKET}/continue/`, { refresh_token: atA.refresh_token });
    expect(market.statusCode, market.body).toBe(200);
    expect(market.json().data).toMatchObject({ email, store: null });
    const atB = await post(
      t,
      '/api/user/auth/switch-shop/',
      { refresh_token: market.json().data.refresh_token },
      shops.b.slug,
    );
    expect(atB.statusCode, atB.body).toBe(200);
    expect(atB.json().data.store).toEqual({ id: shops.b.id, slug: shops.b.slug });
    const unknown = await post(t, `${MARKET}/continue/`, { refresh_token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(401);
  });
});

describe('the marketplace account page', () => {
  it('lists the shops holding the data, the addresses kept once and the wishlist at every shop', async () => {
    const { email, session: atA } = await signedUpAt(t, shops.a.slug);
    await orderAt(t, shops.a.slug, atA);
    const atB = (await login(t, shops.b.slug, email)).json().data;
    const [product] = await productsOf(t, shops.b.slug);
    const saved = await as(t, atB, shops.b.slug).call('POST', '/api/store/wishlist/', {
      product_id: product?.id,
    });
    expect(saved.statusCode, saved.body).toBe(201);

    const session = (await marketplaceLogin(t, email)).json().data;
    const res = await get(ACCOUNT, bearer(session));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.email).toBe(email);
    const bySlug = Object.fromEntries(data.shops.map((s: { slug: string }) => [s.slug, s]));
    expect(bySlug[shops.a.slug]).toMatchObject({
      this_shop: false,
      name: 'Asha Verma',
      addresses: 1,
      orders: 1,
    });
    expect(bySlug[shops.b.slug]).toMatchObject({ this_shop: false, name: null, addresses: 0, orders: 0 });
    expect(data.addresses).toEqual([
      expect.objectContaining({ address_line1: home.address_line1, postal_code: home.postal_code }),
    ]);
    expect(data.wishlist).toEqual([
      expect.objectContaining({
        slug: shops.b.slug,
        current: false,
        items: [expect.objectContaining({ product_id: product?.id })],
      }),
    ]);
  });

  it('deletes the account: every shop’s row and the marketplace’s anonymised, no sign-in anywhere', async () => {
    const { email, session: atA } = await signedUpAt(t, shops.a.slug);
    await orderAt(t, shops.a.slug, atA);
    const session = (await marketplaceLogin(t, email)).json().data;
    const call = (confirm: string) =>
      t.app.inject({
        method: 'POST',
        url: DELETE,
        headers: bearer(session),
        payload: { confirm_email: confirm },
      });
    const wrong = await call('someone@example.in');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.issues[0].path).toBe('confirm_email');
    const done = await call(email.toUpperCase());
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ shops: 1, orders_kept: 1 });

    expect(await rowsOf(email)).toEqual([]);
    expect((await marketplaceLogin(t, email)).statusCode).toBe(401);
    expect((await login(t, shops.a.slug, email)).statusCode).toBe(401);
    expect((await get(ACCOUNT, bearer(session))).statusCode).toBe(401);
    expect((await as(t, atA, shops.a.slug).call('GET', '/api/store/address/')).statusCode).toBe(401);
  });

  it('deleting at a shop erases the marketplace’s row too', async () => {
    const { email, session: atA } = await signedUpAt(t, shops.a.slug);
    expect((await marketplaceLogin(t, email)).statusCode).toBe(200);
    const del = await as(t, atA, shops.a.slug).call('POST', '/api/store/haat-account/delete/', {
      confirm_email: email,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await rowsOf(email)).toEqual([]);
    expect((await marketplaceLogin(t, email)).statusCode).toBe(401);
  });
});
