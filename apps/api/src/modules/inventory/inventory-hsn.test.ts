import { rowsOf, withStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';

/**
 * The inventory's HSN warning (issue 39): the stats count the shop's active products without a valid HSN code
 * (none, or not 4, 6 or 8 digits) and `missing_hsn=true` lists exactly those.
 */
const { t, shops, vendor } = await demoSuite();
let categoryId: string;
beforeAll(async () => {
  categoryId = (await vendor.call('GET', '/api/admin/category/')).json().data[0].id;
});

const stamp = Date.now().toString(36).toUpperCase();
let n = 0;
const form = (extra: Record<string, unknown> = {}) => ({
  product_name: `Ledger Book ${++n}`,
  sku: `HSN-${stamp}-${n}`,
  original_price: 50,
  product_price: 90,
  unit: 'Piece',
  product_quantity: 7,
  low_stock_threshold: 2,
  shipping_charge: 40,
  category_id: categoryId,
  ...extra,
});

type Row = { id: string; hsn_code: string | null };
const missingCount = async () =>
  (await vendor.call('GET', '/api/admin/product/stats/')).json().data.missing_hsn;
async function missingList(extra = '') {
  const res = await vendor.call('GET', `/api/admin/stores/product/?missing_hsn=true&limit=100${extra}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as { results: Row[]; count: number };
}

/** Statements as the schema's owner (PGlite's one session is otherwise the app role, under row-level security). */
const asOwner = (statements: ReturnType<typeof sql>[]) =>
  t.owner.transaction(async (tx) => {
    await tx.execute(sql`set local role none`);
    for (const s of statements) await tx.execute(s);
  });

/** A code written before the 4/6/8 check (migration 0048 added it NOT VALID): put in past the check. */
const legacyCode = (id: string, code: string) =>
  asOwner([
    sql`alter table products drop constraint products_hsn_valid`,
    sql`update products set hsn_code = ${code} where id = ${id}`,
    sql.raw(`alter table products add constraint products_hsn_valid
      check (hsn_code is null or hsn_code ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$') not valid`),
  ]);

describe('products without an HSN code', () => {
  it('counts them in the stats and lists exactly them with missing_hsn=true, until each gets a code', async () => {
    const before = await missingCount();
    const none = (await vendor.call('POST', '/api/admin/product/', form())).json().data;
    const legacy = (await vendor.call('POST', '/api/admin/product/', form({ hsn_code: '4820' }))).json().data;
    const good = (await vendor.call('POST', '/api/admin/product/', form({ hsn_code: '48201010' }))).json()
      .data;
    await legacyCode(legacy.id, '48201');
    expect(await missingCount()).toBe(before + 2);

    const list = await missingList();
    const ids = list.results.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([none.id, legacy.id]));
    expect(ids).not.toContain(good.id);
    expect(list.results.every((r) => !/^(\d{4}|\d{6}|\d{8})$/.test(r.hsn_code ?? ''))).toBe(true);
    expect(list.count).toBe(before + 2);
    expect(list.results.find((r) => r.id === legacy.id)?.hsn_code).toBe('48201');
    // Other filters still apply, and missing_hsn=false is no filter.
    const searched = await missingList(`&search=${encodeURIComponent(`HSN-${stamp}`)}`);
    expect(searched.results.map((r) => r.id).sort()).toEqual([none.id, legacy.id].sort());
    expect(searched.count).toBe(2);
    const all = (
      await vendor.call('GET', `/api/admin/stores/product/?missing_hsn=false&search=HSN-${stamp}`)
    ).json();
    expect(all.data.count).toBe(3);

    // Filling the HSN field takes a product off the warning.
    for (const p of [none, legacy]) {
      const res = await vendor.call(
        'PUT',
        `/api/admin/product/${p.id}/`,
        form({ sku: p.sku, hsn_code: '482010' }),
      );
      expect(res.statusCode).toBe(200);
    }
    expect(await missingCount()).toBe(before);
    expect((await missingList(`&search=HSN-${stamp}`)).count).toBe(0);
  });

  it('counts active products only, the same as the list with its default status', async () => {
    const p = (await vendor.call('POST', '/api/admin/product/', form())).json().data;
    const before = await missingCount();
    await asOwner([sql`update products set status = 'ARCHIVED' where id = ${p.id}`]);
    expect(await missingCount()).toBe(before - 1);
    expect((await missingList()).count).toBe(before - 1);
    expect((await missingList('&status=ARCHIVED')).results.map((r) => r.id)).toContain(p.id);
    const direct = rowsOf<{ n: number }>(
      await withStore(t.owner, shops.a.id, (tx) =>
        tx.execute(sql`select count(*)::int as n from products where store_id = ${shops.a.id}
        and status = 'ACTIVE' and (hsn_code is null or hsn_code !~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$')`),
      ),
    );
    expect(direct[0]?.n).toBe(before - 1);
  });

  it('rejects a missing_hsn that is not true or false, naming the field', async () => {
    const res = await vendor.call('GET', '/api/admin/stores/product/?missing_hsn=yes');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/missing_hsn/);
  });
});
