import { schema } from '@haat/db';
import { desc, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness.ts';
import { DEMO_VENDOR_PASSWORD, setDemoVendorPasswords } from './bootstrap-accounts.ts';

/** A call to the API as the holder of `token`, at the shop `shopSlug` unless the call names another. */
export const callAs =
  (t: TestApp, token: string, shopSlug: string) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, slug = shopSlug) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${token}`, 'store-origin': slug },
    });

/** The newest mail to an address, read from the real outbox. */
export async function lastMail(t: TestApp, to: string) {
  const [row] = await t.owner
    .select({ payload: schema.outbox.payload })
    .from(schema.outbox)
    .where(sql`${schema.outbox.payload}->>'to' = ${to}`)
    .orderBy(desc(schema.outbox.createdAt))
    .limit(1);
  return row?.payload as { subject: string; text: string; html: string } | undefined;
}

/** The newest 6-digit code mailed to an address, read from the real outbox. */
export async function lastCode(t: TestApp, to: string): Promise<string> {
  const text = (await lastMail(t, to))?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

let n = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${n++}@example.in`;

export const vendorSignup = (email: string, extra: Record<string, unknown> = {}) => ({
  first_name: 'Asha',
  last_name: 'Verma',
  email,
  phone: '9876543210',
  password: 'chai-time-42',
  confirm_password: 'chai-time-42',
  role_name: 'VENDOR',
  terms: true,
  ...extra,
});

/** Lets the next code be requested at once (the 30 s resend wait is real time on the server). */
export async function ageCodes(t: TestApp, seconds = 31) {
  await t.owner.execute(
    sql`update otp_codes set created_at = created_at - make_interval(secs => ${seconds})`,
  );
}

/** Signs up and verifies a new vendor; `call` sends requests with their token. */
export async function verifiedVendor(t: TestApp, prefix = 'vendor') {
  const email = uniqueEmail(prefix);
  await t.app.inject({ method: 'POST', url: '/api/user/auth/signup/', payload: vendorSignup(email) });
  const session = (
    await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/verify-otp/',
      payload: { verification_field: email, otp: await lastCode(t, email), role_name: 'VENDOR' },
    })
  ).json().data;
  const auth = { authorization: `Bearer ${session.access_token}` };
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    extra: Record<string, string> = {},
  ) => t.app.inject({ method, url, payload, headers: { ...auth, host: 'localhost:4000', ...extra } });
  return { email, session, auth, call };
}

/** Signs up and verifies a customer of one shop; `call` sends requests with their token to that shop. */
export async function verifiedCustomer(t: TestApp, slug: string) {
  const email = uniqueEmail('shopper');
  const headers = { 'store-origin': slug };
  await t.app.inject({
    method: 'POST',
    url: '/api/store/store-user/user/',
    headers,
    payload: vendorSignup(email, { role_name: 'CUSTOMER' }),
  });
  const session = (
    await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/verify-otp/',
      headers,
      payload: { verification_field: email, otp: await lastCode(t, email), role_name: 'CUSTOMER' },
    })
  ).json().data;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    extra: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${session.access_token}`, ...headers, ...extra },
    });
  return { email, session, call };
}

/** Signs the demo owner of a seeded shop into the back office; `call` sends admin requests for that shop. */
export async function demoVendor(t: TestApp, shop: { id: string; slug: string }) {
  await setDemoVendorPasswords(t.owner);
  const [owner] = await t.owner
    .select({ email: schema.users.email })
    .from(schema.users)
    .innerJoin(schema.stores, eq(schema.stores.ownerId, schema.users.id))
    .where(eq(schema.stores.id, shop.id));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/admin-login/',
    payload: { email: owner?.email ?? '', password: DEMO_VENDOR_PASSWORD, role_name: 'VENDOR' },
  });
  const token = res.json().data.access_token as string;
  const call = callAs(t, token, shop.slug);
  return { token, call };
}
