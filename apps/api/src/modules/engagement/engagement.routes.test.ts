import { schema } from '@haat/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { uniqueEmail, verifiedCustomer, verifiedVendor } from '../accounts/accounts.test-helpers.ts';
import { makeDeal, notifyUrl, saleSubscriptionsOf, shopNewsletterOf } from './engagement.test-helpers.ts';

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
});
afterAll(() => t?.close());

// Each sign-up from its own client address, so the per-address limits do not meet these tests (one below does).
let addresses = 0;
const post = (
  url: string,
  slug: string | null,
  payload?: object,
  extra: Record<string, string> = {},
  remoteAddress = `10.20.${addresses >> 8}.${addresses++ & 255}`,
) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { host: 'localhost:4000', ...(slug ? { 'store-origin': slug } : {}), ...extra },
    ...(payload === undefined ? {} : { payload }),
  });

describe('POST /api/store/stores/product/store-deals/{dealId}/notify/', () => {
  it('puts a signed-out shopper on the list pending and mails a link; a repeat answers alike', async () => {
    const deal = await makeDeal(t, shops.a.id, { startsInMinutes: 120 });
    const email = uniqueEmail('notify');
    const res = await post(notifyUrl(deal.id), shops.a.slug, { email: email.toUpperCase() });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Check your mail to confirm',
      data: { deal_id: deal.id, email, already_subscribed: false, pending: true },
    });
    expect(new Date(res.json().data.starts_at).getTime()).toBeGreaterThan(Date.now());

    const again = await post(notifyUrl(deal.id), shops.a.slug, { email });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(res.json());
    const rows = (await saleSubscriptionsOf(t, shops.a.id)).filter((r) => r.dealId === deal.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email, customerId: null, notifiedAt: null, confirmedAt: null });
  });

  it('subscribes a signed-in customer of the shop with their account email, whatever the body says', async () => {
    const deal = await makeDeal(t, shops.a.id, { startsInMinutes: 90 });
    const c = await verifiedCustomer(t, shops.a.slug);
    const res = await c.call('POST', notifyUrl(deal.id), {});
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ email: c.email, already_subscribed: false, pending: false });
    const other = await c.call('POST', notifyUrl(deal.id), { email: 'someone.else@example.in' });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.email).toBe(c.email);
    const rows = (await saleSubscriptionsOf(t, shops.a.id)).filter((r) => r.dealId === deal.id);
    expect(rows).toHaveLength(1);
    const [account] = await t.owner
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, c.email));
    expect(rows[0]).toMatchObject({ email: c.email, customerId: account?.id });
    // Their account's address is verified: on the list at once, no mail to confirm.
    expect(rows[0]?.confirmedAt).not.toBeNull();
  });

  it('needs an email from a signed-out shopper and names the field', async () => {
    const deal = await makeDeal(t, shops.a.id, { startsInMinutes: 60 });
    for (const payload of [{}, undefined]) {
      const res = await post(notifyUrl(deal.id), shops.a.slug, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        error: {
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'email', message: 'Please enter your email address' }],
        },
      });
    }
    const bad = await post(notifyUrl(deal.id), shops.a.slug, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0]).toEqual({
      path: 'email',
      message: 'Please enter a valid email address',
    });
    expect((await post(notifyUrl(deal.id), shops.a.slug, { email: 'a@b.in', extra: 1 })).statusCode).toBe(
      400,
    );
    // A vendor's platform token is not a customer of this shop: still needs an email.
    const vendor = await verifiedVendor(t);
    const asVendor = await vendor.call('POST', notifyUrl(deal.id), {}, { 'store-origin': shops.a.slug });
    expect(asVendor.statusCode).toBe(400);
    const rows = (await saleSubscriptionsOf(t, shops.a.id)).filter((r) => r.dealId === deal.id);
    expect(rows).toHaveLength(0);
  });

  it("answers 404 for another shop's deal and an unknown id, 400 naming dealId for a malformed one", async () => {
    const theirs = await makeDeal(t, shops.b.id, { startsInMinutes: 60 });
    const email = uniqueEmail('cross');
    const cross = await post(notifyUrl(theirs.id), shops.a.slug, { email });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toMatchObject({ success: false, message: 'Sale not found' });
    expect((await saleSubscriptionsOf(t, shops.b.id)).filter((r) => r.email === email)).toHaveLength(0);
    expect(
      (await post(notifyUrl('00000000-0000-4000-8000-000000000000'), shops.a.slug, { email })).statusCode,
    ).toBe(404);
    const malformed = await post(notifyUrl('not-a-uuid'), shops.a.slug, { email });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.issues[0].path).toBe('dealId');
    // The right shop takes it.
    expect((await post(notifyUrl(theirs.id), shops.b.slug, { email })).statusCode).toBe(202);
  });

  it('refuses a sale that has started or ended with 409 and a clear message', async () => {
    const live = await makeDeal(t, shops.a.id, { startsInMinutes: -30, minutes: 120 });
    const started = await post(notifyUrl(live.id), shops.a.slug, { email: uniqueEmail('late') });
    expect(started.statusCode).toBe(409);
    expect(started.json()).toMatchObject({
      success: false,
      message: 'This sale has already started: the offer is live now',
      error: { code: 'CONFLICT', reason: 'SALE_STARTED' },
    });
    const over = await makeDeal(t, shops.a.id, { startsInMinutes: -300, minutes: 60 });
    const ended = await post(notifyUrl(over.id), shops.a.slug, { email: uniqueEmail('late') });
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toMatchObject({
      message: 'This sale has already ended',
      error: { reason: 'SALE_ENDED' },
    });
  });

  it('answers 404 for an unknown shop and 403 for a shop that is not open', async () => {
    const deal = await makeDeal(t, shops.a.id, { startsInMinutes: 60 });
    const email = uniqueEmail('where');
    expect((await post(notifyUrl(deal.id), 'no-such-shop-here', { email })).statusCode).toBe(404);
    const draft = shops.byStatus('DRAFT');
    const closed = await post(notifyUrl(deal.id), draft.slug, { email });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error.code).toBe('STORE_UNAVAILABLE');
  });
});

