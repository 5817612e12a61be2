import { schema, withStore } from '@haat/db';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { CART, shopperWithCart } from '../orders/orders.test-helpers.ts';

/*
 * Product variants through the vendor's dialog, the storefront, the cart, an order and the stock history.
 * (The owner connection reads every shop on PostgreSQL: queries filter by shop.)
 */
const { t, shops, vendor } = await demoSuite();
let vendorB: Awaited<ReturnType<typeof demoVendor>>;
let categoryId: string;
beforeAll(async () => {
  vendorB = await demoVendor(t, shops.b);
  categoryId = (await vendor.call('GET', '/api/admin/category/')).json().data[0].id;
});

const PRODUCT = '/api/admin/product/';
let n = 0;
const tag = () => `${++n}${Date.now().toString(36)}`.toUpperCase();
const variant = (
  sku: string,
  options: string[],
  price: number,
  stock: number,
  extra: { barcode?: string } = {},
) => ({
  options,
  sku,
  product_price: price,
  original_price: price / 2,
  product_quantity: stock,
  low_stock_threshold: 1,
  ...extra,
});
function kurta(id = tag()) {
  return {
    product_name: `Cotton Kurta ${id}`,
    sku: `KURTA-${id}`,
    original_price: 250,
    product_price: 499,
    unit: 'Piece',
    product_quantity: 0,
    shipping_charge: 40,
    category_id: categoryId,
    options: [
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Blue'] },
    ],
    variants: [
      variant(`KURTA-${id}-S`, ['S', 'Blue'], 499, 0),
      variant(`KURTA-${id}-M`, ['M', 'Blue'], 499, 3),
      variant(`KURTA-${id}-L`, ['L', 'Blue'], 649, 5, { barcode: `890${id}`.slice(0, 13) }),
    ],
  };
}
const storefront = (path: string) =>
  t.app.inject({ url: `/api/store/${path}`, headers: { 'store-origin': shops.a.slug } });

