import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { noSidewaysScroll, signInVendor } from './journeys.ts';

let app: AppHandle;
/** A published demo shop no other journey works in (the others take the first, or the third onwards). */
let shop: { slug: string; store_name: string };
beforeAll(async () => {
  app = await startApp();
  const res = await fetch(app.url('/api/store/get-store/?limit=100'));
  const shops = (await res.json()).data.results as { slug: string; store_name: string }[];
  const pick = shops[1];
  if (!pick) throw new Error('expected at least two published demo shops');
  shop = pick;
});
afterAll(async () => {
  await app?.close();
});

describe("the platform operator's console", () => {
  it('finds a shop, suspends it with a reason (shoppers turned away, the owner told why), reads its audit trail and lifts it', async () => {
    const operator = await app.newPage({ width: 1366, height: 900 });
    await operator.goto(app.url('/', 'admin'));
    await operator.getByLabel('Email').fill('operator@haat.test');
    await operator.getByLabel('Password', { exact: true }).fill('operator-pass-2026');
    await operator.getByLabel('Platform operator').check();
    await operator.getByRole('button', { name: 'Sign In' }).click();
    await operator.getByRole('heading', { name: 'Shops on Haat' }).waitFor();
    await operator.getByRole('search', { name: 'Filter shops' }).getByLabel('Search').fill(shop.store_name);
    const row = operator.getByRole('row').filter({ hasText: shop.store_name }).first();
    await row.getByText('Published').waitFor();
    await row.getByRole('button', { name: 'Suspend' }).click();

    const dialog = operator.getByRole('dialog', { name: 'Suspend shop' });
    await dialog.getByRole('button', { name: 'Suspend shop' }).click();
    await dialog.getByText('Give the reason for the suspension').waitFor();
    const reason = 'Counterfeit goods reported by customers';
    await dialog.getByLabel('Reason (required)').fill(reason);
    await dialog.getByRole('button', { name: 'Suspend shop' }).click();
    await operator.getByText('Shop status set to SUSPENDED').first().waitFor();
    await row.getByText(reason).waitFor();

    // Shoppers see the suspended screen; the owner's back office says why and whom to write to.
    const shopper = await app.newPage({ width: 360, height: 780 });
    await shopper.goto(app.url('/', shop.slug));
    await shopper.getByRole('heading', { name: 'Shop Suspended' }).waitFor();
    const owner = await app.newPage({ width: 1280, height: 900 });
    await signInVendor(app, owner, shop.slug);
    await owner.getByRole('alert').filter({ hasText: reason }).getByText('support@haat.in').waitFor();

    await row.getByRole('button', { name: 'Audit trail' }).click();
    const trail = operator.getByRole('dialog', { name: `Audit trail: ${shop.store_name}` });
    await trail.getByText(`suspended by the platform: ${reason}`, { exact: false }).waitFor();
    await trail.getByText('Platform Operator', { exact: false }).first().waitFor();
    await operator.keyboard.press('Escape');

    await row.getByRole('button', { name: 'Lift suspension' }).click();
    await operator
      .getByRole('dialog', { name: 'Lift and reopen' })
      .getByRole('button', { name: 'Reopen shop' })
      .click();
    await operator.getByText('Shop status set to PUBLISHED').first().waitFor();
    await shopper.reload();
    await shopper.getByRole('heading', { name: 'Shop Suspended' }).waitFor({ state: 'detached' });
    await operator.setViewportSize({ width: 360, height: 780 });
    await noSidewaysScroll(operator);
    await operator.screenshot({ path: '/tmp/platform-console-360.png', fullPage: true });
    for (const p of [operator, shopper, owner]) await p.context().close();
  });

  it("opens a shop's back office to read it: dashboard, orders, transactions, no Refund, Edit, Cancel or Invite", async () => {
    const operator = await app.newPage({ width: 1366, height: 900 });
    await operator.goto(app.url('/', 'admin'));
    await operator.getByLabel('Email').fill('operator@haat.test');
    await operator.getByLabel('Password', { exact: true }).fill('operator-pass-2026');
    await operator.getByLabel('Platform operator').check();
    await operator.getByRole('button', { name: 'Sign In' }).click();
    await operator.getByRole('heading', { name: 'Shops on Haat' }).waitFor();
    await operator.getByRole('search', { name: 'Filter shops' }).getByLabel('Search').fill(shop.store_name);
    const row = operator.getByRole('row').filter({ hasText: shop.store_name }).first();
    await row.getByRole('button', { name: 'Open back office' }).click();

    // Read only, said on every screen; the sidebar offers what the operator may read and nothing else.
    await operator.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    await operator.getByRole('status').filter({ hasText: 'Read only' }).getByText(shop.store_name).waitFor();
    await operator.getByText('(Platform operator)').first().waitFor();
    const nav = operator.getByRole('navigation', { name: 'Back office' });
    for (const name of ['All shops', 'Dashboard', 'Orders', 'Transaction', 'Audit'])
      await nav.getByRole('link', { name, exact: true }).waitFor();
    for (const name of ['Settings', 'Checkout', 'Inventory'])
      expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(0);

    // The shop's orders, and an order without the buttons that change it.
    await nav.getByRole('link', { name: 'Orders', exact: true }).click();
    await operator.getByRole('heading', { name: 'Order Management' }).waitFor();
    await operator
      .getByRole('link', { name: /View order/ })
      .first()
      .click();
    await operator.getByRole('heading', { name: 'Order Timeline' }).waitFor();
    for (const name of ['Edit Order', 'Cancel Order', 'Ship Order', 'Confirm Order', 'Record UPI payment'])
      expect(await operator.getByRole('button', { name }).count(), name).toBe(0);

    // A settled payment: its details and invoice, no Process Refund.
    await nav.getByRole('link', { name: 'Transaction', exact: true }).click();
    await operator.getByRole('heading', { name: 'Transaction Management' }).waitFor();
    await operator
      .getByRole('row')
      .filter({ hasText: 'Success' })
      .first()
      .getByRole('link', { name: 'View' })
      .click();
    await operator.getByRole('heading', { name: 'Transaction Details' }).waitFor();
    expect(await operator.getByRole('button', { name: 'Process Refund' }).count()).toBe(0);

    // Settings (payments, UPI id, staff and their Invite) are not the operator's, even by address.
    await operator.goto(app.url('/settings/', 'admin'));
    await operator.getByRole('heading', { name: 'Not for your role' }).waitFor();
    await operator.getByText("The platform operator can only look at a shop's back office").waitFor();
    expect(await operator.getByRole('form', { name: 'Invite a person' }).count()).toBe(0);
    await operator.screenshot({ path: '/tmp/platform-operator-backoffice-1366.png', fullPage: true });
    await operator.context().close();
  });
});
