import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import {
  addAddressAtCheckout,
  addToCart,
  noSidewaysScroll,
  signInVendor,
  signUpCustomer,
  vendorToken,
} from './journeys.ts';

/*
 * Online payments (issue 44) at 1366 and 360 px, through the built-in test gateway: the merchant connects it in
 * Settings (which shows the webhook URL to paste in Razorpay); a shopper picks "Pay online", approves the payment
 * on the gateway's page and is back on the thank-you page with the order paid, the merchant having done nothing;
 * a failed payment says so and can be tried again; the refund completes by the gateway's webhook; and the same
 * webhook delivered three times pays the order once.
 */

const SHOP = 'namma-gadgets';
let app: AppHandle;
let bearer = '';
beforeAll(async () => {
  app = await startApp();
  bearer = await vendorToken(app, SHOP);
});
afterAll(async () => {
  await vendorApi('DELETE', '/api/admin/payment-gateway/');
  await app?.close();
});

async function vendorApi(method: string, path: string) {
  const res = await fetch(app.url(path), {
    method,
    headers: { authorization: `Bearer ${bearer}`, 'store-origin': SHOP },
  });
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

async function productInStock(): Promise<string> {
  const res = await fetch(app.url('/api/store/stores/product?limit=100'), {
    headers: { 'store-origin': SHOP },
  });
  const all = (await res.json()).data as { id: string; product_quantity: number; has_variants: boolean }[];
  const p = all.find((c) => !c.has_variants && c.product_quantity > 10);
  if (!p) throw new Error(`no product in stock at ${SHOP}`);
  return p.id;
}

/** The merchant connects the test gateway in Settings (once; the second run finds it connected). */
async function connectTestGateway(page: Page) {
  await signInVendor(app, page, SHOP);
  await page.goto(app.url('/settings#online-payments', 'admin'));
  const card = page.getByRole('region', { name: 'Online payments' });
  const connect = card.getByRole('button', { name: 'Use the test gateway' });
  const connected = card.getByText(/Shoppers can pay online through the built-in test gateway/);
  // Either state; the loser of the race is left waiting until the page closes, its failure meaning nothing.
  const states = [connect.waitFor(), connected.waitFor()];
  for (const s of states) s.catch(() => {});
  await Promise.race(states);
  if (await connect.isVisible()) await connect.click();
  await connected.waitFor();
  expect(await card.getByTestId('webhook-url').innerText()).toMatch(
    /\/api\/store\/gateway\/razorpay\/webhook\/[\w-]+\/$/,
  );
  await noSidewaysScroll(page);
}

/** A new shopper orders one product paying online; the page ends on the test gateway's page. Their email. */
async function orderPayingOnline(page: Page, tag: string) {
  const stamp = `${tag}${Date.now().toString(36)}`;
  const email = `pay-${stamp}@example.com`;
  await signUpCustomer(app, page, { first: 'Meena', last: 'Iyer', email, password: 'online-pay-2026' }, SHOP);
  await addToCart(app, page, SHOP, await productInStock(), 1);
  await page.goto(app.url('/checkout', SHOP));
  await addAddressAtCheckout(page, {
    name: 'Meena Iyer',
    street: `7 Temple Street ${stamp}`,
    city: 'Chennai',
    state: 'Tamil Nadu',
    pin: '600004',
  });
  await page.getByRole('radio', { name: /^Pay online \(UPI, cards, net banking, wallets\)/ }).check();
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('heading', { name: 'Test gateway' }).waitFor();
  await noSidewaysScroll(page);
  return email;
}

/**
 * The demo's reconciliation lists a payment captured after its order expired: the merchant marks it resolved with
 * a note, after the dialog asks (the first journey to find it open; each looks at it under Resolved).
 */
async function resolveMismatch(merchant: Page, tag: string) {
  const note = 'Refunded the late payment in the Razorpay Dashboard';
  const list = merchant.getByRole('region', { name: 'Settlement reconciliation' });
  await list.waitFor();
  const resolve = list.getByRole('button', { name: 'Mark resolved' });
  // Open ones (the owner may resolve them: the button comes once the shop's role is known).
  if (!(await list.getByRole('button', { name: 'Open (0)' }).isVisible())) {
    await resolve.first().click();
    const dialog = merchant.getByRole('dialog', { name: 'Mark this mismatch resolved?' });
    await dialog.getByLabel('What was done about it').fill(note);
    const size = merchant.viewportSize();
    for (const width of [360, 1366]) {
      await merchant.setViewportSize({ width, height: size?.height ?? 800 });
      await merchant.screenshot({ path: `/tmp/payment-gateway-resolve-${width}.png` });
    }
    if (size) await merchant.setViewportSize(size);
    await dialog.getByRole('button', { name: 'Mark resolved' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await list.getByRole('button', { name: 'Open (0)' }).waitFor();
  }
  await list.getByRole('button', { name: 'Resolved' }).click();
  await list.getByText(note, { exact: false }).waitFor();
  await noSidewaysScroll(merchant);
  await merchant.screenshot({ path: `/tmp/payment-gateway-resolved-${tag}.png`, fullPage: true });
}

async function orderPaymentStatus(page: Page) {
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
  const d = await vendorApi('GET', `/api/admin/order/${orderId}/`);
  return d.order_details.payment_status as string;
}

async function journey(width: number, height: number, tag: string) {
  const merchant = await app.newPage({ width, height });
  await connectTestGateway(merchant);
  await merchant.screenshot({ path: `/tmp/payment-gateway-settings-${tag}.png`, fullPage: true });
  await resolveMismatch(merchant, tag);

  // Paid: approved by UPI, the webhook before the shopper is back; the thank-you page says it is paid.
  const page = await app.newPage({ width, height });
  await orderPayingOnline(page, tag);
  await page.getByLabel('Pay by').selectOption('upi');
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await page.waitForURL((u) => u.pathname === '/order/success');
  const panel = page.getByTestId('online-payment');
  await panel.getByText('Payment received. Your order is confirmed.').waitFor();
  expect(await orderPaymentStatus(page)).toBe('SUCCESS');
  await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/payment-gateway-paid-${tag}.png`, fullPage: true });
  await refundThroughGateway(merchant, new URL(page.url()).searchParams.get('orderId') ?? '', tag);

  // Failed: the bank declines; the page says so, and paying again (webhook after the return) succeeds.
  const second = await app.newPage({ width, height });
  await orderPayingOnline(second, `${tag}f`);
  await second.getByRole('button', { name: 'Fail payment' }).click();
  await second.waitForURL((u) => u.pathname === '/order/success');
  const failed = second.getByTestId('online-payment');
  await failed.getByText('The payment did not go through. You can try again.').waitFor();
  expect(await orderPaymentStatus(second)).toBe('FAILED');
  // No thanks before the payment: the head says what is left to do.
  await second.getByRole('heading', { name: 'Your order is waiting for payment' }).waitFor();
  expect(await second.getByRole('heading', { name: 'Thank you for your order!' }).count()).toBe(0);
  await second.screenshot({ path: `/tmp/payment-gateway-failed-${tag}.png`, fullPage: true });
  await failed.getByRole('button', { name: 'Try again' }).click();
  await second.getByRole('heading', { name: 'Test gateway' }).waitFor();
  await second.getByLabel('Pay by').selectOption('card');
  await second.getByLabel('Webhook').selectOption('after');
  await second.getByRole('button', { name: 'Approve payment' }).click();
  await second
    .getByTestId('online-payment')
    .getByText('Payment received. Your order is confirmed.')
    .waitFor();
  expect(await orderPaymentStatus(second)).toBe('SUCCESS');
}

/**
 * The merchant refunds part of the paid order on Transaction detail (what the gateway reported is there): the
 * refund goes through Razorpay, shows pending, and is completed by the gateway's refund.processed webhook.
 */
async function refundThroughGateway(merchant: Page, orderId: string, tag: string) {
  const order = await vendorApi('GET', `/api/admin/order/${orderId}/`);
  const number = order.order_details.order_number as string;
  const found = await vendorApi('GET', `/api/admin/transaction/?search=${encodeURIComponent(number)}`);
  await merchant.goto(app.url(`/transaction/${found.results[0].id}`, 'admin'));
  const gateway = merchant.getByTestId('gateway-details');
  await gateway.getByText('UPI ID (VPA)').waitFor();
  await gateway.getByText('Razorpay').waitFor();
  await merchant.getByRole('button', { name: 'Process Refund' }).click();
  const dialog = merchant.getByRole('dialog', { name: 'Process Refund' });
  await dialog.getByText(/Razorpay gives the money back/).waitFor();
  await dialog.getByLabel('Amount').fill('1');
  await dialog.getByLabel('Reason (the customer sees it)').fill('Late delivery, part refund');
  await dialog.getByRole('button', { name: 'Record Refund' }).click();
  await merchant.getByText(/through Razorpay · pending/).waitFor();
  await noSidewaysScroll(merchant);
  await merchant.screenshot({ path: `/tmp/payment-gateway-refund-${tag}.png`, fullPage: true });
  // The test gateway processes it and sends refund.processed: no longer pending.
  await expect
    .poll(
      async () => {
        await merchant.reload();
        await merchant
          .getByText(/through Razorpay/)
          .first()
          .waitFor();
        return merchant.getByText(/through Razorpay · pending/).count();
      },
      { timeout: 15_000, interval: 1000 },
    )
    .toBe(0);
}

/**
 * The gateway delivers the same webhook three times (one event id, as it does when it retries) before the shopper
 * is back: the order is paid once, with one transaction, one "payment received" on its timeline and one mail (the
 * dev mailbox reads the mail outbox, which the deliveries have all committed to before the page comes back).
 */
async function repeatedWebhook(width: number, height: number, tag: string) {
  const gateway = await vendorApi('GET', '/api/admin/payment-gateway/');
  if (!gateway.connected) await vendorApi('POST', '/api/admin/payment-gateway/test-gateway/');
  const page = await app.newPage({ width, height });
  const email = await orderPayingOnline(page, `${tag}r`);
  await page.getByLabel('Pay by').selectOption('netbanking');
  await page.getByLabel('Webhook').selectOption('thrice');
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/payment-gateway-thrice-gateway-${tag}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await page.waitForURL((u) => u.pathname === '/order/success');
  await page.getByTestId('online-payment').getByText('Payment received. Your order is confirmed.').waitFor();
  await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/payment-gateway-thrice-${tag}.png`, fullPage: true });
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
  const d = (await vendorApi('GET', `/api/admin/order/${orderId}/`)).order_details;
  expect(d.payment_status).toBe('SUCCESS');
  const timeline = d.timeline as { status: string; note: string | null }[];
  const received = timeline.filter((e) => e.status === 'PAYMENT_RECEIVED');
  expect(received).toHaveLength(1);
  expect(received[0]?.note).toMatch(/paid online by net banking \(HDFC\)/);
  const number = d.order_number as string;
  const found = await vendorApi('GET', `/api/admin/transaction/?search=${encodeURIComponent(number)}`);
  const mine = (found.results as { order_id: string; payment_status: string }[]).filter(
    (r) => r.order_id === orderId,
  );
  expect(mine.map((r) => r.payment_status)).toEqual(['SUCCESS']);
  const box = await (await fetch(app.url(`/api/dev/mailbox?to=${encodeURIComponent(email)}`))).json();
  const mails = (box.data as { subject: string }[]).filter(
    (m) => m.subject === `Payment received for order ${number}`,
  );
  expect(mails).toHaveLength(1);
}

describe('paying online through the test gateway', () => {
  it('pays, and a failed payment is tried again (1366 px)', async () => {
    await journey(1366, 900, 'wide');
  });

  it('the same on a phone (360 px)', async () => {
    await journey(360, 780, 'phone');
  });

  it('the same webhook three times pays the order once (1366 px and 360 px)', async () => {
    await repeatedWebhook(1366, 900, 'wide');
    await repeatedWebhook(360, 780, 'phone');
  });
});
