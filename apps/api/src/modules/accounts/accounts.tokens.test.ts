import { createSecretKey, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { lastCode, uniqueEmail, vendorSignup } from './accounts.test-helpers.ts';
import { SESSION_CHECK_MS } from './session.service.ts';

const AUTH_SECRET = 'a-test-secret-of-at-least-32-characters';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET });
});
afterAll(() => t?.close());

const post = (url: string, payload: object, app = t.app) => app.inject({ method: 'POST', url, payload });
const me = (token: string, app = t.app) =>
  app.inject({ method: 'GET', url: '/api/user/auth/me/', headers: { authorization: `Bearer ${token}` } });

async function signedIn() {
  const email = uniqueEmail('tok');
  await post('/api/user/auth/signup/', vendorSignup(email));
  const session = (
    await post('/api/user/auth/verify-otp/', {
      verification_field: email,
      otp: await lastCode(t, email),
      role_name: 'VENDOR',
    })
  ).json().data;
  return { email, session };
}

/** A token signed with the server's own secret, with the claims given (what a leaked secret's holder cannot do
 * is not the point: the server must still refuse lifetimes it never issues). */
function forge(claims: { sub: string; fid: string; iat?: number; exp?: number }) {
  const jwt = new SignJWT({ role: 'VENDOR', fid: claims.fid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer('haat')
    .setAudience('platform');
  if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  return jwt.sign(createSecretKey(new TextEncoder().encode(AUTH_SECRET)));
}

describe('access tokens', () => {
  it('need exp and iat, and may not live longer than 15 minutes whatever exp says', async () => {
    const { session } = await signedIn();
    const sub = session.id;
    const [, payload] = session.access_token.split('.');
    const fid = JSON.parse(Buffer.from(payload, 'base64url').toString()).fid;
    const now = Math.floor(Date.now() / 1000);
    expect((await me(await forge({ sub, fid, iat: now, exp: now + 600 }))).statusCode).toBe(200);
    for (const claims of [
      { sub, fid, iat: now }, // no expiry
      { sub, fid, exp: now + 600 }, // no issue time
      { sub, fid, iat: now, exp: now + 86_400 }, // a day
      { sub, fid, iat: now - 16 * 60, exp: now + 600 }, // issued 16 minutes ago
      { sub, fid: randomUUID(), iat: now, exp: now + 600 }, // a sign-in that never happened
    ]) {
      const res = await me(await forge(claims));
      expect(res.statusCode, JSON.stringify(claims)).toBe(401);
    }
  });

  it('once accepted, stop working when they expire, and a token another shop’s audience refused stays refused', async () => {
    const { session } = await signedIn();
    const [, payload] = session.access_token.split('.');
    const fid = JSON.parse(Buffer.from(payload, 'base64url').toString()).fid;
    const now = Math.floor(Date.now() / 1000);
    // Valid for 40 s more with the 30 s clock tolerance: accepted twice (the second time from what was verified).
    const token = await forge({ sub: session.id, fid, iat: now - 50, exp: now + 10 });
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    vi.useFakeTimers({ now: (now + 41) * 1000, toFake: ['Date'] });
    try {
      expect((await me(token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    // A vendor's token at a shop's customer endpoint (audience store:…) is refused however often it is sent.
    const shopCall = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/store/store-user/store-cart/',
        headers: { authorization: `Bearer ${session.access_token}`, 'store-origin': 'chai-sutra' },
      });
    const first = await shopCall();
    expect(first.statusCode).not.toBe(200);
    expect((await shopCall()).statusCode).toBe(first.statusCode);
  });

  it('stop working at once on the instance that signed out, and within seconds on another', async () => {
    const other = await buildApp({
      db: t.appDb,
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', AUTH_SECRET }),
      logger: false,
    });
    try {
      const { session } = await signedIn();
      expect((await me(session.access_token)).statusCode).toBe(200);
      expect((await me(session.access_token, other)).statusCode).toBe(200);
      const out = await post('/api/user/auth/logout/', { refresh_token: session.refresh_token });
      expect(out.statusCode).toBe(200);
      const here = await me(session.access_token);
      expect(here.statusCode).toBe(401);
      expect(here.json().error.reason).toBe('SESSION_ENDED');
      await new Promise((r) => setTimeout(r, SESSION_CHECK_MS + 100));
      expect((await me(session.access_token, other)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('of a session revoked for refresh-token reuse stop working, and the new sign-in keeps working', async () => {
    const { email, session } = await signedIn();
    const rotated = await post('/api/user/auth/refresh/', { refresh_token: session.refresh_token });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().data.access_token;
    expect((await me(fresh)).statusCode).toBe(200);
    // The old refresh token replayed: the whole family is revoked, both access tokens with it.
    expect((await post('/api/user/auth/refresh/', { refresh_token: session.refresh_token })).statusCode).toBe(
      401,
    );
    expect((await me(fresh)).statusCode).toBe(401);
    expect((await me(session.access_token)).statusCode).toBe(401);
    const again = await post('/api/user/auth/login/', {
      email,
      password: 'chai-time-42',
      role_name: 'VENDOR',
    });
    expect((await me(again.json().data.access_token)).statusCode).toBe(200);
  });

  it('of other sessions stop working after a password change; the one that changed it goes on', async () => {
    const { email, session } = await signedIn();
    const second = (
      await post('/api/user/auth/login/', { email, password: 'chai-time-42', role_name: 'VENDOR' })
    ).json().data;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/change-password/',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: {
        current_password: 'chai-time-42',
        password: 'masala-dosa-7',
        confirm_password: 'masala-dosa-7',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(second.access_token)).statusCode).toBe(401);
    expect((await me(session.access_token)).statusCode).toBe(200);
  });
});
