import type { TaxDocumentSnapshot } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { CART, moveOrderAs, shopperWithCart } from '../orders/orders.test-helpers.ts';

/*
 * A variant's own HSN code (issue 39): a silk size beside cotton ones is invoiced under its own code, the others
 * under the product's; the code is checked like the product's and goes out in the CSV.
 */
const { t, shops, vendor } = await demoSuite();
let categoryId: string;
beforeAll(async () => {
  categoryId = (await vendor.call('GET', '/api/admin/category/')).json().data[0].id;
});

const PRODUCT = '/api/admin/product/';
const id = Date.now().toString(36).toUpperCase();
const row = (fabric: string, hsn?: string) => ({
  options: [fabric],
  sku: `KURTA-HSN-${id}-${fabric.toUpperCase()}`,
  product_price: fabric === 'Silk' ? 1499 : 599,
  product_quantity: 10,
  low_stock_threshold: 1,
  ...(hsn === undefined ? {} : { hsn_code: hsn }),
});
const kurta = (silkHsn: string) => ({
  product_name: `Straight Kurta ${id}`,
  sku: `KURTA-HSN-${id}`,
  product_price: 599,
  original_price: 300,
  shipping_charge: 40,
  unit: 'Piece',
  product_quantity: 0,
  hsn_code: '6204',
  category_id: categoryId,
  options: [{ name: 'Fabric', values: ['Cotton', 'Silk'] }],
  variants: [row('Cotton'), row('Silk', silkHsn)],
});

describe('HSN code of a variant', () => {
  it('refuses a code of the wrong length by its field, keeps a good one, and the invoice and CSV use it', async () => {
    const bad = await vendor.call('POST', PRODUCT, kurta('62'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues).toContainEqual({
      path: 'variants.1.hsn_code',
      message: 'HSN code is 4, 6 or 8 digits',
    });

    const made = await vendor.call('POST', PRODUCT, kurta('6206'));
    expect(made.statusCode, made.body).toBe(201);
    const p = made.json().data;
    expect(p.variants.map((v: { hsn_code: string | null }) => v.hsn_code)).toEqual([null, '6206']);

    // A shopper buys one of each; shipping issues the invoice.
    const s = await shopperWithCart(t, shops.a.slug, []);
    for (const v of p.variants) {
      const res = await s.call('POST', CART, { product_id: p.id, variant_id: v.id, quantity: 1 });
      expect(res.statusCode).toBe(201);
    }
    const placed = await s.place(await s.orderBody());
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.order_id as string;
    await moveOrderAs(vendor, orderId, 'PROCESSING', 'SHIPPED');
    const [doc] = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({ snapshot: schema.taxDocuments.snapshot })
        .from(schema.taxDocuments)
        .where(eq(schema.taxDocuments.orderId, orderId)),
    );
    const lines =
      (doc?.snapshot as TaxDocumentSnapshot | undefined)?.breakup.lines.filter((l) => !l.service) ?? [];
    expect(lines.map((l) => [l.name.includes('Silk') ? 'Silk' : 'Cotton', l.hsn]).sort()).toEqual([
      ['Cotton', '6204'],
      ['Silk', '6206'],
    ]);

    // The CSV's variant rows carry the variant's code, else the product's; an import of it keeps them.
    const csv = await vendor.call(
      'GET',
      `${PRODUCT}export.csv?search=${encodeURIComponent(`KURTA-HSN-${id}`)}`,
    );
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.trim().split('\n').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.includes('-COTTON'))).toContain(',6204,');
    expect(rows.find((r) => r.includes('-SILK'))).toContain(',6206,');

    // Emptied, the silk size goes back to the product's code.
    const edited = await vendor.call('PUT', `${PRODUCT}${p.id}/`, {
      ...kurta(''),
      variants: p.variants.map((v: { id: string }, i: number) => ({
        ...row(i ? 'Silk' : 'Cotton', ''),
        id: v.id,
        product_quantity: 9,
      })),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.variants.map((v: { hsn_code: string | null }) => v.hsn_code)).toEqual([
      null,
      null,
    ]);
  });
});
