import { schema, withStore } from '@haat/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { uniqueEmail } from '../accounts/accounts.test-helpers.ts';
import { saleLiveMail } from '../mail/mail.service.ts';
import type { MailLog } from '../mail/mail.worker.ts';
import {
  confirmByMail,
  makeDeal,
  notifyUrl,
  saleSubscriptionsOf,
  startDeal,
} from './engagement.test-helpers.ts';
import { runSaleNotifier, type SaleNotifierDeps, startSaleNotifier } from './sale-notifier.ts';

const { outbox } = schema;

const { t, shops } = await demoSuite();
let errors: object[] = [];
const log: MailLog = { info: () => {}, warn: () => {}, error: (obj) => errors.push(obj) };
let deps: SaleNotifierDeps;

beforeAll(async () => {
  deps = { db: t.appDb, config: { PLATFORM_DOMAIN: 'localhost', NODE_ENV: 'test', PORT: 4000 }, log };
});
beforeEach(() => {
  errors = [];
});

let addresses = 0;
const subscribe = async (slug: string, dealId: string, email: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: notifyUrl(dealId),
    remoteAddress: `10.21.${addresses >> 8}.${addresses++ & 255}`,
    headers: { 'store-origin': slug },
    payload: { email },
  });
  expect(res.statusCode).toBe(202);
  expect((await confirmByMail(t, email, slug)).statusCode).toBe(200);
};

type Mail = { to: string; subject: string; text: string; html?: string };
const mailsTo = async (emails: string[]) =>
  (
    await t.owner
      .select({ payload: outbox.payload, storeId: outbox.storeId })
      .from(outbox)
      .where(
        and(
          inArray(sql`${outbox.payload}->>'to'`, emails),
          sql`${outbox.payload}->>'subject' not like 'Confirm:%'`,
        ),
      )
  ).map((r) => ({ ...(r.payload as Mail), storeId: r.storeId }));

const shopUrl = async (slug: string) =>
  (await t.app.inject({ url: `/api/store/store/${slug}/`, headers: { host: 'localhost:4000' } })).json().data
    .store_url as string;

const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: paise % 100 ? 2 : 0,
    maximumFractionDigits: paise % 100 ? 2 : 0,
  }).format(paise / 100);

