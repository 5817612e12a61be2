import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { noSidewaysScroll, signInVendor } from './journeys.ts';

/** Issue 17 #9: a vendor edits the shop's refund policy in Settings; a shopper reads it from the footer. */
let app: AppHandle;
/** A published demo shop that no other spec writes policies for. */
let shop: string;
let shopName: string;
beforeAll(async () => {
  app = await startApp();
  const shops = (await (await fetch(app.url('/api/store/get-store/?limit=100'))).json()).data.results as {
    slug: string;
    store_name: string;
  }[];
  const pick = shops.at(1);
  if (!pick) throw new Error('expected published demo shops');
  shop = pick.slug;
  shopName = pick.store_name;
});
afterAll(async () => {
  await app?.close();
});

const WIDTH = Number(process.env.POLICY_WIDTH) || 360;
const run = Date.now().toString(36);
const OWN = `Refunds within 3 working days (${run}).\n\nWe refund:\n- UPI payments the same day\n- Cash orders by bank transfer\n\nQuestions? 5 < 6 & "quotes" stay as typed.`;

const policyCard = (page: Page) => page.getByRole('region', { name: 'Policy pages' });

describe('policy pages', () => {
  it('the vendor rewrites the Refund Policy in Settings; HTML is refused in place', async () => {
    const page = await app.newPage({ width: WIDTH, height: 800 });
    await signInVendor(app, page, shop);
    await page.goto(app.url('/settings/', 'admin'));
    const card = policyCard(page);
    await card.getByRole('tab', { name: 'Refund Policy' }).click();
    const text = card.getByLabel('Refund Policy text');
    expect(await text.inputValue()).toContain(shopName);
    await card.getByText('Showing the template').waitFor();

    await text.fill('Refunds <b>fast</b>');
    await card.getByRole('button', { name: 'Save Refund Policy' }).click();
    await card.getByText('Use plain text: HTML tags such as <p> are not allowed').waitFor();

    await text.fill(OWN);
    await card.getByRole('button', { name: 'Save Refund Policy' }).click();
    await card.getByText(/Your own text, saved/).waitFor();
    await noSidewaysScroll(page);
    await page.context().close();
  });

  it('a shopper opens the Refund Policy from the shop footer and reads the vendor text as written', async () => {
    const page = await app.newPage({ width: WIDTH, height: 800 });
    await page.goto(app.url(`/store/${shop}`));
    const links = page.getByRole('list', { name: 'Policies' });
    for (const name of ['Privacy Policy', 'Terms of Service', 'Refund Policy', 'Shipping', 'Returns'])
      await links.getByRole('link', { name, exact: true }).waitFor();
    await links.getByRole('link', { name: 'Refund Policy', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/store/${shop}/policies/refund`);
    await page.getByRole('heading', { level: 1, name: 'Refund Policy' }).waitFor();
    const article = page.getByRole('article', { name: 'Refund Policy' });
    await article.getByText(`Refunds within 3 working days (${run}).`).waitFor();
    expect(await article.getByRole('listitem').allInnerTexts()).toEqual([
      'UPI payments the same day',
      'Cash orders by bank transfer',
    ]);
    await article.getByText('Questions? 5 < 6 & "quotes" stay as typed.').waitFor();
    await noSidewaysScroll(page);

    // The other pages are the templates, filled with the shop's name.
    await page
      .getByRole('navigation', { name: 'Shop policies' })
      .getByRole('link', { name: 'Shipping Policy' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Shipping Policy' }).waitFor();
    await page
      .getByRole('article', { name: 'Shipping Policy' })
      .getByText(shopName, { exact: false })
      .first()
      .waitFor();
    await page.context().close();
  });

  it('the vendor resets the Refund Policy to the template, and shoppers see the template again', async () => {
    const page = await app.newPage({ width: WIDTH, height: 800 });
    await signInVendor(app, page, shop);
    await page.goto(app.url('/settings/', 'admin'));
    const card = policyCard(page);
    await card.getByRole('tab', { name: 'Refund Policy' }).click();
    await card.getByRole('button', { name: 'Reset to template' }).click();
    await page
      .getByRole('dialog', { name: 'Reset the Refund Policy?' })
      .getByRole('button', { name: 'Reset to template' })
      .click();
    await card.getByText('Showing the template').waitFor();
    expect(await card.getByLabel('Refund Policy text').inputValue()).toContain(shopName);
    await page.context().close();

    const shopper = await app.newPage({ width: WIDTH, height: 800 });
    await shopper.goto(app.url(`/store/${shop}/policies/refund`));
    const article = shopper.getByRole('article', { name: 'Refund Policy' });
    await article.getByText(shopName, { exact: false }).first().waitFor();
    expect(await article.innerText()).not.toContain(run);
    await shopper.context().close();
  });

  it("sign-up's Terms and Privacy Policy open the platform's own pages", async () => {
    const page = await app.newPage({ width: WIDTH, height: 800 });
    await page.goto(app.url('/login?userType=vendor&mode=signup'));
    const [terms] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Terms', exact: true }).click(),
    ]);
    await terms.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    expect(new URL(terms.url()).pathname).toBe('/terms');
    await terms.getByRole('link', { name: 'Privacy Policy' }).first().click();
    await terms.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await noSidewaysScroll(terms);
    await page.context().close();
  });
});
