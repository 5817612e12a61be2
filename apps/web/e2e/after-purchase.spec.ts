import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import {
  addToCart,
  type ListedProduct,
  newShopper,
  noSidewaysScroll,
  placeCodOrder,
  signInVendor,
  signUpCustomer,
  vendorToken,
} from './journeys.ts';

/* Orders after purchase (issue 40): a return of one line of a delivered order, a cancellation with a reason, and
   the carrier's tracking link, seen by the shopper and the vendor at 360 and 1366 px. */

let app: AppHandle;
beforeAll(async () => {
  app = await startApp();
  mkdirSync('/tmp/h40', { recursive: true });
});
afterAll(async () => {
  await app?.close();
});

const run = Date.now().toString(36);
const address = {
  name: 'Meera Iyer',
  street: '7 Lake View Road',
  city: 'Chennai',
  state: 'Tamil Nadu',
  pin: '600017',
};

async function inStock(n: number) {
  const res = await fetch(app.url('/api/store/stores/product?limit=48'), {
    headers: { 'store-origin': app.demo.openShop },
  });
  const found = ((await res.json()).data as ListedProduct[]).filter(
    (p) => !p.has_variants && p.stock_status === 'IN_STOCK' && p.product_quantity >= 10,
  );
  if (found.length < n) throw new Error('the demo shop has products in stock');
  return found.slice(0, n);
}

async function stockOf(id: string) {
  const res = await fetch(app.url(`/api/store/stores/product/${id}`), {
    headers: { 'store-origin': app.demo.openShop },
  });
  return (await res.json()).data.product_quantity as number;
}

/** The vendor moves an order along through the API (the journeys below look at what follows). */
async function moveOrder(orderId: string, statuses: string[], carrier = 'Delhivery', number = 'DL40400') {
  const token = await vendorToken(app, app.demo.openShop);
  const call = (method: string, path: string, body?: object) =>
    fetch(app.url(`/api/admin${path}`), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'store-origin': app.demo.openShop,
        'content-type': 'application/json',
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  for (const status of statuses) {
    const d = (await (await call('GET', `/order/${orderId}/`)).json()).data.order_details;
    const res = await call('PUT', `/order/${orderId}/status/`, {
      status,
      carrier,
      tracking_number: number,
      version: d.version,
    });
    expect(res.status).toBe(200);
  }
}

async function mailsTo(email: string) {
  const res = await fetch(app.url(`/api/dev/mailbox?to=${encodeURIComponent(email)}`));
  return ((await res.json()).data ?? []) as { subject: string; text: string }[];
}

async function shots(page: Page, name: string, other: { width: number; height: number }) {
  const first = page.viewportSize();
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/h40/${name}-${first?.width}.png`, fullPage: true });
  await page.setViewportSize(other);
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/h40/${name}-${other.width}.png`, fullPage: true });
  if (first) await page.setViewportSize(first);
}

