import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';

/*
 * Update Product and a product's sizes (issue 35): a change that does not send `options` and `variants` leaves them
 * as they are; sending them replaces them.
 */

let t: TestApp;
let vendor: Awaited<ReturnType<typeof demoVendor>>;
beforeAll(async () => {
  t = await createTestApp();
  vendor = await demoVendor(t, (await demoShops(t.owner)).a);
});
afterAll(() => t?.close());

type Variant = {
  id: string;
  options: string[];
  sku: string;
  product_quantity: number;
  product_price: number;
};

async function kurta() {
  const [category] = (await vendor.call('GET', '/api/admin/category/')).json().data as { id: string }[];
  const id = Date.now().toString(36).toUpperCase();
  const form = {
    product_name: `Kurta ${id}`,
    sku: `KU-${id}`,
    original_price: 250,
    product_price: 499,
    unit: 'Piece',
    product_quantity: 0,
    shipping_charge: 0,
    tax_percentage: 5,
    category_id: category?.id as string,
  };
  const made = await vendor.call('POST', '/api/admin/product/', {
    ...form,
    options: [{ name: 'Size', values: ['M', 'L'] }],
    variants: ['M', 'L'].map((size) => ({
      options: [size],
      sku: `KU-${id}-${size}`,
      product_price: size === 'L' ? 649 : 499,
      original_price: 250,
      product_quantity: size === 'L' ? 3 : 4,
    })),
  });
  expect(made.statusCode, made.body).toBe(201);
  return { id: made.json().data.id as string, form };
}

const read = async (id: string) => (await vendor.call('GET', `/api/admin/product/${id}/`)).json().data;

describe('Update Product without options and variants', () => {
  it('changes the product and leaves its sizes, their stock and prices as they were', async () => {
    const k = await kurta();
    const before = await read(k.id);
    expect(before.variants).toHaveLength(2);
    const res = await vendor.call('PUT', `/api/admin/product/${k.id}/`, {
      ...k.form,
      product_name: `${k.form.product_name} (cotton)`,
      product_description: 'Hand block printed',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await read(k.id);
    expect(after.product_name).toBe(`${k.form.product_name} (cotton)`);
    expect(after.options).toEqual(before.options);
    const pick = (vs: Variant[]) =>
      vs.map((v) => ({
        id: v.id,
        options: v.options,
        sku: v.sku,
        q: v.product_quantity,
        p: v.product_price,
      }));
    expect(pick(after.variants)).toEqual(pick(before.variants));
    expect(after.product_quantity).toBe(7);
  });

  it('sending options and variants still replaces them (an empty options list goes back to one item)', async () => {
    const k = await kurta();
    const before = await read(k.id);
    const m = (before.variants as Variant[]).find((v) => v.options[0] === 'M') as Variant;
    const res = await vendor.call('PUT', `/api/admin/product/${k.id}/`, {
      ...k.form,
      options: [{ name: 'Size', values: ['M'] }],
      variants: [
        {
          id: m.id,
          options: ['M'],
          sku: m.sku,
          product_price: 499,
          original_price: 250,
          product_quantity: 4,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(k.id)).variants).toHaveLength(1);
    const flat = await vendor.call('PUT', `/api/admin/product/${k.id}/`, {
      ...k.form,
      product_quantity: 4,
      options: [],
      stock_reason: 'Sold as one size',
    });
    expect(flat.statusCode, flat.body).toBe(200);
    const one = await read(k.id);
    expect(one.options).toEqual([]);
    expect(one.product_quantity).toBe(4);
  });

  it('variants without their options are refused with the field named', async () => {
    const k = await kurta();
    const before = await read(k.id);
    const res = await vendor.call('PUT', `/api/admin/product/${k.id}/`, {
      ...k.form,
      variants: (before.variants as Variant[]).map((v) => ({
        id: v.id,
        options: v.options,
        sku: v.sku,
        product_price: v.product_price,
        product_quantity: v.product_quantity,
      })),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.issues[0]).toMatchObject({ path: 'options' });
    expect((await read(k.id)).variants).toHaveLength(2);
  });
});
