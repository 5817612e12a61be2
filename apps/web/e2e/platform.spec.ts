import { afterAll, beforeAll, describe, it } from 'vitest';
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
});
