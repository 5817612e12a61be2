import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { newShopper, signUpCustomer } from './journeys.ts';

let app: AppHandle;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const shopper = (width: number) => newShopper('Meera Iyer', `expiry-${width}`);

describe('a shopper whose session ends while on Your Orders (issue 42)', () => {
  it.each([360, 1366])(
    'is told once, signs in again from a login address that names /orders once, and lands back on /orders (%i px)',
    async (width) => {
      const shop = app.demo.openShop;
      const page = await app.newPage({ width });
      const who = shopper(width);
      await signUpCustomer(app, page, who, shop);
      await page.goto(app.url('/orders', shop));
      await page.getByRole('heading', { name: 'Your Orders' }).waitFor();

      // The server no longer knows the tokens (revoked elsewhere): every call answers 401 and the refresh fails.
      await page.evaluate(() => {
        for (const store of [localStorage, sessionStorage]) {
          const raw = store.getItem('token');
          if (!raw) continue;
          const s = JSON.parse(raw);
          store.setItem('token', JSON.stringify({ ...s, accessToken: 'revoked', refreshToken: 'revoked' }));
        }
      });
      // Fake timers from here, so the 2 s between a 401 and its handling can be run through instead of slept.
      await page.clock.install();
      await page.reload();
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByLabel('Email').waitFor();
      const toasts = page.getByText('Your session has expired. Please login again.');
      await toasts.first().waitFor();

      await page.getByLabel('Email').fill(who.email);
      await page.getByLabel('Password', { exact: true }).fill(who.password);
      // Every 401 the page had is handled 2 s after it came back: run the clock past them all.
      await page.clock.runFor(5000);
      const login = new URL(page.url());
      expect(login.pathname).toBe('/login');
      expect(login.searchParams.get('redirect')).toBe('/orders');
      expect(await toasts.count()).toBe(1);
      await page.screenshot({ path: `/tmp/h42/expired-login-${width}.png` });

      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/orders');
      await page.getByRole('heading', { name: 'Your Orders' }).waitFor();
      await page.context().close();
    },
  );
});
