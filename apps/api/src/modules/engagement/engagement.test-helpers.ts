import { schema, withStore } from '@haat/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness.ts';

let n = 0;

/**
 * A new deal on an active product of the shop, running from `startsInMinutes` for `minutes` (negative start:
 * already running). Written in the shop's own context, as the app role (PGlite) sees no other rows.
 */
export async function makeDeal(
  t: TestApp,
  storeId: string,
  opts: { startsInMinutes: number; minutes?: number; pricePaise?: number },
) {
  return withStore(t.owner, storeId, async (tx) => {
    const [product] = await tx
      .select({ id: schema.products.id, name: schema.products.name, pricePaise: schema.products.pricePaise })
      .from(schema.products)
      .where(and(eq(schema.products.storeId, storeId), eq(schema.products.status, 'ACTIVE')))
      .orderBy(asc(schema.products.createdAt), asc(schema.products.id))
      .limit(1);
    if (!product) throw new Error('the demo shop has an active product');
    const title = `Test Sale ${++n}`;
    const dealPricePaise = opts.pricePaise ?? Math.max(100, Math.floor(product.pricePaise * 0.7));
    const [deal] = await tx
      .insert(schema.deals)
      .values({
        storeId,
        productId: product.id,
        title,
        dealPricePaise,
        startsAt: sql`now() + make_interval(mins => ${opts.startsInMinutes})`,
        endsAt: sql`now() + make_interval(mins => ${opts.startsInMinutes + (opts.minutes ?? 24 * 60)})`,
      })
      .returning({ id: schema.deals.id });
    if (!deal) throw new Error('deal insert returned no row');
    return { id: deal.id, title, dealPricePaise, product };
  });
}

/** Moves a deal's window so that it started `minutesAgo` minutes ago (and runs a day from then). */
export async function startDeal(t: TestApp, storeId: string, dealId: string, minutesAgo = 1) {
  await withStore(t.owner, storeId, (tx) =>
    tx
      .update(schema.deals)
      .set({
        startsAt: sql`now() - make_interval(mins => ${minutesAgo})`,
        endsAt: sql`now() - make_interval(mins => ${minutesAgo}) + interval '1 day'`,
      })
      .where(and(eq(schema.deals.storeId, storeId), eq(schema.deals.id, dealId))),
  );
}

/**
 * The sale subscriptions of a shop, read in its context. The filter is spelled out too: on PostgreSQL the owner
 * connection is a superuser, which row-level security does not apply to.
 */
export const saleSubscriptionsOf = (t: TestApp, storeId: string) =>
  withStore(t.owner, storeId, (tx) =>
    tx.select().from(schema.saleSubscriptions).where(eq(schema.saleSubscriptions.storeId, storeId)),
  );

/** The shop newsletter's subscribers of a shop (as above). */
export const shopNewsletterOf = (t: TestApp, storeId: string) =>
  withStore(t.owner, storeId, (tx) =>
    tx
      .select()
      .from(schema.shopNewsletterSubscriptions)
      .where(eq(schema.shopNewsletterSubscriptions.storeId, storeId)),
  );

export const notifyUrl = (dealId: string) => `/api/store/stores/product/store-deals/${dealId}/notify/`;

type MailRow = { to: string; subject: string; text: string; html?: string };

/** The mails queued for an address, oldest first. */
export async function mailsFor(t: TestApp, email: string): Promise<MailRow[]> {
  const rows = await t.owner
    .select({ payload: schema.outbox.payload })
    .from(schema.outbox)
    .where(sql`lower(${schema.outbox.payload}->>'to') = ${email.toLowerCase()}`)
    .orderBy(asc(schema.outbox.createdAt), asc(schema.outbox.id));
  return rows.map((r) => r.payload as MailRow);
}

/** The double opt-in link of the newest confirmation mail to `email` and its token. */
export async function confirmationLink(t: TestApp, email: string) {
  const mail = (await mailsFor(t, email)).filter((m) => m.subject.startsWith('Confirm')).at(-1);
  const url = mail?.text.match(/https?:\/\/\S+\/confirm\?token=\S+/)?.[0];
  if (!url) throw new Error(`no confirmation mail to ${email}`);
  return { url, token: new URL(url).searchParams.get('token') ?? '' };
}

/** Opens the newest confirmation link to `email` as its page does; `slug` names the shop, null the platform. */
export async function confirmByMail(t: TestApp, email: string, slug: string | null) {
  const { token } = await confirmationLink(t, email);
  return t.app.inject({
    method: 'POST',
    url: slug ? '/api/store/subscription/confirm/' : '/api/user/newsletter/confirm/',
    headers: slug ? { 'store-origin': slug } : {},
    payload: { token },
  });
}
