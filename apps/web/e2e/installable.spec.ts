import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from './harness.ts';
import { appForFile, signInVendor } from './journeys.ts';

/*
 * The installable back office (issue 43, decision 0035): Chromium's own installability check, the back office
 * starting with no network after one visit, and a new version offered, then taken by every tab at once.
 */

/** The build the e2e server serves (global-setup starts it on apps/web/dist): its service worker file. */
const SW_FILE = resolve(import.meta.dirname, '../dist/sw.js');

const app = await appForFile();

/** The build id of the service worker in charge of the page (it answers GET_VERSION). */
const buildOf = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((done, fail) => {
        const sw = navigator.serviceWorker.controller;
        if (!sw) return fail(new Error('no service worker controls the page'));
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => done(e.data as string);
        sw.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
      }),
  );

/** The owner signed in on the back office, with its service worker installed (everything precached) and in charge. */
async function installedBackOffice(width: number) {
  const page = await app.newPage({ width, serviceWorkers: 'allow' });
  await signInVendor(app, page, app.demo.openShop);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  return page;
}

describe.each([360, 1280])('the installed back office at %i px', (width) => {
  it('is installable: Chromium reads the manifest and finds nothing missing', async () => {
    // The check Lighthouse's 'installable-manifest' audit made, in a profile of its own: Chromium does not offer to
    // install from an incognito-like context, which every Playwright context else is.
    const profile = mkdtempSync(join(tmpdir(), 'haat-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      viewport: { width, height: 800 },
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(app.url('/', 'admin'));
      await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: unknown[];
        data?: string;
      };
      expect(manifest.url).toBe(app.url('/app.webmanifest', 'admin'));
      expect(manifest.errors).toEqual([]);
      const data = JSON.parse(manifest.data ?? '{}');
      expect(data).toMatchObject({
        name: 'Haat Back Office',
        short_name: 'Haat',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
      });
      expect(data.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
        .toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('starts with no network after one visit, and says what waits for the connection', async () => {
    const page = await installedBackOffice(width);
    const context = page.context();
    await context.setOffline(true);
    await page.reload();
    // The signed-in layout from the installed copy: the owner's greeting and the notice; the figures wait.
    await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();
    const notice = page.getByText('You are offline – the counter keeps selling.');
    await notice.waitFor();
    await page.getByRole('status', { name: 'Loading the dashboard' }).waitFor();
    expect(await page.getByText('could not be loaded').count()).toBe(0);
    await page.screenshot({ path: `/tmp/installable-offline-${width}.png` });
    // Another screen, opened by its address: the shell again; its list says it waits for the connection.
    await page.goto(app.url('/admin-orders', 'admin'));
    await page.getByRole('heading', { level: 1, name: 'Order Management' }).waitFor();
    const waiting = page.getByText('This list needs the connection: it loads when you are back online.');
    await waiting.waitFor();
    await page.screenshot({ path: `/tmp/installable-offline-orders-${width}.png` });
    // Back online: the notice goes and the list loads.
    await context.setOffline(false);
    await notice.waitFor({ state: 'detached' });
    await waiting.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Order list' }).waitFor();
    await context.close();
  });

  it('offers a new version once it is ready and moves every tab to it on Reload', async () => {
    const page = await installedBackOffice(width);
    const other = await page.context().newPage();
    await other.goto(app.url('/dashboard', 'admin'));
    await other.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();
    const before = await buildOf(page);
    expect(await buildOf(other)).toBe(before);
    const served = readFileSync(SW_FILE, 'utf8');
    try {
      // A deploy: the same files under a new build id (the page shell is fetched again for it).
      writeFileSync(SW_FILE, served.replaceAll(before, `${before}-next`));
      // Opening a page makes the browser check the worker; the new one downloads everything, then waits.
      await page.reload();
      const prompt = page.getByText('A new version of Haat is ready');
      await prompt.waitFor();
      // Nothing changes until the person chooses: the old version still runs.
      expect(await buildOf(page)).toBe(before);
      await page.getByRole('button', { name: 'Reload' }).waitFor();
      await page.screenshot({ path: `/tmp/installable-update-${width}.png`, animations: 'disabled' });
      const reloaded = Promise.all([page.waitForEvent('load'), other.waitForEvent('load')]);
      await page.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      for (const tab of [page, other]) {
        await tab.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();
        expect(await buildOf(tab)).toBe(`${before}-next`);
      }
      await expect.poll(() => prompt.count()).toBe(0);
    } finally {
      writeFileSync(SW_FILE, served);
      await page.context().close();
    }
  });
});

describe('a shopper', () => {
  it('gets neither the manifest nor the service worker', async () => {
    const page = await app.newPage({ width: 360, serviceWorkers: 'allow' });
    await page.goto(app.url('/', app.demo.openShop));
    await page.waitForLoadState('load');
    expect(await page.locator('link[rel="manifest"]').count()).toBe(0);
    const workers = await page.evaluate(() => navigator.serviceWorker.getRegistrations());
    expect(workers).toHaveLength(0);
    // The shop's host does not even answer them.
    const status = (path: string) => page.evaluate((p) => fetch(p).then((r) => r.status), path);
    expect(await status('/sw.js')).toBe(404);
    expect(await status('/app.webmanifest')).toBe(404);
    await page.context().close();
  });
});
