import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, DEMO_PUBLISHED_SHOPS, startApp } from './harness.ts';
import {
  addAddressAtCheckout,
  addToCart,
  noSidewaysScroll,
  signInVendor,
  signUpCustomer,
  vendorToken,
} from './journeys.ts';

/*
 * Cash on delivery that does not bleed money (issue 19): the vendor sets the shop's COD rules in Settings, a
 * shopper whose PIN code is blocked sees why COD is missing, a shopper above the confirmation value confirms the
 * order by the mailed code, and the back office shows the order waiting and then confirmed.
 */

let app: AppHandle;
/** A published demo shop with UPI that no other journey uses (the settings, dashboard and staff specs pick earlier ones). */
let shop: string;
let bearer = '';
beforeAll(async () => {
  app = await startApp();
  const res = await fetch(app.url('/api/store/get-store/?limit=100'));
  const shops = (await res.json()).data.results as { slug: string }[];
  const taken = new Set([app.demo.openShop, 'kesar-glow-naturals', 'kutch-kala-home', 'jaipur-block-prints']);
  const pick = shops
    .slice(5, -1)
    .find((s) => !taken.has(s.slug) && (DEMO_PUBLISHED_SHOPS as readonly string[]).includes(s.slug));
  if (!pick) throw new Error('expected enough published demo shops');
  shop = pick.slug;
  bearer = await vendorToken(app, shop);
});
afterAll(async () => {
  // The shop goes back to COD without rules, as the demo has it.
  await vendorApi('PUT', '/api/admin/cod-setting/', {
    min_order: null,
    max_order: null,
    blocked_pins: [],
    blocked_states: [],
    fee: 0,
    confirm_mode: 'OFF',
    confirm_above: null,
    confirm_hours: 24,
  });
  await app?.close();
});

const run = Date.now().toString(36);

