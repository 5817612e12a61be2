import type { StoreCard } from '@haat/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appForFile } from './journeys.ts';

const app = await appForFile();

const run = Date.now().toString(36);

/** The double opt-in link of the newest confirmation mail to an address (the dev mailbox). */
async function confirmLinkFor(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(app.url(`/api/dev/mailbox?to=${encodeURIComponent(email)}`));
    const mails = ((await res.json()).data ?? []) as { text: string }[];
    const link = mails.map((m) => /https?:\/\/\S+\/confirm\?token=\S+/.exec(m.text)?.[0]).find(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no confirmation mail to ${email}`);
}

type Sale = { id: string; title: string; product: { product_name: string } };

/** An open demo shop with an upcoming sale, and that sale. */
async function shopWithUpcomingSale(): Promise<{ slug: string; sale: Sale }> {
  const shops = (await (await fetch(app.url('/api/store/get-store/?limit=100'))).json()).data
    .results as StoreCard[];
  for (const s of shops) {
    const home = await (
      await fetch(app.url('/api/store/stores/home/'), { headers: { 'store-origin': s.slug } })
    ).json();
    const sale = home.data?.upcoming_sales?.[0] as Sale | undefined;
    if (sale) return { slug: s.slug, sale };
  }
  throw new Error('no demo shop has an upcoming sale');
}

describe('storefront sign-ups (signed out)', () => {
  it('Notify Me asks for an email, mails a link that puts it on the list, and the button says so', async () => {
    const { slug, sale } = await shopWithUpcomingSale();
    const email = `notify-${run}@example.com`;
    const page = await app.newPage();
    await page.goto(app.url('/', slug));
    const section = page.locator('section[aria-labelledby="sales-heading"]');
    const button = section.getByRole('button', { name: `Notify Me: ${sale.product.product_name}` });
    await button.click();

    const dialog = page.getByRole('dialog', { name: 'Get notified when the sale starts' });
    await dialog.waitFor();
    // An empty address is refused beside the field, before anything is sent.
    await dialog.getByRole('button', { name: 'Notify Me' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please enter your email address' }).waitFor();
    await dialog.getByLabel('Email address').fill(email);
    await dialog.getByRole('button', { name: 'Notify Me' }).click();

    // Nothing is on the list yet: the shopper is asked to open the link mailed to them.
    await page.getByText(`We sent a link to ${email}.`, { exact: false }).waitFor();
    await section.getByRole('status').filter({ hasText: 'Check your mail to confirm' }).first().waitFor();
    expect(await dialog.isVisible()).toBe(false);

    // Asking again answers alike (nobody learns who is on the list) and mails nothing new within 10 minutes.
    const again = await fetch(app.url(`/api/store/stores/product/store-deals/${sale.id}/notify/`), {
      method: 'POST',
      headers: { 'store-origin': slug, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(again.status).toBe(202);
    expect((await again.json()).message).toBe('Check your mail to confirm');

    // The mailed link opens the shop's page that confirms it, once.
    const link = await confirmLinkFor(email);
    expect(link.startsWith(app.url('/subscription/confirm?token=', slug))).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: "You're on the list" }).waitFor();
    await page.getByText(`We'll email ${email} once, when ${sale.title} starts.`).waitFor();
    await page.goto(link);
    await page.getByRole('heading', { name: 'This link has expired or was already used' }).waitFor();

    // Back on the shop, the button still remembers.
    await page.goto(app.url('/', slug));
    await section.getByRole('status').filter({ hasText: "You'll be notified" }).first().waitFor();
    await page.context().close();
  });

  it("subscribes to the shop's newsletter from its footer once its mailed link is opened", async () => {
    const { slug } = await shopWithUpcomingSale();
    const email = `footer-${run}@example.com`;
    const page = await app.newPage();
    await page.goto(app.url('/', slug));
    const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter' });
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByText(`Check your mail to confirm: we sent a link to ${email}.`).waitFor();

    // Subscribing again answers alike: the form does not tell anyone whether an address is on the list.
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByText(`Check your mail to confirm: we sent a link to ${email}.`).waitFor();

    await page.goto(await confirmLinkFor(email));
    await page.getByRole('heading', { name: "You're subscribed" }).waitFor();
    await page.getByRole('link', { name: /^Continue to / }).click();
    await page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter' }).waitFor();
    await page.context().close();
  });
});

