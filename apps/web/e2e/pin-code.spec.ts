import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { accessTokenOf, addToCart, noSidewaysScroll, signUpCustomer } from './journeys.ts';

/*
 * PIN autofill and delivery check (issue 40): a shopper types a PIN code in "Check delivery" on a product page and
 * reads the shop's answer (delivers, the dates, cash on delivery); at checkout the PIN code checked is already in
 * the new address with its city and state, another PIN code typed fills them again, a city the shopper typed is
 * left as typed (with the PIN code's shown beside it), and the order is placed. At 360 and 1366 px.
 */

let app: AppHandle;
let shop: string;
let product: { id: string; product_name: string };
beforeAll(async () => {
  app = await startApp();
  shop = app.demo.openShop;
  const res = await fetch(app.url('/api/store/stores/product?limit=48'), {
    headers: { 'store-origin': shop },
  });
  const products = (await res.json()).data as {
    id: string;
    product_name: string;
    product_quantity: number;
    has_variants: boolean;
  }[];
  const found = products.find((p) => !p.has_variants && p.product_quantity >= 5);
  if (!found) throw new Error('a product in stock without variants');
  product = found;
});
afterAll(async () => {
  await app?.close();
});

const run = Date.now().toString(36);

describe('PIN autofill and delivery check', () => {
  for (const width of [360, 1366]) {
    it(`checks delivery on a product page and fills the address from the PIN code at ${width} px`, async () => {
      const page = await app.newPage({ width, height: width < 600 ? 780 : 900 });
      const email = `pin-${width}-${run}@example.com`;
      await signUpCustomer(
        app,
        page,
        { first: 'Meera', last: 'Pillai', email, password: 'shopper123' },
        shop,
      );

      // The product page: the answer comes from the shop's own delivery options and COD rules.
      await page.goto(app.url(`/product/${product.id}`, shop));
      await page.getByRole('heading', { name: product.product_name }).first().waitFor();
      // "Check delivery" is a button until the shopper asks: the box and its code load then.
      await page.getByRole('button', { name: 'Check delivery' }).click();
      const box = page.getByRole('region', { name: 'Check delivery' });
      const pin = box.getByRole('textbox', { name: 'PIN code' });
      await pin.waitFor();
      await pin.fill('56001');
      await box.getByRole('button', { name: 'Check' }).click();
      await box.getByText('Enter a 6-digit PIN code').waitFor();
      await pin.fill('999999');
      await box.getByRole('button', { name: 'Check' }).click();
      await box.getByText("PIN code 999999 is not in India Post's directory. Check the number.").waitFor();
      await pin.fill('560001');
      await box.getByRole('button', { name: 'Check' }).click();
      await box.getByText('Delivers to Bengaluru, Karnataka 560001').waitFor();
      const options = box.getByRole('listitem');
      expect(await options.count()).toBeGreaterThan(0);
      expect(await options.first().innerText()).toMatch(/: arrives (Mon|Tue|Wed|Thu|Fri|Sat), \d+ \w+/);
      await box.getByText(/^Cash on delivery available/).waitFor();
      await box.scrollIntoViewIfNeeded();
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/pin-check-delivery-${width}.png` });

      // Checkout: the new address starts from the PIN code checked, with its city and state.
      await addToCart(app, page, shop, product.id, 1);
      await page.goto(app.url('/checkout', shop));
      const form = page.getByRole('form', { name: 'New address' });
      await form.waitFor();
      expect(await form.getByLabel('PIN code').inputValue()).toBe('560001');
      await expect.poll(() => form.getByLabel('City').inputValue()).toBe('Bengaluru');
      expect(await form.getByLabel('State').inputValue()).toBe('Karnataka');

      // Another PIN code: what the form filled follows it; what the shopper typed stays, with the difference shown.
      await form.getByLabel('Full name').fill('Meera Pillai');
      await form.getByLabel('Street address').fill(`${width} Janpath`);
      await form.getByLabel('City').fill('Noida');
      await form.getByLabel('PIN code').fill('110001');
      await form.getByText('PIN code 110001 is in New Delhi, Delhi.').waitFor();
      expect(await form.getByLabel('City').inputValue()).toBe('Noida');
      expect(await form.getByLabel('State').inputValue()).toBe('Delhi');
      await page.screenshot({ path: `/tmp/pin-checkout-differs-${width}.png` });
      await form.getByRole('button', { name: 'Use New Delhi, Delhi' }).click();
      expect(await form.getByLabel('City').inputValue()).toBe('New Delhi');
      await form.getByText('New Delhi, Delhi', { exact: true }).waitFor();
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/pin-checkout-${width}.png` });

      await form.getByRole('button', { name: 'Save Address' }).click();
      await page.getByRole('radio', { name: new RegExp(`${width} Janpath`) }).waitFor();
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.waitForURL((u) => u.pathname === '/order/success');
      await page.getByText('Order placed successfully!').waitFor();
      await page.screenshot({ path: `/tmp/pin-order-placed-${width}.png` });
      const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
      const order = await fetch(app.url(`/api/store/store-user/store-order/${orderId}/`), {
        headers: { authorization: `Bearer ${(await accessTokenOf(page)) ?? ''}`, 'store-origin': shop },
      });
      expect((await order.json()).data.shipping_address).toMatchObject({
        city: 'New Delhi',
        state: 'Delhi',
        postal_code: '110001',
      });
      await page.close();
    });
  }
});
