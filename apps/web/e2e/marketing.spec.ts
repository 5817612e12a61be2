import type { StoreCard } from '@haat/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';

let app: AppHandle;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const shopCards = (page: Page) => page.getByRole('list', { name: 'Shops' }).getByRole('listitem');
const shownShopNames = (page: Page) => shopCards(page).getByRole('heading', { level: 3 }).allTextContents();

async function listStores(query: Record<string, string>): Promise<{ results: StoreCard[]; count: number }> {
  const res = await fetch(app.url(`/api/store/get-store/?${new URLSearchParams({ limit: '8', ...query })}`));
  return (await res.json()).data;
}

describe('landing page', () => {
  it('loads with its title, hero and shop cards', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/'));
    await page.getByRole('heading', { level: 1, name: /Build your online store/i }).waitFor();
    expect(await page.title()).toBe('Build Your Online Store');
    await shopCards(page).first().waitFor();
    expect(await shopCards(page).count()).toBeGreaterThan(0);
    const visit = shopCards(page)
      .first()
      .getByRole('link', { name: /Visit Shop/ });
    expect(await visit.getAttribute('href')).toMatch(/^(https?:\/\/|\/)/);
    await page.context().close();
  });

  it('claims only what works: GST and WhatsApp as features, not as coming soon, and a real shop in the hero (issue 42, #10)', async () => {
    const page = await app.newPage({ width: 1366, height: 900 });
    await page.goto(app.url('/'));
    const features = page.getByRole('region', { name: 'Everything you need to sell online' });
    await features.getByRole('heading', { name: 'GST invoices and returns' }).waitFor();
    await features.getByRole('heading', { name: 'WhatsApp order updates' }).waitFor();
    const soon = page.getByRole('region', { name: 'What we are building next' });
    const soonTitles = await soon.getByRole('heading', { level: 3 }).allTextContents();
    expect(soonTitles).not.toContain('GST invoices');
    expect(soonTitles).not.toContain('WhatsApp order updates');
    expect(soonTitles.length).toBeGreaterThan(0);
    // The hero shows a demo shop's real home page, loaded (not grey placeholder blocks).
    const shot = page.getByRole('img', { name: /home page of Jaipur Block Prints/ });
    await shot.scrollIntoViewIfNeeded();
    await expect
      .poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(960);
    await page.screenshot({ path: '/tmp/landing-1366.png' });
    await page.context().close();
  });

  it('filters shops by search on the server, with the search kept in the URL', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/'));
    await shopCards(page).first().waitFor();
    const term = app.demo.openShopName;
    const expected = (await listStores({ search: term })).results.map((s) => s.store_name);
    expect(expected).toContain(term);

    await page.getByRole('searchbox', { name: 'Search shops' }).fill(term);
    await expect.poll(() => shownShopNames(page), { timeout: 10_000 }).toEqual(expected);
    expect(new URL(page.url()).searchParams.get('q')).toBe(term);

    await page.getByRole('searchbox', { name: 'Search shops' }).fill('zz-no-such-shop-zz');
    await page.getByRole('heading', { name: 'No Shops Found' }).waitFor();
    await page.context().close();
  });

  it('filters shops by category chip', async () => {
    const all = await listStores({ limit: '100' });
    const category = all.results.find((s) => s.category)?.category?.name;
    expect(category).toBeTruthy();
    const expected = (await listStores({ category: category as string })).results.map((s) => s.store_name);

    const page = await app.newPage();
    await page.goto(app.url('/'));
    await shopCards(page).first().waitFor();
    const chip = page
      .getByRole('group', { name: 'Filter by category' })
      .getByRole('button', { name: category });
    await chip.click();
    await expect.poll(() => shownShopNames(page), { timeout: 10_000 }).toEqual(expected);
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).searchParams.get('category')).toBe(category);
    await page.context().close();
  });

  it('leads View All Shops to /shops, whose pages together show every shop once', async () => {
    const { count } = await listStores({});
    const page = await app.newPage();
    await page.goto(app.url('/'));
    await shopCards(page).first().waitFor();
    await page.getByRole('link', { name: 'View All Shops' }).click();
    await page.waitForURL((u) => u.pathname === '/shops');
    await page.getByRole('heading', { level: 1, name: 'All Shops' }).waitFor();
    const seen = new Set<string>();
    for (let first = 1; ; first += 6) {
      // The count line names the range shown, so the grid is the new page's once it does.
      await expect
        .poll(() => page.getByTestId('shop-count').textContent(), { timeout: 10_000 })
        .toMatch(count === 1 ? /^1 shop$/ : new RegExp(`^Showing ${first}–`));
      await expect
        .poll(() => page.getByRole('list', { name: 'Shops' }).getAttribute('aria-busy'))
        .toBe('false');
      for (const name of await shownShopNames(page)) seen.add(name);
      const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' });
      if (!(await next.isVisible()) || (await next.isDisabled())) break;
      await next.click();
    }
    expect(seen.size).toBe(count);
    await page.context().close();
  });

  it('leads Watch Demo to the in-page walkthrough', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/'));
    await page.getByRole('button', { name: 'Watch Demo' }).click();
    const heading = page.getByRole('heading', { level: 2, name: /in four steps/ });
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('heading', { level: 3, name: 'Register your shop' }).waitFor();
    await page.context().close();
  });

  it('has real pricing and about pages, and a not-found page', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/pricing'));
    await page.getByRole('heading', { level: 2, name: 'Professional' }).waitFor();
    await page.getByText('₹299').waitFor();
    await page.getByText('₹999', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'About' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'About Haat' }).waitFor();
    await page.goto(app.url('/no-such-page'));
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL(app.url('/'));
    await page.context().close();
  });

  it('shows the 403 page at /unauthorized', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/unauthorized'));
    await page.getByRole('heading', { name: '403 - Unauthorized' }).waitFor();
    await page.getByText('You do not have permission to access this page.').waitFor();
    await page.getByText(/This area is restricted and requires proper authorization/).waitFor();
    await page.getByRole('button', { name: 'Go Back' }).waitFor();
    await page.getByRole('button', { name: 'Go to Home' }).click();
    await page.waitForURL(app.url('/'));
    await page.context().close();
  });
});