const shopCards = (page: Page) => page.getByRole('list', { name: 'Shops' }).getByRole('listitem');
const shownNames = (page: Page) => shopCards(page).getByRole('heading', { level: 3 }).allTextContents();

async function listStores(query: Record<string, string>) {
  const res = await fetch(app.url(`/api/store/get-store/?${new URLSearchParams({ limit: '6', ...query })}`));
  return (await res.json()).data as { results: StoreCard[]; count: number };
}
const names = (d: { results: StoreCard[] }) => d.results.map((s) => s.store_name);

/** Waits until the grid shows exactly these shops (and is not showing a previous result while loading). */
async function expectShops(page: Page, expected: string[]) {
  await expect.poll(() => shownNames(page), { timeout: 10_000 }).toEqual(expected);
  await expect.poll(() => page.getByRole('list', { name: 'Shops' }).getAttribute('aria-busy')).toBe('false');
  expect(await shownNames(page)).toEqual(expected);
}

describe('all shops (/shops on the main domain)', () => {
  it('searches, filters by category and city, pages, and Back restores the previous filter', async () => {
    const all = await listStores({});
    expect(all.count).toBeGreaterThan(6);
    const page = await app.newPage();

    // The landing page's View All Shops leads here.
    await page.goto(app.url('/'));
    await page.getByRole('link', { name: 'View All Shops' }).click();
    await page.waitForURL((u) => u.pathname === '/shops');
    await expectShops(page, names(all));
    expect(await page.getByTestId('shop-count').textContent()).toBe(`Showing 1–6 of ${all.count} shops`);

    // Paging: page 2 has the next shops; Back returns to page 1.
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: 'Page 2' })
      .click();
    const second = await listStores({ offset: '6' });
    await expectShops(page, names(second));
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await page.getByTestId('shop-count').textContent()).toBe(
      `Showing 7–${6 + second.results.length} of ${all.count} shops`,
    );
    await page.goBack();
    await expectShops(page, names(all));
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();

    // Search on the server.
    const target = all.results[0] as StoreCard;
    const term = target.store_name.split(' ')[0] as string;
    await page.getByRole('searchbox', { name: 'Search shops' }).fill(term);
    await expectShops(page, names(await listStores({ search: term })));
    expect(new URL(page.url()).searchParams.get('q')).toBe(term);
    await page.getByRole('searchbox', { name: 'Search shops' }).fill('');
    await expectShops(page, names(all));

    // Category, then city within it.
    const category = target.category?.name as string;
    const city = target.location.city as string;
    const byCategory = await listStores({ category });
    await page
      .getByRole('group', { name: 'Filter by category' })
      .getByRole('button', { name: category })
      .click();
    await expectShops(page, names(byCategory));
    await page.getByLabel('City').selectOption(city);
    const byBoth = await listStores({ category, city });
    await expectShops(page, names(byBoth));
    expect(names(byBoth)).toContain(target.store_name);
    const params = new URL(page.url()).searchParams;
    expect([params.get('category'), params.get('city')]).toEqual([category, city]);
    expect(await page.getByTestId('shop-count').textContent()).toBe(
      byBoth.count === 1 ? '1 shop' : `Showing 1–${byBoth.count} of ${byBoth.count} shops`,
    );

    // Back: the city filter goes, the category stays, and the controls show it.
    await page.goBack();
    await expectShops(page, names(byCategory));
    expect(new URL(page.url()).searchParams.get('city')).toBeNull();
    expect(new URL(page.url()).searchParams.get('category')).toBe(category);
    expect(await page.getByLabel('City').inputValue()).toBe('');
    expect(
      await page
        .getByRole('group', { name: 'Filter by category' })
        .getByRole('button', { name: category })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    // Nothing matches: the empty state clears every filter.
    await page.getByRole('searchbox', { name: 'Search shops' }).fill('zz-no-such-shop-zz');
    await page.getByRole('heading', { name: 'No Shops Found' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expectShops(page, names(all));
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    const page = await app.newPage({ width: 360, height: 760 });
    await page.goto(app.url('/shops?category=Food'));
    await shopCards(page).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
