import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { noSidewaysScroll, signInVendor } from './journeys.ts';

/*
 * CSV import of products with sizes (issue 22): rows sharing a handle are one product, one row per size. The
 * preview names the size of a bad row; the product with the bad row waits, the other is imported.
 */
let app: AppHandle;
/** The fashion demo shop (the variants journey's; its products here have their own names). */
const shop = 'lucknowi-chikan-house';
const run = Date.now().toString(36).slice(-5).toUpperCase();

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('CSV import with variants', () => {
  it('previews a bad size by line, column and size, then imports the other product with its sizes', async () => {
    const page = await app.newPage({ width: 360, height: 780 });
    await signInVendor(app, page, shop);
    await page.goto(app.url('/inventory/', 'admin'));
    const row = (handle: string, name: string, size: string, price: string, stock: string) =>
      `${handle},${handle}-${size},${name},Size,${size},E2E Tops ${run},Piece,200,${price},${stock}`;
    const file = [
      'handle,sku,product_name,option1_name,option1_value,category,unit,cost_price,selling_price,stock',
      row(`E2E-TEE-${run}`, `E2E Tee ${run}`, 'S', '399', '4'),
      row(`E2E-TEE-${run}`, `E2E Tee ${run}`, 'M', '449', '6'),
      row(`E2E-KURTI-${run}`, `E2E Kurti ${run}`, 'S', '599', '2'),
      row(`E2E-KURTI-${run}`, `E2E Kurti ${run}`, 'M', 'lots', '2'),
    ].join('\n');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'sizes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file),
    });
    const issues = dialog.getByRole('table', { name: 'Rows that will not be imported' });
    const bad = issues.getByRole('row').filter({ hasText: 'selling_price' });
    await bad.getByText(`E2E Kurti ${run}, M: Selling price must be a number, like 499`).waitFor();
    expect(await bad.getByRole('cell').first().innerText()).toBe('5');
    const waiting = issues
      .getByRole('row')
      .filter({ hasText: `E2E Kurti ${run}, S: Waits until line 5 is fixed` });
    expect(await waiting.getByRole('cell').first().innerText()).toBe('4');
    await noSidewaysScroll(page);
    await dialog.getByRole('button', { name: 'Import 2 valid rows' }).click();
    await dialog
      .getByText('Imported 1 product: 1 added and 0 updated. 2 rows with problems were skipped.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The tee is in the inventory with its two sizes; the kurti waits for its file to be fixed.
    await page.goto(app.url(`/inventory/?search=E2E-TEE-${run}`, 'admin'));
    const cards = page.getByRole('list', { name: 'Products' });
    await cards.getByText(`E2E Tee ${run}`, { exact: true }).waitFor();
    await page.goto(app.url(`/inventory/?search=E2E-KURTI-${run}`, 'admin'));
    await page.getByRole('heading', { name: 'No products match these filters' }).waitFor();
    await page.context().close();
  });
});
