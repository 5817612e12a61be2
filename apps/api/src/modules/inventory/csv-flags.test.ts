import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { csvImport } from './csv.test-helpers.ts';

/*
 * What the CSV import flags (issue 42 item 21): a GST rate that is not a GST rate and an unknown category, each on
 * its line by name, and a file that is not text at all, in words a merchant understands.
 */
const { t, shops, vendor } = await demoSuite();
let category: string;
beforeAll(async () => {
  category = (await vendor.call('GET', '/api/admin/category/')).json().data[0].name;
});

const upload = (payload: string | Buffer, dryRun = true) =>
  csvImport(t, vendor, shops.a.slug, payload, dryRun);

const HEADER = 'sku,product_name,category,unit,cost_price,selling_price,stock,gst_percent';
const stamp = Date.now().toString(36).toUpperCase();

describe('CSV import flags', () => {
  it('flags a GST rate of 7 % on its line, naming the rates there are', async () => {
    const res = await upload([HEADER, `FLG-A-${stamp},Diya,${category},Piece,50,99,4,7`].join('\n'));
    expect(res.statusCode, res.body).toBe(200);
    const issues: { line: number; column: string; message: string }[] = res.json().data.issues;
    expect(issues).toEqual([{ line: 2, column: 'gst_percent', message: expect.stringMatching(/GST/) }]);
    expect(issues[0]?.message).toMatch(/\b18\b/);
    expect(res.json().data.valid_rows).toBe(0);
  });

  it('flags an unknown category by name on its line (it will be added), and a known one not at all', async () => {
    const unknown = `Brass Lamps ${stamp}`;
    const res = await upload(
      [
        HEADER,
        `FLG-B-${stamp},Diya,${category},Piece,50,99,4,12`,
        `FLG-C-${stamp},Lamp,${unknown},Piece,50,99,4,12`,
      ].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.valid_rows).toBe(2);
    expect(data.notices).toEqual([
      { line: 3, column: 'category', message: expect.stringContaining(`"${unknown}"`) },
    ]);
    expect(data.notices[0].message).toMatch(/not one of this shop's categories/);
  });

  it('answers "This file is not a CSV" for a binary file (a picture, a workbook)', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      Buffer.from('IHDR'),
      Buffer.from([0, 0, 1, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]),
    ]);
    const xlsx = Buffer.concat([
      Buffer.from('PK\u0003\u0004'),
      Buffer.from([20, 0, 6, 0, 8, 0, 0, 0, 33, 0]),
    ]);
    for (const [file, kind] of [
      [png, 'it is a picture'],
      [xlsx, 'it is an Excel workbook'],
    ] as const) {
      const res = await upload(file);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^This file is not a CSV: /);
      expect(res.json().message).toContain(kind);
      expect(res.json().message).not.toMatch(/Invalid body/);
    }
  });
});
