import { describe, expect, it } from 'vitest';
import {
  addToCart,
  appForFile,
  type ListedProduct,
  newShopper,
  placeCodOrder,
  signUpCustomer,
} from './journeys.ts';

const app = await appForFile();

const address = {
  name: 'Nisha Rao',
  street: '14 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin: '560025',
};

describe('Buy Again (issue 42)', () => {
  it('says how many units went back in the cart, in the singular for one', async () => {
    const shop = app.demo.openShop;
    const listed = await fetch(app.url('/api/store/stores/product?limit=48'), {
      headers: { 'store-origin': shop },
    });
    const [one, many] = ((await listed.json()).data as ListedProduct[]).filter(
      (p) => !p.has_variants && p.stock_status === 'IN_STOCK' && p.product_quantity >= 20,
    );
    if (!one || !many) throw new Error('the demo shop has two products with stock');
    const page = await app.newPage({ width: 360 });
    await signUpCustomer(app, page, newShopper('Nisha Rao', 'buy-again'));
    const single = await placeCodOrder(app, page, shop, one.id, 1, address);
    // The address is kept from the first order: the second checkout starts with it chosen.
    await addToCart(app, page, shop, many.id, 7);
    await page.goto(app.url('/checkout', shop));
    await page.getByRole('radio', { name: new RegExp(address.street) }).waitFor();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((u) => u.pathname === '/order/success');
    const several = new URL(page.url()).searchParams.get('orderId') ?? '';

    await page.goto(app.url(`/orders/${several}`, shop));
    await page.getByRole('button', { name: 'Buy Again' }).click();
    await page.getByText('Added 7 items to your cart').waitFor();
    await page.waitForURL((u) => u.pathname === '/cart');

    await page.goto(app.url(`/orders/${single}`, shop));
    await page.getByRole('button', { name: 'Buy Again' }).click();
    await page.getByText('Added 1 item to your cart').waitFor();
    await page.waitForURL((u) => u.pathname === '/cart');
    await page.screenshot({ path: '/tmp/h42/buy-again-360.png' });
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.screenshot({ path: '/tmp/h42/buy-again-1366.png' });
    expect(await page.getByText('Added 1 item to your cart').count()).toBe(1);
    await page.context().close();
  });
});
