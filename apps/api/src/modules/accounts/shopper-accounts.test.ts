import { schema, withStore } from '@haat/db';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { ADDRESS, home } from '../orders/orders.test-helpers.ts';
import { ageCodes, lastCode, uniqueEmail, vendorSignup } from './accounts.test-helpers.ts';
import { DEMO_VENDOR_PASSWORD, setDemoVendorPasswords } from './bootstrap-accounts.ts';
import { hashPassword } from './passwords.ts';
import { issueSession } from './session.service.ts';
import * as kit from './shopper.test-helpers.ts';
import { SHOPPER_PASSWORD } from './shopper.test-helpers.ts';

/* One Haat shopper account across every shop (issue 40, decision 0029). */

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
}, 60_000);
afterAll(() => t?.close());

const PASSWORD = SHOPPER_PASSWORD;
const post = (url: string, payload: object, slug?: string) => kit.post(t, url, payload, slug);
const login = (slug: string, email: string, password = PASSWORD) => kit.login(t, slug, email, password);
const as = (session: { access_token: string }, slug: string) => kit.as(t, session, slug);
const signedUpAt = (slug: string, email = uniqueEmail('haat'), password = PASSWORD) =>
  kit.signedUpAt(t, slug, email, password);
const orderAt = (slug: string, session: { access_token: string }) => kit.orderAt(t, slug, session);

const customerRows = (email: string) =>
  t.owner
    .select({
      storeId: schema.users.storeId,
      account: schema.users.shopperAccountId,
      verified: schema.users.emailVerifiedAt,
    })
    .from(schema.users)
    .where(and(eq(schema.users.email, email), eq(schema.users.role, 'CUSTOMER')));

/** A customer row made the way every shop made them before one Haat account (verified, not linked). */
async function perShopCustomer(storeId: string, email: string, password: string) {
  await t.owner.insert(schema.users).values({
    role: 'CUSTOMER',
    storeId,
    email,
    firstName: 'Old',
    lastName: 'Customer',
    phone: '9876543210',
    passwordHash: await hashPassword(password),
    emailVerifiedAt: new Date(),
  });
}

