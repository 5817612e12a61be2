import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, startApp } from './harness.ts';
import { noSidewaysScroll, signInVendor } from './journeys.ts';

let app: AppHandle;
/** A published demo shop the other browser tests leave alone (they use the first one of the directory). */
let shop: string;
const run = Date.now().toString(36).slice(-5).toUpperCase();

/** A small solid-colour PNG built here (the server decodes and re-encodes what it is sent). */
function png(rgb: [number, number, number], size = 16): Buffer {
  const crc32 = (buf: Buffer) => {
    let c = ~0;
    for (const byte of buf) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  app = await startApp();
  // A demo shop by name: the directory's last shop can be one another journey published meanwhile (its owner is
  // not a demo owner), which made the sign-in fail whenever that journey ran first.
  const res = await fetch(app.url('/api/store/get-store/?limit=100'));
  const shops = (await res.json()).data.results as { slug: string }[];
  const demo = shops.find((s) => s.slug === 'kutch-kala-home');
  if (!demo) throw new Error('the demo shop kutch-kala-home is not published');
  shop = demo.slug;
});
afterAll(async () => {
  await app?.close();
});

const selectedText = (select: Locator) => select.locator('option:checked').innerText();

/** Types a search; the box waits 1000 ms after the last key, then the search is in the address. */
async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await page.waitForURL((u) => u.searchParams.get('search') === text);
}

