import { rowsOf, withStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';

/*
 * The customer list's search and count (issue 38, migration 0057): a search answers its page in the list's order
 * and how many match through the trigram index (customer_search_page), and without a search the count is the
 * shop's whole book, kept by triggers on every insert (customer_book_counts).
 */

const { t, shops } = await demoSuite();
let owner: Awaited<ReturnType<typeof demoVendor>>;
beforeAll(async () => {
  owner = await demoVendor(t, shops.a);
});

describe('the customer list', () => {
  it('pages a search of 1,200 matches in the list’s order with their count, and never counts another shop’s', async () => {
    const add = (storeId: string, n: number, offset: number) =>
      withStore(t.owner, storeId, (tx) =>
        tx.execute(sql`insert into pos_customers (store_id, name, phone, last_visit_at)
          select ${storeId}, 'Zebunnisa Qadri ' || i, (7100000000 + ${offset} + i)::text,
                 now() - (i || ' minutes')::interval
            from generate_series(1, ${n}) i`),
      );
    await add(shops.a.id, 1200, 0);
    await add(shops.b.id, 7, 5000);
    const truth = rowsOf<{ id: string }>(
      await withStore(t.owner, shops.a.id, (tx) =>
        tx.execute(sql`select id from pos_customers where store_id = ${shops.a.id} and name like 'Zebunnisa%'
          order by last_visit_at desc nulls last, id`),
      ),
    ).map((r) => r.id);
    expect(truth).toHaveLength(1200);
    for (const offset of [0, 100, 1150]) {
      const res = await owner.call('GET', `/api/admin/customer/?search=zebunnisa&limit=100&offset=${offset}`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.count).toBe(1200);
      expect(data.results.map((r: { id: string }) => r.id)).toEqual(truth.slice(offset, offset + 100));
    }
    const past = (
      await owner.call('GET', '/api/admin/customer/?search=Zebunnisa&limit=20&offset=1300')
    ).json().data;
    expect(past).toEqual({ results: [], count: 1200 });
    const none = (await owner.call('GET', '/api/admin/customer/?search=zebunnisax')).json().data;
    expect(none).toEqual({ results: [], count: 0 });
    // Without a search the count is the shop's whole book (kept by triggers on every insert).
    for (const shop of [shops.a, shops.b]) {
      const [book] = rowsOf<{ n: number }>(
        await withStore(t.owner, shop.id, (tx) =>
          tx.execute(sql`select count(*)::int as n from pos_customers where store_id = ${shop.id}`),
        ),
      );
      const who = shop === shops.a ? owner : await demoVendor(t, shops.b);
      expect((await who.call('GET', '/api/admin/customer/?limit=1')).json().data.count).toBe(book?.n);
    }
    const one = (await owner.call('GET', '/api/admin/customer/?search=qadri%20777')).json().data;
    expect(one.results.map((r: { name: string }) => r.name)).toEqual(['Zebunnisa Qadri 777']);
    expect(one.count).toBe(1);
  });
});
