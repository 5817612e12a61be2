import { rowsOf, schema, withStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../test/harness.ts';
import { keepDemoCurrent } from './demo-upkeep.ts';
import { demoVendor } from './modules/accounts/accounts.test-helpers.ts';

/*
 * Demo upkeep and the stock ledger (issue 35): every stock change the demo seed makes has its ledger row, so after
 * upkeep each variant's (and product's) stock is what its history adds up to, in every demo shop.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const silent = { info: () => {}, error: (obj: object) => console.error(obj) };

/** Variants and products whose stock is not the sum of their ledger rows, in every shop. */
async function offTheLedger() {
  const { all } = await demoShops(t.owner);
  const off: string[] = [];
  for (const shop of all) {
    const rows = await withStore(t.owner, shop.id, async (tx) =>
      rowsOf<{ what: string }>(
        await tx.execute(sql`
          select 'variant ' || coalesce(v.sku, v.id::text) || ': ' || v.quantity || ' in stock, ledger '
                 || coalesce(l.total, 0) as what
            from product_variants v
            left join (select variant_id, sum(change)::int total from stock_ledger group by variant_id) l
              on l.variant_id = v.id
           where v.quantity <> coalesce(l.total, 0)
          union all
          select 'product ' || coalesce(p.sku, p.id::text) || ': ' || p.quantity || ' in stock, ledger '
                 || coalesce(l.total, 0)
            from products p
            left join (select product_id, sum(change)::int total from stock_ledger group by product_id) l
              on l.product_id = p.id
           where p.quantity <> coalesce(l.total, 0)`),
      ),
    );
    off.push(...rows.map((r) => `${shop.slug} ${r.what}`));
  }
  return off;
}

describe('demo upkeep and the stock ledger', () => {
  it('leaves stock equal to the ledger for every variant and product, after stock was sold and after an older seed left stock without rows', async () => {
    const { a, byStatus } = await demoShops(t.owner);
    // Stock sold at the counter of a demo shop.
    const vendor = await demoVendor(t, a);
    const listed = (await vendor.call('GET', '/api/admin/pos/products/')).json().data.products as {
      product_id: string;
      variant_id: string;
      price: number;
      stock: number;
    }[];
    const line = listed.find((l) => l.stock > 2);
    if (!line) throw new Error('the counter lists no product in stock');
    const body = (figures: {
      sub_total: number;
      discount_amount: number;
      tax: number;
      total_bill_amount: number;
    }) => ({
      name: 'Meena Iyer',
      phone: '9812345670',
      product_id: [{ product_id: line.product_id, variant_id: line.variant_id, quantity: 2 }],
      discount_type: 'FIXED',
      discount_value: 0,
      ...figures,
      total_items: 2,
      payment: { method: 'CASH', amount_received: Math.ceil(figures.total_bill_amount / 500) * 500 + 500 },
    });
    // The screen's figures: asked of the server once (409 with its own), then the sale.
    const asked = await vendor.call('POST', '/api/admin/order/pos-checkout/', {
      ...body({ sub_total: 0, discount_amount: 0, tax: 0, total_bill_amount: 0 }),
    });
    expect(asked.json().error?.reason, asked.body).toBe('TOTALS_CHANGED');
    const { sub_total, discount_amount, tax, total_bill_amount } = asked.json().error.details;
    const sold = await vendor.call(
      'POST',
      '/api/admin/order/pos-checkout/',
      body({ sub_total, discount_amount, tax, total_bill_amount }),
    );
    expect(sold.statusCode, sold.body).toBe(201);

    // Stock an older demo seed put on a shop's products without ledger rows.
    const closed = byStatus('SUSPENDED');
    await withStore(t.owner, closed.id, (tx) =>
      tx.execute(sql`update product_variants set quantity = quantity + 3 where store_id = ${closed.id}`),
    );

    await keepDemoCurrent(t.owner, silent);
    expect(await offTheLedger()).toEqual([]);
    // A second upkeep has nothing left to write.
    const count = async () => t.owner.$count(schema.stockLedger);
    const before = await count();
    await keepDemoCurrent(t.owner, silent);
    expect(await count()).toBe(before);
    expect(await offTheLedger()).toEqual([]);
  });
});