describe('product variants', () => {
  it('adds a product with sizes: variants with their own SKU, price and stock, summed and ranged for shoppers', async () => {
    const body = kurta();
    const res = await vendor.call('POST', PRODUCT, body);
    expect(res.statusCode).toBe(201);
    const p = res.json().data;
    expect(p.options).toEqual(body.options);
    expect(p.product_quantity).toBe(8);
    expect(p.product_price).toBe(499);
    // One size sold out makes the product Low Stock in the back office, not In Stock.
    expect(p.stock_status).toBe('LOW_STOCK');
    expect(
      p.variants.map((v: { label: string; sku: string; product_quantity: number }) => [
        v.label,
        v.sku,
        v.product_quantity,
      ]),
    ).toEqual([
      ['S / Blue', body.variants[0]?.sku, 0],
      ['M / Blue', body.variants[1]?.sku, 3],
      ['L / Blue', body.variants[2]?.sku, 5],
    ]);
    const page = (await storefront(`stores/product/${p.id}`)).json().data;
    expect(page.max_price).toBe(649);
    expect(page.product_price).toBe(499);
    expect(
      page.variants.map((v: { options: string[]; stock_status: string; price_now: number }) => [
        v.options[0],
        v.stock_status,
        v.price_now,
      ]),
    ).toEqual([
      ['S', 'OUT_OF_STOCK', 499],
      ['M', 'IN_STOCK', 499],
      ['L', 'IN_STOCK', 649],
    ]);
    const history = (await vendor.call('GET', `${PRODUCT}${p.id}/stock-history/`)).json().data;
    expect(history.results.map((h: { change: number }) => h.change).sort()).toEqual([0, 3, 5]);
    // A variant's SKU or barcode finds its product in the inventory.
    for (const term of [body.variants[1]?.sku ?? '', body.variants[2]?.barcode ?? '']) {
      const found = (
        await vendor.call('GET', `/api/admin/stores/product/?search=${encodeURIComponent(term)}`)
      ).json().data;
      expect(found.results.map((r: { id: string }) => r.id)).toEqual([p.id]);
    }
  });

  it('names the field of every bad option or variant', async () => {
    const dup = kurta();
    dup.options[0] = { name: 'Size', values: ['S', 'M', 's'] };
    const r1 = await vendor.call('POST', PRODUCT, dup);
    expect(r1.statusCode).toBe(400);
    expect(r1.json().error.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'options.0.values.2' })]),
    );
    const four = kurta();
    four.options = ['Size', 'Colour', 'Fit', 'Sleeve'].map((name) => ({ name, values: ['A'] }));
    const r2 = await vendor.call('POST', PRODUCT, four);
    expect(r2.json().error.issues.map((i: { path: string }) => i.path)).toContain('options');
    const twice = kurta();
    twice.variants[1] = {
      ...twice.variants[1],
      options: ['S', 'Blue'],
      sku: twice.variants[0]?.sku,
    } as never;
    const r3 = await vendor.call('POST', PRODUCT, twice);
    const paths = r3.json().error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['variants.1.options', 'variants.1.sku']));
    const many = kurta();
    many.variants = Array.from({ length: 101 }, (_, i) => variant(`X-${i}`, ['S', 'Blue'], 1, 1));
    expect(
      (await vendor.call('POST', PRODUCT, many)).json().error.issues.map((i: { path: string }) => i.path),
    ).toContain('variants');
    // A SKU or barcode another product's variant uses.
    const first = kurta();
    await vendor.call('POST', PRODUCT, first);
    const clash = kurta();
    clash.variants[2] = {
      ...clash.variants[2],
      sku: first.variants[0]?.sku,
      barcode: first.variants[2]?.barcode,
    } as never;
    const r4 = await vendor.call('POST', PRODUCT, clash);
    expect(r4.statusCode).toBe(400);
    expect(r4.json().error.issues).toEqual(
      expect.arrayContaining([
        {
          path: 'variants.2.sku',
          message: `SKU ${first.variants[0]?.sku} is already used by another product`,
        },
        expect.objectContaining({ path: 'variants.2.barcode' }),
      ]),
    );
  });

  it('sells one size: the cart needs the size, refuses a sold-out one, and the order names the variant and takes its stock', async () => {
    const body = kurta();
    const p = (await vendor.call('POST', PRODUCT, body)).json().data;
    const [small, medium] = p.variants;
    const s = await shopperWithCart(t, shops.a.slug, []);
    const noSize = await s.call('POST', CART, { product_id: p.id, quantity: 1 });
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().error.issues).toEqual([
      { path: 'variant_id', message: 'Choose a size or colour first' },
    ]);
    const soldOut = await s.call('POST', CART, { product_id: p.id, variant_id: small.id, quantity: 1 });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe('This product is out of stock');
    const tooMany = await s.call('POST', CART, { product_id: p.id, variant_id: medium.id, quantity: 4 });
    expect(tooMany.statusCode).toBe(409);
    const added = await s.call('POST', CART, { product_id: p.id, variant_id: medium.id, quantity: 2 });
    expect(added.statusCode).toBe(201);
    const line = added.json().data.lines[0];
    expect(line.variant).toEqual({ id: medium.id, label: 'M / Blue', sku: body.variants[1]?.sku });
    expect(line.unit_price).toBe(499);
    const placed = await s.place(await s.orderBody());
    expect(placed.statusCode).toBe(201);
    const order = placed.json().data.order;
    expect(order.product.items[0]).toMatchObject({
      variant: 'M / Blue',
      variant_id: medium.id,
      sku: body.variants[1]?.sku,
      quantity: 2,
    });
    // The order mail names the size and its SKU.
    const [mail] = await t.owner
      .select({ payload: schema.outbox.payload })
      .from(schema.outbox)
      .where(sql`${schema.outbox.payload}->>'to' = ${s.email}`)
      .orderBy(desc(schema.outbox.createdAt))
      .limit(1);
    expect((mail?.payload as { text?: string } | undefined)?.text).toContain(
      `${body.product_name}, M / Blue (SKU ${body.variants[1]?.sku}) × 2`,
    );
    const after = (await vendor.call('GET', `${PRODUCT}${p.id}/`)).json().data;
    expect(after.product_quantity).toBe(6);
    expect(after.variants[1].product_quantity).toBe(1);
    const seen = (await vendor.call('GET', `/api/admin/order/${order.id}/`)).json().data;
    expect(seen.order_details.order_item[0]).toMatchObject({
      variant: 'M / Blue',
      sku: body.variants[1]?.sku,
    });
    const history = (await vendor.call('GET', `${PRODUCT}${p.id}/stock-history/?reason=SALE`)).json().data;
    expect(history.results).toMatchObject([
      { change: -2, quantity_after: 1, reason: 'SALE', variant: 'M / Blue' },
    ]);
    // One size's history: its opening stock and its sale, nothing of the other sizes.
    const mine = (await vendor.call('GET', `${PRODUCT}${p.id}/stock-history/?variant_id=${medium.id}`)).json()
      .data;
    expect(mine.results.map((h: { reason: string; variant: string }) => [h.reason, h.variant])).toEqual([
      ['SALE', 'M / Blue'],
      ['INITIAL', 'M / Blue'],
    ]);
    const badVariant = await vendor.call('GET', `${PRODUCT}${p.id}/stock-history/?variant_id=nope`);
    expect(badVariant.statusCode).toBe(400);
    // Another product's or shop's variant is not this product's.
    const other = await s.call('POST', CART, {
      product_id: p.id,
      variant_id: crypto.randomUUID(),
      quantity: 1,
    });
    expect(other.statusCode).toBe(404);
  });

  it('edits variants: a stock change needs a reason, a combination can go and a new one come, options can be removed', async () => {
    const body = kurta();
    const p = (await vendor.call('POST', PRODUCT, body)).json().data;
    const ids = p.variants.map((v: { id: string }) => v.id);
    const edit = {
      ...body,
      options: [{ name: 'Size', values: ['M', 'L', 'XL'] }, body.options[1]],
      variants: [
        { ...body.variants[1], id: ids[1], product_quantity: 7 },
        { ...body.variants[2], id: ids[2] },
        variant(`KURTA-XL-${tag()}`, ['XL', 'Blue'], 699, 2),
      ],
    };
    const noReason = await vendor.call('PUT', `${PRODUCT}${p.id}/`, edit);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.issues.map((i: { path: string }) => i.path)).toContain('stock_reason');
    const saved = await vendor.call('PUT', `${PRODUCT}${p.id}/`, { ...edit, stock_reason: 'Recount' });
    expect(saved.statusCode).toBe(200);
    const v = saved.json().data;
    expect(v.variants.map((x: { label: string }) => x.label)).toEqual(['M / Blue', 'L / Blue', 'XL / Blue']);
    expect(v.product_quantity).toBe(14);
    expect(v.stock_status).toBe('IN_STOCK');
    const page = (await storefront(`stores/product/${p.id}`)).json().data;
    expect(page.max_price).toBe(699);
    // Two sizes swap their SKUs in one save.
    const [m, l] = v.variants as { id: string; sku: string }[];
    const swapped = await vendor.call('PUT', `${PRODUCT}${p.id}/`, {
      ...edit,
      stock_reason: 'Recount',
      variants: edit.variants.map((x) => {
        const id = (x as { id?: string }).id;
        return id === m?.id ? { ...x, sku: l?.sku } : id === l?.id ? { ...x, sku: m?.sku } : x;
      }),
    });
    expect(swapped.statusCode).toBe(200);
    expect(
      swapped
        .json()
        .data.variants.slice(0, 2)
        .map((x: { sku: string }) => x.sku),
    ).toEqual([l?.sku, m?.sku]);
    // Another product's variant id cannot be edited through this one.
    const foreign = await vendor.call('PUT', `${PRODUCT}${p.id}/`, {
      ...edit,
      stock_reason: 'x',
      variants: [{ ...edit.variants[0], id: crypto.randomUUID() }],
    });
    expect(foreign.json().error.issues.map((i: { path: string }) => i.path)).toContain('variants.0.id');
    // Options removed: one item again, with the dialog's SKU, price and stock.
    const single = await vendor.call('PUT', `${PRODUCT}${p.id}/`, {
      ...body,
      options: [],
      variants: undefined,
      product_quantity: 4,
      stock_reason: 'Sold as one',
    });
    expect(single.statusCode).toBe(200);
    expect(single.json().data).toMatchObject({
      options: [],
      variants: [],
      product_quantity: 4,
      product_price: 499,
      sku: body.sku,
    });
    const asOne = (await storefront(`stores/product/${p.id}`)).json().data;
    expect(asOne).toMatchObject({ options: [], variants: [], max_price: null, has_variants: false });
    const one = await shopperWithCart(t, shops.a.slug, [{ id: p.id, quantity: 1 }]);
    expect((await one.call('GET', CART)).json().data.lines[0].variant).toBeNull();
  });

  it('never oversells one size when shoppers order it at the same moment, and the product keeps the sum', async () => {
    const body = kurta();
    body.variants[0] = { ...body.variants[0], product_quantity: 2 } as never;
    const p = (await vendor.call('POST', PRODUCT, body)).json().data;
    const small = p.variants[0];
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => shopperWithCart(t, shops.a.slug, [])));
    for (const s of shoppers) {
      expect(
        (await s.call('POST', CART, { product_id: p.id, variant_id: small.id, quantity: 1 })).statusCode,
      ).toBe(201);
    }
    const bodies = await Promise.all(shoppers.map((s) => s.orderBody()));
    const results = await Promise.all(shoppers.map((s, i) => s.place(bodies[i] as object)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409, 409]);
    const after = (await vendor.call('GET', `${PRODUCT}${p.id}/`)).json().data;
    expect(after.variants[0].product_quantity).toBe(0);
    expect(after.product_quantity).toBe(8);
  });

  it("filters the listing by a size in stock and lists the shop's options", async () => {
    const body = kurta();
    body.options[1] = { name: 'Colour', values: ['Blue', 'Maroon'] };
    body.variants = [
      variant(`KURTA-${tag()}-SB`, ['S', 'Blue'], 499, 0),
      variant(`KURTA-${tag()}-MM`, ['M', 'Maroon'], 499, 2),
    ];
    const p = (await vendor.call('POST', PRODUCT, body)).json().data;
    const ids = async (option: string) =>
      (
        (await storefront(`stores/product?limit=100&option=${encodeURIComponent(option)}`)).json().data as {
          id: string;
        }[]
      ).map((c) => c.id);
    expect(await ids('Size:M')).toContain(p.id);
    expect(await ids('size:m,colour:maroon')).toContain(p.id);
    // S is sold out, and no variant is M in Blue.
    expect(await ids('Size:S')).not.toContain(p.id);
    expect(await ids('Size:M,Colour:Blue')).not.toContain(p.id);
    const bad = await storefront('stores/product?option=Size');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('option');
    const options = (await storefront('stores/product/product-options/')).json().data;
    expect(options).toEqual(
      expect.arrayContaining([
        { name: 'Size', values: expect.arrayContaining(['S', 'M', 'L']) },
        { name: 'Colour', values: expect.arrayContaining(['Blue', 'Maroon']) },
      ]),
    );
  });

  it('shows a price range, or "From" the lowest price, as the shop prefers', async () => {
    const body = kurta();
    const p = (await vendor.call('POST', PRODUCT, body)).json().data;
    const card = async () =>
      (
        (await storefront(`stores/product?limit=100&search=${encodeURIComponent(body.product_name)}`)).json()
          .data as {
          id: string;
          max_price: number | null;
          price_from: boolean;
        }[]
      ).find((c) => c.id === p.id);
    expect(await card()).toMatchObject({ max_price: 649, price_from: false });
    const bad = await vendor.call('PUT', '/api/admin/store-setting/', { price_display: 'CHEAPEST' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('price_display');
    const saved = await vendor.call('PUT', '/api/admin/store-setting/', { price_display: 'FROM' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.price_display).toBe('FROM');
    try {
      expect(await card()).toMatchObject({ max_price: null, price_from: true, product_price: 499 });
      // Another shop's cards are as their shop prefers.
      const other = (
        await t.app.inject({
          url: '/api/store/stores/product?limit=100',
          headers: { 'store-origin': shops.b.slug },
        })
      ).json().data as { price_from: boolean }[];
      expect(other.every((c) => !c.price_from)).toBe(true);
    } finally {
      await vendor.call('PUT', '/api/admin/store-setting/', { price_display: 'RANGE' });
    }
  });

  it('shows a product with sizes on the marketplace at the range a shopper pays', async () => {
    const body = kurta();
    const p = (await vendor.call('POST', PRODUCT, body)).json().data;
    const found = async () =>
      (
        (
          await t.app.inject({
            url: `/api/store/get-store/products/?search=${encodeURIComponent(body.product_name)}`,
          })
        ).json().data.results as { id: string; price: number; max_price: number }[]
      ).find((r) => r.id === p.id);
    expect(await found()).toMatchObject({ price: 499, max_price: 649 });
    // The dearest size goes: the range follows in the same transaction.
    const edit = {
      ...body,
      variants: [
        { ...body.variants[0], id: p.variants[0].id },
        { ...body.variants[1], id: p.variants[1].id },
      ],
    };
    expect((await vendor.call('PUT', `${PRODUCT}${p.id}/`, edit)).statusCode).toBe(200);
    expect(await found()).toMatchObject({ price: 499, max_price: 499 });
  });

  it("keeps another shop's vendor out: 404 and the variants unchanged", async () => {
    const p = (await vendor.call('POST', PRODUCT, kurta())).json().data;
    const before = await withStore(t.owner, shops.a.id, (tx) =>
      tx.select().from(schema.productVariants).where(eq(schema.productVariants.productId, p.id)),
    );
    const res = await vendorB.call('PUT', `${PRODUCT}${p.id}/`, { ...kurta(), stock_reason: 'x' });
    expect(res.statusCode).toBe(404);
    const after = await withStore(t.owner, shops.a.id, (tx) =>
      tx.select().from(schema.productVariants).where(eq(schema.productVariants.productId, p.id)),
    );
    expect(after).toEqual(before);
  });
});
