import { afterAll } from 'vitest';
import { demoVendor } from '../src/modules/accounts/accounts.test-helpers.ts';
import { createTestApp, demoShops } from './harness.ts';

/**
 * The set-up most API test files share, at the top of the file: a test app on its own database, the demo shops, and
 * shop A's owner signed in (`vendor`); the app is closed after the file's tests.
 *
 *     const { t, shops, vendor } = await demoSuite();
 */
export async function demoSuite() {
  const t = await createTestApp();
  afterAll(() => t.close());
  const shops = await demoShops(t.owner);
  const vendor = await demoVendor(t, shops.a);
  return { t, shops, vendor };
}
