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
    const ids = (data: { results: { id: string }[] }) => data.results.map((r) => r.id);
    // A deep page is counted exactly through the trigram index.
    for (const offset of [100, 1150]) {
      const res = await owner.call('GET', `/api/admin/customer/?search=zebunnisa&limit=100&offset=${offset}`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ count: 1200, count_capped: false });
      expect(ids(data)).toEqual(truth.slice(offset, offset + 100));
    }
    // The first pages of a term the latest customers share come from them, not counted past the page: more follow.
    for (const [limit, offset] of [
      [20, 0],
      [10, 20],
    ] as const) {
      const res = await owner.call(
        'GET',
        `/api/admin/customer/?search=Zebunnisa&limit=${limit}&offset=${offset}`,
      );
      const data = res.json().data;
      expect(data).toMatchObject({ count: offset + limit, count_capped: true });
      expect(ids(data)).toEqual(truth.slice(offset, offset + limit));
    }
    const past = (
      await owner.call('GET', '/api/admin/customer/?search=Zebunnisa&limit=20&offset=1300')
    ).json().data;
    expect(past).toEqual({ results: [], count: 1200, count_capped: false });
    const none = (await owner.call('GET', '/api/admin/customer/?search=zebunnisax')).json().data;
    expect(none).toEqual({ results: [], count: 0, count_capped: false });
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
    expect(one).toMatchObject({ count: 1, count_capped: false });
  });

  it('answers a term shared by a tenth of the book from the latest customers, in the same order as counted', async () => {
    // 2,000 more customers, one in ten a Farzana: the latest ones are looked at first, page by page, and a page
    // deep enough is counted exactly; the pages join up with no customer twice or missing.
    await withStore(t.owner, shops.a.id, (tx) =>
      tx.execute(sql`insert into pos_customers (store_id, name, phone, last_visit_at)
        select ${shops.a.id}, case when i % 10 = 3 then 'Farzana Khan ' else 'Ravi Kumar ' end || i,
               (7300000000 + i)::text, now() + (i || ' seconds')::interval
          from generate_series(1, 2000) i`),
    );
    const truth = rowsOf<{ id: string }>(
      await withStore(t.owner, shops.a.id, (tx) =>
        tx.execute(sql`select id from pos_customers where store_id = ${shops.a.id} and lower(name) like '%farzana%'
          order by last_visit_at desc nulls last, id`),
      ),
    ).map((r) => r.id);
    expect(truth).toHaveLength(200);
    const seen: string[] = [];
    const capped: boolean[] = [];
    let last = { count: 0, count_capped: false };
    for (let offset = 0; offset === 0 || last.count_capped || offset < last.count; offset += 30) {
      const data = (
        await owner.call('GET', `/api/admin/customer/?search=farzana&limit=30&offset=${offset}`)
      ).json().data;
      seen.push(...data.results.map((r: { id: string }) => r.id));
      capped.push(data.count_capped);
      last = data;
    }
    // The first page from the latest customers ("more than 30"), the deeper ones counted exactly.
    expect(capped).toEqual([true, false, false, false, false, false, false]);
    expect(seen).toEqual(truth);
    expect(last).toMatchObject({ count: 200, count_capped: false });
  });
});
