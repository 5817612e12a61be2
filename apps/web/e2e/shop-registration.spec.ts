import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appForFile } from './journeys.ts';

const app = await appForFile();

const run = Date.now().toString(36);
const vendor = { first: 'Meena', last: 'Iyer', email: `wizard-${run}@example.com`, password: 'secret123' };
const shopName = `Meena Crafts ${run}`;
const subdomain = `meena-${run}`;
// A 1×1 PNG: the server checks and re-encodes the bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** Set WIZARD_SHOTS=/some/dir to keep a screenshot of each step. */
const SHOTS = process.env.WIZARD_SHOTS;
/** Mobile first: 360 px unless WIZARD_WIDTH says otherwise (e.g. 1366 for the desktop screenshots). */
const WIDTH = Number(process.env.WIZARD_WIDTH) || 360;
const shot = async (page: Page, name: string) => {
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
};

async function codeFor(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(app.url(`/api/dev/mailbox?to=${encodeURIComponent(email)}`));
    const [newest] = ((await res.json()).data ?? []) as { text: string }[];
    const code = newest ? /\b(\d{6})\b/.exec(newest.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${email}`);
}

const accessToken = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(sessionStorage.getItem('token') ?? localStorage.getItem('token') ?? '{}')
        .accessToken as string,
  );

const stepTitle = (page: Page, name: string) => page.getByRole('heading', { level: 2, name }).waitFor();
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });
const stepOf = (page: Page) => new URL(page.url()).searchParams.get('step');

describe('shop registration wizard', () => {
  let page: Page;
  let storeId = '';

  it('signs a new vendor up and lands on step 1 of the wizard', async () => {
    page = await app.newPage({ width: WIDTH, height: 780 });
    await page.goto(app.url('/login?userType=vendor&mode=signup'));
    await page.getByLabel('First name').fill(vendor.first);
    await page.getByLabel('Last name').fill(vendor.last);
    await page.getByLabel('Email').fill(vendor.email);
    await page.getByLabel('Phone').fill('9876543210');
    await page.getByLabel('Password', { exact: true }).fill(vendor.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(vendor.password);
    await page.getByLabel('I agree to the Terms and Privacy Policy').check();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/verification');
    await page.getByLabel('Digit 1').click();
    await page.keyboard.type(await codeFor(vendor.email));
    await page.getByRole('button', { name: 'Verify & Continue' }).click();
    await page.waitForURL((u) => u.pathname === '/shopregistration');
    await page.getByRole('heading', { name: 'Register your shop' }).waitFor();
    await stepTitle(page, 'Shop Details');
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await continueButton(page).isDisabled()).toBe(true);
    await shot(page, '1-details');
  });

  it('step 1: checks the phone and logo, then creates the shop', async () => {
    await page.getByLabel('Shop name').fill(shopName);
    await page.getByLabel('Business category').selectOption({ index: 1 });
    await page
      .getByLabel('Description', { exact: true })
      .fill('Handmade brass lamps and home decor from Madurai.');
    await page.getByLabel('Short description').fill('Handmade brass lamps');
    await page.getByLabel('Primary phone').fill('12345');
    await continueButton(page).click();
    await page.getByText('Invalid phone number').waitFor();
    expect(page.url()).not.toContain('store=');

    // The stepper's four connectors are one length (issue 42, #12: they were uneven).
    const connectors = await page
      .locator('nav[aria-label="Registration progress"] [data-connector]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
    expect(connectors).toHaveLength(4);
    expect(Math.max(...connectors) - Math.min(...connectors)).toBeLessThan(1);
    await page.getByLabel('Primary phone').fill('9876543210');
    await page.getByRole('button', { name: 'Add Contact' }).click();
    await page.getByLabel('Contact 2 type').selectOption('WhatsApp');
    await page.getByLabel('Contact 2 phone').fill('9123456780');
    await page.getByLabel('Logo').setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: PNG });
    await page.getByText('Choose a PNG or JPG image').waitFor();
    await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    // The chosen file is named in full beside a "Change logo" button, not in the browser's cut-off file box.
    await page.getByText('logo.png', { exact: true }).waitFor();
    await page.getByText('Change logo', { exact: true }).waitFor();
    await continueButton(page).click();
    await page.waitForURL((u) => u.searchParams.get('step') === '2');
    storeId = new URL(page.url()).searchParams.get('store') ?? '';
    expect(storeId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('step 2: checks the PIN code, fills coordinates from the location, saves the address', async () => {
    await stepTitle(page, 'Address');
    await page.getByLabel('Address line 1').fill('12 Temple Street');
    await page.getByLabel('City').fill('Madurai');
    await page.getByLabel('State').selectOption('Tamil Nadu');
    expect(await page.getByLabel('Country').inputValue()).toBe('India');
    await page.getByLabel('Postal code').fill('6250');
    await page.context().grantPermissions(['geolocation'], { origin: app.url('/').slice(0, -1) });
    await page.context().setGeolocation({ latitude: 9.9252, longitude: 78.1198 });
    await page.getByRole('button', { name: 'Use my location' }).click();
    // The e2e server has no GEOCODER_URL: the coordinates are filled and the vendor is told to type the rest.
    await page.getByText(/We filled your coordinates\. We could not look up your address/).waitFor();
    expect(await page.getByLabel('Latitude').inputValue()).toBe('9.925200');
    expect(await page.getByLabel('Longitude').inputValue()).toBe('78.119800');
    await shot(page, '2-address');
    await continueButton(page).click();
    await page.getByText('Enter a valid 6-digit PIN code').waitFor();
    expect(stepOf(page)).toBe('2');
    await page.getByLabel('Postal code').fill('625001');
    await continueButton(page).click();
    await page.waitForURL((u) => u.searchParams.get('step') === '3');
  });

  it('resumes at the same step after a reload, with the entered values kept', async () => {
    await page.reload();
    await stepTitle(page, 'Choose Plan');
    expect(new URL(page.url()).searchParams.get('store')).toBe(storeId);
    await page.getByRole('button', { name: 'Previous' }).click();
    await stepTitle(page, 'Address');
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('12 Temple Street');
    await continueButton(page).click();
    await stepTitle(page, 'Choose Plan');
  });

  it("comes back in another tab: every saved step shows the server's values, and so does Review", async () => {
    // A new tab starts without the first tab's sessionStorage: what it shows can only come from the server.
    const tab = await page.context().newPage();
    await tab.setViewportSize({ width: WIDTH, height: 780 });
    await tab.goto(app.url('/shopregistration'));
    await tab.getByRole('button', { name: `Continue registering ${shopName}` }).click();
    await stepTitle(tab, 'Choose Plan');
    await tab.getByRole('button', { name: 'Previous' }).click();
    await stepTitle(tab, 'Address');
    expect(await tab.getByLabel('Address line 1').inputValue()).toBe('12 Temple Street');
    expect(await tab.getByLabel('City').inputValue()).toBe('Madurai');
    expect(await tab.getByLabel('State').inputValue()).toBe('Tamil Nadu');
    expect(await tab.getByLabel('Postal code').inputValue()).toBe('625001');
    expect(await tab.getByLabel('Latitude').inputValue()).toBe('9.925200');
    await tab.getByRole('button', { name: 'Previous' }).click();
    await stepTitle(tab, 'Shop Details');
    expect(await tab.getByLabel('Shop name').inputValue()).toBe(shopName);
    const category = await tab
      .getByLabel('Business category')
      .evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
    expect(category).not.toBe('');
    expect(await tab.getByLabel('Short description').inputValue()).toBe('Handmade brass lamps');
    expect(await tab.getByLabel('Primary phone').inputValue()).toBe('9876543210');
    expect(await tab.getByLabel('Contact 2 phone').inputValue()).toBe('9123456780');
    await shot(tab, '1-details-resumed');
    // Saving step 1 again blanks nothing: the address is still there on step 2.
    await continueButton(tab).click();
    await stepTitle(tab, 'Address');
    expect(await tab.getByLabel('Address line 1').inputValue()).toBe('12 Temple Street');
    await tab.goto(app.url(`/shopregistration?store=${storeId}&step=5`));
    await stepTitle(tab, 'Review');
    const review = (label: string) =>
      tab.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    // The category's name comes with the category list, which may answer after the page draws.
    await expect.poll(() => review('Category').textContent()).toBe(category);
    expect(await review('Contacts').textContent()).toBe(
      'Primary: +91 98765 43210, WhatsApp: +91 91234 56780',
    );
    expect(await review('Address').first().textContent()).toBe(
      '12 Temple Street, Madurai, Tamil Nadu, 625001, India',
    );
    await shot(tab, '5-review-resumed');
    await tab.close();
  });

  it('step 3 and 4: professional plan with a checked subdomain', async () => {
    expect(await page.getByRole('radio', { name: 'Basic' }).isChecked()).toBe(true);
    await page.getByText('Billing starts after the 14-day free trial — no card needed now').waitFor();
    await shot(page, '3-plan');
    await page.getByRole('radio', { name: 'Professional' }).check();
    await continueButton(page).click();
    await stepTitle(page, 'Domain Setup');
    expect(await continueButton(page).isDisabled()).toBe(true);

    const box = page.getByLabel('Subdomain');
    const check = page.getByRole('button', { name: 'Check', exact: true });
    await box.fill('ab');
    await check.click();
    await page.getByText('Please enter at least 3 characters').waitFor();
    await box.fill(app.demo.openShop);
    await check.click();
    await page.getByText('Not available', { exact: true }).waitFor();
    expect(await continueButton(page).isDisabled()).toBe(true);
    await box.fill('');
    await box.pressSequentially('My Shop!');
    expect(await box.inputValue()).toBe('myshop');
    await box.fill(subdomain);
    await check.click();
    await page.getByText('Available!').waitFor();
    await page.getByText(`http://${subdomain}.localhost:${app.port}`).waitFor();
    await shot(page, '4-domain');
    await continueButton(page).click();
    await stepTitle(page, 'Review');
  });

  it('step 5: needs the terms, then goes on to the template editor; the server has the address and plan', async () => {
    await page.getByText(shopName).first().waitFor();
    await page.getByText('625001', { exact: false }).waitFor();
    await shot(page, '5-review');
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await page.getByText('Please accept the Terms of Service and Privacy Policy').waitFor();
    expect(stepOf(page)).toBe('5');
    await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await page.waitForURL((u) => u.pathname === `/shopregistration/storetemplate/${storeId}`);

    const res = await fetch(app.url('/api/store/shop/shop/mine/'), {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
    });
    const shops = (await res.json()).data as {
      id: string;
      slug: string;
      plan: string;
      has_address: boolean;
    }[];
    expect(shops.find((s) => s.id === storeId)).toMatchObject({
      slug: subdomain,
      plan: 'professional',
      has_address: true,
    });
  });

  it('offers to continue the draft shop or register a new one', async () => {
    await page.goto(app.url('/shopregistration'));
    await page.getByRole('button', { name: `Continue registering ${shopName}` }).waitFor();
    await page.getByRole('button', { name: 'Register a new shop' }).click();
    await stepTitle(page, 'Shop Details');
    expect(await page.getByLabel('Shop name').inputValue()).toBe('');
    await page.goto(app.url('/shopregistration'));
    await page.getByRole('button', { name: `Continue registering ${shopName}` }).click();
    await stepTitle(page, 'Choose Plan');
    expect(new URL(page.url()).searchParams.get('store')).toBe(storeId);
  });

  it('goes on to design the home page and launch it: the shop answers on its subdomain with the edits', async () => {
    await page.goto(app.url(`/shopregistration/storetemplate/${storeId}`));
    const banner = page.getByRole('region', { name: 'Banner section' });
    const heading = banner.getByRole('heading', { level: 1 });
    await heading.click();
    const dialog = page.getByRole('dialog', { name: 'Edit heading' });
    await dialog.getByLabel('Text').fill('Handmade in Madurai');
    await dialog.getByLabel('Colour').fill('#7c2d12');
    await dialog.getByLabel('Font size (px)').fill('40');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await banner.getByText('Saved').waitFor();
    await page.getByRole('link', { name: 'Complete Registration' }).click();
    await page.getByRole('radio', { name: 'Published' }).check();
    await page.getByRole('button', { name: 'Save Settings & Launch Store' }).click();
    await page.getByRole('heading', { name: 'Setting Up your store' }).waitFor();
    await page.waitForURL(app.url('/', subdomain), { timeout: 20_000 });
    const live = page.getByRole('heading', { level: 1, name: /Handmade in Madurai/ });
    await live.waitFor();
    expect(await live.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(124, 45, 18)');
    // A new shop has no featured product, deal or sale yet: shoppers see no empty sections and no "View Deals"
    // pointing at one (issue 42); the banner is there.
    for (const heading of ['#deals-heading', '#featured-heading', '#sales-heading'])
      expect(await page.locator(heading).count(), heading).toBe(0);
    expect(await page.getByText(/No deals running right now|No featured products/).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'View Deals' }).count()).toBe(0);
    // Nor a Deals link in the header (the phone's menu, or the desktop's bar) to a section that is not there.
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('link', { name: 'All Products' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Deals', exact: true }).count()).toBe(0);
    await page.context().close();
  });
});
