import { schema } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import {
  ADDRESS,
  CART,
  home,
  moveOrderAs,
  ORDERS,
  PLACE,
  productsOf,
} from '../orders/orders.test-helpers.ts';
import { demoVendor, lastCode, lastMail, uniqueEmail, vendorSignup } from './accounts.test-helpers.ts';

/* Guest checkout (issue 40, decision 0031): an emailed code and an address, no password; a password later. */

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
}, 60_000);
afterAll(() => t?.close());

type Session = { access_token: string; refresh_token: string; id: string; guest?: boolean };
let ip = 0;
/** Each test asks from its own address, so the per-address limits of one do not reach another. */
const address = () => `10.40.${Math.floor(++ip / 200)}.${ip % 200}`;

const post = (url: string, payload: object, slug: string, from = '10.40.255.1') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'store-origin': slug }, remoteAddress: from });
const startGuest = (slug: string, email: string, from?: string) =>
  post('/api/user/auth/guest/', { email, name: 'Meera Iyer' }, slug, from);

/** A guest at `slug`: the code mailed to a new email, verified; their session. */
async function guestAt(slug: string, email = uniqueEmail('guest'), from = address()) {
  expect((await startGuest(slug, email, from)).statusCode).toBe(202);
  const res = await post(
    '/api/user/auth/guest/verify/',
    { email, otp: await lastCode(t, email) },
    slug,
    from,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { email, session: res.json().data as Session };
}

const as =
  (session: { access_token: string }, slug: string) =>
  (method: 'GET' | 'POST', url: string, payload?: object, extra: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${session.access_token}`, 'store-origin': slug, ...extra },
    });

/** The guest adds an address, puts one product in the cart and places a COD order; its id. */
async function guestOrder(slug: string, session: Session) {
  const call = as(session, slug);
  const [product] = (await productsOf(t, slug)).filter((p) => p.product_quantity >= 2);
  const saved = (await call('POST', ADDRESS, { ...home, phone_number: '9876543210' })).json().data;
  expect((await call('POST', CART, { product_id: product?.id, quantity: 1 })).statusCode).toBe(201);
  const d = (await call('GET', '/api/store/store-user/user-checkout/')).json().data;
  const body = {
    cart_item: d.cart_data.map((l: { id: string; quantity: number; unit_price: number }) => ({
      id: l.id,
      quantity: l.quantity,
      unit_price: l.unit_price,
    })),
    shipping_address: saved.id,
    delivery_type: d.delivery_option[0].id,
    payment_option: 'COD',
  };
  const res = await call('POST', PLACE, body, { 'idempotency-key': crypto.randomUUID() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.order_id as string;
}

const customerRows = (email: string) =>
  t.owner
    .select({ id: schema.users.id, storeId: schema.users.storeId, account: schema.users.shopperAccountId })
    .from(schema.users)
    .where(and(eq(schema.users.email, email), eq(schema.users.role, 'CUSTOMER')));

describe('guest checkout', () => {
  it('orders with a code and an address, sees the order, its mail links to it, and downloads the invoice once shipped', async () => {
    const { email, session } = await guestAt(shops.a.slug);
    expect(session.guest).toBe(true);
    const orderId = await guestOrder(shops.a.slug, session);
    const mail = await lastMail(t, email);
    expect(mail?.subject).toMatch(/^Order ORD-\d+ placed at /);
    expect(mail?.text).toContain(`/orders/${orderId}`);
    expect(mail?.html).toContain('View your order');

    const call = as(session, shops.a.slug);
    const seen = await call('GET', `${ORDERS}${orderId}/`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(JSON.stringify((await call('GET', `${ORDERS}user/`)).json().data)).toContain(orderId);
    await moveOrderAs(await demoVendor(t, shops.a), orderId, 'PROCESSING', 'SHIPPED');
    const pdf = await call('GET', `${ORDERS}${orderId}/invoice/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    // No password: a password sign-in fails like any wrong one; an emailed code signs the guest in again.
    const login = await post(
      '/api/user/auth/login/',
      { email, password: 'anything-1', role_name: 'CUSTOMER' },
      shops.a.slug,
    );
    expect(login.json().error.reason).toBe('INVALID_CREDENTIALS');
    const from = address();
    // A used code does not hold the next one back (no resend wait after the guest's own code).
    await post(
      '/api/user/auth/send-otp/',
      { email, role_name: 'CUSTOMER', purpose: 'LOGIN' },
      shops.a.slug,
      from,
    );
    const again = await post(
      '/api/user/auth/verify-otp/',
      { verification_field: email, otp: await lastCode(t, email), role_name: 'CUSTOMER', purpose: 'LOGIN' },
      shops.a.slug,
      from,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ id: session.id, guest: true });
  });

  it("never shows a guest another guest's order or invoice (404), nor a guest of shop A anything at shop B", async () => {
    const first = await guestAt(shops.a.slug);
    const orderId = await guestOrder(shops.a.slug, first.session);
    await moveOrderAs(await demoVendor(t, shops.a), orderId, 'PROCESSING', 'SHIPPED');
    const other = as((await guestAt(shops.a.slug)).session, shops.a.slug);
    expect((await other('GET', `${ORDERS}${orderId}/`)).statusCode).toBe(404);
    expect((await other('GET', `${ORDERS}${orderId}/invoice/`)).statusCode).toBe(404);
    expect((await other('POST', `${ORDERS}${orderId}/cancel/`, {})).statusCode).toBe(404);
    expect(JSON.stringify((await other('GET', `${ORDERS}user/`)).json().data)).not.toContain(orderId);
    const atB = await as(first.session, shops.b.slug)('GET', `${ORDERS}user/`);
    expect(atB.json().error.reason).toBe('WRONG_AUDIENCE');
    // Nor is a guest's session exchanged for one at another shop (no Haat account yet).
    const switched = await post(
      '/api/user/auth/switch-shop/',
      { refresh_token: first.session.refresh_token },
      shops.b.slug,
    );
    expect(switched.json().error?.reason).toBe('SWITCH_REFUSED');
  });

  it('answers a known and an unknown email alike, and a wrong code alike', async () => {
    const known = uniqueEmail('known');
    const body = vendorSignup(known, { role_name: 'CUSTOMER' });
    expect((await post('/api/store/store-user/user/', body, shops.b.slug)).statusCode).toBe(201);
    const code = await lastCode(t, known);
    const verify = { verification_field: known, otp: code, role_name: 'CUSTOMER' };
    expect((await post('/api/user/auth/verify-otp/', verify, shops.b.slug)).statusCode).toBe(200);
    const unknown = uniqueEmail('unknown');
    const from = address();
    const answers = [
      await startGuest(shops.a.slug, known, from),
      await startGuest(shops.a.slug, unknown, from),
    ];
    const shape = (r: (typeof answers)[number]) => ({
      status: r.statusCode,
      body: r.body.replaceAll(known, 'E').replaceAll(unknown, 'E'),
    });
    expect(shape(answers[0] as (typeof answers)[number])).toEqual(
      shape(answers[1] as (typeof answers)[number]),
    );
    const wrong = async (email: string) => {
      const c = await lastCode(t, email);
      return post(
        '/api/user/auth/guest/verify/',
        { email, otp: c === '000000' ? '111111' : '000000' },
        shops.a.slug,
        from,
      );
    };
    const withoutId = (r: { json: () => { requestId?: string } }) => ({ ...r.json(), requestId: undefined });
    const [a, b] = [await wrong(known), await wrong(unknown)];
    expect(a.statusCode).toBe(400);
    expect(b.statusCode).toBe(400);
    expect(withoutId(a)).toEqual(withoutId(b));
    expect(a.json().error.reason).toBe('OTP_INVALID');
  });

  it("puts an email with a Haat account's order on that account (its own row at this shop, linked; no guest)", async () => {
    const email = uniqueEmail('member');
    const body = vendorSignup(email, { role_name: 'CUSTOMER' });
    expect((await post('/api/store/store-user/user/', body, shops.b.slug)).statusCode).toBe(201);
    const verify = { verification_field: email, otp: await lastCode(t, email), role_name: 'CUSTOMER' };
    const atB = (await post('/api/user/auth/verify-otp/', verify, shops.b.slug)).json().data as Session;

    // At the shop where they have a row: that row.
    const sameShop = await guestAt(shops.b.slug, email);
    expect(sameShop.session).toMatchObject({ id: atB.id, guest: false });
    // At another shop: a row linked to the same account, made now; the order is theirs there.
    const { session } = await guestAt(shops.a.slug, email);
    expect(session.guest).toBe(false);
    const rows = await customerRows(email);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.account)).size).toBe(1);
    expect(rows.find((r) => r.storeId === shops.a.id)?.id).toBe(session.id);
    await guestOrder(shops.a.slug, session);
    // The account's password is untouched: a guest session cannot set one.
    const set = await as(session, shops.a.slug)('POST', '/api/user/auth/guest/password/', {
      password: 'new-pass-77',
      confirm_password: 'new-pass-77',
    });
    expect(set.statusCode).toBe(409);
    const login = await post(
      '/api/user/auth/login/',
      { email, password: 'chai-time-42', role_name: 'CUSTOMER' },
      shops.a.slug,
    );
    expect(login.statusCode, login.body).toBe(200);
  });

  it('sets a password after ordering: one Haat account that signs in at another shop; the guest session ends', async () => {
    const { email, session } = await guestAt(shops.a.slug);
    const orderId = await guestOrder(shops.a.slug, session);
    const password = { password: 'kept-pass-42', confirm_password: 'kept-pass-42' };
    const mismatch = await as(session, shops.a.slug)('POST', '/api/user/auth/guest/password/', {
      ...password,
      confirm_password: 'other-pass-42',
    });
    expect(mismatch.statusCode).toBe(400);
    const set = await as(session, shops.a.slug)('POST', '/api/user/auth/guest/password/', password);
    expect(set.statusCode, set.body).toBe(200);
    const kept = set.json().data as Session;
    expect(kept).toMatchObject({ id: session.id, guest: false });
    expect((await as(kept, shops.a.slug)('GET', `${ORDERS}${orderId}/`)).statusCode).toBe(200);
    // The guest session is over; the password is set once.
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/refresh/',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const twice = await as(kept, shops.a.slug)('POST', '/api/user/auth/guest/password/', password);
    expect(twice.json().error.reason).toBe('PASSWORD_SET');

    const atB = await post(
      '/api/user/auth/login/',
      { email, password: password.password, role_name: 'CUSTOMER' },
      shops.b.slug,
    );
    expect(atB.statusCode, atB.body).toBe(200);
    const rows = await customerRows(email);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.account).toBeTruthy();
    expect(rows[0]?.account).toBe(rows[1]?.account);
  });

  it('limits guest codes per address like every code (CODE_ADDRESS_LIMIT) and per email and address', async () => {
    const from = address();
    const email = uniqueEmail('often');
    const same = [];
    for (let i = 0; i < 6; i++) same.push((await startGuest(shops.a.slug, email, from)).statusCode);
    expect(same).toEqual([202, 202, 202, 202, 202, 429]);
    const many = [];
    // Every request counts on the address, refused ones too: 6 so far.
    for (let i = 0; i < t.deps.config.CODE_ADDRESS_LIMIT - 6; i++)
      many.push((await startGuest(shops.a.slug, uniqueEmail('many'), from)).statusCode);
    expect(many.every((s) => s === 202)).toBe(true);
    const over = await post(
      '/api/user/auth/send-otp/',
      { email: uniqueEmail('over'), role_name: 'CUSTOMER', purpose: 'LOGIN' },
      shops.a.slug,
      from,
    );
    expect(over.statusCode).toBe(429);
  });
});
