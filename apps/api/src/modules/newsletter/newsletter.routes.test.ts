import { schema } from '@haat/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let addresses = 0;
const post = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/newsletter/',
    payload: payload as object,
    remoteAddress: `10.22.0.${addresses++}`,
  });

describe('POST /api/user/newsletter/', () => {
  it('subscribes once, case-insensitively, and refuses a repeat with 409', async () => {
    const res = await post({ email: 'Asha.Rao@Example.in' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, data: { email: 'asha.rao@example.in' } });
    const again = await post({ email: 'asha.rao@example.in' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: 'This email is already subscribed' });
    const rows = await t.owner.select().from(schema.newsletterSubscriptions);
    expect(rows.filter((r) => r.email === 'asha.rao@example.in')).toHaveLength(1);
  });

  it('rejects an invalid email, unknown fields and a non-JSON body with 400 and stores nothing', async () => {
    const before = (await t.owner.select().from(schema.newsletterSubscriptions)).length;
    const bad = await post({ email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0]).toEqual({
      path: 'email',
      message: 'Please enter a valid email address',
    });
    expect((await post({ email: 'x@y.in', admin: true })).statusCode).toBe(400);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/user/newsletter/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().success).toBe(false);
    expect((await t.owner.select().from(schema.newsletterSubscriptions)).length).toBe(before);
  });
});
