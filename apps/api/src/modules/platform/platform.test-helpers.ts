import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { ensureOperator } from '../accounts/bootstrap-accounts.ts';

export const OPERATOR = { email: 'operator@haat.test', password: 'operator-pass-2026' };

/** Signs the platform operator (role ADMIN) in; `call` sends back-office requests naming a shop in store-origin. */
export async function platformOperator(t: TestApp) {
  await ensureOperator(t.owner, OPERATOR.email, OPERATOR.password);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/admin-login/',
    payload: { ...OPERATOR, role_name: 'ADMIN' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().data.access_token as string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, slug?: string) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${token}`, ...(slug ? { 'store-origin': slug } : {}) },
    });
  return { token, call };
}