describe('login-type chooser', () => {
  it('enables Continue to Login only once a type is chosen, then goes to the login page', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/'));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Haat' });
    await dialog.waitFor();
    const cont = dialog.getByRole('button', { name: 'Continue to Login' });
    expect(await cont.isDisabled()).toBe(true);

    await dialog.getByText('Login as Vendor').click();
    expect(await dialog.getByRole('radio', { name: 'Login as Vendor' }).isChecked()).toBe(true);
    expect(await cont.isEnabled()).toBe(true);
    await cont.click();
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('userType') === 'vendor',
    );
    await page.context().close();
  });

  it('closes with Escape, and Start Free Trial preselects vendor', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/'));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Haat' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: 'Login as Vendor' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Continue to Login' }).isEnabled()).toBe(true);
    await page.context().close();
  });
});

describe('newsletter', () => {
  it('asks to confirm from the mail, and the mailed link subscribes the address', async () => {
    const page = await app.newPage();
    await page.goto(app.url('/'));
    const form = page.getByRole('form', { name: 'Newsletter' });
    const email = form.getByRole('textbox', { name: 'Email address' });
    const subscribe = form.getByRole('button', { name: 'Subscribe' });

    await email.fill('not-an-email');
    await subscribe.click();
    await form.getByText('Please enter a valid email address').waitFor();

    const address = `e2e-${Date.now()}@example.com`;
    await email.fill(address);
    await subscribe.click();
    await form.getByText(`Check your mail to confirm: we sent a link to ${address}.`).waitFor();

    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      const res = await fetch(app.url(`/api/dev/mailbox?to=${encodeURIComponent(address)}`));
      const mails = ((await res.json()).data ?? []) as { text: string }[];
      link = /http:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(mails[0]?.text ?? '')?.[0];
      if (!link) await new Promise((r) => setTimeout(r, 200));
    }
    expect(link?.startsWith(app.url('/newsletter/confirm?token='))).toBe(true);
    await page.goto(link ?? '');
    await page.getByRole('heading', { name: "You're subscribed" }).waitFor();
    await page.getByText(`We'll send news to ${address}.`).waitFor();
    await page.getByRole('link', { name: 'Continue to Haat' }).click();
    await page.waitForURL(app.url('/'));
    await page.context().close();
  });
});

describe('mobile', () => {
  it('opens the menu at 360 px and closes it on navigation', async () => {
    const page = await app.newPage({ width: 360 });
    await page.goto(app.url('/'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Simple pricing in rupees' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    expect(await page.locator('#mobile-menu').count()).toBe(0);
    await page.context().close();
  });
});
