import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { uniqueEmail } from '../modules/accounts/accounts.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const login = (app: TestApp['app'], socket: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user/auth/login/',
    remoteAddress: socket,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: uniqueEmail('probe'), password: 'whatever-123', role_name: 'VENDOR' },
  });

/** Sign-ins from one socket, each with a new X-Forwarded-For, until the first 429 (or `max` tries). */
async function triesUntilLimited(app: TestApp['app'], socket: string, max: number) {
  for (let i = 1; i <= max; i++) {
    const res = await login(app, socket, `203.0.113.${i}, 198.51.100.${i}`);
    if (res.statusCode === 429) return i;
    expect(res.statusCode).toBe(401);
  }
  return null;
}

describe('the client address used for rate limits', () => {
  it('is the socket address by default: a new X-Forwarded-For on every request still meets 429', async () => {
    const limitedAt = await triesUntilLimited(t.app, '192.0.2.10', 40);
    expect(limitedAt).not.toBeNull();
    expect(limitedAt).toBeLessThanOrEqual(31);
    // Another socket has its own budget.
    expect((await login(t.app, '192.0.2.11', '203.0.113.1')).statusCode).toBe(401);
  });

  it('comes from X-Forwarded-For only when the socket is a proxy named in TRUST_PROXY', async () => {
    const app = await buildApp({
      db: t.appDb,
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', TRUST_PROXY: '192.0.2.20' }),
      logger: false,
    });
    try {
      let seen = '';
      app.addHook('onRequest', async (req) => {
        seen = req.ip;
      });
      await login(app, '192.0.2.20', '198.51.100.7');
      expect(seen).toBe('198.51.100.7');
      // Through the trusted proxy each client has its own budget: 35 different clients are not limited.
      for (let i = 1; i <= 35; i++) {
        expect((await login(app, '192.0.2.20', `198.51.100.${100 + i}`)).statusCode).toBe(401);
      }
      // A socket that is not the proxy cannot pick its address.
      await login(app, '192.0.2.21', '198.51.100.8');
      expect(seen).toBe('192.0.2.21');
      expect(await triesUntilLimited(app, '192.0.2.21', 40)).toBeLessThanOrEqual(31);
    } finally {
      await app.close();
    }
  });
});

it('with a hop count, is the address the nearest proxy reports, whatever the client wrote before it', async () => {
  const app = await buildApp({
    db: t.appDb,
    config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', TRUST_PROXY: '1' }),
    logger: false,
  });
  try {
    let seen = '';
    app.addHook('onRequest', async (req) => {
      seen = req.ip;
    });
    await login(app, '192.0.2.30', '6.6.6.6, 198.51.100.9');
    expect(seen).toBe('198.51.100.9');
  } finally {
    await app.close();
  }
});

describe('TRUST_PROXY', () => {
  const parse = (value?: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).TRUST_PROXY;

  it('is off unless set, and takes a hop count or proxy addresses, ranges and names', () => {
    expect(parse()).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('1')).toBe(1);
    expect(parse('10.0.0.1, 10.1.0.0/16,loopback, ::1')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ]);
  });

  it('fails fast on anything else, including true (any client could pick its address)', () => {
    for (const bad of ['true', '0', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1,,']) {
      expect(() => parse(bad)).toThrow(/TRUST_PROXY/);
    }
  });
});
