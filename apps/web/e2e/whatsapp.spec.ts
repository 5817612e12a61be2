import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PUBLISHED_SHOPS } from './harness.ts';
import {
  accessTokenOf,
  adminData,
  appForFile,
  newShopper,
  noSidewaysScroll,
  signInVendor,
  signUpCustomer,
} from './journeys.ts';

/**
 * Issue 19, WhatsApp: the vendor words the dispatch message in Settings; a shipped order's page opens WhatsApp
 * to the customer's number with those words and the tracking number; shoppers share a product on WhatsApp.
 */
const app = await appForFile();

/** A published demo shop other specs leave alone (neither the first nor the last of the directory). */
async function quietShop() {
  const res = await fetch(app.url('/api/store/get-store/?limit=100'));
  const shops = (await res.json()).data.results as { slug: string }[];
  // The last demo shop of the directory's middle (journeys that publish shops add theirs at the end).
  const middle = shops
    .slice(1, -1)
    .filter(
      (s) => s.slug !== app.demo.openShop && (DEMO_PUBLISHED_SHOPS as readonly string[]).includes(s.slug),
    );
  const picked = middle.at(-1);
  if (!picked) throw new Error('expected at least three published demo shops');
  return picked.slug;
}
const shop = await quietShop();

const run = Date.now().toString(36);
const SHOTS = '/tmp/whatsapp-e2e';
type Order = { id: string; version: number; user: { phone: string | null } };

/** A vendor call for the shop with the page's token. */
const vendorCall = async (page: Page, method: string, path: string, body?: object) =>
  adminData(app, (await accessTokenOf(page)) ?? '', path, { method, body, shop });

/** A pending order of the shop with a mobile number, shipped by Delhivery with `tracking`; its id and phone. */
async function shippedOrder(page: Page, tracking: string) {
  const list = await vendorCall(page, 'GET', '/order/?status=PENDING&limit=50');
  const order = (list.order_list as Order[]).find((o) => /^[6-9]\d{9}$/.test(o.user.phone ?? ''));
  if (!order) throw new Error('the demo shop has a pending order with a phone');
  let version = order.version;
  for (const status of ['CONFIRMED', 'PROCESSING']) {
    version = (await vendorCall(page, 'PUT', `/order/${order.id}/status/`, { status, version })).order_details
      .version;
  }
  await vendorCall(page, 'PUT', `/order/${order.id}/status/`, {
    status: 'SHIPPED',
    carrier: 'Delhivery',
    tracking_number: tracking,
    version,
  });
  return { id: order.id, phone: order.user.phone ?? '' };
}

async function openWhatsAppCard(page: Page) {
  await page.goto(app.url('/settings/', 'admin'));
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  const card = page.getByRole('region', { name: 'WhatsApp messages' });
  await card.getByRole('tab', { name: 'Dispatch' }).waitFor();
  return card;
}

