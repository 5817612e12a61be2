import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';

/** A client written to spec 02 §7 reaches the inventory at the spec's paths (issue 17 #17). */
const { t, vendor } = await demoSuite();
let categoryId: string;
beforeAll(async () => {
  categoryId = (await vendor.call('GET', '/api/admin/category/')).json().data[0].id;
});

describe("spec 02 §7's inventory paths", () => {
  it('lists with search at stores/product/ and inventory/ alike', async () => {
    const a = await vendor.call('GET', '/api/admin/stores/product/?limit=5');
    const b = await vendor.call('GET', '/api/admin/inventory/?limit=5');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().data).toEqual(a.json().data);
    expect(a.json().data.results.length).toBeGreaterThan(0);
    const first = a.json().data.results[0];
    const found = await vendor.call(
      'GET',
      `/api/admin/inventory/?search=${encodeURIComponent(first.product_name)}`,
    );
    expect(found.json().data.results.map((p: { id: string }) => p.id)).toContain(first.id);
    const bad = await vendor.call('GET', '/api/admin/inventory/?sort=colour');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('sort');
  });

  it('stats, units and suppliers answer at their spec paths', async () => {
    const stats = await vendor.call('GET', '/api/admin/stores/product/product-stats/');
    expect(stats.statusCode).toBe(200);
    expect(stats.json().data).toEqual((await vendor.call('GET', '/api/admin/product/stats/')).json().data);
    const units = await vendor.call('GET', '/api/admin/utility/product-unit/');
    expect(units.statusCode).toBe(200);
    expect(units.json().data).toContain('Piece');
    const made = await vendor.call('POST', '/api/admin/stores/product/create-supplier/', {
      supplier_name: `Spec Supplier ${Date.now()}`,
      company_name: 'Spec Traders',
      supplier_contact: '9876543210',
    });
    expect(made.statusCode, made.body).toBe(201);
    const list = await vendor.call('GET', '/api/admin/stores/product/get-supplier/');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { id: string }) => s.id)).toContain(made.json().data.id);
    const noName = await vendor.call('POST', '/api/admin/stores/product/create-supplier/', {
      company_name: 'Spec Traders',
      supplier_contact: '9876543210',
    });
    expect(noName.statusCode).toBe(400);
    expect(JSON.stringify(noName.json().error)).toContain('supplier_name');
  });

  it('adds, reads, changes and deletes a product at stores/product/ and stores/product/{id}/', async () => {
    const sku = `SPEC-${Date.now().toString(36)}`;
    const body = {
      product_name: 'Spec Path Lamp',
      sku,
      original_price: 100,
      product_price: 199,
      unit: 'Piece',
      product_quantity: 4,
      low_stock_threshold: 2,
      shipping_charge: 0,
      category_id: categoryId,
    };
    const made = await vendor.call('POST', '/api/admin/stores/product/', body);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id;
    const read = await vendor.call('GET', `/api/admin/stores/product/${id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.sku).toBe(sku.toUpperCase());
    const changed = await vendor.call('PUT', `/api/admin/stores/product/${id}/`, {
      ...body,
      product_name: 'Spec Path Lamp, brass',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.product_name).toBe('Spec Path Lamp, brass');
    const badPrice = await vendor.call('PUT', `/api/admin/stores/product/${id}/`, {
      ...body,
      product_price: 'x',
    });
    expect(badPrice.statusCode).toBe(400);
    expect(JSON.stringify(badPrice.json().error)).toContain('product_price');
    const gone = await vendor.call('DELETE', `/api/admin/stores/product/${id}/`);
    expect(gone.statusCode).toBe(200);
    expect((await vendor.call('GET', `/api/admin/stores/product/${id}/`)).statusCode).toBe(404);
  });

  it('documents both paths of each call in OpenAPI, and no call has more than two', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/admin/stores/product/',
      '/api/admin/inventory/',
      '/api/admin/stores/product/product-stats/',
      '/api/admin/stores/product/{id}/',
      '/api/admin/utility/product-unit/',
      '/api/admin/stores/product/get-supplier/',
      '/api/admin/stores/product/create-supplier/',
      '/api/admin/product/{id}/',
    ]) {
      expect(paths).toContain(p);
    }
    expect(doc.paths['/api/admin/product/'].get).toBeUndefined();
    expect(doc.paths['/api/admin/stores/product/'].post).toBeTruthy();
    expect(doc.paths['/api/admin/stores/product/{id}/'].delete).toBeTruthy();
  });
});

describe("spec 02 §7's other admin paths", () => {
  it('answers the dashboard at admin/dashboard/ and dashboard/dashboard-analytics/ alike', async () => {
    const a = await vendor.call('GET', '/api/admin/dashboard/?period=monthly');
    const b = await vendor.call('GET', '/api/admin/dashboard/dashboard-analytics/?period=monthly');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(Object.keys(b.json().data)).toEqual(Object.keys(a.json().data));
    const bad = await vendor.call('GET', '/api/admin/dashboard/dashboard-analytics/?period=weekly');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('period');
  });
});
