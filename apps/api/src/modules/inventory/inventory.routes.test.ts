import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor, verifiedCustomer, verifiedVendor } from '../accounts/accounts.test-helpers.ts';

const { t, shops, vendor } = await demoSuite();
let categoryId: string;
beforeAll(async () => {
  categoryId = (await vendor.call('GET', '/api/admin/category/')).json().data[0].id;
});

let n = 0;
const form = (extra: Record<string, unknown> = {}) => ({
  product_name: `Brass Diya ${++n}`,
  sku: `brass-diya-${n}-${Date.now().toString(36)}`,
  original_price: 120.5,
  product_price: 249.99,
  unit: 'Piece',
  product_quantity: 12,
  low_stock_threshold: 5,
  shipping_charge: 40,
  category_id: categoryId,
  ...extra,
});

describe('products', () => {
  it('adds a product with an uppercased SKU, paise prices and an opening stock row, and lists and finds it', async () => {
    const body = form({ hsn_code: '7418', weight: 0.25, brand: 'Moradabad Metal' });
    const res = await vendor.call('POST', '/api/admin/product/', body);
    expect(res.statusCode).toBe(201);
    const p = res.json().data;
    expect(p).toMatchObject({
      sku: body.sku.toUpperCase(),
      product_price: 249.99,
      original_price: 120.5,
      product_quantity: 12,
      stock_status: 'IN_STOCK',
      tax_percentage: 18,
      hsn_code: '7418',
      weight: 0.25,
      profit_margin: 51.8,
      status: 'ACTIVE',
      stock_value: 2999.88,
      stock_cost_value: 1446,
      units_sold: 0,
    });
    expect(p.slug).toMatch(/^brass-diya-\d+/);
    const found = (
      await vendor.call(
        'GET',
        `/api/admin/stores/product/?search=${encodeURIComponent(body.sku.slice(0, 14))}`,
      )
    ).json().data;
    expect(found.results.map((r: { id: string }) => r.id)).toContain(p.id);
    const history = (await vendor.call('GET', `/api/admin/product/${p.id}/stock-history/`)).json().data;
    expect(history.results).toMatchObject([{ change: 12, quantity_after: 12, reason: 'INITIAL' }]);
    // Shoppers see it at once.
    const shop = await t.app.inject({
      url: `/api/store/stores/product/${p.id}`,
      headers: { 'store-origin': shops.a.slug },
    });
    expect(shop.json().data.product_name).toBe(body.product_name);
  });

  it('keeps maximum stock, reorder point and tags; an update that leaves them out keeps them (issue 42, #20)', async () => {
    const created = await vendor.call(
      'POST',
      '/api/admin/product/',
      form({ max_stock: 60, reorder_point: 15, tags: ['Diwali', 'brass', 'Diwali'] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json().data;
    expect(p).toMatchObject({ max_stock: 60, reorder_point: 15, tags: ['Diwali', 'brass'] });
    // The form as an older client sends it: without the three fields.
    const older = form({ product_name: p.product_name, sku: p.sku });
    const kept = await vendor.call('PUT', `/api/admin/product/${p.id}/`, { ...older, product_price: 259 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({
      product_price: 259,
      max_stock: 60,
      reorder_point: 15,
      tags: ['Diwali', 'brass'],
    });
    const cleared = await vendor.call('PUT', `/api/admin/product/${p.id}/`, {
      ...older,
      max_stock: null,
      tags: [],
    });
    expect(cleared.json().data).toMatchObject({ max_stock: null, reorder_point: 15, tags: [] });
    const above = await vendor.call(
      'POST',
      '/api/admin/product/',
      form({ max_stock: 10, reorder_point: 12 }),
    );
    expect(above.statusCode).toBe(400);
    expect(above.json().error.issues).toEqual([
      expect.objectContaining({
        path: 'reorder_point',
        message: 'Reorder point cannot be above the maximum stock (10)',
      }),
    ]);
    const negative = await vendor.call('POST', '/api/admin/product/', form({ max_stock: -1 }));
    expect(negative.json().error.issues[0]).toMatchObject({
      path: 'max_stock',
      message: 'Maximum stock cannot be negative',
    });
  });

  it('names the fields of bad input and keeps SKUs unique per shop', async () => {
    const bad = await vendor.call(
      'POST',
      '/api/admin/product/',
      form({ product_price: -1, sku: '', hsn_code: '12', images: ['a', 'b', 'c', 'd', 'e', 'f'] }),
    );
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['product_price', 'sku', 'hsn_code', 'images']));
    // A GST rate is one the GST portal takes: 17 % is refused by name, the 40 % rate of GST 2.0 is taken.
    const rate = await vendor.call('POST', '/api/admin/product/', form({ tax_percentage: 17 }));
    expect(rate.statusCode).toBe(400);
    expect(rate.json().error.issues[0]).toMatchObject({ path: 'tax_percentage' });
    expect(rate.json().error.issues[0].message).toMatch(/GST rates: .*18, 28, 40/);
    const sin = await vendor.call('POST', '/api/admin/product/', form({ tax_percentage: 40 }));
    expect(sin.statusCode, sin.body).toBe(201);
    expect(sin.json().data.tax_percentage).toBe(40);
    const body = form();
    await vendor.call('POST', '/api/admin/product/', body);
    const dup = await vendor.call('POST', '/api/admin/product/', { ...form(), sku: body.sku.toLowerCase() });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.issues[0]).toMatchObject({ path: 'sku' });
    const foreignCategory = (await demoVendor(t, shops.b)).call;
    const theirCategory = (await foreignCategory('GET', '/api/admin/category/')).json().data[0].id;
    const cross = await vendor.call('POST', '/api/admin/product/', form({ category_id: theirCategory }));
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error.issues[0].path).toBe('category_id');
  });

  it('a stock edit needs a reason and shows in the history; filters and sorting work', async () => {
    const p = (await vendor.call('POST', '/api/admin/product/', form({ product_quantity: 8 }))).json().data;
    const noReason = await vendor.call(
      'PUT',
      `/api/admin/product/${p.id}/`,
      form({ sku: p.sku, product_name: p.product_name, product_quantity: 3 }),
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.issues[0].path).toBe('stock_reason');
    const edited = await vendor.call(
      'PUT',
      `/api/admin/product/${p.id}/`,
      form({
        sku: p.sku,
        product_name: p.product_name,
        product_quantity: 3,
        stock_reason: 'Two broke in transit, three sold offline',
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ product_quantity: 3, stock_status: 'LOW_STOCK' });
    const history = (
      await vendor.call('GET', `/api/admin/product/${p.id}/stock-history/?reason=ADJUSTMENT`)
    ).json().data;
    expect(history.results).toMatchObject([
      {
        change: -5,
        quantity_after: 3,
        reason: 'ADJUSTMENT',
        note: 'Two broke in transit, three sold offline',
      },
    ]);
    expect(history.results[0].actor_name).toBeTruthy();

    const low = (await vendor.call('GET', '/api/admin/stores/product/?stock=low_stock&limit=100')).json()
      .data;
    expect(low.results.every((r: { stock_status: string }) => r.stock_status === 'LOW_STOCK')).toBe(true);
    expect(low.results.map((r: { id: string }) => r.id)).toContain(p.id);
    const byPrice = (await vendor.call('GET', '/api/admin/stores/product/?sort=price_desc&limit=5')).json()
      .data.results;
    const prices = byPrice.map((r: { product_price: number }) => r.product_price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const page2 = (await vendor.call('GET', '/api/admin/stores/product/?limit=5&offset=5')).json().data;
    const all = (await vendor.call('GET', '/api/admin/stores/product/?limit=100')).json().data;
    expect(page2.count).toBe(all.count);
    expect(page2.results[0].id).toBe(all.results[5].id);
    const stats = (await vendor.call('GET', '/api/admin/product/stats/')).json().data;
    expect(stats.total_product).toBe(all.count);
    expect(stats.in_stock + stats.low_stock + stats.out_of_stock).toBe(stats.total_product);

    const badSort = await vendor.call('GET', '/api/admin/stores/product/?sort=colour');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error.issues[0].path).toBe('sort');
    expect((await vendor.call('GET', '/api/admin/stores/product/?updated_from=yesterday')).statusCode).toBe(
      400,
    );
  });

  it('deleting a product with orders archives it instead', async () => {
    const fresh = (await vendor.call('POST', '/api/admin/product/', form())).json().data;
    const gone = await vendor.call('DELETE', `/api/admin/product/${fresh.id}/`);
    expect(gone.json().data).toEqual({ id: fresh.id, archived: false });
    expect((await vendor.call('GET', `/api/admin/product/${fresh.id}/`)).statusCode).toBe(404);

    const sold = (await vendor.call('POST', '/api/admin/product/', form({ product_quantity: 5 }))).json()
      .data;
    await withStore(t.owner, shops.a.id, async (tx) => {
      const [o] = await tx
        .insert(schema.orders)
        .values({
          storeId: shops.a.id,
          number: 900000 + n,
          paymentMethod: 'COD',
          subtotalPaise: 100,
          totalPaise: 100,
          totalItems: 1,
          deliveryName: 'Standard',
          deliveryEstimate: '3-5 days',
          shipName: 'A',
          shipLine1: 'B',
          shipCity: 'C',
          shipState: 'Goa',
          shipPostalCode: '403001',
        })
        .returning();
      await tx.insert(schema.orderItems).values({
        storeId: shops.a.id,
        orderId: o?.id ?? '',
        productId: sold.id,
        name: sold.product_name,
        quantity: 1,
        unitPricePaise: 100,
        taxPercent: 18,
      });
    });
    const soldView = (await vendor.call('GET', `/api/admin/product/${sold.id}/`)).json().data;
    expect(soldView).toMatchObject({ units_sold: 1, total_profit: 0 });
    const archived = await vendor.call('DELETE', `/api/admin/product/${sold.id}/`);
    expect(archived.json()).toMatchObject({
      data: { archived: true },
      message: 'This product has orders, so it was archived instead',
    });
    expect((await vendor.call('GET', `/api/admin/product/${sold.id}/`)).json().data.status).toBe('ARCHIVED');
    const shop = await t.app.inject({
      url: `/api/store/stores/product/${sold.id}`,
      headers: { 'store-origin': shops.a.slug },
    });
    expect(shop.statusCode).toBe(404);
  });

  it('needs a vendor who owns the shop: another vendor’s product ids are 404 and nothing changes', async () => {
    const p = (await vendor.call('POST', '/api/admin/product/', form())).json().data;
    const anon = await t.app.inject({
      url: '/api/admin/stores/product/',
      headers: { 'store-origin': shops.a.slug },
    });
    expect(anon.statusCode).toBe(401);
    const customer = await verifiedCustomer(t, shops.a.slug);
    expect((await customer.call('GET', '/api/admin/stores/product/')).statusCode).toBe(403);
    const stranger = await verifiedVendor(t);
    const asStranger = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { ...stranger.auth, 'store-origin': shops.a.slug } });
    expect((await asStranger('GET', '/api/admin/stores/product/')).statusCode).toBe(404);
    const other = await demoVendor(t, shops.b);
    expect((await other.call('GET', `/api/admin/product/${p.id}/`)).statusCode).toBe(404);
    expect((await other.call('PUT', `/api/admin/product/${p.id}/`, form({ sku: p.sku }))).statusCode).toBe(
      404,
    );
    expect((await other.call('DELETE', `/api/admin/product/${p.id}/`)).statusCode).toBe(404);
    expect((await other.call('GET', `/api/admin/product/${p.id}/stock-history/`)).statusCode).toBe(404);
    expect((await vendor.call('GET', `/api/admin/product/${p.id}/`)).json().data.product_name).toBe(
      p.product_name,
    );
  });
});