describe('one Haat shopper account', () => {
  it('signs up at shop A, then signs in at shop B with the same password: B gets its own linked customer row and its own orders', async () => {
    const { email, session: atA } = await signedUpAt(shops.a.slug);
    const res = await login(shops.b.slug, email);
    expect(res.statusCode, res.body).toBe(200);
    const atB = res.json().data;
    expect(atB.store).toEqual({ id: shops.b.id, slug: shops.b.slug });
    expect(atB.id).not.toBe(atA.id);
    const rows = await customerRows(email);
    expect(rows.map((r) => r.storeId).sort()).toEqual([shops.a.id, shops.b.id].sort());
    expect(rows[0]?.account).toBeTruthy();
    expect(rows[0]?.account).toBe(rows[1]?.account);
    const me = (await as(atB, shops.b.slug).call('GET', '/api/user/auth/me/')).json().data;
    expect(me).toMatchObject({ email, first_name: 'Asha', phone: '9876543210', store_id: shops.b.id });

    const orderB = await orderAt(shops.b.slug, atB);
    const ordersAt = async (s: { access_token: string }, slug: string) =>
      JSON.stringify((await as(s, slug).call('GET', '/api/store/store-user/store-order/user/')).json().data);
    expect(await ordersAt(atB, shops.b.slug)).toContain(orderB);
    expect(await ordersAt(atA, shops.a.slug)).not.toContain(orderB);
    const [order] = await withStore(t.owner, shops.b.id, (tx) =>
      tx
        .select({ storeId: schema.orders.storeId, customerId: schema.orders.customerId })
        .from(schema.orders)
        .where(eq(schema.orders.id, orderB)),
    );
    expect(order).toEqual({ storeId: shops.b.id, customerId: atB.id });

    // The token for shop A still cannot act at shop B by itself.
    const crossed = await as(atA, shops.b.slug).call('GET', '/api/user/auth/me/');
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().error.reason).toBe('WRONG_AUDIENCE');
  });

  it('answers a wrong password at shop B exactly like an unknown email, and an unverified sign-up elsewhere too', async () => {
    const { email } = await signedUpAt(shops.a.slug);
    const wrong = await login(shops.b.slug, email, 'not-the-password-1');
    const unknown = await login(shops.b.slug, uniqueEmail('nobody'), 'not-the-password-1');
    const unverifiedEmail = uniqueEmail('unverified');
    await post(
      '/api/store/store-user/user/',
      vendorSignup(unverifiedEmail, { role_name: 'CUSTOMER' }),
      shops.a.slug,
    );
    const unverified = await login(shops.b.slug, unverifiedEmail);
    for (const r of [wrong, unknown, unverified]) {
      expect(r.statusCode).toBe(401);
      expect(r.json().message).toBe(unknown.json().message);
      expect(r.json().error).toEqual(unknown.json().error);
    }
    expect((await customerRows(email)).map((r) => r.storeId)).toEqual([shops.a.id]);
    expect((await customerRows(unverifiedEmail)).map((r) => r.storeId)).toEqual([shops.a.id]);
  });

  it('links existing per-shop customers with the same verified email on their next sign-in; the first verified password is the account’s', async () => {
    const email = uniqueEmail('legacy');
    await perShopCustomer(shops.a.id, email, 'password-at-a-1');
    await perShopCustomer(shops.b.id, email, 'password-at-b-1');
    expect((await customerRows(email)).every((r) => r.account === null)).toBe(true);
    expect((await login(shops.a.slug, email, 'password-at-a-1')).statusCode).toBe(200);
    const signedInB = await login(shops.b.slug, email, 'password-at-b-1');
    expect(signedInB.statusCode, signedInB.body).toBe(200);
    const rows = await customerRows(email);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.account).toBeTruthy();
    expect(rows[1]?.account).toBe(rows[0]?.account);
    // From now on the account's password (A's, verified first) signs in at both shops.
    expect((await login(shops.b.slug, email, 'password-at-a-1')).statusCode).toBe(200);
    expect((await login(shops.b.slug, email, 'password-at-b-1')).statusCode).toBe(401);
  });

  it("links a per-shop customer who signs in there with the Haat account's password", async () => {
    const { email } = await signedUpAt(shops.a.slug);
    await perShopCustomer(shops.b.id, email, 'old-password-at-b');
    const res = await login(shops.b.slug, email);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await customerRows(email);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.account).toBe(rows[0]?.account);
    expect(rows[0]?.account).toBeTruthy();
  });

  it('a password reset at shop B works at shop A (and the old password stops working everywhere)', async () => {
    const { email } = await signedUpAt(shops.a.slug);
    expect((await login(shops.b.slug, email)).statusCode).toBe(200);
    const ask = await post(
      '/api/user/auth/send-otp/',
      { email, role_name: 'CUSTOMER', purpose: 'RESET_PASSWORD' },
      shops.b.slug,
    );
    expect(ask.statusCode).toBe(202);
    const next = 'masala-dosa-77';
    const reset = await post(
      '/api/user/auth/reset-password/',
      {
        email,
        otp: await lastCode(t, email),
        password: next,
        confirm_password: next,
        role_name: 'CUSTOMER',
      },
      shops.b.slug,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(shops.a.slug, email, next)).statusCode).toBe(200);
    expect((await login(shops.a.slug, email)).statusCode).toBe(401);
    expect((await login(shops.b.slug, email)).statusCode).toBe(401);
  });

  it('a password change at shop A works at a shop the shopper has not visited yet', async () => {
    const { email, session } = await signedUpAt(shops.a.slug);
    const next = 'filter-coffee-9';
    const changed = await as(session, shops.a.slug).call('POST', '/api/user/auth/change-password/', {
      current_password: PASSWORD,
      password: next,
      confirm_password: next,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await login(shops.b.slug, email, next)).statusCode).toBe(200);
  });

  it('signs in at shop B with an email code, without a second sign-up', async () => {
    const { email } = await signedUpAt(shops.a.slug);
    await ageCodes(t);
    const ask = { email, role_name: 'CUSTOMER', purpose: 'LOGIN' };
    expect((await post('/api/user/auth/send-otp/', ask, shops.b.slug)).statusCode).toBe(202);
    const verify = {
      verification_field: email,
      otp: await lastCode(t, email),
      role_name: 'CUSTOMER',
      purpose: 'LOGIN',
    };
    const res = await post('/api/user/auth/verify-otp/', verify, shops.b.slug);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.store.id).toBe(shops.b.id);
  });

  it('answers a second sign-up at shop B like a new one, mails "you already have an account" and makes no row', async () => {
    const { email } = await signedUpAt(shops.a.slug);
    const again = await post(
      '/api/store/store-user/user/',
      vendorSignup(email, { role_name: 'CUSTOMER' }),
      shops.b.slug,
    );
    expect(again.statusCode).toBe(201);
    expect(Object.keys(again.json().data).sort()).toEqual(
      ['email', 'id', 'resend_after_seconds', 'role_type', 'verification_required'].sort(),
    );
    expect((await customerRows(email)).map((r) => r.storeId)).toEqual([shops.a.id]);
    const [mail] = await t.owner
      .execute<{ subject: string }>(
        sql`select payload->>'subject' as subject from outbox where payload->>'to' = ${email} order by created_at desc limit 1`,
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { subject: string }[] }).rows));
    expect(mail?.subject).toMatch(/already have/);
  });
});

