import { rowsOf, schema, withStore } from '@haat/db';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';

/**
 * The inventory's totals without a search come from product_stock_counts (kept by triggers on products); these
 * checks hold them against counting the products themselves after every kind of write.
 */
const { t, shops, vendor } = await demoSuite();
let categories: string[];
beforeAll(async () => {
  categories = (await vendor.call('GET', '/api/admin/category/'))
    .json()
    .data.map((c: { id: string }) => c.id);
});

const stamp = Date.now().toString(36).toUpperCase();
let n = 0;
const form = (extra: Record<string, unknown> = {}) => ({
  product_name: `Counted Lamp ${++n}`,
  sku: `CNT-${stamp}-${n}`,
  original_price: 100,
  product_price: 200,
  unit: 'Piece',
  product_quantity: 10,
  low_stock_threshold: 5,
  shipping_charge: 40,
  category_id: categories[0],
  ...extra,
});

/** Every row of product_stock_counts equals a count of the products themselves, in every shop. */
async function expectCountsExact() {
  const kept = rowsOf<Record<string, unknown>>(
    await t.owner.execute(sql`
      select store_id, status, category_id, stock_state, products::int as n from product_stock_counts
       where products <> 0 order by 1, 2, 3, 4`),
  );
  const counted = rowsOf<Record<string, unknown>>(
    await t.owner.execute(sql`
      select store_id, status, category_id, stock_state, count(*)::int as n from products
       group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
  );
  expect(kept).toEqual(counted);
}

/** The list's total for each filter matches the products counted directly. */
async function expectTotals() {
  const { products: p } = schema;
  for (const status of ['ACTIVE', 'ARCHIVED', 'all'] as const)
    for (const stock of ['all', 'in_stock', 'low_stock', 'out_of_stock'] as const)
      for (const category of [undefined, categories[0]]) {
        const q = new URLSearchParams({ status, stock, limit: '1' });
        if (category) q.set('category', category);
        const res = await vendor.call('GET', `/api/admin/stores/product/?${q}`);
        expect(res.statusCode).toBe(200);
        const [row] = await withStore(t.owner, shops.a.id, (tx) =>
          tx
            .select({ n: sql<number>`count(*)::int` })
            .from(p)
            .where(
              and(
                eq(p.storeId, shops.a.id),
                status === 'all' ? undefined : eq(p.status, status),
                category ? eq(p.categoryId, category) : undefined,
                stock === 'out_of_stock' ? sql`${p.quantity} = 0` : undefined,
                stock === 'low_stock'
                  ? sql`${p.quantity} > 0 and ${p.quantity} <= ${p.lowStockThreshold}`
                  : undefined,
                stock === 'in_stock' ? sql`${p.quantity} > ${p.lowStockThreshold}` : undefined,
              ),
            ),
        );
        expect(res.json().data.count, `${q}`).toBe(row?.n);
      }
}

describe('inventory totals', () => {
  it('stay exact through adds, stock and category edits, archiving, deletes, imports and direct writes', async () => {
    await expectCountsExact();
    const made = [];
    for (const quantity of [0, 3, 5, 6, 40])
      made.push(
        (await vendor.call('POST', '/api/admin/product/', form({ product_quantity: quantity }))).json().data,
      );
    const [out, low, , , plenty] = made;
    // Stock edits across the threshold (in → low → out), a threshold change, a category change.
    const edit = (p: { id: string; sku: string; product_name: string }, extra: Record<string, unknown>) =>
      vendor.call(
        'PUT',
        `/api/admin/product/${p.id}/`,
        form({ sku: p.sku, product_name: p.product_name, stock_reason: 'Counted again', ...extra }),
      );
    expect((await edit(plenty, { product_quantity: 2 })).statusCode).toBe(200);
    expect((await edit(low, { product_quantity: 3, low_stock_threshold: 2 })).statusCode).toBe(200);
    expect((await edit(out, { product_quantity: 0, category_id: categories[1] })).statusCode).toBe(200);
    expect((await vendor.call('DELETE', `/api/admin/product/${made[2].id}/`)).statusCode).toBe(200);
    await expectCountsExact();

    // An import creates and updates in one transaction.
    const csv = [
      'sku,product_name,category,unit,cost_price,selling_price,stock,gst_percent',
      `CNT-${stamp}-IMP1,Imported Lamp,Lamps,Piece,80,149,0,12`,
      `CNT-${stamp}-IMP2,Imported Shade,Lamps,Piece,80,149,4,12`,
      `${made[3].sku},${made[3].product_name},Lamps,Piece,80,149,1,12`,
    ].join('\n');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/product/import/?dry_run=false',
      payload: csv,
      headers: {
        authorization: `Bearer ${vendor.token}`,
        'store-origin': shops.a.slug,
        'content-type': 'text/csv',
      },
    });
    expect(imported.json().data).toMatchObject({ created: 2, updated: 1 });
    await expectCountsExact();

    // Writes outside the app: archive, a bulk stock change, a delete, a product without a category.
    await t.owner.execute(sql`update products set status = 'ARCHIVED' where id = ${made[1].id}`);
    await t.owner.execute(
      sql`update products set quantity = quantity + 1 where store_id = ${shops.a.id} and quantity <= 6`,
    );
    await t.owner.execute(sql`update products set category_id = null where id = ${made[3].id}`);
    await t.owner.execute(sql`delete from products where id = ${made[4].id}`);
    await expectCountsExact();
    await expectTotals();

    const stats = (await vendor.call('GET', '/api/admin/product/stats/')).json().data;
    const active = (await vendor.call('GET', '/api/admin/stores/product/?limit=1')).json().data.count;
    expect(stats.total_product).toBe(active);
    expect(stats.in_stock + stats.low_stock + stats.out_of_stock).toBe(active);
  });

  it('searches name (any case, % and _ taken literally), SKU prefix and exact barcode', async () => {
    const made = (
      await vendor.call(
        'POST',
        '/api/admin/product/',
        form({ product_name: 'Neem 100% Oil_Pure', barcode: '8901234567890' }),
      )
    ).json().data;
    const hits = async (search: string) => {
      const res = (
        await vendor.call('GET', `/api/admin/stores/product/?search=${encodeURIComponent(search)}&status=all`)
      ).json().data;
      expect(res.count).toBe(res.results.length);
      return res.results.map((r: { id: string }) => r.id);
    };
    expect(await hits('NEEM 100%')).toContain(made.id);
    expect(await hits('oil_pure')).toContain(made.id);
    expect(await hits('100_')).not.toContain(made.id);
    expect(await hits('m 1%0')).toEqual([]);
    expect(await hits(made.sku.toLowerCase().slice(0, 8))).toContain(made.id);
    expect(await hits(made.sku.slice(2))).not.toContain(made.id);
    expect(await hits('8901234567890')).toEqual([made.id]);
    expect(await hits('890123456789')).toEqual([]);
  });
});
