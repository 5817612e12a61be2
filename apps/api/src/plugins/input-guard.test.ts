import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../test/demo-suite.ts';
import { verifiedCustomer } from '../modules/accounts/accounts.test-helpers.ts';

const { t, shops, vendor } = await demoSuite();
let customer: Awaited<ReturnType<typeof verifiedCustomer>>;
beforeAll(async () => {
  customer = await verifiedCustomer(t, shops.a.slug);
});

const NUL = 'a\u0000b';
const LONE = 'a\uD800b';
const DAY = 86_400_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

type Reply = {
  statusCode: number;
  body: string;
  json(): { message: string; error: { issues: { path: string }[] } };
};
const expectRefused = (res: Reply, field: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
  expect(res.json().error.issues.map((i) => i.path)).toContain(field);
  expect(res.json().message).toContain(field);
};

describe('NUL characters and lone surrogates', () => {
  const address = {
    full_name: 'Asha Verma',
    phone_number: '9876543210',
    address_line1: '12 MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    postal_code: '411001',
  };
  const storeAddress = {
    address_line_1: '22 MG Road',
    address_line_2: 'Near the clock tower',
    city: 'Pune',
    state: 'Maharashtra',
    postal_code: '411001',
  };

  it('are refused with 400 naming the field in every body that used to reach the database', async () => {
    for (const bad of [NUL, LONE]) {
      expectRefused(
        await customer.call('POST', '/api/store/address/', { ...address, address_line1: bad }),
        'address_line1',
      );
      expectRefused(
        await vendor.call('PUT', '/api/admin/store-address/', { ...storeAddress, address_line_2: bad }),
        'address_line_2',
      );
      expectRefused(
        await vendor.call('POST', '/api/admin/delivery-option/', {
          name: bad,
          estimated_time: 'Today',
          charge: 10,
          is_recommended: false,
          min_days: 0,
          max_days: 1,
          active: true,
        }),
        'name',
      );
      expectRefused(await vendor.call('POST', '/api/admin/category/', { name: bad }), 'name');
      expectRefused(
        await vendor.call('POST', '/api/admin/coupon/', {
          code: bad,
          kind: 'PERCENT',
          value: 15,
          min_order: 500,
          starts_at: iso(-DAY),
          expires_at: iso(30 * DAY),
          active: true,
        }),
        'code',
      );
    }
  });

  it('are refused in nested fields, arrays and keys, and in query and path', async () => {
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/user/newsletter/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"x@example.in","tags":["ok","\\ud800"]}',
    });
    expectRefused(nested, 'tags.1');
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/user/newsletter/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"x@example.in","a\\u0000":1}',
    });
    expect(key.statusCode).toBe(400);
    expectRefused(await customer.call('DELETE', '/api/store/address/a%00b/'), 'id');
  });

  it('in a search answer 400 on the public and back-office lists instead of 500', async () => {
    const origin = { 'store-origin': shops.a.slug };
    for (const url of ['/api/store/stores/product?search=%00', '/api/store/get-store/?search=%00']) {
      expectRefused(await t.app.inject({ method: 'GET', url, headers: origin }), 'search');
    }
    expectRefused(await vendor.call('GET', '/api/admin/stores/product/?search=%00'), 'search');
    expectRefused(await vendor.call('GET', '/api/admin/product/export.csv?search=%00'), 'search');
  });

  it('leave ordinary text alone: Hindi, emoji (a surrogate pair) and quotes are stored as sent', async () => {
    const res = await vendor.call('POST', '/api/admin/category/', { name: 'पूजा 🪔 "Items"' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.name).toBe('पूजा 🪔 "Items"');
  });
});

describe('ids in the query', () => {
  it('must be ids: the back-office product list and its CSV export answer 400 naming category', async () => {
    for (const url of [
      '/api/admin/stores/product/?category=not-a-uuid',
      '/api/admin/product/export.csv?category=x',
    ]) {
      expectRefused(await vendor.call('GET', url), 'category');
    }
    expect((await vendor.call('GET', '/api/admin/stores/product/?category=')).statusCode).toBe(200);
    const categoryId = (await vendor.call('GET', '/api/admin/category/')).json().data[0].id;
    expect((await vendor.call('GET', `/api/admin/stores/product/?category=${categoryId}`)).statusCode).toBe(
      200,
    );
  });
});
