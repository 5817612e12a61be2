import { describe, expect, it } from 'vitest';
import { appForFile } from './journeys.ts';

const app = await appForFile();

describe('All Products past its last page (issue 42)', () => {
  for (const width of [360, 1366]) {
    it(`says the page is past the end and leads back to page 1 (${width} px)`, async () => {
      const page = await app.newPage({ width });
      await page.goto(app.url('/products?page=999', app.demo.openShop));
      const section = page.getByRole('region', { name: 'Products' });
      await section.getByRole('heading', { name: 'There is no page 999' }).waitFor();
      expect(await section.getByText('This shop has no products yet').count()).toBe(0);
      await section.getByText('The list ends before this page.').waitFor();
      expect(await page.getByText(/^No products$/).count()).toBe(0);
      await page.screenshot({ path: `/tmp/h42/past-end-${width}.png` });
      await section.getByRole('link', { name: 'Go to page 1' }).click();
      await page.waitForURL((u) => u.pathname === '/products' && !u.searchParams.has('page'));
      await page.getByText(/^Showing 1–\d+ of \d+ products$/).waitFor();
      expect(await section.locator('article').count()).toBeGreaterThan(0);
      await page.context().close();
    });
  }
});
