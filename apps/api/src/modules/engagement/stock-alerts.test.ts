import { rowsOf, withStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { uniqueEmail, verifiedCustomer } from '../accounts/accounts.test-helpers.ts';
import type { MailLog } from '../mail/index.ts';
import { confirmByMail, mailsFor } from './engagement.test-helpers.ts';
import type { SaleNotifierDeps } from './sale-notifier.ts';
import { runStockNotifier } from './stock-alerts.service.ts';

/*
 * Back-in-stock alerts (issue 40): "Notify me" on an out-of-stock product or option mails the address once when
 * it has stock again, through the outbox; a signed-out shopper confirms the address first (double opt-in).
 */
const { t, shops } = await demoSuite();
let deps: SaleNotifierDeps;
const log: MailLog = { info: () => {}, warn: () => {}, error: () => {} };
const origin = { protocol: 'http' as const, port: 4000 };

beforeAll(async () => {
  deps = {
    db: t.appDb,
    config: { PLATFORM_DOMAIN: 'localhost', NODE_ENV: 'test', PORT: 4000 },
    log,
    origin: () => origin,
  };
});

const url = (productId: string) => `/api/store/stores/product/${productId}/notify-stock/`;
let addresses = 0;
const ask = (slug: string, productId: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: url(productId),
    remoteAddress: `10.40.${addresses >> 8}.${addresses++ & 255}`,
    headers: { 'store-origin': slug, ...headers },
    payload,
  });

/** A product of the shop with one variant and one with several: ids, names and each variant's id. */
async function productsOf(storeId: string) {
  const rows = rowsOf<{ product_id: string; name: string; variants: string[]; awaited: boolean }>(
    await withStore(t.owner, storeId, (tx) =>
      tx.execute(sql`select p.id as product_id, p.product_name as name,
          array_agg(v.id order by v.position, v.id)::text[] as variants,
          exists (select 1 from stock_alerts a where a.store_id = ${storeId} and a.product_id = p.id) as awaited
        from products p join product_variants v on v.store_id = p.store_id and v.product_id = p.id
       where p.store_id = ${storeId} and p.status = 'ACTIVE' group by p.id, p.product_name order by p.id`),
    ),
  );
  // Not one the demo's own shoppers wait for (its sold-out products have two alerts each), or they are mailed too:
  // the product ids are random, so which product comes first changes from one seeded database to the next.
  const single = rows.find((r) => r.variants.length === 1 && !r.awaited);
  if (!single) throw new Error('the demo shop needs a product without options');
  return { single, rows };
}

const setStock = (storeId: string, variantId: string, quantity: number) =>
  withStore(t.owner, storeId, (tx) =>
    tx.execute(
      sql`update product_variants set quantity = ${quantity} where store_id = ${storeId} and id = ${variantId}`,
    ),
  );
const backMails = async (email: string) =>
  (await mailsFor(t, email)).filter((m) => m.subject.startsWith('Back in stock'));

describe('back-in-stock alerts', () => {
  it('the demo shops have shoppers waiting, confirmed, on their sold-out products', async () => {
    for (const shop of [shops.a, shops.b]) {
      const [row] = rowsOf<{ sold_out: number; waiting: number; not_sold_out: number }>(
        await withStore(t.owner, shop.id, (tx) =>
          tx.execute(sql`select
              (select count(*)::int from product_variants v join products p
                  on p.store_id = v.store_id and p.id = v.product_id and p.status = 'ACTIVE'
                where v.store_id = ${shop.id} and v.quantity <= 0) as sold_out,
              (select count(*)::int from stock_alerts a where a.store_id = ${shop.id}
                  and a.confirmed_at is not null and a.notified_at is null) as waiting,
              (select count(*)::int from stock_alerts a join product_variants v
                  on v.store_id = a.store_id and v.id = a.variant_id
                where a.store_id = ${shop.id} and a.notified_at is null and v.quantity > 0) as not_sold_out`),
        ),
      );
      if (row?.sold_out) expect(row.waiting).toBe(2 * Math.min(2, row.sold_out));
      expect(row?.not_sold_out).toBe(0);
    }
  });

  it('mail each confirmed address once when the product is back, none before and none twice', async () => {
    const { single } = await productsOf(shops.a.id);
    const variant = single.variants[0] ?? '';
    await setStock(shops.a.id, variant, 0);
    const anon = uniqueEmail('back');
    const unconfirmed = uniqueEmail('back-unconfirmed');
    const asked = await ask(shops.a.slug, single.product_id, { email: anon });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().data).toMatchObject({ variant_id: variant, pending: true });
    expect((await ask(shops.a.slug, single.product_id, { email: unconfirmed })).statusCode).toBe(202);
    const confirm = (await mailsFor(t, anon)).at(-1);
    expect(confirm?.subject).toContain(`tell me when ${single.name} is back`);
    const confirmed = await confirmByMail(t, anon, shops.a.slug);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toEqual({
      list: 'STOCK',
      email: anon,
      sale_title: null,
      product_name: single.name,
    });

    const shopper = await verifiedCustomer(t, shops.a.slug);
    const mine = await shopper.call('POST', url(single.product_id), {});
    expect(mine.statusCode, mine.body).toBe(201);
    expect((await shopper.call('POST', url(single.product_id), {})).statusCode).toBe(200);

    expect((await runStockNotifier(deps)).mailed).toBe(0);
    await setStock(shops.a.id, variant, 4);
    const run = await runStockNotifier(deps);
    expect(run.mailed).toBe(2);
    for (const email of [anon, shopper.email]) {
      const [mail, ...more] = await backMails(email);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe(`Back in stock: ${single.name}`);
      expect(mail?.text).toContain(`/product/${single.product_id}`);
    }
    expect(await backMails(unconfirmed)).toEqual([]);
    expect((await runStockNotifier(deps)).mailed).toBe(0);

    // Sold out again and asked again: armed again, mailed again when it is back.
    await setStock(shops.a.id, variant, 0);
    expect((await shopper.call('POST', url(single.product_id), {})).statusCode).toBe(201);
    await setStock(shops.a.id, variant, 1);
    expect((await runStockNotifier(deps)).mailed).toBe(1);
    expect(await backMails(shopper.email)).toHaveLength(2);
  });

  it('refuse what cannot be asked: in stock, no option chosen, no email, another shop’s product', async () => {
    const { single, rows } = await productsOf(shops.a.id);
    await setStock(shops.a.id, single.variants[0] ?? '', 3);
    const inStock = await ask(shops.a.slug, single.product_id, { email: uniqueEmail('x') });
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().error).toMatchObject({ code: 'CONFLICT', reason: 'IN_STOCK' });
    await setStock(shops.a.id, single.variants[0] ?? '', 0);
    const noEmail = await ask(shops.a.slug, single.product_id, {});
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error.issues[0].path).toBe('email');
    const bad = await ask(shops.a.slug, single.product_id, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    const sized = rows.find((r) => r.variants.length > 1);
    if (sized) {
      const which = await ask(shops.a.slug, sized.product_id, { email: uniqueEmail('x') });
      expect(which.statusCode).toBe(400);
      expect(which.json().error.issues[0].path).toBe('variant_id');
    }
    const other = (await productsOf(shops.b.id)).single;
    const foreign = await ask(shops.a.slug, other.product_id, { email: uniqueEmail('x') });
    expect(foreign.statusCode).toBe(404);
  });
});