async function vendorApi(method: string, path: string, body?: object) {
  const res = await fetch(app.url(path), {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      'store-origin': shop,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

/** The newest mail to an address whose subject starts so, waiting briefly for the outbox. */
async function mailTo(email: string, subject: string) {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(app.url(`/api/dev/mailbox?to=${encodeURIComponent(email)}`));
    const mails = ((await res.json()).data ?? []) as { subject: string; text: string }[];
    const found = mails.find((m) => m.subject.startsWith(subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no "${subject}" mail to ${email}`);
}

describe('cash on delivery rules and confirmation', () => {
  it('vendor sets the rules; a blocked PIN sees why; a large order is confirmed by code; the back office follows', async () => {
    const products = (
      await (
        await fetch(app.url('/api/store/stores/product?limit=48'), { headers: { 'store-origin': shop } })
      ).json()
    ).data as {
      id: string;
      product_price: number;
      discount_price: number | null;
      product_quantity: number;
      has_variants: boolean;
    }[];
    const product = products.find((p) => !p.has_variants && p.product_quantity >= 5);
    expect(product, 'a product in stock').toBeTruthy();
    const price = product?.discount_price ?? product?.product_price ?? 0;

    // The vendor's rules, with the form's own checks on the way.
    const vendor = await app.newPage({ width: 1280, height: 900 });
    await signInVendor(app, vendor, shop);
    await vendor.goto(app.url('/settings/#cod', 'admin'));
    const card = vendor.getByRole('form', { name: 'Cash on delivery rules' });
    await card.waitFor();
    await card.getByLabel('Minimum order for COD (₹)').fill('900');
    await card.getByLabel('Maximum order for COD (₹)').fill('500');
    await card.getByRole('button', { name: 'Save COD rules' }).click();
    await card.getByText('The minimum (₹900) is above the maximum (₹500)').waitFor();
    await card.getByLabel('Minimum order for COD (₹)').fill('');
    await card.getByLabel('Maximum order for COD (₹)').fill('');
    await card.getByLabel('COD fee (₹)').fill('25');
    await card.getByLabel('PIN codes without COD').fill('110001');
    await card.locator('input[type=file]').setInputFiles({
      name: 'rto-pins.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('pincode,city\n110002,Delhi\n11003,Delhi\n'),
    });
    await card.getByText('rto-pins.csv: Line 3: "11003" is not a 6-digit PIN code').waitFor();
    expect(await card.getByLabel('PIN codes without COD').inputValue()).toBe('110001\n110002');
    await card.getByRole('radio', { name: 'Orders above a value' }).check();
    await card.getByLabel('Confirm orders of (₹) or more').fill(String(Math.floor(price)));
    await vendor.screenshot({ path: '/tmp/cod-settings-1280.png', fullPage: false });
    await card.getByRole('button', { name: 'Save COD rules' }).click();
    await vendor.getByText('Cash on delivery rules saved').waitFor();
    const saved = (await vendorApi('GET', '/api/admin/cod-setting/')).data;
    expect(saved).toMatchObject({ fee: 25, blocked_pins: ['110001', '110002'], confirm_mode: 'ABOVE' });

    // A shopper in Delhi 110001: COD is off for that PIN, and checkout says so.
    const page = await app.newPage({ width: 1280, height: 900 });
    const email = `cod-${run}@example.com`;
    await signUpCustomer(app, page, { first: 'Arjun', last: 'Mehta', email, password: 'shopper123' }, shop);
    await addToCart(app, page, shop, product?.id ?? '', 1);
    await page.goto(app.url('/checkout', shop));
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await addAddressAtCheckout(page, {
      name: 'Arjun Mehta',
      street: '7 Janpath',
      city: 'New Delhi',
      state: 'Delhi',
      pin: '110001',
    });
    const cod = page.getByRole('radio', { name: /^Cash on Delivery/ });
    await page.getByText('Cash on delivery is not available for PIN 110001 at this shop').waitFor();
    expect(await cod.isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: /^UPI/ }).isChecked()).toBe(true);
    await page.getByRole('heading', { name: 'Payment Method' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/cod-blocked-1280.png' });

    // The same shopper sends it to Bengaluru instead: COD is back, with its fee and the confirmation note.
    await page.getByRole('button', { name: 'Add new address' }).click();
    await addAddressAtCheckout(page, {
      name: 'Arjun Mehta',
      street: '21 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin: '560001',
    });
    await page.getByRole('radio', { name: /21 MG Road/ }).check();
    await cod.check();
    const totals = page.getByTestId('order-totals');
    await totals.getByText('COD fee').waitFor();
    expect(await totals.locator('div', { hasText: 'COD fee' }).last().locator('dd').textContent()).toBe(
      '₹25',
    );
    await page.getByText('We will email you a 6-digit code to confirm this order').waitFor();
    await page.screenshot({ path: '/tmp/cod-checkout-1280.png', fullPage: true });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL((u) => u.pathname === '/order/success');
    const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
    const box = page.getByRole('region', { name: 'Confirm your cash-on-delivery order' });
    await box.waitFor();
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/cod-confirm-box-1280.png' });

    // The back office sees it waiting: no Confirm button, a notice, a badge in the list.
    await vendor.goto(app.url(`/admin-orders/${orderId}`, 'admin'));
    await vendor.getByText('Waiting for the customer to confirm cash on delivery').waitFor();
    expect(await vendor.getByRole('button', { name: /^Confirm/ }).count()).toBe(0);
    await vendor.getByText('COD fee').first().waitFor();
    await vendor.screenshot({ path: '/tmp/cod-admin-awaiting-1280.png' });
    await vendor.goto(app.url('/admin-orders/', 'admin'));
    await vendor.getByText('Awaiting COD confirmation').first().waitFor();

    // A wrong code is refused beside the box; the mailed code confirms the order.
    await box.getByLabel('Confirmation code').fill('000000');
    await box.getByRole('button', { name: 'Confirm order' }).click();
    await page.getByText(/Invalid or expired code/).waitFor();
    const mail = await mailTo(email, 'Confirm your');
    const code = /confirmation code: (\d{6})/.exec(mail.text)?.[1] ?? '';
    expect(mail.text).toContain('/order/confirm-cod?token=');
    await box.getByLabel('Confirmation code').fill(code);
    await box.getByRole('button', { name: 'Confirm order' }).click();
    await page.getByText('Order confirmed').first().waitFor();
    await box.waitFor({ state: 'detached' });

    await vendor.goto(app.url(`/admin-orders/${orderId}`, 'admin'));
    await vendor.getByText('The customer confirmed this cash-on-delivery order').waitFor();
    await vendor
      .getByRole('button', { name: /^Confirm/ })
      .first()
      .waitFor();
  });

  it('the back-office card and a blocked checkout work at 360 px', async () => {
    const page = await app.newPage({ width: 360, height: 780 });
    await signInVendor(app, page, shop);
    await page.goto(app.url('/settings/#cod', 'admin'));
    await page.getByRole('form', { name: 'Cash on delivery rules' }).waitFor();
    await page.getByRole('form', { name: 'Cash on delivery rules' }).scrollIntoViewIfNeeded();
    await noSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/cod-settings-360.png', fullPage: false });
  });
});
