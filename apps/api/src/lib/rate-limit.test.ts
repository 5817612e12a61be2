import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { LOGIN_THROTTLE } from '../modules/accounts/accounts.service.ts';
import { uniqueEmail } from '../modules/accounts/accounts.test-helpers.ts';

/*
 * The limits count over the last window, not the current fixed window only: a burst that straddles a window's edge
 * is held to one budget (a CI run once saw the 31st sign-in of a burst answer 401 because the burst crossed the
 * edge of a five-minute window), and the budget comes back once a whole window has passed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

const { max, windowSeconds } = LOGIN_THROTTLE.perAddress;
const windowMs = windowSeconds * 1000;
/** A window's edge in the future (the hits of this file's address there are its own). */
const edge = Math.ceil(Date.now() / windowMs) * windowMs + 10 * windowMs;

const signIn = async (ip: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/login/',
      headers: { host: 'localhost:4000' },
      remoteAddress: ip,
      payload: { email: uniqueEmail('edge'), password: 'whatever-123', role_name: 'VENDOR' },
    })
  ).statusCode;
const burst = async (ip: string, n: number) => {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push(await signIn(ip));
  return codes;
};

describe('rate limits over the last window', () => {
  it('holds a burst across a window’s edge to one budget, and gives the budget back a window later', async () => {
    const ip = '10.7.7.7';
    vi.useFakeTimers({ toFake: ['Date'], now: edge - 2000 });
    const before = await burst(ip, 20);
    expect(before.every((c) => c === 401)).toBe(true);

    // Just past the edge: the previous window's 20 still count, so the 11th sign-in here is the 31st.
    vi.setSystemTime(edge + 1000);
    const after = await burst(ip, max - 20 + 1);
    expect(after.slice(0, max - 20)).toEqual(Array(max - 20).fill(401));
    expect(after.at(-1)).toBe(429);

    // Two windows later nothing of the burst is within the last window.
    vi.setSystemTime(edge + 2 * windowMs + 1000);
    expect(await signIn(ip)).toBe(401);
  });

  it('lets half a window’s weight of the previous window count half way through this one', async () => {
    const ip = '10.8.8.8';
    vi.useFakeTimers({ toFake: ['Date'], now: edge + 3 * windowMs - 1000 });
    await burst(ip, max);
    // Half way through the next window, half of the previous window's hits (15) still count: 15 more pass.
    vi.setSystemTime(edge + 3 * windowMs + windowMs / 2);
    const codes = await burst(ip, max / 2 + 1);
    expect(codes.slice(0, max / 2)).toEqual(Array(max / 2).fill(401));
    expect(codes.at(-1)).toBe(429);
  });
});
