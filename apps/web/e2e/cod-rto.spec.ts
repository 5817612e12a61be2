import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  appForFile,
  type ListedProduct,
  newShopper,
  noSidewaysScroll,
  placeCodOrder,
  signInVendor,
  signUpCustomer,
} from './journeys.ts';

/* RTO (issue 19, decision 0014): a shipped COD parcel refused at the door, marked RTO, received back. */

const app = await appForFile();

async function stockOf(id: string) {
  const res = await fetch(app.url(`/api/store/stores/product/${id}`), {
    headers: { 'store-origin': app.demo.openShop },
  });
  return (await res.json()).data.product_quantity as number;
}

const rtoTile = (page: Page) => page.getByRole('article', { name: 'RTO Rate' });
/** "3 parcels refused or undelivered of 41 shipped COD orders": the two counts. */
async function rtoCounts(page: Page) {
  const text = await rtoTile(page).innerText();
  const m = /([\d,]+) parcels? refused or undelivered of ([\d,]+) shipped/.exec(text);
  const n = (s: string | undefined) => Number((s ?? '0').replace(/,/g, ''));
  return { text, rto: n(m?.[1]), shipped: n(m?.[2]) };
}

async function moveTo(vendor: Page, button: string, status: string) {
  await vendor.getByRole('button', { name: button }).click();
  await vendor.getByText(`Order status updated to ${status}`).first().waitFor();
}

