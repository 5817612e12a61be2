import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';

let app: AppHandle;
const run = Date.now().toString(36);
const email = `designer-${run}@example.com`;
const password = 'chai-time-42';
// A 1×1 PNG: the server decodes and re-encodes it as WebP.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// biome-ignore lint/suspicious/noExplicitAny: test data read loosely from the API
type Json = { data?: any; message?: string };
async function api(
  path: string,
  opts: { method?: string; body?: unknown; token?: string } = {},
): Promise<Json> {
  const res = await fetch(app.url(path), {
    method: opts.method ?? (opts.body ? 'POST' : 'GET'),
    headers: {
      'content-type': 'application/json',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${path} → ${res.status} ${json.message}`);
  return json;
}

async function mailedCode(to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mails = (await api(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).data ?? [];
    const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${to}`);
}

/** One vendor (the only sign-up here) with two professional shops on their subdomains, made through the API. */
async function setUp() {
  await api('/api/user/auth/signup/', {
    body: {
      first_name: 'Meera',
      last_name: 'Joshi',
      email,
      phone: '9876543210',
      password,
      confirm_password: password,
      role_name: 'VENDOR',
      terms: true,
    },
  });
  const first = (
    await api('/api/user/auth/verify-otp/', {
      body: { verification_field: email, otp: await mailedCode(email), role_name: 'VENDOR' },
    })
  ).data;
  const token = first.access_token as string;
  const categories = (await api('/api/store/shop/category/')).data as { id: string; name: string }[];
  const fashion = categories.find((c) => c.name === 'Fashion') ?? categories[0];
  const shop = async (label: string) => {
    const slug = `ted-${label}-${run}`;
    const created = (
      await api('/api/store/shop/shop/create-store/', {
        token,
        body: {
          store_name: `Meera ${label.toUpperCase()} ${run}`,
          store_category_id: fashion?.id,
          phone_number: '9812345678',
          description: 'Handloom sarees from Chanderi and Maheshwar.',
        },
      })
    ).data;
    const id = created.id as string;
    await api('/api/store/create-store-address/', {
      token,
      body: {
        store_id: id,
        address_line_1: '12 Sarafa Bazaar',
        city: 'Indore',
        state: 'Madhya Pradesh',
        country: 'India',
        postal_code: '452002',
      },
    });
    await api('/api/store/create-store-plan/', { token, body: { store_id: id, plan: 'professional' } });
    await api('/api/store/create-store-domain/', {
      token,
      body: { store_id: id, domain_name: slug, domain_type: 'subdomain', isDomainValid: true },
    });
    return { id, slug, name: `Meera ${label.toUpperCase()} ${run}` };
  };
  const published = await shop('a');
  const draft = await shop('b');
  // Signed in again so the session lists both shops.
  const session = (await api('/api/user/auth/login/', { body: { email, password, role_name: 'VENDOR' } }))
    .data;
  return { published, draft, session };
}

let ctx: Awaited<ReturnType<typeof setUp>>;
beforeAll(async () => {
  app = await startApp();
  ctx = await setUp();
});
afterAll(async () => {
  await app?.close();
});

/** A page on the main domain signed in as the vendor (the session stored as the app stores it). */
async function vendorPage(width = 1280): Promise<Page> {
  const page = await app.newPage({ width, height: 900 });
  await page.goto(app.url('/about'));
  await page.evaluate((s) => {
    sessionStorage.setItem(
      'token',
      JSON.stringify({
        accessToken: s.access_token,
        refreshToken: s.refresh_token,
        expiresAt: Date.now() + s.expires_in * 1000,
        role_type: s.role_type,
        firstName: s.first_name,
        lastName: s.last_name,
        userId: s.id,
        email: s.email,
        storeId: null,
        storeSlug: null,
        stores: s.stores,
        remember: false,
      }),
    );
  }, ctx.session);
  return page;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Banner section' });

describe('template editor and launch', () => {
  it('edits the banner heading (text, colour, size) and image in place, and keeps them after a reload', async () => {
    const page = await vendorPage();
    await page.goto(app.url(`/shopregistration/storetemplate/${ctx.published.id}`));
    const heading = banner(page).getByRole('heading', { level: 1 });
    await heading.click();
    const dialog = page.getByRole('dialog', { name: 'Edit heading' });
    await dialog.getByLabel('Text').fill('Woven by hand in Indore');
    await dialog.getByLabel('Colour').fill('#2563eb');
    await dialog.getByLabel('Font size (px)').fill('48');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => heading.textContent()).toContain('Woven by hand in Indore');
    await banner(page).getByText('Saved').waitFor();

    // Escape cancels without changing anything.
    await heading.click();
    await page.getByRole('dialog', { name: 'Edit heading' }).getByLabel('Text').fill('Not this');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await heading.textContent()).toContain('Woven by hand in Indore');

    await banner(page)
      .getByLabel('Change image')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await banner(page).locator('img[src^="/media/uploads/"]').waitFor();
    await banner(page).getByText('Saved').waitFor();

    await page.reload();
    const again = banner(page).getByRole('heading', { level: 1 });
    await again.waitFor();
    expect(await again.textContent()).toContain('Woven by hand in Indore');
    expect(await again.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(37, 99, 235)');
    expect(await again.evaluate((el) => el.style.fontSize)).toContain('48px');
    await banner(page).locator('img[src^="/media/uploads/"]').waitFor();
    await page.context().close();
  });

  it('says in place what is wrong (a blank heading, a font size of 200) and shows the colour picked for the highlighted line (issue 17 #3)', async () => {
    for (const width of [360, 1366]) {
      const page = await vendorPage(width);
      await page.goto(app.url(`/shopregistration/storetemplate/${ctx.published.id}`));
      const heading = banner(page).getByRole('heading', { level: 1 });
      await heading.waitFor();
      await heading.click({ position: { x: 10, y: 10 } });
      const dialog = page.getByRole('dialog', { name: 'Edit heading' });
      await dialog.getByLabel('Text').fill('   ');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByRole('alert').getByText('Heading cannot be empty').waitFor();
      await dialog.getByLabel('Text').fill('Woven by hand in Indore');
      await dialog.getByLabel('Font size (px)').fill('200');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByRole('alert').getByText('Font size must be between 8 and 72').waitFor();
      await page.screenshot({ path: `/tmp/i17-editor-errors-${width}.png` });
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(await heading.textContent()).toContain('Woven by hand in Indore');
      await page.context().close();
    }

    const page = await vendorPage();
    await page.goto(app.url(`/shopregistration/storetemplate/${ctx.published.id}`));
    const line = banner(page).locator('[data-editable="highlightedText"]');
    await line.click();
    const dialog = page.getByRole('dialog', { name: 'Edit highlighted text' });
    await dialog.getByLabel('Colour').fill('#16a34a');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await banner(page).getByText('Saved').waitFor();
    await page.reload();
    const again = banner(page).locator('[data-editable="highlightedText"]');
    await again.waitFor();
    expect(await again.evaluate((el) => getComputedStyle(el).webkitTextFillColor)).toBe('rgb(22, 163, 74)');
    await page.context().close();
  });

  it('launches the shop as Published: it opens on its subdomain with the edited heading', async () => {
    const page = await vendorPage();
    await page.goto(app.url(`/shopregistration/storetemplate/${ctx.published.id}`));
    await page.getByRole('link', { name: 'Complete Registration' }).click();
    await page.getByRole('heading', { name: /^Launch/ }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Store URL' }).inputValue()).toBe(
      app.url('/', ctx.published.slug),
    );
    expect(await page.getByRole('radio', { name: 'Draft' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Published' }).check();
    await page.getByRole('button', { name: 'Save Settings & Launch Store' }).click();
    await page.getByRole('heading', { name: 'Setting Up your store' }).waitFor();
    await page.waitForURL(app.url('/', ctx.published.slug), { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: /Woven by hand in Indore/ }).waitFor();
    await page.context().close();
  });

  it('launches a second shop as Draft: strangers see "Shop in Draft", the owner sees it with the publish bar', async () => {
    const page = await vendorPage();
    await page.goto(app.url(`/shopregistration/storetemplate/${ctx.draft.id}/launchsetting`));
    await page.getByRole('button', { name: 'Save Settings & Launch Store' }).click();
    await page.waitForURL(app.url(`/store/${ctx.draft.slug}`), { timeout: 20_000 });
    const bar = page.getByRole('region', { name: 'Shop owner' });
    await bar.getByText('This shop is in draft — only you can see it').waitFor();

    const stranger = await app.newPage({ width: 360 });
    await stranger.goto(app.url('/', ctx.draft.slug));
    await stranger.getByRole('heading', { name: 'Shop in Draft' }).waitFor();

    await bar.getByRole('button', { name: 'Publish' }).click();
    await page.waitForLoadState('load');
    await expect.poll(() => bar.count(), { timeout: 10_000 }).toBe(0);
    await stranger.reload();
    await stranger.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await stranger.getByRole('heading', { name: 'Shop in Draft' }).count()).toBe(0);
    await stranger.context().close();
    await page.context().close();
  });

  it('lets the vendor take the shop offline from the back office with a message, and back online', async () => {
    const page = await app.newPage({ width: 360 });
    await page.goto(app.url('/', 'admin'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    const row = page.getByRole('listitem').filter({ hasText: ctx.draft.name });
    await row.getByLabel('Shop status').selectOption('OFFLINE');
    await row.getByLabel('Message for shoppers').fill('Closed for Pongal');
    await row.getByRole('button', { name: 'Update status' }).click();
    await page.getByText(`${ctx.draft.name} is now offline`).waitFor();

    const shopper = await app.newPage();
    await shopper.goto(app.url('/', ctx.draft.slug));
    await shopper.getByRole('heading', { name: 'Shop is Offline' }).waitFor();
    await shopper.getByText('Closed for Pongal').waitFor();

    await row.getByLabel('Shop status').selectOption('PUBLISHED');
    await row.getByRole('button', { name: 'Update status' }).click();
    await page.getByText(`${ctx.draft.name} is now published`).waitFor();
    await shopper.reload();
    await shopper.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await shopper.getByRole('heading', { name: 'Shop is Offline' }).count()).toBe(0);
    await shopper.context().close();
    await page.context().close();
  });
});