describe('orders after purchase', () => {
  it('a shopper returns 1 of 3 units of one line and is mailed; the vendor sees it and accepts: 1 unit back', async () => {
    const [chai, other] = await inStock(2);
    if (!chai || !other) throw new Error('two products');
    const shopper = await app.newPage({ width: 360, height: 780 });
    const email = `returns-${run}@example.com`;
    await signUpCustomer(app, shopper, { first: 'Meera', last: 'Iyer', email, password: 'shopper123' });
    await addToCart(app, shopper, app.demo.openShop, other.id, 1);
    const orderId = await placeCodOrder(app, shopper, app.demo.openShop, chai.id, 3, address);
    await moveOrder(orderId, ['PROCESSING', 'SHIPPED', 'DELIVERED']);

    await shopper.goto(app.url(`/orders/${orderId}`, app.demo.openShop));
    const track = shopper.getByRole('link', { name: 'Track your package on Delhivery' });
    expect(await track.getAttribute('href')).toBe('https://www.delhivery.com/track/package/DL40400');
    await shopper.getByRole('button', { name: 'Return or Exchange' }).click();
    const dialog = shopper.getByRole('dialog', { name: 'Return or exchange' });
    await dialog.getByLabel(`Quantity of ${chai.product_name} to return`).selectOption('1');
    await dialog.getByLabel('Reason').fill('One packet arrived torn');
    await shots(shopper, 'return-dialog', { width: 1366, height: 900 });
    await dialog.getByRole('button', { name: 'Request Return' }).click();
    await shopper.getByText(/^Return requested on /).waitFor();
    await shopper.getByText(`1 × ${chai.product_name}`).waitFor();
    await shopper.getByText('We mailed you a confirmation.', { exact: false }).first().waitFor();
    await shots(shopper, 'return-requested', { width: 1366, height: 900 });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toMatch(/^We received your return request for order ORD-\d+/);
    expect(mail?.text).toContain(`1 × ${chai.product_name}`);

    const stockBefore = await stockOf(chai.id);
    const vendor = await app.newPage({ width: 1366, height: 900 });
    await signInVendor(app, vendor, app.demo.openShop);
    await vendor.goto(app.url(`/admin-orders/${orderId}`, 'admin'));
    const panel = vendor.getByRole('region', { name: 'Return request' });
    await panel.getByText('“One packet arrived torn”', { exact: false }).waitFor();
    await panel.getByText(`1 × ${chai.product_name}`).waitFor();
    await panel.getByRole('button', { name: 'Accept return' }).click();
    const accept = vendor.getByRole('dialog', { name: 'Accept return' });
    await accept.getByText('is due back to the customer', { exact: false }).waitFor();
    await accept.getByRole('button', { name: 'Accept return' }).click();
    await panel.getByText(/^Accepted on /).waitFor();
    await vendor.getByText('The accepted items are back.', { exact: false }).waitFor();
    await shots(vendor, 'return-accepted', { width: 360, height: 780 });
    expect(await stockOf(chai.id)).toBe(stockBefore + 1);
    await shopper.context().close();
    await vendor.context().close();
  });

  it('a shopper cancels with a reason the vendor reads, and follows a DTDC parcel by its link', async () => {
    const [first, second] = await inStock(2);
    if (!first || !second) throw new Error('two products');
    const shopper = await app.newPage({ width: 1366, height: 900 });
    const canceller = newShopper('Arjun Das', 'cancel');
    await signUpCustomer(app, shopper, canceller);
    const cancelled = await placeCodOrder(app, shopper, app.demo.openShop, first.id, 1, address);
    await shopper.goto(app.url(`/orders/${cancelled}`, app.demo.openShop));
    await shopper.getByRole('button', { name: 'Cancel Order' }).click();
    const dialog = shopper.getByRole('dialog', { name: 'Are you sure you want to cancel this order?' });
    await dialog.getByRole('button', { name: 'Yes, Cancel Order' }).click();
    await dialog.getByText('Choose why you are cancelling').waitFor();
    await dialog.getByLabel('Reason for cancelling').selectOption('Delivery too slow');
    expect(await dialog.getByText('Choose why you are cancelling').count()).toBe(0);
    await dialog.getByLabel('Anything to add (optional)').fill('Needed it by Friday');
    await shots(shopper, 'cancel-dialog', { width: 360, height: 780 });
    await dialog.getByRole('button', { name: 'Yes, Cancel Order' }).click();
    const reason = 'Delivery too slow: Needed it by Friday';
    await shopper.getByText(`Cancellation reason: ${reason}`).waitFor();

    await addToCart(app, shopper, app.demo.openShop, second.id, 1);
    await shopper.goto(app.url('/checkout', app.demo.openShop));
    await shopper.getByRole('radio', { name: new RegExp(address.street) }).waitFor();
    await shopper.getByRole('button', { name: 'Place Order' }).click();
    await shopper.waitForURL((u) => u.pathname === '/order/success');
    const shipped = new URL(shopper.url()).searchParams.get('orderId') ?? '';
    await moveOrder(shipped, ['PROCESSING', 'SHIPPED'], 'DTDC', 'D40012345');
    await shopper.goto(app.url(`/orders/${shipped}`, app.demo.openShop));
    const link = shopper.getByRole('link', { name: 'Track your package on DTDC' });
    expect(await link.getAttribute('href')).toBe(
      'https://www.dtdc.in/tracking/tracking_results.asp?Ttype=awb_no&strCnno=D40012345&TrkType2=awb_no',
    );
    await shopper.getByText('D40012345').first().waitFor();
    await shots(shopper, 'tracking-link', { width: 360, height: 780 });
    const [mail] = await mailsTo(canceller.email);
    expect(mail?.subject).toMatch(/shipped$/);
    expect(mail?.text).toContain('Track it: https://www.dtdc.in/tracking/');

    const vendor = await app.newPage({ width: 360, height: 780 });
    await signInVendor(app, vendor, app.demo.openShop);
    await vendor.goto(app.url(`/admin-orders/${cancelled}`, 'admin'));
    const panel = vendor.getByRole('region', { name: 'Cancellation' });
    await panel.getByText(reason).waitFor();
    await shots(vendor, 'cancel-reason-vendor', { width: 1366, height: 900 });
    await shopper.context().close();
    await vendor.context().close();
  });
});
