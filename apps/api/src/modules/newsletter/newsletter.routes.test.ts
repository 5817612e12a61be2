import { schema } from '@haat/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { confirmationLink, confirmByMail, mailsFor } from '../engagement/engagement.test-helpers.ts';

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
  it('keeps one pending row per address, case-insensitively; opening the mailed link subscribes it', async () => {
    const res = await post({ email: 'Asha.Rao@Example.in' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Check your mail to confirm',
      data: { email: 'asha.rao@example.in' },
    });
    const again = await post({ email: 'asha.rao@example.in' });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(res.json());
    const rows = async () =>
      (await t.owner.select().from(schema.newsletterSubscriptions)).filter(
        (r) => r.email === 'asha.rao@example.in',
      );
    expect(await rows()).toMatchObject([{ confirmedAt: null }]);
    // One mail (the repeat came inside the gap), its link on the main domain.
    const mails = await mailsFor(t, 'asha.rao@example.in');
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your subscription to Haat']);
    const { url } = await confirmationLink(t, 'asha.rao@example.in');
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/newsletter\/confirm\?token=[\w-]{43}$/);
    const confirmed = await confirmByMail(t, 'asha.rao@example.in', null);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: "You're subscribed",
      data: { list: 'NEWSLETTER', email: 'asha.rao@example.in', sale_title: null },
    });
    expect((await rows())[0]?.confirmedAt).not.toBeNull();
    const reused = await confirmByMail(t, 'asha.rao@example.in', null);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.issues[0]).toEqual({
      path: 'token',
      message: 'This link has expired or was already used',
    });
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