describe('the sale notifier', () => {
  it('mails each subscriber exactly once when the sale starts, and not before', async () => {
    const deal = await makeDeal(t, shops.a.id, { startsInMinutes: 60 });
    const other = await makeDeal(t, shops.b.id, { startsInMinutes: 60 });
    const emails = [uniqueEmail('sale'), uniqueEmail('sale')];
    const waiting = uniqueEmail('later');
    for (const e of emails) await subscribe(shops.a.slug, deal.id, e);
    await subscribe(shops.b.slug, other.id, waiting);

    // Not started yet: nothing goes out.
    expect((await runSaleNotifier(deps)).mailed).toBe(0);
    expect(await mailsTo([...emails, waiting])).toEqual([]);

    await startDeal(t, shops.a.id, deal.id);
    const first = await runSaleNotifier(deps);
    expect(first).toMatchObject({ mailed: 2, failed: 0 });
    const mails = await mailsTo(emails);
    expect(mails.map((m) => m.to).sort()).toEqual([...emails].sort());
    const [home] = await t.owner
      .select({ name: schema.stores.storeName })
      .from(schema.stores)
      .where(eq(schema.stores.id, shops.a.id));
    const base = await shopUrl(shops.a.slug);
    const link = `${base.endsWith('/') ? base : `${base}/`}product/${deal.product.id}`;
    for (const m of mails) {
      expect(m.subject).toBe(`${deal.title} is live at ${home?.name}`);
      expect(m.text).toContain(rupees(deal.dealPricePaise));
      expect(m.text).toContain(`Shop now: ${link}`);
      expect(m.html).toContain(`href="${link}"`);
      expect(m.storeId).toBe(shops.a.id);
    }
    const rows = (await saleSubscriptionsOf(t, shops.a.id)).filter((r) => r.dealId === deal.id);
    expect(rows.every((r) => r.notifiedAt !== null)).toBe(true);

    // Again: nobody is mailed twice, and the other shop's sale has still not started.
    expect((await runSaleNotifier(deps)).mailed).toBe(0);
    expect(await mailsTo(emails)).toHaveLength(2);
    expect(await mailsTo([waiting])).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('mails once even when two notifiers run at the same moment', async () => {
    const deal = await makeDeal(t, shops.b.id, { startsInMinutes: 30 });
    const emails = [uniqueEmail('race'), uniqueEmail('race'), uniqueEmail('race')];
    for (const e of emails) await subscribe(shops.b.slug, deal.id, e);
    await startDeal(t, shops.b.id, deal.id);
    const results = await Promise.all([runSaleNotifier(deps), runSaleNotifier(deps)]);
    expect(results.reduce((n, r) => n + r.mailed, 0)).toBe(3);
    const mails = await mailsTo(emails);
    expect(mails.map((m) => m.to).sort()).toEqual([...emails].sort());
  });

  it('closes subscriptions of a sale that ended before its reminder without mailing "is live"', async () => {
    const deal = await makeDeal(t, shops.a.id, { startsInMinutes: 30, minutes: 60 });
    const email = uniqueEmail('missed');
    await subscribe(shops.a.slug, deal.id, email);
    await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .update(schema.deals)
        .set({ startsAt: sql`now() - interval '3 hours'`, endsAt: sql`now() - interval '1 hour'` })
        .where(and(eq(schema.deals.storeId, shops.a.id), eq(schema.deals.id, deal.id))),
    );
    const result = await runSaleNotifier(deps);
    expect(result).toMatchObject({ mailed: 0, closed: 1 });
    expect(await mailsTo([email])).toEqual([]);
    const [row] = (await saleSubscriptionsOf(t, shops.a.id)).filter((r) => r.dealId === deal.id);
    expect(row?.notifiedAt).not.toBeNull();
  });

  it('keeps the reminders of a shop that is closed until it opens again', async () => {
    const shop = shops.open[2] ?? shops.a;
    const deal = await makeDeal(t, shop.id, { startsInMinutes: 30 });
    const email = uniqueEmail('closed');
    await subscribe(shop.slug, deal.id, email);
    await startDeal(t, shop.id, deal.id);
    await t.owner.update(schema.stores).set({ onlineStatus: 'OFFLINE' }).where(eq(schema.stores.id, shop.id));
    try {
      expect((await runSaleNotifier(deps)).mailed).toBe(0);
      expect(await mailsTo([email])).toEqual([]);
    } finally {
      await t.owner
        .update(schema.stores)
        .set({ onlineStatus: 'PUBLISHED' })
        .where(eq(schema.stores.id, shop.id));
    }
    expect((await runSaleNotifier(deps)).mailed).toBe(1);
    expect(await mailsTo([email])).toHaveLength(1);
  });

  it('runs on its own timer once started and stops cleanly', async () => {
    const deal = await makeDeal(t, shops.a.id, { startsInMinutes: 30 });
    const email = uniqueEmail('timer');
    await subscribe(shops.a.slug, deal.id, email);
    await startDeal(t, shops.a.id, deal.id);
    const notifier = startSaleNotifier(deps, { intervalMs: 50 });
    try {
      await expect.poll(() => mailsTo([email]), { timeout: 10_000, interval: 100 }).toHaveLength(1);
    } finally {
      await notifier.stop();
    }
    expect((await notifier.runOnce()).mailed).toBe(0);
    expect(await mailsTo([email])).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe('the "is live" mail', () => {
  it('keeps the subject to one line and escapes what the shop typed in the HTML', () => {
    const mail = saleLiveMail({
      to: 'a@example.in',
      shopName: 'Tom & "Jerry"\r\nBcc: x@y.z',
      dealTitle: '<b>Diwali</b> Sale',
      productName: 'Brass <Diya>',
      dealPricePaise: 49_950,
      listPricePaise: 79_900,
      endsAt: new Date('2026-11-01T12:30:00Z'),
      productUrl: 'http://shop.localhost:3000/product/1?a=1&b=2',
    });
    expect(mail.subject).toBe('<b>Diwali</b> Sale is live at Tom & "Jerry" Bcc: x@y.z');
    expect(mail.text).toContain('Brass <Diya> is now ₹499.50 (was ₹799), until 1 Nov 2026, 6:00 pm IST');
    expect(mail.html).not.toContain('<b>Diwali');
    expect(mail.html).toContain('&lt;b&gt;Diwali&lt;/b&gt;');
    expect(mail.html).toContain('href="http://shop.localhost:3000/product/1?a=1&amp;b=2"');
  });
});