describe('inventory (back office)', () => {
  it('adds, finds, edits with a stock reason, exports, imports and deletes products', async () => {
    const page = await app.newPage();
    await signInVendor(app, page, shop);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Inventory' })
      .click();
    await page.waitForURL((u) => u.pathname === '/inventory/');
    await page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    await page.getByText(/^Showing \d+-\d+ of \d+ products?$/).waitFor();
    const tiles = page.getByRole('list', { name: 'Product stats' });
    await tiles.getByText('Total Products').waitFor();
    await tiles.getByText('Low Stock').waitFor();

    // Add Product with a new category, a new supplier and two images.
    const name = `E2E Copper Kettle ${run}`;
    const sku = `E2E-${run}`;
    await page.getByRole('button', { name: 'Add Product' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByLabel('Product Name').fill(name);
    await dialog.getByLabel('SKU', { exact: true }).pressSequentially(sku.toLowerCase());
    expect(await dialog.getByLabel('SKU', { exact: true }).inputValue()).toBe(sku);

    await dialog.getByRole('button', { name: 'Add New Category' }).click();
    await dialog.getByLabel('New category name').fill(`E2E Kitchen ${run}`);
    await dialog.getByRole('button', { name: 'Add Category' }).click();
    const categorySelect = dialog.getByLabel('Category', { exact: true });
    await expect.poll(() => selectedText(categorySelect)).toBe(`E2E Kitchen ${run}`);

    await dialog.getByRole('button', { name: 'Add New Supplier' }).click();
    const supplierDialog = page.getByRole('dialog', { name: 'Add New Supplier' });
    await supplierDialog.getByLabel('Supplier Name').fill(`Ravi ${run}`);
    await supplierDialog.getByLabel('Company Name').fill(`Ravi Metals ${run}`);
    await supplierDialog.getByLabel('Phone Number').fill('9876543210');
    await supplierDialog.getByLabel('GST Number').pressSequentially('27abcde1234f1z5');
    expect(await supplierDialog.getByLabel('GST Number').inputValue()).toBe('27ABCDE1234F1Z5');
    await supplierDialog.getByRole('button', { name: 'Save Supplier' }).click();
    await supplierDialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => selectedText(dialog.getByLabel('Supplier', { exact: true })))
      .toBe(`Ravi ${run} (Ravi Metals ${run})`);

    await dialog.getByLabel('Cost Price (₹)').fill('450');
    await dialog.getByLabel('Selling Price (₹)').fill('400');
    await dialog.getByText(/Selling below cost/).waitFor();
    await dialog.getByLabel('Selling Price (₹)').fill('649.50');
    await dialog.getByText(/Selling below cost/).waitFor({ state: 'hidden' });
    expect(await dialog.getByLabel('GST %').inputValue()).toBe('18');
    await dialog.getByLabel('Stock Qty').fill('12');
    await dialog.getByLabel('Weight (kg)').fill('1.2');
    // Maximum stock, reorder point and tags (issue 42, #20): a reorder point above the maximum is refused in place.
    await dialog.getByLabel('Max Stock').fill('50');
    await dialog.getByLabel('Reorder Point').fill('60');
    await dialog.getByLabel('Tags').fill('copper, kitchen');
    await dialog.getByRole('button', { name: 'Save Product' }).click();
    await dialog.getByText('Reorder point cannot be above the maximum stock (50)').waitFor();
    await dialog.getByLabel('Reorder Point').fill('10');
    await dialog.locator('input[type="file"]').setInputFiles([
      { name: 'kettle-front.png', mimeType: 'image/png', buffer: png([184, 115, 51]) },
      { name: 'kettle-side.png', mimeType: 'image/png', buffer: png([40, 90, 160]) },
    ]);
    const images = dialog.getByRole('list', { name: 'Product images' });
    await images.getByRole('img', { name: 'Product view 2' }).waitFor();
    expect(await images.getByRole('img').count()).toBe(2);

    await dialog.getByRole('button', { name: 'Save Product' }).click();
    await page.getByText('Product added').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Find it by SKU (server-side search, in the address).
    await search(page, sku);
    const table = page.getByRole('table', { name: 'Products' });
    await table.getByRole('link', { name, exact: true }).waitFor();
    await page.getByText('Showing 1-1 of 1 product', { exact: true }).waitFor();
    const row = table.getByRole('row').filter({ hasText: sku });
    await row.getByText('In Stock').waitFor();
    await row.getByText(`Ravi ${run}`).waitFor();

    // The detail page: real images, and an edit of the stock that asks why.
    await row.getByRole('link', { name: `View ${name}` }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('button', { name: 'Show image 2' }).waitFor();
    // Quick Stats has the profit per unit (02 §2): ₹649.50 - ₹450 at a 30.7 % margin; the tabs show the rest.
    const stats = page.getByRole('region', { name: 'Quick Stats' });
    await stats.getByText(/^₹199\.50/).waitFor();
    await page.getByRole('list', { name: 'Tags' }).getByText('kitchen', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Inventory' }).click();
    await page.getByText('50 Piece', { exact: true }).waitFor();
    await page.getByText('10 Piece', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Edit Product' }).click();
    const edit = page.getByRole('dialog', { name: 'Update Product' });
    await edit.getByLabel('Stock Qty').fill('20');
    await edit.getByRole('button', { name: 'Save Product' }).click();
    await edit.getByText('Tell us why the stock changed').waitFor();
    await edit.getByLabel('Reason for stock change').fill('Stock received from Ravi');
    await edit.getByRole('button', { name: 'Save Product' }).click();
    await page.getByText('Product updated').waitFor();
    await edit.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'History' }).click();
    // The audit trail's records of this product: who changed the stock, from what to what.
    const changes = page.getByRole('list', { name: 'Changes to this product' });
    await changes.getByText('Stock received from Ravi', { exact: false }).first().waitFor();
    const history = page.getByRole('table', { name: 'Stock changes, newest first' });
    const adjustment = history.getByRole('row').filter({ hasText: 'Stock received from Ravi' });
    await adjustment.getByText('+8').waitFor();
    await adjustment.getByText('Adjustment').waitFor();
    await history.getByRole('row').filter({ hasText: 'Opening stock' }).getByText('+12').waitFor();
    await page.getByLabel('Reason', { exact: true }).selectOption('INITIAL');
    await adjustment.waitFor({ state: 'hidden' });
    await page.getByText('Showing 1-1 of 1 change', { exact: true }).waitFor();

    // Export the filtered list as CSV.
    await page.getByRole('link', { name: 'Back to Inventory' }).click();
    await search(page, sku);
    await table.getByRole('link', { name, exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${shop}-products-.*\\.csv$`));
    const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header?.split(',').slice(0, 3)).toEqual(['handle', 'sku', 'product_name']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(sku);
    expect(lines[0]).toContain(name);

    // Import a CSV with one bad row: the preview names its line and column, applying imports the rest.
    const imported = `E2E-IMP-${run}`;
    const file = [
      'sku,product_name,category,unit,cost_price,selling_price,stock',
      `${imported},E2E Brass Lota ${run},E2E Lamps ${run},Piece,120,199,7`,
      `E2E-BAD-${run},E2E Broken Row ${run},E2E Kitchen ${run},Piece,120,lots,3`,
      `${sku},${name},E2E Kitchen ${run},Piece,450,599,20`,
    ].join('\n');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import products' });
    await importDialog.locator('input[type="file"]').setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file),
    });
    const issues = importDialog.getByRole('table', { name: 'Rows that will not be imported' });
    const bad = issues.getByRole('row').filter({ hasText: 'selling_price' });
    expect(await bad.getByRole('cell').first().innerText()).toBe('3');
    await importDialog.getByText('Nothing has been saved yet.', { exact: false }).waitFor();
    // A category the shop does not have is named on its line before it is added (issue 42); a known one is not.
    const fresh = importDialog.getByRole('table', { name: 'New categories to check' });
    const note = fresh.getByRole('row').filter({ hasText: `Category "E2E Lamps ${run}" is not one of` });
    expect(await note.getByRole('cell').first().innerText()).toBe('2');
    expect(await fresh.getByText(`"E2E Kitchen ${run}"`).count()).toBe(0);
    await importDialog.screenshot({ path: '/tmp/h42-import-new-category.png' });
    await importDialog.getByRole('button', { name: 'Import 2 valid rows' }).click();
    await importDialog.getByText('Imported 2 products: 1 added and 1 updated.', { exact: false }).waitFor();
    await importDialog.getByRole('button', { name: 'Done' }).click();

    await search(page, imported);
    await table.getByRole('link', { name: `E2E Brass Lota ${run}`, exact: true }).waitFor();
    await search(page, `E2E-BAD-${run}`);
    await page.getByRole('heading', { name: 'No products match these filters' }).waitFor();

    // Delete the imported product (it has no orders, so it is really deleted).
    await search(page, imported);
    await table.getByRole('button', { name: `Delete E2E Brass Lota ${run}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete product' });
    await confirm.getByText('Are you sure you want to delete this product?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText(`E2E Brass Lota ${run} was deleted`).waitFor();
    await page.getByRole('heading', { name: 'No products match these filters' }).waitFor();
    await page.context().close();
  });

  it('remembers the collapsed sidebar, and on a 360 px phone shows cards and a drawer', async () => {
    const page = await app.newPage();
    await signInVendor(app, page, shop);
    const sidebar = page.getByRole('complementary');
    const nav = sidebar.getByRole('navigation', { name: 'Back office' });
    for (const name of ['Dashboard', 'Inventory', 'Settings'])
      await nav.getByRole('link', { name }).waitFor();
    await sidebar.getByText(`owner@${shop}.demo.haat.in`).waitFor();
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();

    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(app.url('/inventory/', 'admin'));
    await page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    const cards = page.getByRole('list', { name: 'Products' });
    await cards.getByRole('listitem').first().waitFor();
    expect(await page.getByRole('table', { name: 'Products' }).isVisible()).toBe(false);
    await noSidewaysScroll(page);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Settings' }).waitFor();
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/');
    await menu.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
    await page.context().close();
  });
});
