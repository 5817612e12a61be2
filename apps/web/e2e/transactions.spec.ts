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

const app = await appForFile();

/** The Money received card's figure in rupees, once loaded. */
async function revenue(vendor: Page) {
  const text = await vendor.getByRole('article', { name: 'Money received' }).locator('p').innerText();
  return Number(text.replace(/[^\d.]/g, ''));
}

describe('payments in the back office', () => {
  it('delivers a COD order, finds its transaction, downloads the invoice, refunds half; status and revenue follow', async () => {
    const list = await fetch(app.url('/api/store/stores/product?limit=48'), {
      headers: { 'store-origin': app.demo.openShop },
    });
    const product = ((await list.json()).data as ListedProduct[]).find(
      (p) => !p.has_variants && p.stock_status === 'IN_STOCK' && p.product_quantity >= 10,
    );
    if (!product) throw new Error('an in-stock product');
    const shopper = await app.newPage({ width: 1280, height: 900 });
    await signUpCustomer(app, shopper, newShopper('Rohan Das', 'pay'));
    const orderId = await placeCodOrder(app, shopper, app.demo.openShop, product.id, 2, {
      name: 'Rohan Das',
      street: '21 Lake Road',
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411001',
    });

    const vendor = await app.newPage({ width: 1280, height: 900 });
    await signInVendor(app, vendor, app.demo.openShop);
    await vendor.goto(app.url(`/admin-orders/${orderId}`, 'admin'));
    await vendor.getByRole('button', { name: 'Mark Processing' }).click();
    await vendor.getByText('Order status updated to PROCESSING').first().waitFor();
    await vendor.getByRole('button', { name: 'Ship Order' }).click();
    const ship = vendor.getByRole('dialog', { name: 'Ship order' });
    await ship.getByLabel('Tracking number').fill('DL55501234');
    await ship.getByRole('button', { name: 'Mark as Shipped' }).click();
    await vendor.getByText('Order status updated to SHIPPED').first().waitFor();
    await vendor.getByRole('button', { name: 'Invoice' }).waitFor();
    await vendor.getByRole('button', { name: 'Mark Delivered' }).click();
    // Cash on delivery: the dialog asks for the amount collected (issue 42).
    const deliver = vendor.getByRole('dialog', { name: 'Mark as delivered' });
    const due = (await deliver.getByText(/^Amount due: /).innerText()).replace(/[^\d.]/g, '');
    await deliver.getByLabel('Amount collected (₹)').fill(due);
    await deliver.getByRole('button', { name: 'Confirm delivery and cash' }).click();
    await vendor.getByText('Order status updated to DELIVERED').first().waitFor();
    const number = (await vendor.getByRole('heading', { level: 1 }).innerText()).trim();

    // Transaction Management: find it by the order number.
    await vendor.getByRole('link', { name: 'Transaction', exact: true }).click();
    await vendor.getByRole('heading', { name: 'Transaction Management' }).waitFor();
    const before = await revenue(vendor);
    await vendor.getByLabel('Search').fill(number);
    await vendor.waitForURL((u) => u.searchParams.get('search') === number);
    const row = vendor.getByRole('row', { name: new RegExp(number) });
    await row.getByText('Success').waitFor();
    await row.getByRole('button', { name: /^Download invoice (INV|BOS)\// }).waitFor();
    await row.getByRole('link', { name: 'View' }).click();
    await vendor.getByRole('heading', { name: 'Transaction Details' }).waitFor();
    await vendor.getByText('Cash on delivery', { exact: true }).waitFor();

    const [download] = await Promise.all([
      vendor.waitForEvent('download'),
      vendor.getByRole('button', { name: 'Download Invoice' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^(INV|BOS)-\d{2}-\d{2}-\d{5}\.pdf$/);

    // Refund half, in cash, one unit back to stock.
    await vendor.getByRole('button', { name: 'Process Refund' }).click();
    const dialog = vendor.getByRole('dialog', { name: 'Process Refund' });
    const amount = dialog.getByLabel('Amount');
    const total = Number(await amount.inputValue());
    await dialog.getByLabel('Reason (the customer sees it)').fill('One of the two arrived damaged');
    // A minus sign stays in the field and is refused there (it was dropped: -10 recorded a ₹10 refund).
    await amount.fill('-10');
    expect(await amount.inputValue()).toBe('-10');
    await dialog.getByRole('button', { name: 'Record Refund' }).click();
    await dialog.getByText('Amount cannot be negative').waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await amount.fill(String(total * 2));
    await dialog.getByRole('button', { name: 'Record Refund' }).click();
    await dialog.getByText(/is left to refund/).waitFor();
    const half = Math.round(total * 50) / 100;
    await amount.fill(String(half));
    await dialog.getByRole('spinbutton').first().fill('1');
    await dialog.getByRole('button', { name: 'Record Refund' }).click();
    await vendor.getByText('Refund recorded').first().waitFor();
    await vendor.getByText('Partially Refunded').first().waitFor();
    await vendor.getByRole('button', { name: /^Credit note CN\// }).waitFor();
    await noSidewaysScroll(vendor);
    await vendor.screenshot({ path: '/tmp/transaction-refunded-1280.png', fullPage: true });

    await vendor.getByRole('link', { name: 'Back to Transactions' }).click();
    await vendor.getByRole('heading', { name: 'Transaction Management' }).waitFor();
    await vendor
      .getByRole('button', { name: 'Clear filters' })
      .click()
      .catch(() => {});
    await expect.poll(() => revenue(vendor)).toBeCloseTo(before - half, 0);
    const [summary] = await Promise.all([
      vendor.waitForEvent('download'),
      vendor.getByRole('button', { name: 'GST summary' }).click(),
    ]);
    expect(summary.suggestedFilename()).toMatch(/-gst-\d{4}-\d{2}\.csv$/);
    await vendor.setViewportSize({ width: 360, height: 800 });
    await noSidewaysScroll(vendor);
    await vendor.screenshot({ path: '/tmp/transactions-360.png', fullPage: true });
    await shopper.context().close();
    await vendor.context().close();
  });
});
