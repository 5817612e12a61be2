import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';

/**
 * Contact details as shoppers read them (issue 42): e-mail addresses wrap only before their "@" or a dot, never in the
 * middle of a word ("…demo.h / aat.in" in a shop's footer at 1366 px, "nobod / y@example.com" on the code page at
 * 360 px), and a shop's mobile numbers read one way, "+91 98290 56781", however they were typed.
 */
let app: AppHandle;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/**
 * How the address `link` shows is laid out: its text, how many lines it takes, and the pieces of it (between its
 * "@" and dots) that were cut across two lines.
 */
const layout = (link: Locator) =>
  link.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const lines = new Set<number>();
    const cut: string[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      // Each letter's line: a piece is cut when its letters sit on more than one line.
      const tops = new Set<number>();
      for (let i = 0; i < text.length; i++) {
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        const top = Math.round(r.getBoundingClientRect().top);
        tops.add(top);
        lines.add(top);
      }
      if (tops.size > 1) cut.push(text);
    }
    return { text: el.textContent ?? '', lines: lines.size, cut };
  });

async function footerEmail(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(app.url('/', app.demo.openShop));
  const link = page.locator('footer a[href^="mailto:"]').first();
  await link.scrollIntoViewIfNeeded();
  return layout(link);
}

describe('phone numbers', () => {
  it("read +91 and two groups of five digits in a shop's footer", async () => {
    const page = await app.newPage({ width: 1366, height: 900 });
    await page.goto(app.url('/', app.demo.openShop));
    const phones = await page.locator('footer a[href^="tel:"]').allTextContents();
    expect(phones.length).toBeGreaterThan(0);
    for (const p of phones) expect(p.trim()).toMatch(/^\+91 [6-9]\d{4} \d{5}$/);
    await page.context().close();
  });
});

describe('e-mail addresses', () => {
  it("wrap in a shop's footer only between their parts, at 1366 and 360 px", async () => {
    const page = await app.newPage({ width: 1366, height: 900 });
    for (const width of [1366, 360]) {
      const seen = await footerEmail(page, width);
      expect(seen.text).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(seen.cut, `at ${width} px`).toEqual([]);
    }
    await page.screenshot({ path: '/tmp/email-footer-360.png', fullPage: false });
    await page.context().close();
  });

  it('wrap on the code page of a long address at 360 px without cutting a word', async () => {
    const page = await app.newPage({ width: 360, height: 800 });
    const email = `nobody.with.a.rather.long.name.${Date.now().toString(36)}@example-mail-service.com`;
    await page.goto(app.url('/login?userType=customer', app.demo.openShop));
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('First name').fill('Nobody');
    await page.getByLabel('Last name').fill('Long');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('9876543210');
    await page.getByLabel('Password', { exact: true }).fill('shopper123');
    await page.getByLabel('Confirm password', { exact: true }).fill('shopper123');
    await page.getByLabel('I agree to the Terms and Privacy Policy').check();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/verification');
    const seen = await layout(page.locator('strong', { hasText: 'example-mail-service' }));
    expect(seen.text).toBe(email);
    // Too long for one line at 360 px, so it wraps: between its parts only.
    expect(seen.lines).toBeGreaterThan(1);
    expect(seen.cut).toEqual([]);
    await page.screenshot({ path: '/tmp/email-verification-360.png' });
    await page.context().close();
  });
});