describe('categories, suppliers and units', () => {
  it('adds a category once, however it is spelt', async () => {
    const first = await vendor.call('POST', '/api/admin/category/', { name: 'Pooja Items' });
    expect(first.statusCode).toBe(201);
    const again = await vendor.call('POST', '/api/admin/category/', { name: ' pooja items ' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await vendor.call('POST', '/api/admin/category/', { name: '   ' })).statusCode).toBe(400);
    const other = await demoVendor(t, shops.b);
    const theirs = (await other.call('GET', '/api/admin/category/')).json().data;
    expect(theirs.map((c: { id: string }) => c.id)).not.toContain(first.json().data.id);
  });

  it('adds a supplier with an uppercased GSTIN and refuses a malformed one', async () => {
    const ok = await vendor.call('POST', '/api/admin/supplier/', {
      supplier_name: 'Ramesh',
      company_name: 'Moradabad Brass Works',
      supplier_contact: '9812345678',
      supplier_gst_number: '09abcde1234f1z5',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.supplier_gst_number).toBe('09ABCDE1234F1Z5');
    const bad = await vendor.call('POST', '/api/admin/supplier/', {
      supplier_name: 'Suresh',
      company_name: '',
      supplier_contact: '12345',
      supplier_gst_number: 'GST123',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(['company_name', 'supplier_contact', 'supplier_gst_number']),
    );
    const p = (
      await vendor.call('POST', '/api/admin/product/', form({ supplier_id: ok.json().data.id }))
    ).json().data;
    expect(p.supplier).toMatchObject({ supplier_name: 'Ramesh' });
    const list = (await vendor.call('GET', '/api/admin/supplier/')).json().data;
    expect(list.find((s: { id: string }) => s.id === ok.json().data.id).product_count).toBe(1);
  });

  it('lists the default units and the shop’s own', async () => {
    await vendor.call('POST', '/api/admin/product/', form({ unit: 'Bundle' }));
    const units = (await vendor.call('GET', '/api/admin/units/')).json().data;
    expect(units.slice(0, 3)).toEqual(['Piece', 'Kg', 'Gram']);
    expect(units).toContain('Bundle');
  });

  it('writes an audit row for each change', async () => {
    const p = (await vendor.call('POST', '/api/admin/product/', form())).json().data;
    const rows = await withStore(t.owner, shops.a.id, (tx) =>
      tx.select().from(schema.auditEvents).where(eq(schema.auditEvents.entityId, p.id)),
    );
    expect(rows).toMatchObject([{ entity: 'PRODUCT', action: 'CREATE' }]);
  });
});
