import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { ADDRESS, CART, home, PLACE, productsOf } from '../orders/orders.test-helpers.ts';
import { lastCode, uniqueEmail, vendorSignup } from './accounts.test-helpers.ts';

/* A Haat shopper in tests (decision 0029): signed up at one shop, signed in and ordering at others. */

export const SHOPPER_PASSWORD = 'chai-time-42';

export const post = (t: TestApp, url: string, payload: object, slug?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: slug ? { 'store-origin': slug } : {} });

export const login = (t: TestApp, slug: string, email: string, password = SHOPPER_PASSWORD) =>
  post(t, '/api/user/auth/login/', { email, password, role_name: 'CUSTOMER' }, slug);

/** The marketplace's own shopper sign-in (decision 0036). */
export const MARKET = '/api/user/marketplace/auth';

export const marketplaceLogin = (t: TestApp, email: string, password = SHOPPER_PASSWORD) =>
  post(t, `${MARKET}/login/`, { email, password, role_name: 'CUSTOMER' });

/** A shopper who signs up on the marketplace and verifies the code: their marketplace session. */
export async function marketplaceSignUp(t: TestApp, email = uniqueEmail('market')) {
  const signup = await post(t, `${MARKET}/signup/`, vendorSignup(email, { role_name: 'CUSTOMER' }));
  expect(signup.statusCode, signup.body).toBe(201);
  const verify = { verification_field: email, otp: await lastCode(t, email), role_name: 'CUSTOMER' };
  const res = await post(t, `${MARKET}/verify-otp/`, verify);
  expect(res.statusCode, res.body).toBe(200);
  return { email, session: res.json().data as { access_token: string; refresh_token: string } };
}

/** Calls as a signed-in session at a shop. */
export const as = (t: TestApp, session: { access_token: string }, slug: string) => ({
  call: (method: 'GET' | 'POST', url: string, payload?: object, extra: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${session.access_token}`, 'store-origin': slug, ...extra },
    }),
});

/** A shopper who signs up at `slug` with the store-scoped sign-up and verifies the code: their session there. */
export async function signedUpAt(
  t: TestApp,
  slug: string,
  email = uniqueEmail('haat'),
  password = SHOPPER_PASSWORD,
  extra: Record<string, unknown> = {},
) {
  const body = vendorSignup(email, { role_name: 'CUSTOMER', password, confirm_password: password, ...extra });
  expect((await post(t, '/api/store/store-user/user/', body, slug)).statusCode).toBe(201);
  const verify = { verification_field: email, otp: await lastCode(t, email), role_name: 'CUSTOMER' };
  const res = await post(t, '/api/user/auth/verify-otp/', verify, slug);
  expect(res.statusCode, res.body).toBe(200);
  return { email, session: res.json().data };
}

/** Places a COD order at `slug` for a signed-in customer with one product; its order id. */
export async function orderAt(t: TestApp, slug: string, session: { access_token: string }) {
  const c = as(t, session, slug);
  const [product] = (await productsOf(t, slug)).filter((p) => p.product_quantity >= 2);
  if (!product) throw new Error(`${slug} has a product in stock`);
  const address = (await c.call('POST', ADDRESS, home)).json().data;
  expect((await c.call('POST', CART, { product_id: product.id, quantity: 1 })).statusCode).toBe(201);
  const d = (await c.call('GET', '/api/store/store-user/user-checkout/')).json().data;
  const delivery = d.delivery_option[0];
  const body = {
    cart_item: d.cart_data.map((l: { id: string; quantity: number; unit_price: number }) => ({
      id: l.id,
      quantity: l.quantity,
      unit_price: l.unit_price,
    })),
    shipping_address: address.id,
    delivery_type: delivery.id,
    payment_option: 'COD',
  };
  const res = await c.call('POST', PLACE, body, { 'idempotency-key': crypto.randomUUID() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.order_id as string;
}
