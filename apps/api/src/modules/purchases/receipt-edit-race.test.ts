import { schema, withStore } from '@haat/db';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { purchaseSupplier } from './purchases.test-helpers.ts';

/*
 * A product edited in the back office while its goods come in (issue 38): the edit and the receipt lock the same
 * rows (the product's and its variants'), and both must take them in one order (the variants by id, then the
 * product, as a sale does), or the two wait for each other and PostgreSQL kills one as a deadlock (503 "The shop is
 * busy"). Run both at once many times: every request succeeds and each variant's stock equals its ledger. A CSV
 * import that updates the product is such an edit too.
 */

const { t, shops, vendor } = await demoSuite({}, { poolSize: 20 });
let category: string;
let categoryName: string;
beforeAll(async () => {
  const [first] = (await vendor.call('GET', '/api/admin/category/')).json().data as {
    id: string;
    name: string;
  }[];
  category = first?.id ?? '';
  categoryName = first?.name ?? '';
});

const GRN = '/api/admin/goods-receipt/';
const rounds = process.env.DATABASE_URL ? 12 : 2;
let seq = 0;

function form(extra: Record<string, unknown> = {}) {
  seq += 1;
  const id = `${Date.now().toString(36)}-${seq}`.toUpperCase();
  return {
    product_name: `Race Lamp ${id}`,
    sku: `RACE-${id}`,
    original_price: 50,
    product_price: 120,
    unit: 'Piece',
    product_quantity: 10,
    shipping_charge: 0,
    tax_percentage: 18,
    hsn_code: '9405',
    category_id: category,
    ...extra,
  };
}

/** Each variant's stock and the sum of its ledger, and the product's stock. */
async function stockAndLedger(productId: string) {
  return withStore(t.owner, shops.a.id, async (tx) => {
    const v = schema.productVariants;
    const variants = await tx
      .select({
        id: v.id,
        quantity: v.quantity,
        ledger: sql<number>`(select coalesce(sum(l.change), 0)::int from stock_ledger l
          where l.store_id = product_variants.store_id and l.variant_id = product_variants.id)`,
      })
      .from(v)
      .where(eq(v.productId, productId));
    const [p] = await tx
      .select({ quantity: schema.products.quantity })
      .from(schema.products)
      .where(and(eq(schema.products.id, productId)));
    return { variants, product: p?.quantity };
  });
}

function expectConsistent(s: Awaited<ReturnType<typeof stockAndLedger>>) {
  for (const v of s.variants) expect(v.ledger, `variant ${v.id}: ledger = stock`).toBe(v.quantity);
  expect(s.product).toBe(s.variants.reduce((n, v) => n + v.quantity, 0));
}

describe('an inventory edit and a goods receipt of the same product at once', () => {
  it('a product sold as one item: price and stock edited while goods come in, never a deadlock', async () => {
    const supplierId = await purchaseSupplier(vendor.call);
    for (let round = 0; round < rounds; round++) {
      const f = form();
      const made = await vendor.call('POST', '/api/admin/product/', f);
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().data.id as string;
      const receive = () =>
        vendor.call('POST', GRN, {
          supplier_id: supplierId,
          lines: [{ product_id: id, quantity: 5, unit_cost: 60 }],
        });
      const edit = (k: number) =>
        vendor.call('PUT', `/api/admin/product/${id}/`, {
          ...f,
          product_price: 120 + k,
          product_quantity: 10 + k,
          stock_reason: `Counted again (${k})`,
        });
      const done = await Promise.all([receive(), edit(1), receive(), edit(2), receive(), edit(3)]);
      for (const r of done) expect([200, 201], r.body).toContain(r.statusCode);
      expectConsistent(await stockAndLedger(id));
    }
  });

  it('a product in sizes: the sizes saved while one of them is received, never a deadlock', async () => {
    const supplierId = await purchaseSupplier(vendor.call);
    for (let round = 0; round < rounds; round++) {
      const f = form({ product_quantity: 0 });
      const made = await vendor.call('POST', '/api/admin/product/', {
        ...f,
        options: [{ name: 'Size', values: ['M', 'L'] }],
        variants: ['M', 'L'].map((size) => ({
          options: [size],
          sku: `${f.sku}-${size}`,
          product_price: 120,
          original_price: 50,
          product_quantity: 4,
        })),
      });
      expect(made.statusCode, made.body).toBe(201);
      const p = made.json().data as { id: string; variants: { id: string; options: string[] }[] };
      const receive = (v: number) =>
        vendor.call('POST', GRN, {
          supplier_id: supplierId,
          lines: [{ product_id: p.id, variant_id: p.variants[v]?.id, quantity: 3, unit_cost: 55 }],
        });
      const edit = (k: number) =>
        vendor.call('PUT', `/api/admin/product/${p.id}/`, {
          ...f,
          stock_reason: `Sizes counted (${k})`,
          options: [{ name: 'Size', values: ['M', 'L'] }],
          variants: p.variants.map((v) => ({
            id: v.id,
            options: v.options,
            sku: `${f.sku}-${v.options[0]}`,
            product_price: 120 + k,
            original_price: 50,
            product_quantity: 4 + k,
          })),
        });
      const done = await Promise.all([receive(0), edit(1), receive(1), edit(2), receive(0), receive(1)]);
      for (const r of done) expect([200, 201], r.body).toContain(r.statusCode);
      expectConsistent(await stockAndLedger(p.id));
    }
  });

  it('a CSV import updating the product while goods come in: never a deadlock, the ledger follows', async () => {
    const supplierId = await purchaseSupplier(vendor.call);
    const upload = (csv: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/product/import/?dry_run=false',
        payload: csv,
        headers: {
          authorization: `Bearer ${vendor.token}`,
          'store-origin': shops.a.slug,
          'content-type': 'text/csv',
        },
      });
    for (let round = 0; round < rounds; round++) {
      const f = form();
      const made = await vendor.call('POST', '/api/admin/product/', f);
      const id = made.json().data.id as string;
      const row = (k: number) =>
        `sku,product_name,category,unit,cost_price,selling_price,stock,gst_percent\n${f.sku},${f.product_name},${categoryName},Piece,50,${120 + k},${10 + k},18`;
      const receive = () =>
        vendor.call('POST', GRN, {
          supplier_id: supplierId,
          lines: [{ product_id: id, quantity: 5, unit_cost: 60 }],
        });
      const done = await Promise.all([receive(), upload(row(round)), receive(), receive()]);
      for (const r of done) expect([200, 201], r.body).toContain(r.statusCode);
      expectConsistent(await stockAndLedger(id));
    }
  });
});
