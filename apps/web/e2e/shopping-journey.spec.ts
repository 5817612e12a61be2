import { describe, expect, it } from 'vitest';
import { appForFile, type ListedProduct, newShopper, signUpHere } from './journeys.ts';

const app = await appForFile();

const shopper = newShopper('Kavya Nair', 'journey');

describe('a signed-out shopper', () => {
  it('adds 2 of a product, signs up on the way, and finds them in the cart', async () => {
    const shop = app.demo.openShop;
    const listed = await fetch(app.url('/api/store/stores/product?limit=48'), {
      headers: { 'store-origin': shop },
    });
    const product = ((await listed.json()).data as ListedProduct[]).find(
      (p) => !p.has_variants && p.stock_status === 'IN_STOCK' && p.product_quantity >= 5,
    );
    if (!product) throw new Error('the demo shop has a product in stock');
    const productPath = `/product/${product.id}`;

    const page = await app.newPage();
    await page.goto(app.url(productPath, shop));
    await page.getByRole('heading', { level: 1, name: product.product_name }).waitFor();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await page.getByRole('spinbutton', { name: 'Quantity' }).inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Add to Cart' }).click();

    // The spec's info toast, then the shop's customer login with the way back.
    await page.getByText('Please login to add items to cart').waitFor();
    await page.waitForURL((u) => u.pathname === '/login');
    const login = new URL(page.url());
    expect(login.searchParams.get('userType')).toBe('customer');
    expect(login.searchParams.get('redirect')).toBe(productPath);

    await signUpHere(app, page, shopper);

    // Back on the same product, signed in, and the two are added without another click.
    await page.waitForURL((u) => u.pathname === productPath && u.hostname.startsWith(shop));
    await page.getByText('Added to cart').waitFor();
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();

    await page.getByRole('link', { name: 'Cart, 2 items' }).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    const line = page.getByTestId('cart-line').filter({ hasText: product.product_name });
    await line.waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(1);
    expect(
      await line.getByRole('status', { name: `Quantity of ${product.product_name}` }).textContent(),
    ).toBe('2');

    // Coming back to the product later does not add it again.
    await page.goto(app.url(productPath, shop));
    await page.getByRole('heading', { level: 1, name: product.product_name }).waitFor();
    await page.waitForTimeout(1000);
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    await page.context().close();
  });
});