describe('POST /api/store/newsletter/ (per shop)', () => {
  const URL = '/api/store/newsletter/';

  it('keeps one pending row per shop and address, case-insensitively, and answers a repeat alike', async () => {
    const email = uniqueEmail('news');
    const res = await post(URL, shops.a.slug, { email: email.toUpperCase() });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Check your mail to confirm',
      data: { email },
    });
    const again = await post(URL, shops.a.slug, { email });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(res.json());
    // Another shop's list is its own.
    expect((await post(URL, shops.b.slug, { email })).statusCode).toBe(202);
    const rows = await shopNewsletterOf(t, shops.a.id);
    expect(rows.filter((r) => r.email === email)).toMatchObject([{ email, confirmedAt: null }]);
    expect(rows.every((r) => r.storeId === shops.a.id)).toBe(true);
  });

  it('names the field of an invalid or missing email with 400 and stores nothing', async () => {
    const before = await shopNewsletterOf(t, shops.a.id);
    for (const payload of [{ email: 'nope' }, {}]) {
      const res = await post(URL, shops.a.slug, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.issues[0].path).toBe('email');
    }
    expect((await post(URL, shops.a.slug, { email: 'nope' })).json().error.issues[0].message).toBe(
      'Please enter a valid email address',
    );
    const after = await shopNewsletterOf(t, shops.a.id);
    expect(after).toHaveLength(before.length);
  });

  it('answers 404 for an unknown shop, 403 for a closed one and 400 without any shop', async () => {
    const email = uniqueEmail('news');
    const unknown = await post(URL, 'no-such-shop-here', { email });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Store not found');
    expect((await post(URL, shops.byStatus('OFFLINE').slug, { email })).statusCode).toBe(403);
    const none = await post(URL, null, { email });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.issues[0].path).toBe('store-origin');
  });

  it('takes the shop from its own host as well', async () => {
    const res = await post(
      URL,
      null,
      { email: uniqueEmail('host') },
      { host: `${shops.a.slug}.localhost:4000` },
    );
    expect(res.statusCode).toBe(202);
  });
});

describe('sign-up boxes from one address', () => {
  it('take 5 sign-ups in 10 minutes, then 429 with Retry-After; another address is not affected', async () => {
    const deal = await makeDeal(t, shops.a.id, { startsInMinutes: 60, minutes: 60 });
    for (const [url, slug] of [
      ['/api/store/newsletter/', shops.a.slug],
      [notifyUrl(deal.id), shops.a.slug],
      ['/api/user/newsletter/', null],
    ] as const) {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        codes.push((await post(url, slug, { email: uniqueEmail('flood') }, {}, '10.30.0.1')).statusCode);
      }
      expect(codes, url).toEqual([202, 202, 202, 202, 202, 429, 429]);
      const limited = await post(url, slug, { email: uniqueEmail('flood') }, {}, '10.30.0.1');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post(url, slug, { email: uniqueEmail('flood') }, {}, '10.30.0.2')).statusCode).toBe(202);
    }
    const rows = await shopNewsletterOf(t, shops.a.id);
    expect(rows.filter((r) => r.email.startsWith('flood.'))).toHaveLength(6);
  });
});

describe('GET /api/store/get-store/cities/', () => {
  it('lists each city of the open shops once with its shop count, and none of closed shops', async () => {
    const res = await t.app.inject({ url: '/api/store/get-store/cities/' });
    expect(res.statusCode).toBe(200);
    const cities: { city: string; count: number }[] = res.json().data;
    const names = cities.map((c) => c.city);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const total = cities.reduce((n, c) => n + c.count, 0);
    const listed = (await t.app.inject({ url: '/api/store/get-store/?limit=100' })).json().data;
    expect(total).toBe(
      listed.results.filter((s: { location: { city: string | null } }) => s.location.city).length,
    );
    for (const c of cities) {
      const inCity = (
        await t.app.inject({ url: `/api/store/get-store/?city=${encodeURIComponent(c.city)}&limit=100` })
      ).json().data;
      expect(inCity.count).toBe(c.count);
    }
    const draftCity = (
      await t.owner
        .select({ city: schema.stores.city })
        .from(schema.stores)
        .where(eq(schema.stores.onlineStatus, 'DRAFT'))
    )[0]?.city;
    expect(draftCity).toBeTruthy();
    expect(names).not.toContain(draftCity);
  });
});
