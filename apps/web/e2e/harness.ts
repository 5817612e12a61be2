import { type Browser, chromium, type Page } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** How the browser tests start Chromium. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];

export interface AppHandle {
  port: number;
  /** `http://localhost:PORT/path`, or on a host of the platform: `url('/', 'admin')` → `http://admin.localhost:PORT/`. */
  url(path?: string, host?: string): string;
  /**
   * A page in a context of its own. Service workers are blocked unless `serviceWorkers: 'allow'` (the installed back
   * office's specs): the back office's would download all of it in every new context and answer its pages from
   * its copy (decision 0035).
   */
  newPage(opts?: { width?: number; height?: number; serviceWorkers?: 'allow' | 'block' }): Promise<Page>;
  /** Demo shops: an open one and the draft one. */
  demo: { openShop: string; openShopName: string; draftShop: string; draftShopName: string };
  close(): Promise<void>;
}

/** Connects a test file to the running product (started once by global-setup) with its own Chromium. */
export async function startApp(): Promise<AppHandle> {
  const port = inject('e2ePort');
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const url = (path = '/', host?: string) => `http://${host ? `${host}.` : ''}localhost:${port}${path}`;
  const shops = await (await fetch(url('/api/store/get-store/?limit=100'))).json();
  const open = shops.data.results[0];
  const draft = await (await fetch(url(`/api/store/host/?path=/store/${DRAFT_SHOP}`))).json();
  if (!open || !draft.data?.store) throw new Error('demo shops are missing: is the seed running?');
  return {
    port,
    url,
    async newPage(opts = {}) {
      const context = await browser.newContext({
        viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
        locale: 'en-IN',
        timezoneId: 'Asia/Kolkata',
        serviceWorkers: opts.serviceWorkers ?? 'block',
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      recordForFailure(page);
      return page;
    },
    demo: {
      openShop: open.slug,
      openShopName: open.store_name,
      draftShop: DRAFT_SHOP,
      draftShopName: draft.data.store?.store_name,
    },
    close: () => browser.close(),
  };
}

/**
 * What a page did, printed when the test that opened it fails: its API calls (with status and time), page
 * navigations, console errors and uncaught exceptions, the last 80 of them. A failure that does not repeat when
 * run again (a journey waiting for something that never came) then leaves its own account in the CI log.
 */
function recordForFailure(page: Page) {
  const t0 = Date.now();
  const lines: string[] = [];
  const note = (line: string) => {
    lines.push(`+${String(Date.now() - t0).padStart(6)} ms ${line}`);
    if (lines.length > 80) lines.shift();
  };
  const short = (u: string) => u.replace(/^https?:\/\//, '');
  page.on('request', (r) => {
    if (r.resourceType() === 'fetch' || r.resourceType() === 'document')
      note(`-> ${r.method()} ${short(r.url())}`);
  });
  page.on('response', (r) => {
    const q = r.request();
    if (q.resourceType() === 'fetch' || q.resourceType() === 'document')
      note(`<- ${r.status()} ${q.method()} ${short(r.url())}`);
  });
  page.on('requestfailed', (r) => note(`x  ${r.method()} ${short(r.url())}: ${r.failure()?.errorText}`));
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) note(`navigated to ${short(f.url())}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') note(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => note(`page error: ${e.message}`));
  try {
    onTestFailed(() => {
      console.error(`\nWhat the page did (${short(page.url())}):\n${lines.join('\n')}\n`);
    });
  } catch {
    // A page opened outside a running test (beforeAll): nothing to attach the account to.
  }
}

/**
 * The seeded published shops (packages/db/src/seed), whose owners sign in as owner@{slug}.demo.haat.in. The
 * directory also lists shops that journeys register and publish while the suite runs: a spec that signs in as a
 * demo owner picks its shop from these, never by position alone.
 */
export const DEMO_PUBLISHED_SHOPS = [
  'chai-sutra',
  'deccan-digital',
  'jaipur-block-prints',
  'kesar-glow-naturals',
  'kutch-kala-home',
  'lucknowi-chikan-house',
  'malabar-spice-route',
  'namma-gadgets',
] as const;

/** The seeded shop in DRAFT status (packages/db/src/seed). */
export const DRAFT_SHOP = 'banaras-silk-weaves';
