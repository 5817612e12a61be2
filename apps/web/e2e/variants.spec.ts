import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { newShopper, noSidewaysScroll, signInVendor, signUpCustomer } from './journeys.ts';

/*
 * Product variants end to end: the vendor adds a product in three sizes, a shopper finds the sold-out size cannot
 * be added, orders another, and the vendor sees that size on the order with its stock gone down.
 */
let app: AppHandle;
/** The fashion demo shop: other journeys use the first shop of the directory. */
const shop = 'lucknowi-chikan-house';
const run = Date.now().toString(36).slice(-5).toUpperCase();
const name = `Chikan Kurta ${run}`;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('product variants', () => {
  it('vendor adds sizes; a shopper cannot add the sold-out size, orders another; the vendor sees it', async () => {
    // The vendor adds a kurta in S, M and L, S sold out.
    const admin = await app.newPage({ width: 1280, height: 900 });
    await signInVendor(app, admin, shop);
    await admin.goto(app.url('/inventory/', 'admin'));
    await admin.getByRole('button', { name: 'Add Product' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByLabel('Product Name').fill(name);
    await dialog.getByLabel('SKU', { exact: true }).fill(`CK-${run}`);
    const category = dialog.getByLabel('Category', { exact: true });
    await category.selectOption({ index: 1 });
    await dialog.getByLabel('Cost Price (₹)').fill('600');
    await dialog.getByLabel('Selling Price (₹)').fill('1299');
    await dialog.getByRole('button', { name: 'Add options like size or colour' }).click();
    await dialog.getByLabel('Option name').fill('Size');
    await dialog.getByLabel('Values, separated by commas').fill('S, M, L');
    const rows = dialog.getByRole('list', { name: 'Variants' });
    await rows.getByText('L', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Stock Qty').count()).toBe(0);
    expect(await rows.getByLabel('SKU of M', { exact: true }).inputValue()).toBe(`CK-${run}-M`);
    await rows.getByLabel('Stock of S', { exact: true }).fill('0');
    await rows.getByLabel('Stock of M', { exact: true }).fill('3');
    await rows.getByLabel('Stock of L', { exact: true }).fill('2');
    await rows.getByLabel('Price (₹) of L', { exact: true }).fill('1399');
    await dialog.getByRole('button', { name: 'Save Product' }).click();
    await admin.getByText('Product added').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const found = await fetch(app.url(`/api/store/stores/product?search=${encodeURIComponent(name)}`), {
      headers: { 'store-origin': shop },
    });
    const card = (
      (await found.json()).data as { id: string; product_name: string; max_price: number }[]
    ).find((c) => c.product_name === name);
    expect(card?.max_price).toBe(1399);
    const productId = card?.id ?? '';

    // The shopper: S is sold out and cannot be added; M can, and its price and stock show.
    const page = await app.newPage({ width: 360, height: 800 });
    await signUpCustomer(app, page, newShopper('Farah Siddiqui', 'variants'), shop);
    await page.goto(app.url(`/product/${productId}`, shop));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('button', { name: 'Size S, sold out' }).click();
    await page.getByText('Out of Stock', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Size L' }).click();
    await page.getByTestId('product-price').getByText('₹1,399').waitFor();
    await page.getByRole('button', { name: 'Size M' }).click();
    await page.getByText('Only 3 left').waitFor();
    await page.getByTestId('product-price').getByText('₹1,299').waitFor();
    const chosen = new URL(page.url()).searchParams.get('variant');
    expect(chosen).toBeTruthy();
    await noSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/variants-product-360.png', fullPage: true });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Added to cart').waitFor();

    // The shared address opens the same size.
    const again = await app.newPage({ width: 1280, height: 900 });
    await again.goto(page.url());
    await again.getByRole('button', { name: 'Size M', pressed: true }).waitFor();
    // The listing filters by a size in stock: S is sold out, L is not.
    await again.goto(app.url(`/products?q=${encodeURIComponent(name)}`, shop));
    const grid = again.getByRole('region', { name: 'Products' });
    await grid.getByRole('link', { name }).waitFor();
    await again.getByRole('button', { name: 'Size S', exact: true }).click();
    await again.waitForURL((u) => u.searchParams.get('option') === 'Size:S');
    await grid.getByText('No products found').waitFor();
    await again.getByRole('button', { name: 'Size S', exact: true }).click();
    await again.getByRole('button', { name: 'Size L', exact: true }).click();
    await again.waitForURL((u) => u.searchParams.get('option') === 'Size:L');
    await grid.getByRole('link', { name }).waitFor();
    await grid.getByText('₹1,299 – ₹1,399').waitFor();
    await again.close();

    // Cart and checkout name the size and its SKU; the order is placed with cash on delivery.
    await page.goto(app.url('/cart', shop));
    await page
      .getByText(/^M · SKU \S+/)
      .first()
      .waitFor();
    await page.goto(app.url('/checkout', shop));
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByLabel('Full name').fill('Farah Siddiqui');
    await form.getByLabel('Street address').fill('22 Hazratganj');
    await form.getByLabel('City').fill('Lucknow');
    await form.getByLabel('State').selectOption('Uttar Pradesh');
    await form.getByLabel('PIN code').fill('226001');
    await form.getByRole('button', { name: 'Save Address' }).click();
    await page.getByRole('radio', { name: /22 Hazratganj/ }).waitFor();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((u) => u.pathname === '/order/success');
    const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
    expect(orderId).toBeTruthy();

    // The vendor sees the size on the order, and M's stock went from 3 to 2.
    await admin.goto(app.url(`/admin-orders/${orderId}`, 'admin'));
    await admin.getByText(`${name}, M`).waitFor();
    await admin.goto(app.url(`/inventory/?search=${encodeURIComponent(`CK-${run}`)}`, 'admin'));
    const table = admin.getByRole('table', { name: 'Products' });
    await table.getByText('3 variants').click();
    await table.getByText('2 in stock').first().waitFor();
    const detail = await fetch(app.url(`/api/store/stores/product/${productId}`), {
      headers: { 'store-origin': shop },
    });
    const variants = (await detail.json()).data.variants as { options: string[]; quantity: number }[];
    expect(variants.map((v) => [v.options[0], v.quantity])).toEqual([
      ['S', 0],
      ['M', 2],
      ['L', 2],
    ]);
  });
});
