import { execFileSync } from 'node:child_process';
import { gstinCheckDigit } from '@haat/contracts';
import { describe, expect, it } from 'vitest';
import {
  accessTokenOf,
  appForFile,
  type ListedProduct,
  newShopper,
  noSidewaysScroll,
  signUpCustomer,
  vendorToken,
} from './journeys.ts';

/*
 * Checkout's "Billing address same as shipping" (issue 13), beside checkout.spec.ts (which is at its size limit):
 * unticked, the shopper adds a billing address; the shipped order's tax invoice bills to it and ships to the
 * delivery address, whose state stays the place of supply. A business adds its GSTIN (issue 39): a wrong one is
 * refused before Place Order, the right one is on the invoice.
 */
const app = await appForFile();

async function api(path: string, bearer: string, method = 'GET', body?: object) {
  const res = await fetch(app.url(path), {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      'store-origin': app.demo.openShop,
      'content-type': 'application/json',
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json();
}

/** The shop's vendor ships the order (the invoice is issued then). */
async function ship(orderId: string) {
  const bearer = await vendorToken(app, app.demo.openShop);
  for (const body of [
    { status: 'PROCESSING' },
    { status: 'SHIPPED', carrier: 'India Post', tracking_number: 'TRK777' },
  ]) {
    await api(`/api/admin/order/${orderId}/status/`, bearer, 'PUT', body);
  }
}

describe('checkout with a separate billing address', () => {
  it('unticks "Billing address same as shipping", adds one, and the invoice bills to it and ships to the delivery address', async () => {
    const page = await app.newPage({ width: 1280, height: 900 });
    const buyer = newShopper('Meera Iyer', 'billing');
    await signUpCustomer(app, page, buyer);
    const bearer = (await accessTokenOf(page)) ?? '';
    const all = (await api('/api/store/stores/product?limit=48', bearer)).data as ListedProduct[];
    const product = all
      .filter((p) => !p.has_variants && p.stock_status === 'IN_STOCK' && p.product_quantity >= 10)
      .at(-1);
    expect(product).toBeTruthy();
    await api('/api/store/store-user/store-cart/', bearer, 'POST', {
      product_id: product?.id,
      quantity: 1,
      is_selected: true,
    });

    await page.goto(app.url('/checkout', app.demo.openShop));
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByLabel('Full name').fill('Meera Iyer');
    await form.getByLabel('Street address').fill('22 MG Road');
    await form.getByLabel('City').fill('Bengaluru');
    await form.getByLabel('State').selectOption('Karnataka');
    await form.getByLabel('PIN code').fill('560001');
    await form.getByRole('button', { name: 'Save Address' }).click();
    await page.getByRole('radio', { name: /22 MG Road/ }).waitFor();

    // Ticked by default: no billing section. Unticked: a billing address is asked for before Place Order.
    const same = page.getByRole('checkbox', { name: 'Billing address same as shipping' });
    expect(await same.isChecked()).toBe(true);
    expect(await page.getByRole('region', { name: 'Billing Address' }).count()).toBe(0);
    await same.uncheck();
    const billing = page.getByRole('region', { name: 'Billing Address' });
    await billing.waitFor();
    await page.getByText('Choose a billing address to place your order.').waitFor();
    expect(await page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);
    await billing.getByRole('button', { name: 'Add new address' }).click();
    const billForm = billing.getByRole('form', { name: 'New address' });
    await billForm.getByLabel('Full name').fill('Iyer Textiles');
    await billForm.getByLabel('Street address').fill('7 Marine Drive');
    await billForm.getByLabel('City').fill('Kochi');
    await billForm.getByLabel('State').selectOption('Kerala');
    await billForm.getByLabel('PIN code').fill('682031');
    await billForm.getByRole('button', { name: 'Save Address' }).click();
    const billRadio = billing.getByRole('radio', { name: /7 Marine Drive/ });
    await billRadio.waitFor();
    expect(await billRadio.isChecked()).toBe(true);
    // The delivery address stays the one chosen for shipping.
    const delivery = page.getByRole('region', { name: 'Delivery Address' });
    expect(await delivery.getByRole('radio', { name: /22 MG Road/ }).isChecked()).toBe(true);

    // A business: its GSTIN, checked (check digit) before the order can be placed.
    await page.getByRole('checkbox', { name: /Buying for a business/ }).check();
    const gstin = page.getByLabel('GSTIN', { exact: true });
    await gstin.fill('32AAAFI1234C1ZX');
    await page.getByText('Enter a valid GSTIN (15 characters, with the right check digit)').waitFor();
    expect(await page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);
    const valid = `32AAAFI1234C1Z${gstinCheckDigit('32AAAFI1234C1Z')}`;
    await gstin.fill(valid.toLowerCase());
    expect(await gstin.inputValue()).toBe(valid);
    expect(await page.getByText('Enter a valid GSTIN').count()).toBe(0);
    await page.screenshot({ path: '/tmp/checkout-billing-1280.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await noSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/checkout-billing-360.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((u) => u.pathname === '/order/success');
    const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
    expect(orderId).toBeTruthy();
    await ship(orderId);

    // Your Orders: the customer downloads the invoice and reads it.
    await page.goto(app.url(`/orders/${orderId}`, app.demo.openShop));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Download invoice / }).click(),
    ]);
    const text = execFileSync('pdftotext', ['-layout', (await download.path()) ?? '', '-'], {
      encoding: 'utf8',
    });
    const billAt = text.indexOf('BILL TO');
    const shipAt = text.indexOf('SHIP TO');
    expect(billAt).toBeGreaterThan(-1);
    expect(shipAt).toBeGreaterThan(billAt);
    expect(text.slice(billAt, shipAt)).toContain('Iyer Textiles');
    expect(text.slice(billAt, shipAt)).toContain('Kochi, Kerala 682031');
    expect(text.slice(shipAt)).toContain('22 MG Road');
    // The bill-to party's GSTIN; place of supply: the delivery state.
    expect(text).toContain(`GSTIN: ${valid}`);
    const supply = text.slice(text.indexOf('PLACE OF SUPPLY')).split('\n').slice(0, 3).join('\n');
    expect(supply).toMatch(/Karnataka \(29\)/);
    expect(supply).not.toMatch(/Kerala/);
    await page.context().close();
  });
});
