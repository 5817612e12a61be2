import { Writable } from 'node:stream';
import { schema } from '@haat/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { lastCode, uniqueEmail, vendorSignup } from './accounts.test-helpers.ts';
import { DEMO_VENDOR_PASSWORD, setDemoVendorPasswords } from './bootstrap-accounts.ts';

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
const logs: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({}, { logStream });
  shops = await demoShops(t.owner);
  await setDemoVendorPasswords(t.owner);
});
afterAll(() => t?.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: headers['x-test-ip'] ?? '10.0.0.1' });

async function verifiedVendor(password = 'chai-time-42') {
  const email = uniqueEmail('v');
  await post('/api/user/auth/signup/', vendorSignup(email, { password, confirm_password: password }));
  const s = (
    await post('/api/user/auth/verify-otp/', {
      verification_field: email,
      otp: await lastCode(t, email),
      role_name: 'VENDOR',
    })
  ).json().data;
  return { email, password, session: s };
}

describe('password sign-in', () => {
  it('answers an unknown email exactly like a wrong password', async () => {
    const { email } = await verifiedVendor();
    const wrong = await post('/api/user/auth/login/', {
      email,
      password: 'not-the-password-1',
      role_name: 'VENDOR',
    });
    const unknown = await post('/api/user/auth/login/', {
      email: uniqueEmail('nobody'),
      password: 'not-the-password-1',
      role_name: 'VENDOR',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(wrong.json().message);
    expect(unknown.json().error).toEqual(wrong.json().error);
  });

  it('never writes a password to the log', async () => {
    await verifiedVendor('secret-in-the-log-77');
    await post('/api/user/auth/login/', {
      email: uniqueEmail('x'),
      password: 'secret-in-the-log-77',
      role_name: 'VENDOR',
    });
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain('secret-in-the-log-77');
  });

  it('slows an account under attack from many addresses, and its owner still signs in from a clean address', async () => {
    const { email, password } = await verifiedVendor();
    const wrong = (ip: string) =>
      post(
        '/api/user/auth/login/',
        { email, password: 'wrong-password-1', role_name: 'VENDOR' },
        { 'x-test-ip': ip },
      );
    // 14 wrong passwords, each from a new address: none is refused (no lock an attacker could set).
    for (let i = 0; i < 14; i++) expect((await wrong(`10.1.0.${i}`)).statusCode).toBe(401);
    // Later attempts on the account wait before they are checked.
    let started = Date.now();
    expect((await wrong('10.1.0.200')).statusCode).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    // The owner, from an address with a clean record, signs in (after the same wait).
    started = Date.now();
    const owner = await post(
      '/api/user/auth/login/',
      { email, password, role_name: 'VENDOR' },
      { 'x-test-ip': '10.1.1.1' },
    );
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.email).toBe(email);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses an address that keeps guessing one account, while the owner elsewhere is unaffected', async () => {
    const { email, password } = await verifiedVendor();
    const attempt = (pw: string, ip: string) =>
      post('/api/user/auth/login/', { email, password: pw, role_name: 'VENDOR' }, { 'x-test-ip': ip });
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await attempt('wrong-password-1', '10.2.0.1')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
    // Even the right password is refused from that address for now: it is the guessing address that waits.
    const limited = await attempt(password, '10.2.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', reason: 'LOGIN_THROTTLED' });
    expect((await attempt(password, '10.2.0.2')).statusCode).toBe(200);
    // An unknown account is throttled exactly alike (nothing tells which emails exist).
    const ghost = uniqueEmail('ghost');
    const ghostCodes: number[] = [];
    for (let i = 0; i < 11; i++) {
      ghostCodes.push(
        (
          await post(
            '/api/user/auth/login/',
            { email: ghost, password: 'wrong-password-1', role_name: 'VENDOR' },
            { 'x-test-ip': '10.2.0.3' },
          )
        ).statusCode,
      );
    }
    expect(ghostCodes).toEqual(codes);
  });

  it('limits sign-in attempts per address', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (
        await post(
          '/api/user/auth/login/',
          { email: uniqueEmail('ip'), password: 'whatever-123', role_name: 'VENDOR' },
          { 'x-test-ip': '10.9.9.9' },
        )
      ).statusCode;
    }
    expect(last).toBe(429);
  });

  it('signs in with a code mailed for OTP sign-in', async () => {
    const { email } = await verifiedVendor();
    const sent = await post('/api/user/auth/send-otp/', { email, role_name: 'VENDOR', purpose: 'LOGIN' });
    expect(sent.statusCode).toBe(202);
    const res = await post('/api/user/auth/verify-otp/', {
      verification_field: email,
      otp: await lastCode(t, email),
      role_name: 'VENDOR',
      purpose: 'LOGIN',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(email);
  });

  it('resets a forgotten password with a code, and the old password stops working', async () => {
    const { email } = await verifiedVendor('old-password-1');
    await post('/api/user/auth/send-otp/', { email, role_name: 'VENDOR', purpose: 'RESET_PASSWORD' });
    const code = await lastCode(t, email);
    const mismatch = await post('/api/user/auth/reset-password/', {
      email,
      otp: code,
      password: 'new-password-2',
      confirm_password: 'nope-nope-3',
      role_name: 'VENDOR',
    });
    expect(mismatch.statusCode).toBe(400);
    const res = await post('/api/user/auth/reset-password/', {
      email,
      otp: code,
      password: 'new-password-2',
      confirm_password: 'new-password-2',
      role_name: 'VENDOR',
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await post('/api/user/auth/login/', { email, password: 'old-password-1', role_name: 'VENDOR' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('/api/user/auth/login/', { email, password: 'new-password-2', role_name: 'VENDOR' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('account recovery tells nothing about accounts', () => {
  const reset = (email: string, otp: string, ip: string) =>
    post(
      '/api/user/auth/reset-password/',
      { email, otp, password: 'new-password-9', confirm_password: 'new-password-9', role_name: 'VENDOR' },
      { 'x-test-ip': ip },
    );
  const shape = (r: Awaited<ReturnType<typeof post>>) => {
    const { requestId: _, ...rest } = r.json();
    return { status: r.statusCode, body: rest, retry: r.headers['retry-after'] !== undefined };
  };

  it('answers every reset request and wrong code the same for an existing and an unknown account', async () => {
    const { email } = await verifiedVendor();
    const ghost = uniqueEmail('ghost');
    const ask = (e: string) =>
      post(
        '/api/user/auth/send-otp/',
        { email: e, role_name: 'VENDOR', purpose: 'RESET_PASSWORD' },
        {
          'x-test-ip': '10.4.0.1',
        },
      );
    const [known, unknown] = [await ask(email), await ask(ghost)];
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json().data.resend_after_seconds).toBe(unknown.json().data.resend_after_seconds);
    // Asking again at once: still alike (no "wait 30 seconds" that only a real account would get).
    expect((await ask(email)).statusCode).toBe(202);
    expect((await ask(ghost)).statusCode).toBe(202);
    const code = await lastCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 6; i++) {
      const a = shape(await reset(email, wrong, '10.4.0.2'));
      const b = shape(await reset(ghost, wrong, '10.4.0.3'));
      expect(b).toEqual(a);
      expect(a.status).toBe(i < 5 ? 400 : 429);
    }
  });

  it("spends none of the owner's tries on other addresses' guesses", async () => {
    const { email } = await verifiedVendor('old-password-5');
    await post('/api/user/auth/send-otp/', { email, role_name: 'VENDOR', purpose: 'RESET_PASSWORD' });
    const code = await lastCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    // Twelve addresses guess five times each: 60 wrong codes, far past the old five per code.
    for (let a = 0; a < 12; a++) {
      for (let i = 0; i < 5; i++) expect((await reset(email, wrong, `10.5.${a}.1`)).statusCode).toBe(400);
    }
    const owner = await reset(email, code, '10.5.99.1');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.email).toBe(email);
  });
});

describe('sessions', () => {
  it('rotates refresh tokens, and a reused one signs the whole session out', async () => {
    const { session } = await verifiedVendor();
    const r1 = await post('/api/user/auth/refresh/', { refresh_token: session.refresh_token });
    expect(r1.statusCode).toBe(200);
    const next = r1.json().data.refresh_token;
    expect(next).not.toBe(session.refresh_token);
    const replay = await post('/api/user/auth/refresh/', { refresh_token: session.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.reason).toBe('REFRESH_REUSED');
    expect((await post('/api/user/auth/refresh/', { refresh_token: next })).statusCode).toBe(401);
  });

  it('ends the session on logout', async () => {
    const { session } = await verifiedVendor();
    expect((await post('/api/user/auth/logout/', { refresh_token: session.refresh_token })).statusCode).toBe(
      200,
    );
    expect((await post('/api/user/auth/refresh/', { refresh_token: session.refresh_token })).statusCode).toBe(
      401,
    );
  });

  it('refuses missing, forged and foreign tokens', async () => {
    expect((await t.app.inject({ url: '/api/user/auth/me/' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/user/auth/me/', headers: { authorization: 'Bearer abc.def.ghi' } }))
        .statusCode,
    ).toBe(401);
    const { session } = await verifiedVendor();
    const [h, p] = session.access_token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${p}.`;
    expect(
      (await t.app.inject({ url: '/api/user/auth/me/', headers: { authorization: `Bearer ${none}` } }))
        .statusCode,
    ).toBe(401);
    expect(h).toBeTruthy();
  });
});

describe('profile', () => {
  it('shows and edits name and phone, and validates them', async () => {
    const { session, email } = await verifiedVendor();
    const auth = { authorization: `Bearer ${session.access_token}` };
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/user/auth/me/',
      headers: auth,
      payload: { first_name: 'Ravi', last_name: '', phone: '12' },
    });
    expect(bad.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/auth/me/',
      headers: auth,
      payload: { first_name: 'Ravi', last_name: 'Kumar', phone: '7012345678' },
    });
    expect(res.json().data).toMatchObject({
      email,
      first_name: 'Ravi',
      last_name: 'Kumar',
      phone: '7012345678',
    });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/user/auth/me/',
          payload: { first_name: 'A', last_name: 'B', phone: '7012345678' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('changes the password with the current one, keeps this session and ends the others', async () => {
    const { session, email, password } = await verifiedVendor();
    const other = (await post('/api/user/auth/login/', { email, password, role_name: 'VENDOR' })).json().data;
    const auth = { authorization: `Bearer ${session.access_token}` };
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/change-password/',
      headers: auth,
      payload: { current_password: 'nope-1234', password: 'brand-new-9', confirm_password: 'brand-new-9' },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/change-password/',
      headers: auth,
      payload: { current_password: password, password: 'brand-new-9', confirm_password: 'brand-new-9' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/user/auth/refresh/', { refresh_token: other.refresh_token })).statusCode).toBe(
      401,
    );
    expect((await post('/api/user/auth/refresh/', { refresh_token: session.refresh_token })).statusCode).toBe(
      200,
    );
  });
});

describe('POST /api/admin/admin-login/', () => {
  it("signs a demo vendor into the back office with their shop's slug and id", async () => {
    const [owner] = await t.owner
      .select({ email: schema.users.email })
      .from(schema.users)
      .innerJoin(schema.stores, eq(schema.stores.ownerId, schema.users.id))
      .where(eq(schema.stores.id, shops.a.id));
    const res = await post('/api/admin/admin-login/', {
      email: owner?.email ?? '',
      password: DEMO_VENDOR_PASSWORD,
      role_name: 'VENDOR',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ role_type: 'VENDOR', slug: shops.a.slug, store_id: shops.a.id });
    const customer = await post('/api/admin/admin-login/', {
      email: owner?.email ?? '',
      password: DEMO_VENDOR_PASSWORD,
      role_name: 'CUSTOMER',
    });
    expect(customer.statusCode).toBe(400);
  });
});
