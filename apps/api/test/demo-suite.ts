import { afterAll } from 'vitest';
import { demoVendor } from '../src/modules/accounts/accounts.test-helpers.ts';
import { createTestApp, demoShops } from './harness.ts';

/**
 * The set-up most API test files share, at the top of the file: a test app on its own database, the demo shops, and
 * shop A's owner signed in (`vendor`); the app is closed after the file's tests.
 *
 *     const { t, shops, vendor } = await demoSuite();
 *
 * `env` and `opts` go to `createTestApp` (a file racing many requests wants a larger pool: `demoSuite({}, { poolSize: 20 })`).
 */
export async function demoSuite(...app: Parameters<typeof createTestApp>) {
  const t = await createTestApp(...app);
  afterAll(() => t.close());
  const shops = await demoShops(t.owner);
  const vendor = await demoVendor(t, shops.a);
  return { t, shops, vendor };
}