describe('WhatsApp messages', () => {
  it('the vendor edits the dispatch message; a shipped order’s Dispatch button opens WhatsApp to the customer with it', async () => {
    const page = await app.newPage();
    await signInVendor(app, page, shop);
    const card = await openWhatsAppCard(page);
    await card.getByRole('tab', { name: 'Dispatch' }).click();
    const text = card.getByLabel('Dispatch message', { exact: true });
    await expect.poll(() => text.inputValue()).toContain('{tracking_number}');

    // A wrong placeholder is refused beside the field, naming it.
    await text.fill('Hello {customer_nam}');
    await card.getByRole('button', { name: 'Save dispatch message' }).click();
    await card.getByText('{customer_nam} is not a placeholder').waitFor();

    const words = `Namaste ${run}`;
    await text.fill(`${words} {customer_name}! {order_number} is with {carrier}, AWB `);
    await card.getByRole('button', { name: '{tracking_number}' }).click();
    await expect.poll(() => text.inputValue()).toMatch(/AWB \{tracking_number\}$/);
    const preview = card.getByTestId('whatsapp-preview');
    await expect
      .poll(() => preview.innerText())
      .toContain(`${words} Priya! ORD-1024 is with Delhivery, AWB 1480`);
    await card.getByRole('button', { name: 'Save dispatch message' }).click();
    await page.getByText('Dispatch message saved').first().waitFor();
    await card.getByRole('button', { name: 'Use the default text' }).waitFor();
    await card.screenshot({ path: `${SHOTS}-settings-1280.png` });

    const tracking = `DL${run}`.toUpperCase();
    const order = await shippedOrder(page, tracking);
    await page
      .context()
      .route('https://wa.me/**', (r) => r.fulfill({ contentType: 'text/html', body: 'WhatsApp' }));
    await page.goto(app.url(`/admin-orders/${order.id}`, 'admin'));
    const panel = page.getByRole('region', { name: 'WhatsApp' });
    const dispatch = panel.getByRole('link', { name: 'Dispatch' });
    const href = (await dispatch.getAttribute('href')) ?? '';
    const url = new URL(href);
    expect(url.host).toBe('wa.me');
    expect(url.pathname).toBe(`/91${order.phone}`);
    const message = url.searchParams.get('text') ?? '';
    expect(message).toContain(words);
    expect(message).toContain(`AWB ${tracking}`);
    expect(message).toContain('is with Delhivery');
    // Delivery waits for the order to be delivered, and says so.
    await expect.poll(() => panel.getByRole('button', { name: 'Delivery' }).isDisabled()).toBe(true);
    await panel.getByText('Available once the order is delivered').waitFor();
    await page.getByRole('region', { name: 'WhatsApp' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}-order-1280.png`, fullPage: true });

    // Opening it is recorded on the order's timeline.
    const opened = page.context().waitForEvent('page');
    await dispatch.click();
    await (await opened).close();
    await page
      .getByRole('region', { name: 'Order Timeline' })
      .getByText('WhatsApp message opened: dispatch')
      .waitFor();
    await page.close();
  });

  it('at 360 px the card and the buttons fit the screen', async () => {
    const page = await app.newPage({ width: 360, height: 780 });
    await signInVendor(app, page, shop);
    const card = await openWhatsAppCard(page);
    await card.getByRole('tab', { name: 'Dispatch' }).click();
    await card.getByTestId('whatsapp-preview').waitFor();
    await noSidewaysScroll(page);
    await card.screenshot({ path: `${SHOTS}-settings-360.png` });

    // The order the first journey shipped, else any order with a phone (the buttons then say why not).
    const list = await vendorCall(page, 'GET', '/order/?limit=50');
    const withPhone = (list.order_list as (Order & { status: string })[]).filter((o) =>
      /^[6-9]\d{9}$/.test(o.user.phone ?? ''),
    );
    const order = withPhone.find((o) => o.status === 'SHIPPED') ?? withPhone[0];
    if (!order) throw new Error('the demo shop has an order with a phone');
    await page.goto(app.url(`/admin-orders/${order.id}`, 'admin'));
    const panel = page.getByRole('region', { name: 'WhatsApp' });
    await panel.getByRole('list').waitFor();
    await noSidewaysScroll(page);
    await panel.screenshot({ path: `${SHOTS}-order-360.png` });
    await page.close();
  });

  it('a shopper’s product page has Share on WhatsApp with the product’s name, price and address', async () => {
    const res = await fetch(app.url('/api/store/stores/product?limit=10'), {
      headers: { 'store-origin': app.demo.openShop },
    });
    const [product] = (await res.json()).data as { id: string; product_name: string }[];
    if (!product) throw new Error('the open demo shop has products');
    for (const width of [360, 1280]) {
      const page = await app.newPage({ width });
      await page.goto(app.url(`/product/${product.id}`, app.demo.openShop));
      await page.getByRole('heading', { level: 1, name: product.product_name }).waitFor();
      const share = page.getByRole('link', { name: 'Share on WhatsApp' });
      const href = (await share.getAttribute('href')) ?? '';
      expect(href.startsWith('https://wa.me/?text=')).toBe(true);
      const text = new URL(href).searchParams.get('text') ?? '';
      const here = new URL(page.url());
      expect(text).toContain(product.product_name);
      expect(text).toMatch(/₹[\d,]+/);
      expect(text).toContain(`${here.origin}${here.pathname}`);
      expect(here.pathname.endsWith(`/product/${product.id}`)).toBe(true);
      await noSidewaysScroll(page);
      await share.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}-product-${width}.png` });
      await page.close();
    }
  });
  it('a customer’s order page has Share on WhatsApp with the products they bought', async () => {
    const res = await fetch(app.url('/api/store/stores/product?limit=48'), {
      headers: { 'store-origin': app.demo.openShop },
    });
    const products = (await res.json()).data as {
      id: string;
      product_name: string;
      product_quantity: number;
      has_variants: boolean;
    }[];
    const product = products.find((p) => !p.has_variants && p.product_quantity >= 3);
    if (!product) throw new Error('the open demo shop has a product in stock');
    const page = await app.newPage({ width: 360, height: 780 });
    const who = newShopper('Kavya Rao', 'whatsapp');
    await signUpCustomer(app, page, who);
    const token = (await accessTokenOf(page)) ?? '';
    const call = async (method: string, path: string, body?: object, extra: Record<string, string> = {}) => {
      const r = await fetch(app.url(`/api/store${path}`), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'store-origin': app.demo.openShop,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...extra,
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = await r.json();
      expect(r.status, JSON.stringify(json)).toBeLessThan(300);
      return json.data;
    };
    const address = await call('POST', '/address/', {
      full_name: 'Kavya Rao',
      address_line1: '12 Lavelle Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postal_code: '560001',
    });
    await call('POST', '/store-user/store-cart/', { product_id: product.id, quantity: 1 });
    const d = await call('GET', '/store-user/user-checkout/');
    const delivery = d.delivery_option[0];
    const placed = await call(
      'POST',
      '/order/create-order/',
      {
        cart_item: d.cart_data.map((l: { id: string; quantity: number; unit_price: number }) => ({
          id: l.id,
          quantity: l.quantity,
          unit_price: l.unit_price,
        })),
        shipping_address: address.id,
        delivery_type: delivery.id,
        payment_option: 'COD',
        total_amount:
          Math.round(
            (d.order_data.total_cart_value - d.order_data.discount + delivery.delivery_charge) * 100,
          ) / 100,
      },
      { 'idempotency-key': `whatsapp-${run}` },
    );
    await page.goto(app.url(`/orders/${placed.order_id}`, app.demo.openShop));
    const items = page.getByRole('region', { name: 'Items' });
    const share = items.getByRole('link', { name: 'Share the products on WhatsApp' });
    const href = (await share.getAttribute('href')) ?? '';
    const text = new URL(href).searchParams.get('text') ?? '';
    expect(text).toContain(product.product_name);
    expect(text).toContain(`${new URL(page.url()).origin}/product/${product.id}`);
    await noSidewaysScroll(page);
    await share.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}-customer-order-360.png` });
    await page.close();
  });
});