describe('RTO in the back office', () => {
  it('ships a COD order, marks it RTO, finds it in Order Management and the timeline, receives it back with its stock, and the RTO rate moves', async () => {
    const run = Date.now().toString(36);
    const products = (
      await (
        await fetch(app.url('/api/store/stores/product?limit=48'), {
          headers: { 'store-origin': app.demo.openShop },
        })
      ).json()
    ).data as ListedProduct[];
    const product = products.find(
      (p) => !p.has_variants && p.stock_status === 'IN_STOCK' && p.product_quantity >= 10,
    );
    if (!product) throw new Error('an in-stock product');

    const vendor = await app.newPage({ width: 1280, height: 900 });
    await signInVendor(app, vendor, app.demo.openShop);
    await rtoTile(vendor).waitFor();
    const before = await rtoCounts(vendor);
    await vendor.screenshot({ path: '/tmp/cod-rto-dashboard-before-1280.png', fullPage: true });

    const shopper = await app.newPage({ width: 1280, height: 900 });
    await signUpCustomer(app, shopper, newShopper('Kavya Menon', 'rto'));
    const stockBefore = await stockOf(product.id);
    const orderId = await placeCodOrder(app, shopper, app.demo.openShop, product.id, 2, {
      name: 'Kavya Menon',
      street: '12 Marine Drive',
      city: 'Kochi',
      state: 'Kerala',
      pin: '682031',
    });
    expect(orderId).toBeTruthy();
    expect(await stockOf(product.id)).toBe(stockBefore - 2);

    await vendor.goto(app.url(`/admin-orders/${orderId}`, 'admin'));
    await vendor.getByRole('heading', { name: 'Order Timeline' }).waitFor();
    const number = (await vendor.getByRole('heading', { level: 1 }).innerText()).trim();
    await vendor.getByText("Customer's record at this shop:").waitFor();
    await moveTo(vendor, 'Confirm Order', 'CONFIRMED');
    await moveTo(vendor, 'Mark Processing', 'PROCESSING');
    await vendor.getByRole('button', { name: 'Ship Order' }).click();
    const ship = vendor.getByRole('dialog', { name: 'Ship order' });
    await ship.getByLabel('Carrier').selectOption('Delhivery');
    await ship.getByLabel('Tracking number').fill(`DL${run}`.toUpperCase());
    await ship.getByRole('button', { name: 'Mark as Shipped' }).click();
    await vendor.getByText('Order status updated to SHIPPED').first().waitFor();

    // The courier brings it back: refused at the door.
    await vendor.getByRole('button', { name: 'Mark as RTO' }).click();
    const rto = vendor.getByRole('dialog', { name: 'Mark as RTO' });
    await rto.getByLabel('Reason (optional, e.g. refused at the door)').fill('Refused at the door');
    await rto.getByRole('button', { name: 'Mark as RTO' }).click();
    await vendor.getByText('Order status updated to RTO').first().waitFor();
    await vendor.getByText('RTO: returning to seller').waitFor();
    await vendor.getByText('Refused at the door').first().waitFor();
    await vendor.getByText(/1 refused \(RTO\)/).waitFor();
    expect(await stockOf(product.id)).toBe(stockBefore - 2);
    await noSidewaysScroll(vendor);
    await vendor.screenshot({ path: '/tmp/cod-rto-order-1280.png', fullPage: true });

    // The customer's order says it is on its way back.
    await shopper.goto(app.url(`/orders/${orderId}`, app.demo.openShop));
    await shopper.getByText('Returning to seller').first().waitFor();
    await shopper.context().close();

    // Order Management: the RTO filter and card.
    await vendor.goto(app.url('/admin-orders/?status=RTO', 'admin'));
    await vendor.getByRole('heading', { name: 'Order Management' }).waitFor();
    await vendor.getByRole('link', { name: number }).first().waitFor();
    await vendor.getByText('RTO', { exact: true }).first().waitFor();
    await vendor.screenshot({ path: '/tmp/cod-rto-list-1280.png', fullPage: true });

    // Back on the shelf: the stock comes back.
    await vendor.goto(app.url(`/admin-orders/${orderId}`, 'admin'));
    await vendor.getByRole('button', { name: 'Received back (RTO)' }).click();
    const back = vendor.getByRole('dialog', { name: 'Received back (RTO)' });
    await back.getByRole('button', { name: 'Yes, received back' }).click();
    await vendor.getByText('Order status updated to RETURNED').first().waitFor();
    await vendor.getByText('Received back from RTO').first().waitFor();
    await expect.poll(() => stockOf(product.id)).toBe(stockBefore);

    // The dashboard's RTO rate counts it.
    await vendor.goto(app.url('/dashboard', 'admin'));
    await rtoTile(vendor).waitFor();
    await expect.poll(async () => (await rtoCounts(vendor)).rto).toBe(before.rto + 1);
    const after = await rtoCounts(vendor);
    expect(after.shipped).toBe(before.shipped + 1);
    expect(after.text).not.toBe(before.text);
    await vendor.getByRole('article', { name: 'RTO Cost' }).waitFor();
    await vendor.getByRole('article', { name: 'COD Share' }).waitFor();
    await vendor.screenshot({ path: '/tmp/cod-rto-dashboard-1280.png', fullPage: true });
    await vendor.context().close();
  });

  it('at 360 px: the risky COD flag with its reasons in the list, the order page and the dashboard tiles fit', async () => {
    const phone = await app.newPage({ width: 360, height: 780 });
    await signInVendor(app, phone, app.demo.openShop);
    await rtoTile(phone).waitFor();
    await noSidewaysScroll(phone);
    await phone.screenshot({ path: '/tmp/cod-rto-dashboard-360.png', fullPage: true });

    await phone.goto(app.url('/admin-orders/?status=RISKY_COD', 'admin'));
    await phone.getByRole('heading', { name: 'Order Management' }).waitFor();
    const cards = phone.getByRole('list', { name: 'Orders' });
    await cards.getByText('Risky COD', { exact: true }).first().waitFor();
    await cards
      .getByText(/^Customer has \d+ past RTOs? at this shop$/)
      .first()
      .waitFor();
    await noSidewaysScroll(phone);
    await phone.screenshot({ path: '/tmp/cod-rto-risky-list-360.png', fullPage: true });

    await phone.getByRole('link', { name: 'View order' }).first().click();
    await phone.getByRole('region', { name: 'Risky cash-on-delivery order' }).waitFor();
    await phone.getByRole('button', { name: 'Require prepayment (UPI)' }).click();
    await phone.getByText(/Prepayment required/).waitFor();
    await noSidewaysScroll(phone);
    await phone.screenshot({ path: '/tmp/cod-rto-risky-order-360.png', fullPage: true });
    await phone.getByRole('button', { name: 'Allow cash on delivery again' }).click();
    await phone.getByRole('button', { name: 'Require prepayment (UPI)' }).waitFor();
    await phone.context().close();
  });
});
