import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { csvImport } from './csv.test-helpers.ts';

const { t, shops, vendor } = await demoSuite();

const upload = (csv: string, dryRun: boolean, slug = shops.a.slug) => csvImport(t, vendor, slug, csv, dryRun);

const HEADER = 'sku,product_name,category,unit,cost_price,selling_price,stock,gst_percent';

describe('CSV export and import', () => {
  it('exports the filtered list with a header and every product', async () => {
    const res = await vendor.call('GET', '/api/admin/product/export.csv?limit=100');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`${shops.a.slug}-products-`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'handle,sku,product_name,option1_name,option1_value,option2_name,option2_value,option3_name,option3_value,category,supplier,unit,cost_price,selling_price,sale_price,stock,low_stock_threshold,gst_percent,hsn_code,barcode,shipping_charge,free_shipping,brand,description',
    );
    const count = (await vendor.call('GET', '/api/admin/stores/product/?limit=1')).json().data.count;
    expect(lines.length - 1).toBeGreaterThanOrEqual(count);
  });

  it('a dry run lists bad rows by line and column and writes nothing; applying imports the rest', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const csv = [
      HEADER,
      `CSV-A-${stamp},Jute Bag,Bags,Piece,80,149,20,12`,
      `CSV-B-${stamp},Cotton Tote,Bags,Piece,60,-5,10,12`,
      `CSV-C-${stamp},"Steel Tiffin, 3 tier",Kitchen,Set,300,499.50,7,18`,
    ].join('\n');
    const dry = await upload(csv, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json().data).toMatchObject({
      dry_run: true,
      total_rows: 3,
      valid_rows: 2,
      created: 0,
      updated: 0,
    });
    expect(dry.json().data.issues).toEqual([
      { line: 3, column: 'selling_price', message: expect.any(String) },
    ]);
    const none = (await vendor.call('GET', `/api/admin/stores/product/?search=CSV-A-${stamp}`)).json().data;
    expect(none.count).toBe(0);

    const applied = await upload(csv, false);
    expect(applied.json().data).toMatchObject({ dry_run: false, valid_rows: 2, created: 2, updated: 0 });
    const tiffin = (await vendor.call('GET', `/api/admin/stores/product/?search=CSV-C-${stamp}`)).json().data
      .results[0];
    expect(tiffin).toMatchObject({
      product_name: 'Steel Tiffin, 3 tier',
      product_price: 499.5,
      unit: 'Set',
      product_quantity: 7,
      category: { name: 'Kitchen' },
    });
    const history = (await vendor.call('GET', `/api/admin/product/${tiffin.id}/stock-history/`)).json().data
      .results;
    expect(history).toMatchObject([{ change: 7, reason: 'IMPORT' }]);

    // The same SKU again updates the product and records the stock change.
    const again = await upload(
      [HEADER, `csv-c-${stamp},Steel Tiffin 3 tier,Kitchen,Set,300,479,10,18`].join('\n'),
      false,
    );
    expect(again.json().data).toMatchObject({ created: 0, updated: 1 });
    const after = (await vendor.call('GET', `/api/admin/product/${tiffin.id}/`)).json().data;
    expect(after).toMatchObject({ product_price: 479, product_quantity: 10 });
    const changes = (await vendor.call('GET', `/api/admin/product/${tiffin.id}/stock-history/`)).json().data
      .results;
    expect(changes[0]).toMatchObject({ change: 3, quantity_after: 10, reason: 'IMPORT' });
  });

  it('refuses a file without the required columns, and duplicate SKUs in one file', async () => {
    const res = await upload('name,price\nTea,10', true);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(['sku', 'product_name', 'category', 'cost_price', 'selling_price', 'stock']),
    );
    const dup = await upload(
      [HEADER, 'DUP-1,Tea,Food,Piece,1,2,3,5', 'dup-1,Tea 2,Food,Piece,1,2,3,5'].join('\n'),
      true,
    );
    expect(dup.json().data.issues).toEqual([
      { line: 3, column: 'sku', message: 'SKU DUP-1 is also on line 2' },
    ]);
    const empty = await upload('', true);
    expect(empty.statusCode).toBe(400);
  });

  it('imports 10,000 rows in one go', { timeout: 120_000 }, async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `BULK-${stamp}-${i},Bulk item ${i},Bulk,Piece,10,${20 + (i % 50)},${i % 30},18`,
    );
    const res = await upload([HEADER, ...rows].join('\n'), false);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      total_rows: 10_000,
      valid_rows: 10_000,
      created: 10_000,
      issues: [],
    });
    const listed = (
      await vendor.call('GET', `/api/admin/stores/product/?search=BULK-${stamp}&limit=1`)
    ).json().data;
    expect(listed.count).toBe(10_000);
    const ledger = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({ reason: schema.stockLedger.reason })
        .from(schema.stockLedger)
        .where(eq(schema.stockLedger.note, 'Imported from CSV')),
    );
    expect(ledger.length).toBeGreaterThanOrEqual(10_000);
  });

  it('another vendor cannot import into or export this shop', async () => {
    const other = await demoVendor(t, shops.b);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/product/import/?dry_run=false',
      payload: [HEADER, 'X-1,Tea,Food,Piece,1,2,3,5'].join('\n'),
      headers: {
        authorization: `Bearer ${other.token}`,
        'store-origin': shops.a.slug,
        'content-type': 'text/csv',
      },
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await other.call('GET', '/api/admin/product/export.csv', undefined, shops.a.slug)).statusCode,
    ).toBe(404);
  });

  it('two imports at once that both bring a new category both succeed, into the one category', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const file = (k: number) =>
      [HEADER, `CSV-CAT-${stamp}-${k},Brass Diya ${k},Festive ${stamp},Piece,80,149,5,12`].join('\n');
    const done = await Promise.all([1, 2, 3].map((k) => upload(file(k), false)));
    for (const r of done) expect(r.statusCode, r.body).toBe(200);
    const named = (await vendor.call('GET', '/api/admin/category/')).json().data as { name: string }[];
    expect(named.filter((c) => c.name === `Festive ${stamp}`)).toHaveLength(1);
  });
});
