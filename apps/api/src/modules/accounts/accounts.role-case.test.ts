import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { DEMO_VENDOR_PASSWORD, setDemoVendorPasswords } from './bootstrap-accounts.ts';

let t: TestApp;
let email = '';
beforeAll(async () => {
  t = await createTestApp();
  await setDemoVendorPasswords(t.owner);
  email = `owner@${(await demoShops(t.owner)).a.slug}.demo.haat.in`;
});
afterAll(() => t?.close());

const login = (role_name: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/auth/login/',
    payload: { email, password: DEMO_VENDOR_PASSWORD, role_name },
    remoteAddress: '10.9.17.16',
  });

describe('role_name in any case (issue 17 #16)', () => {
  it('signs in with vendor, Vendor and VENDOR alike', async () => {
    for (const role of ['vendor', 'Vendor', 'VENDOR']) {
      const res = await login(role);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
      expect(res.json().data.role_type).toBe('VENDOR');
    }
  });

  it('refuses an unknown role with a 400 naming role_name and the values it takes', async () => {
    const res = await login('shopkeeper');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(JSON.stringify(body)).toContain('role_name');
    expect(JSON.stringify(body)).toMatch(/VENDOR/);
  });
});
