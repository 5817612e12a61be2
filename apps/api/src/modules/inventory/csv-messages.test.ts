import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { csvImport } from './csv.test-helpers.ts';

/** CSV import says what is wrong in the vendor's words, with correct plurals (issue 17 #6). */
const { t, shops, vendor } = await demoSuite();

const upload = (csv: string, dryRun: boolean) => csvImport(t, vendor, shops.a.slug, csv, dryRun);

const HEADER = 'sku,product_name,category,unit,cost_price,selling_price,stock,gst_percent';
const stamp = Date.now().toString(36).toUpperCase();

describe('CSV import messages', () => {
  it('says a price, a stock or a GST rate that is not a number in words, with an example', async () => {
    const csv = [
      HEADER,
      `MSG-A-${stamp},Kurta,Apparel,Piece,350,four ninety nine,10,18`,
      `MSG-B-${stamp},Kurta,Apparel,Piece,abc,499,many,18`,
      `MSG-C-${stamp},Kurta,Apparel,Piece,350,499,2.5,eighteen`,
    ].join('\n');
    const res = await upload(csv, true);
    expect(res.statusCode).toBe(200);
    const issues: { line: number; column: string; message: string }[] = res.json().data.issues;
    const at = (line: number, column: string) =>
      issues.find((i) => i.line === line && i.column === column)?.message;
    expect(at(2, 'selling_price')).toBe('Selling price must be a number, like 499');
    expect(at(3, 'cost_price')).toBe('Cost price must be a number, like 350');
    expect(at(3, 'stock')).toBe('Stock must be a number, like 25');
    expect(at(4, 'stock')).toMatch(/^Stock must be a whole number/);
    expect(at(4, 'gst_percent')).toMatch(/^GST % must be/);
    for (const i of issues) expect(i.message).not.toMatch(/Invalid input|NaN|expected /);
    expect(res.json().message).toBe('0 of 3 rows are ready to import');
  });

  it('counts one row and one product in the singular', async () => {
    const one = [HEADER, `MSG-D-${stamp},Diya,Home Decor,Piece,50,99,4,12`].join('\n');
    const dry = await upload(one, true);
    expect(dry.json().message).toBe('1 of 1 row is ready to import');
    const done = await upload(one, false);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Imported 1 new product and updated 0 products');
    const again = await upload(one, false);
    expect(again.json().message).toBe('Imported 0 new products and updated 1 product');
  });
});
