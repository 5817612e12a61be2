import { schema, withStore } from '@haat/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { uniqueEmail } from '../accounts/accounts.test-helpers.ts';
import { MAILS_PER_ADDRESS_PER_DAY } from './confirmation.service.ts';
import {
  confirmationLink,
  confirmByMail,
  mailsFor,
  makeDeal,
  notifyUrl,
  saleSubscriptionsOf,
  shopNewsletterOf,
  startDeal,
} from './engagement.test-helpers.ts';
import { runSaleNotifier } from './sale-notifier.ts';

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
});
afterAll(() => t?.close());

// Each sign-up from its own client address, so the per-address limits stay out of the way.
let addresses = 0;
const post = (url: string, slug: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.40.${addresses >> 8}.${addresses++ & 255}`,
    headers: { 'store-origin': slug },
    payload,
  });
const confirm = (slug: string, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/store/subscription/confirm/',
    headers: { 'store-origin': slug },
    payload: { token },
  });
const NEWSLETTER = '/api/store/newsletter/';

/** Moves the last mail of the shop newsletter's row back, as if it had gone out `minutes` ago. */
const sentAgo = (storeId: string, email: string, minutes: number) =>
  withStore(t.owner, storeId, (tx) =>
    tx
      .update(schema.shopNewsletterSubscriptions)
      .set({ confirmSentAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(
        and(
          eq(schema.shopNewsletterSubscriptions.storeId, storeId),
          eq(schema.shopNewsletterSubscriptions.email, email),
        ),
      ),
  );
const newsletterRow = async (storeId: string, email: string) =>
  (await shopNewsletterOf(t, storeId)).find((r) => r.email === email);

describe("a shop's newsletter with double opt-in", () => {
  it('mails a one-time link to the shop; opening it subscribes the address, a second time is refused', async () => {
    const email = uniqueEmail('optin');
    expect((await post(NEWSLETTER, shops.a.slug, { email })).statusCode).toBe(202);
    const [mail] = await mailsFor(t, email);
    const [shop] = await t.owner
      .select({ name: schema.stores.storeName })
      .from(schema.stores)
      .where(eq(schema.stores.id, shops.a.id));
    expect(mail?.subject).toBe(`Confirm your subscription to ${shop?.name}`);
    const { url, token } = await confirmationLink(t, email);
    const home = (await t.app.inject({ url: `/api/store/store/${shops.a.slug}/` })).json().data.store_url;
    expect(url).toBe(`${home.endsWith('/') ? home : `${home}/`}subscription/confirm?token=${token}`);
    expect(mail?.html).toContain(`href="${url}"`);
    // The row keeps only the token's hash.
    const pending = await newsletterRow(shops.a.id, email);
    expect(pending).toMatchObject({ confirmedAt: null });
    expect(pending?.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(pending?.confirmTokenHash).not.toContain(token);

    // Shop B does not know shop A's link.
    expect((await confirm(shops.b.slug, token)).statusCode).toBe(400);
    const ok = await confirm(shops.a.slug, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      success: true,
      message: "You're subscribed",
      data: { list: 'NEWSLETTER', email, sale_title: null },
    });
    expect((await newsletterRow(shops.a.id, email))?.confirmedAt).not.toBeNull();
    const again = await confirm(shops.a.slug, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.issues).toEqual([
      { path: 'token', message: 'This link has expired or was already used' },
    ]);
  });

  it('mails again on a new sign-up only after 10 minutes, and the newer link replaces the older', async () => {
    const email = uniqueEmail('resend');
    await post(NEWSLETTER, shops.a.slug, { email });
    const first = await confirmationLink(t, email);
    for (let i = 0; i < 3; i++)
      expect((await post(NEWSLETTER, shops.a.slug, { email })).statusCode).toBe(202);
    expect(await mailsFor(t, email)).toHaveLength(1);

    await sentAgo(shops.a.id, email, 11);
    expect((await post(NEWSLETTER, shops.a.slug, { email })).statusCode).toBe(202);
    expect(await mailsFor(t, email)).toHaveLength(2);
    const second = await confirmationLink(t, email);
    expect(second.token).not.toBe(first.token);
    expect((await confirm(shops.a.slug, first.token)).statusCode).toBe(400);
    expect((await confirm(shops.a.slug, second.token)).statusCode).toBe(200);

    // Subscribed already: a later sign-up answers alike and the mail says so, with no link.
    await sentAgo(shops.a.id, email, 11);
    const repeat = await post(NEWSLETTER, shops.a.slug, { email });
    expect(repeat.statusCode).toBe(202);
    expect(repeat.json().message).toBe('Check your mail to confirm');
    const last = (await mailsFor(t, email)).at(-1);
    expect(last?.subject).toMatch(/^You're already on .+'s list$/);
    expect(last?.text).not.toContain('token=');
  });

  it('refuses a link older than 7 days, an unknown token and a missing one', async () => {
    const email = uniqueEmail('stale');
    await post(NEWSLETTER, shops.a.slug, { email });
    const { token } = await confirmationLink(t, email);
    await sentAgo(shops.a.id, email, 8 * 24 * 60);
    expect((await confirm(shops.a.slug, token)).statusCode).toBe(400);
    expect((await newsletterRow(shops.a.id, email))?.confirmedAt).toBeNull();
    expect((await confirm(shops.a.slug, 'x'.repeat(43))).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/store/subscription/confirm/',
      headers: { 'store-origin': shops.a.slug },
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues[0].path).toBe('token');
  });

  it(`sends at most ${MAILS_PER_ADDRESS_PER_DAY} confirmation mails to one address a day, from all lists`, async () => {
    const email = uniqueEmail('victim');
    for (const shop of shops.open.slice(0, 3)) await post(NEWSLETTER, shop.slug, { email });
    for (let i = 0; i < 4; i++) {
      const deal = await makeDeal(t, shops.a.id, { startsInMinutes: 60 });
      expect((await post(notifyUrl(deal.id), shops.a.slug, { email })).statusCode).toBe(202);
    }
    expect(await mailsFor(t, email)).toHaveLength(MAILS_PER_ADDRESS_PER_DAY);
  });
});

describe('Notify Me with double opt-in', () => {
  it('mails only subscribers who opened their link when the sale starts', async () => {
    const deal = await makeDeal(t, shops.b.id, { startsInMinutes: 60 });
    const [confirmed, pending] = [uniqueEmail('yes'), uniqueEmail('maybe')];
    for (const email of [confirmed, pending])
      expect((await post(notifyUrl(deal.id), shops.b.slug, { email })).statusCode).toBe(202);
    const [mail] = await mailsFor(t, confirmed);
    expect(mail?.subject).toContain(`Confirm: tell me when ${deal.title} starts at`);
    expect(mail?.text).toContain(`email you once when the sale "${deal.title}" starts`);

    const res = await confirmByMail(t, confirmed, shops.b.slug);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "You're on the list",
      data: { list: 'SALE', email: confirmed, sale_title: deal.title },
    });
    await startDeal(t, shops.b.id, deal.id);
    const run = await runSaleNotifier({
      db: t.appDb,
      config: { PLATFORM_DOMAIN: 'localhost', NODE_ENV: 'test', PORT: 4000 },
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    expect(run.failed).toBe(0);
    expect(await mailsFor(t, confirmed)).toHaveLength(2);
    expect((await mailsFor(t, confirmed)).at(-1)?.subject).toContain(`${deal.title} is live at`);
    expect(await mailsFor(t, pending)).toHaveLength(1);
    const rows = (await saleSubscriptionsOf(t, shops.b.id)).filter((r) => r.dealId === deal.id);
    expect(rows.find((r) => r.email === pending)).toMatchObject({ confirmedAt: null, notifiedAt: null });
  });
});
