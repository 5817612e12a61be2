import { schema } from '@haat/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { ageCodes, lastCode, uniqueEmail, vendorSignup } from './accounts.test-helpers.ts';

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
});
afterAll(() => t?.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('vendor sign-up and email verification', () => {
  it('creates an unverified account, mails a code, verifies it and signs the vendor in', async () => {
    const email = uniqueEmail('vendor');
    const res = await post('/api/user/auth/signup/', vendorSignup(email.toUpperCase()));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      email,
      role_type: 'VENDOR',
      verification_required: true,
      resend_after_seconds: 30,
    });
    const [user] = await t.owner.select().from(schema.users).where(eq(schema.users.email, email));
    expect(user?.emailVerifiedAt).toBeNull();
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const code = await lastCode(t, email);
    const stored = await t.owner
      .select()
      .from(schema.otpCodes)
      .where(eq(schema.otpCodes.userId, user?.id ?? ''));
    expect(JSON.stringify(stored)).not.toContain(code);

    const before = await post('/api/user/auth/login/', {
      email,
      password: 'chai-time-42',
      role_name: 'VENDOR',
    });
    expect(before.statusCode).toBe(403);
    expect(before.json().error.reason).toBe('EMAIL_NOT_VERIFIED');

    const verified = await post('/api/user/auth/verify-otp/', {
      verification_field: email,
      otp: code,
      verification_type: 'email',
      role_name: 'VENDOR',
    });
    expect(verified.statusCode).toBe(200);
    const s = verified.json().data;
    expect(s).toMatchObject({
      role_type: 'VENDOR',
      email,
      first_name: 'Asha',
      last_name: 'Verma',
      stores: [],
      store: null,
    });
    expect(s.access_token.split('.')).toHaveLength(3);
    const me = await t.app.inject({
      url: '/api/user/auth/me/',
      headers: { authorization: `Bearer ${s.access_token}` },
    });
    expect(me.json().data).toMatchObject({ email, email_verified: true, phone: '9876543210' });

    const again = await post('/api/user/auth/verify-otp/', {
      verification_field: email,
      otp: code,
      role_name: 'VENDOR',
    });
    expect(again.statusCode).toBe(400);
    const login = await post('/api/user/auth/login/', {
      email,
      password: 'chai-time-42',
      role_name: 'VENDOR',
    });
    expect(login.statusCode).toBe(200);
  });

  it('rejects invalid sign-ups with the spec messages and creates nothing', async () => {
    const email = uniqueEmail('bad');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ last_name: '' }, 'last_name', 'Last name is required'],
      [{ phone: '' }, 'phone', 'Phone number is required'],
      [{ phone: '5123456789' }, 'phone', 'Invalid phone number'],
      [{ phone: '98765' }, 'phone', 'Invalid phone number'],
      [{ confirm_password: '' }, 'confirm_password', 'Confirm password is required'],
      [{ confirm_password: 'something-else-1' }, 'confirm_password', 'Passwords do not match'],
      [{ terms: false }, 'terms', 'Please accept the terms and privacy policy'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ password: 'short1' }, 'password', 'Password must be at least 8 characters'],
    ];
    for (const [override, path, message] of cases) {
      const res = await post('/api/user/auth/signup/', vendorSignup(email, override));
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.issues).toContainEqual({ path, message });
    }
    expect(await t.owner.select().from(schema.users).where(eq(schema.users.email, email))).toEqual([]);
  });

  it('answers a repeated sign-up of a verified email the same way, and mails the owner instead of a code', async () => {
    const email = uniqueEmail('twice');
    await post('/api/user/auth/signup/', vendorSignup(email));
    await post('/api/user/auth/verify-otp/', {
      verification_field: email,
      otp: await lastCode(t, email),
      role_name: 'VENDOR',
    });
    const res = await post(
      '/api/user/auth/signup/',
      vendorSignup(email, { password: 'other-pass-99', confirm_password: 'other-pass-99' }),
    );
    expect(res.statusCode).toBe(201);
    const rows = await t.owner.execute(
      sql`select payload->>'subject' as subject from outbox where payload->>'to' = ${email} order by created_at desc limit 1`,
    );
    const subject = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows)[0] as {
      subject: string;
    };
    expect(subject.subject).not.toMatch(/code/i);
    const login = await post('/api/user/auth/login/', {
      email,
      password: 'chai-time-42',
      role_name: 'VENDOR',
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('one-time codes', () => {
  const newVendor = async () => {
    const email = uniqueEmail('otp');
    await post('/api/user/auth/signup/', vendorSignup(email));
    return email;
  };
  const verify = (email: string, otp: string) =>
    post('/api/user/auth/verify-otp/', { verification_field: email, otp, role_name: 'VENDOR' });

  it('makes an address that sent five wrong codes wait, while the owner elsewhere still verifies', async () => {
    const email = await newVendor();
    const code = await lastCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const from = (otp: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/auth/verify-otp/',
        remoteAddress: ip,
        payload: { verification_field: email, otp, role_name: 'VENDOR' },
      });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await from(wrong, '10.3.0.1'));
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[0]?.json().message).toBe(
      'Invalid or expired code. Please check it, or request a new code.',
    );
    expect(answers[5]?.statusCode).toBe(429);
    expect(answers[5]?.json().error.reason).toBe('OTP_TOO_MANY_TRIES');
    // The guessing address waits even with the right code; the owner's address is not affected.
    expect((await from(code, '10.3.0.1')).statusCode).toBe(429);
    expect((await from(code, '10.3.0.2')).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = await newVendor();
    const code = await lastCode(t, email);
    await t.owner.execute(
      sql`update otp_codes set expires_at = now() - interval '1 second' where user_id = (select id from users where email = ${email})`,
    );
    const res = await verify(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Invalid or expired code. Please check it, or request a new code.',
      error: { reason: 'OTP_INVALID' },
    });
  });

  it('keeps the code already sent when asked again within 30 s (answering alike), then replaces it', async () => {
    const email = await newVendor();
    const first = await lastCode(t, email);
    const mails = async () =>
      (await t.owner.select().from(schema.outbox).where(sql`${schema.outbox.payload}->>'to' = ${email}`))
        .length;
    const before = await mails();
    const soon = await post('/api/user/auth/send-otp/', {
      email,
      role_name: 'VENDOR',
      purpose: 'VERIFY_EMAIL',
    });
    expect(soon.statusCode).toBe(202);
    expect(await mails()).toBe(before);
    await ageCodes(t);
    const later = await post('/api/user/auth/send-otp/', {
      email,
      role_name: 'VENDOR',
      purpose: 'VERIFY_EMAIL',
    });
    expect(later.statusCode).toBe(202);
    expect(await mails()).toBe(before + 1);
    const second = await lastCode(t, email);
    if (second !== first) expect((await verify(email, first)).statusCode).toBe(400);
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it('answers code requests for unknown emails exactly like known ones', async () => {
    const known = await newVendor();
    await ageCodes(t);
    const a = await post('/api/user/auth/send-otp/', { email: known, role_name: 'VENDOR' });
    const b = await post('/api/user/auth/send-otp/', { email: uniqueEmail('ghost'), role_name: 'VENDOR' });
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(Object.keys(a.json().data)).toEqual(Object.keys(b.json().data));
    expect((await verify(uniqueEmail('ghost2'), '123456')).json().message).toBe(
      'Invalid or expired code. Please check it, or request a new code.',
    );
  });
});

describe('customers belong to one shop', () => {
  it('signs up at shop A with the store-origin header; shop B gets its own customer row, signed in with the same Haat account (decision 0029)', async () => {
    const email = uniqueEmail('shopper');
    const body = vendorSignup(email, { role_name: 'CUSTOMER' });
    const a = await post('/api/store/store-user/user/', body, { 'store-origin': shops.a.slug });
    expect(a.statusCode).toBe(201);
    const tokenA = (
      await post(
        '/api/user/auth/verify-otp/',
        { verification_field: email, otp: await lastCode(t, email), role_name: 'CUSTOMER' },
        { 'store-origin': shops.a.slug },
      )
    ).json().data;
    expect(tokenA.store).toEqual({ id: shops.a.id, slug: shops.a.slug });
    const meA = await t.app.inject({
      url: '/api/user/auth/me/',
      headers: { authorization: `Bearer ${tokenA.access_token}`, 'store-origin': shops.a.slug },
    });
    expect(meA.statusCode).toBe(200);
    const atB = await t.app.inject({
      url: '/api/user/auth/me/',
      headers: { authorization: `Bearer ${tokenA.access_token}`, 'store-origin': shops.b.slug },
    });
    expect(atB.statusCode).toBe(401);
    expect(atB.json().error.reason).toBe('WRONG_AUDIENCE');
    const onPlatform = await t.app.inject({
      url: '/api/user/auth/me/',
      headers: { authorization: `Bearer ${tokenA.access_token}` },
    });
    expect(onPlatform.statusCode).toBe(401);
    const loginB = await post(
      '/api/user/auth/login/',
      { email, password: 'chai-time-42', role_name: 'CUSTOMER' },
      { 'store-origin': shops.b.slug },
    );
    expect(loginB.statusCode).toBe(200);
    expect(loginB.json().data.store).toEqual({ id: shops.b.id, slug: shops.b.slug });
    const b = await post('/api/user/auth/signup/', body, { 'store-origin': shops.b.slug });
    expect(b.statusCode).toBe(201);
    const accounts = await t.owner.select().from(schema.users).where(eq(schema.users.email, email));
    expect(accounts.map((u) => u.storeId).sort()).toEqual([shops.a.id, shops.b.id].sort());
  });

  it('needs a shop for customer sign-up, and refuses unknown or closed shops', async () => {
    const body = vendorSignup(uniqueEmail('c'), { role_name: 'CUSTOMER' });
    expect((await post('/api/user/auth/signup/', body)).statusCode).toBe(400);
    expect(
      (await post('/api/store/store-user/user/', body, { 'store-origin': 'ghost-shop' })).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/store/store-user/user/', body, { 'store-origin': shops.byStatus('SUSPENDED').slug }))
        .statusCode,
    ).toBe(403);
  });
});