describe('Continue as (switch-shop)', () => {
  const SWITCH = '/api/user/auth/switch-shop/';

  it("exchanges shop A's session for one at shop B, and refuses forged, signed-out and unlinked tokens", async () => {
    const { email, session: atA } = await signedUpAt(shops.a.slug);
    const res = await post(SWITCH, { refresh_token: atA.refresh_token }, shops.b.slug);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email, role_type: 'CUSTOMER', store: { id: shops.b.id } });
    // A's own session is untouched; A's access token is still refused at B.
    expect((await post('/api/user/auth/refresh/', { refresh_token: atA.refresh_token })).statusCode).toBe(
      200,
    );
    expect((await as(atA, shops.b.slug).call('GET', '/api/user/auth/me/')).json().error.reason).toBe(
      'WRONG_AUDIENCE',
    );

    const forged = await post(SWITCH, { refresh_token: 'x'.repeat(43) }, shops.b.slug);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.reason).toBe('SWITCH_REFUSED');
    // A spent (rotated) token and a signed-out one are refused alike.
    expect((await post(SWITCH, { refresh_token: atA.refresh_token }, shops.b.slug)).statusCode).toBe(401);
    const { session: other } = await signedUpAt(shops.a.slug);
    await post('/api/user/auth/logout/', { refresh_token: other.refresh_token });
    expect((await post(SWITCH, { refresh_token: other.refresh_token }, shops.b.slug)).statusCode).toBe(401);
  });

  it("refuses a customer row that is not linked to a Haat account, and a vendor's token", async () => {
    const email = uniqueEmail('unlinked');
    await perShopCustomer(shops.a.id, email, PASSWORD);
    // A session of a row made before one Haat account (signing in would link it): not enough to cross shops.
    const [row] = await t.owner.select().from(schema.users).where(eq(schema.users.email, email));
    if (!row) throw new Error('row');
    const s = await issueSession(t.deps, t.owner, row, false);
    expect((await post(SWITCH, { refresh_token: s.refresh_token }, shops.b.slug)).statusCode).toBe(401);
    const vendor = vendorSignup(uniqueEmail('v'));
    await post('/api/user/auth/signup/', vendor);
    const vs = await post('/api/user/auth/verify-otp/', {
      verification_field: vendor.email,
      otp: await lastCode(t, vendor.email),
      role_name: 'VENDOR',
    });
    const refused = await post(SWITCH, { refresh_token: vs.json().data.refresh_token }, shops.b.slug);
    expect(refused.statusCode).toBe(401);
  });
});

describe('addresses kept once', () => {
  it("offers the shopper's addresses from shop A at shop B's checkout, and no one else's", async () => {
    const { email, session: atA } = await signedUpAt(shops.a.slug);
    const saved = await as(atA, shops.a.slug).call('POST', ADDRESS, { ...home, full_name: 'Asha Verma' });
    expect(saved.statusCode).toBe(201);
    const atB = (await login(shops.b.slug, email)).json().data;
    const offered = await as(atB, shops.b.slug).call('GET', '/api/store/address/other-shops/');
    expect(offered.statusCode).toBe(200);
    expect(offered.json().data).toEqual([
      expect.objectContaining({
        full_name: 'Asha Verma',
        postal_code: home.postal_code,
        shop_name: expect.any(String),
      }),
    ]);
    // Someone else at shop B sees none of them.
    const { session: stranger } = await signedUpAt(shops.b.slug);
    expect(
      (await as(stranger, shops.b.slug).call('GET', '/api/store/address/other-shops/')).json().data,
    ).toEqual([]);
    // Once used at B it is B's own and no longer offered.
    expect(
      (await as(atB, shops.b.slug).call('POST', ADDRESS, { ...home, full_name: 'Asha Verma' })).statusCode,
    ).toBe(201);
    expect((await as(atB, shops.b.slug).call('GET', '/api/store/address/other-shops/')).json().data).toEqual(
      [],
    );
  });
});

describe('the demo shopper', () => {
  it('signs in at two demo shops with one Haat account and the demo password, and sees their own orders at each', async () => {
    await setDemoVendorPasswords(t.owner);
    const [account] = await t.owner
      .select({ id: schema.shopperAccounts.id, email: schema.shopperAccounts.email })
      .from(schema.shopperAccounts)
      .where(like(schema.shopperAccounts.email, '%@customers.demo.haat.in'));
    if (!account) throw new Error('the demo seed made a demo shopper');
    const linked = await t.owner
      .select({ slug: schema.stores.slug })
      .from(schema.users)
      .innerJoin(schema.stores, eq(schema.stores.id, schema.users.storeId))
      .where(eq(schema.users.shopperAccountId, account.id));
    expect(linked.length).toBeGreaterThanOrEqual(2);
    for (const { slug } of linked.slice(0, 2)) {
      const res = await login(slug, account.email, DEMO_VENDOR_PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      const orders = await as(res.json().data, slug).call('GET', '/api/store/store-user/store-order/user/');
      expect(orders.statusCode).toBe(200);
      expect(JSON.stringify(orders.json().data)).toMatch(/[0-9a-f-]{36}/);
    }
  });
});
