import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ean13CheckDigit, isValidEan13 } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { staffMember } from '../staff/staff.test-helpers.ts';

/*
 * Barcodes and labels (issue 14): POST product/{id}/barcodes/ gives what has no barcode an internal EAN-13 that
 * the inventory search and the counter's scan then find; GET product/{id}/labels.pdf prints A4 sheets of labels.
 */

const { t, shops, vendor } = await demoSuite({}, { poolSize: 20 });
const vendorB = await demoVendor(t, shops.b);

type Vendor = typeof vendor;
const PRODUCT = '/api/admin/product/';
const barcodes = (id: string) => `${PRODUCT}${id}/barcodes/`;
const labels = (id: string, query = '') => `${PRODUCT}${id}/labels.pdf${query}`;
let seq = 0;
const tag = () => `${++seq}${Date.now().toString(36)}`.toUpperCase();

/** A product made through the inventory dialog: sold as one item, or in sizes when `sizes` are given. */
async function product(
  v: Vendor,
  opts: {
    barcode?: string;
    price?: number;
    sale?: number;
    sizes?: { size: string; barcode?: string }[];
  } = {},
) {
  const [category] = (await v.call('GET', '/api/admin/category/')).json().data as { id: string }[];
  const id = tag();
  const sizes = opts.sizes ?? [];
  const res = await v.call('POST', PRODUCT, {
    product_name: `Label Test Kurta ${id}`,
    sku: `LBL-${id}`,
    barcode: opts.barcode,
    original_price: 100,
    product_price: opts.price ?? 499,
    discount_price: opts.sale,
    unit: 'Piece',
    product_quantity: 5,
    shipping_charge: 0,
    category_id: category?.id,
    ...(sizes.length
      ? {
          options: [{ name: 'Size', values: sizes.map((s) => s.size) }],
          variants: sizes.map((s, i) => ({
            options: [s.size],
            sku: `LBL-${id}-${s.size}`,
            barcode: s.barcode,
            product_price: (opts.price ?? 499) + i * 100,
            original_price: 100,
            product_quantity: 2,
          })),
        }
      : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: string;
    product_name: string;
    barcode: string | null;
    variants: { id: string; label: string | null; barcode: string | null }[];
  };
}

const get = async (v: Vendor, id: string) => (await v.call('GET', `${PRODUCT}${id}/`)).json().data;

function pdfText(bytes: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'haat-labels-'));
  const file = join(dir, 'labels.pdf');
  writeFileSync(file, bytes);
  return {
    text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
    pages: Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]),
  };
}

/**
 * What a scanner reads from each label of a sheet printed at `dpi`: the page rasterised by poppler, each 63.5 x
 * 33.9 mm label cut out on its own (so its quiet zones must lie within it) and read by ZXing, the reader the
 * counter's camera uses; '-' for a label nothing could be read from.
 */
async function scanSheet(bytes: Buffer, dpi: number) {
  prepareZXingModule({
    overrides: {
      wasmBinary: readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'))
        .buffer as ArrayBuffer,
    },
  });
  const dir = mkdtempSync(join(tmpdir(), 'haat-scan-'));
  writeFileSync(join(dir, 'labels.pdf'), bytes);
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', 'labels.pdf', 'page'], {
    cwd: dir,
  });
  const page = join(dir, 'page-1.png');
  const mm = dpi / 25.4;
  const read: string[] = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 3; col++) {
      const label = await sharp(page)
        .extract({
          left: Math.round((7.25 + col * 66) * mm),
          top: Math.round((12.9 + row * 33.9) * mm),
          width: Math.round(63.5 * mm),
          height: Math.round(33.9 * mm),
        })
        .png()
        .toBuffer();
      const found = await readBarcodes(new Uint8Array(label), { formats: ['EAN13', 'Code128'] });
      read.push(found.map((f) => `${f.format} ${f.text}`).join(', ') || '-');
    }
  }
  return read;
}

async function auditRows(storeId: string, productId: string) {
  return withStore(t.owner, storeId, (tx) =>
    tx
      .select({ summary: schema.auditEvents.summary, after: schema.auditEvents.after })
      .from(schema.auditEvents)
      .where(
        and(
          eq(schema.auditEvents.storeId, storeId),
          eq(schema.auditEvents.entityId, productId),
          like(schema.auditEvents.summary, 'Assigned%'),
        ),
      ),
  );
}

describe('assigning barcodes', () => {
  it('gives a product sold as one item an internal EAN-13 that search and the counter find; once', async () => {
    const p = await product(vendor);
    expect(p.barcode).toBeNull();
    const res = await vendor.call('POST', barcodes(p.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Assigned a barcode');
    const [assigned] = res.json().data.assigned;
    const code = assigned.barcode as string;
    expect(code).toMatch(/^20[0-9]{11}$/);
    expect(isValidEan13(code)).toBe(true);

    const after = await get(vendor, p.id);
    expect(after.barcode).toBe(code);
    const [variant] = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({ id: schema.productVariants.id, barcode: schema.productVariants.barcode })
        .from(schema.productVariants)
        .where(eq(schema.productVariants.productId, p.id)),
    );
    // Its default variant (what the counter sells) follows.
    expect(variant).toEqual({ id: assigned.variant_id, barcode: code });

    const search = await vendor.call('GET', `/api/admin/inventory/?search=${code}`);
    expect(search.json().data.results.map((r: { id: string }) => r.id)).toEqual([p.id]);
    const scan = await vendor.call('GET', `/api/admin/pos/barcode/${code}/`);
    expect(scan.statusCode, scan.body).toBe(200);
    expect(scan.json().data.product).toMatchObject({ product_id: p.id, barcode: code });

    const rows = await auditRows(shops.a.id, p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.summary).toBe(`Assigned a barcode to ${p.product_name}: ${code}`);

    // Again: nothing is missing, nothing changes, no second audit row.
    const again = await vendor.call('POST', barcodes(p.id));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: 'Every item already has a barcode',
      data: { assigned: [] },
    });
    expect((await get(vendor, p.id)).barcode).toBe(code);
    expect(await auditRows(shops.a.id, p.id)).toHaveLength(1);
  });

  it('fills only the variants without one, each a different code the counter scans to that variant', async () => {
    const own = '8901234567012';
    const p = await product(vendor, {
      sizes: [{ size: 'S' }, { size: 'M', barcode: own }, { size: 'L' }],
    });
    const res = await vendor.call('POST', barcodes(p.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Assigned 2 barcodes');
    const assigned = res.json().data.assigned as { variant_id: string; label: string; barcode: string }[];
    expect(assigned.map((a) => a.label)).toEqual(['S', 'L']);
    expect(new Set(assigned.map((a) => a.barcode)).size).toBe(2);
    for (const a of assigned) expect(isValidEan13(a.barcode)).toBe(true);

    const after = await get(vendor, p.id);
    expect(after.variants.map((v: { label: string; barcode: string }) => [v.label, v.barcode])).toEqual([
      ['S', assigned[0]?.barcode],
      ['M', own],
      ['L', assigned[1]?.barcode],
    ]);
    // A product with options keeps its own (handle) barcode as it was: the counter scans variants.
    expect(after.barcode).toBeNull();
    const large = assigned[1];
    const scan = await vendor.call('GET', `/api/admin/pos/barcode/${large?.barcode}/`);
    expect(scan.json().data.product).toMatchObject({ product_id: p.id, variant_id: large?.variant_id });
    const search = await vendor.call('GET', `/api/admin/inventory/?search=${large?.barcode}`);
    expect(search.json().data.results.map((r: { id: string }) => r.id)).toEqual([p.id]);
    const [row] = await auditRows(shops.a.id, p.id);
    expect(row?.summary).toBe(
      `Assigned 2 barcodes to ${p.product_name}: S ${assigned[0]?.barcode}, L ${assigned[1]?.barcode}`,
    );
    expect(row?.after).toEqual({ barcodes: { S: assigned[0]?.barcode, L: assigned[1]?.barcode } });
  });

  it('gives products asked for at the same moment different codes, and one product its codes once', async () => {
    const many = await Promise.all(
      Array.from({ length: 6 }, () => product(vendor, { sizes: [{ size: 'S' }, { size: 'M' }] })),
    );
    const first = many[0];
    if (!first) throw new Error('no product');
    const answers = await Promise.all([
      ...many.map((p) => vendor.call('POST', barcodes(p.id))),
      vendor.call('POST', barcodes(first.id)),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const codes = answers.flatMap((a) => a.json().data.assigned.map((x: { barcode: string }) => x.barcode));
    expect(codes).toHaveLength(12);
    expect(new Set(codes).size).toBe(12);
    expect(await auditRows(shops.a.id, first.id)).toHaveLength(1);
  });
});

describe('printing labels', () => {
  it('prints a full A4 sheet of each variant by default: name, variant, price in rupees, the code', async () => {
    const p = await product(vendor, {
      price: 1299.5,
      sizes: [{ size: 'S' }, { size: 'M', barcode: 'SKU-ABC-123' }],
    });
    const bare = await vendor.call('GET', labels(p.id));
    expect(bare.statusCode).toBe(409);
    expect(bare.json()).toMatchObject({
      message: `${p.product_name}, S has no barcode yet. Assign barcodes first.`,
      error: { reason: 'BARCODE_MISSING' },
    });
    await vendor.call('POST', barcodes(p.id));

    const res = await vendor.call('GET', labels(p.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="labels-[0-9a-f-]+\.pdf"$/);
    const { text, pages } = pdfText(res.rawPayload);
    expect(pages).toBe(2);
    // 24 labels of S at ₹1,299.50 on the first sheet, 24 of M (Code 128, its text printed) at ₹1,399.50.
    expect(text.match(/(₹|Rs\. )1,299\.50/g)).toHaveLength(24);
    expect(text.match(/(₹|Rs\. )1,399\.50/g)).toHaveLength(24);
    expect(text.match(/SKU-ABC-123/g)).toHaveLength(24);
    expect(text.match(/Label Test Kurta/g)).toHaveLength(48);
    expect(text).toMatch(/\bS\b/);
  });

  it('prints labels a scanner reads at 300 dpi, each within its own label: EAN-13 for an EAN, else Code 128', async () => {
    const ean = (first12: string) => `${first12}${ean13CheckDigit(first12)}`;
    const codes = [
      ean('890103086530'),
      `KURTA/M-${tag().slice(0, 10).padEnd(10, '0')}`,
      ean('200000000001'),
      '8901234567015',
    ];
    const sizes = codes.map((barcode, i) => ({ size: `Z${i}`, barcode }));
    const p = await product(vendor, { sizes });
    const res = await vendor.call('GET', labels(p.id, '?copies=6'));
    expect(res.statusCode, res.body).toBe(200);
    // 8901234567015 has a wrong check digit: not an EAN-13, so printed (and read) as Code 128.
    expect(await scanSheet(res.rawPayload, 300)).toEqual(
      codes.flatMap((c) => Array(6).fill(`${isValidEan13(c) ? 'EAN13' : 'Code128'} ${c}`)),
    );
  });

  it('prints copies of one variant, a sale price as the price, and a product sold as one item', async () => {
    const p = await product(vendor, { sizes: [{ size: 'S' }, { size: 'M' }] });
    await vendor.call('POST', barcodes(p.id));
    const m = p.variants[1]?.id ?? '';
    const one = await vendor.call('GET', labels(p.id, `?copies=5&variant_id=${m}`));
    expect(one.statusCode, one.body).toBe(200);
    const { text, pages } = pdfText(one.rawPayload);
    expect(pages).toBe(1);
    expect(text.match(/(₹|Rs\. )599/g)).toHaveLength(5);

    const single = await product(vendor, { price: 250, sale: 199, barcode: '8901030865278' });
    const res = await vendor.call('GET', labels(single.id, '?copies=3'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('inline; filename="labels-8901030865278.pdf"');
    const sheet = pdfText(res.rawPayload).text;
    expect(sheet.match(/(₹|Rs\. )199\b/g)).toHaveLength(3);
    expect(sheet).not.toMatch(/250/);

    const other = await product(vendor, { sizes: [{ size: 'XL' }] });
    const wrong = await vendor.call('GET', labels(p.id, `?variant_id=${other.variants[0]?.id}`));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('Variant not found');
  });

  it('refuses copies out of 1..200, a variant_id that is not an id, and more than 100 sheets at once', async () => {
    const p = await product(vendor, { barcode: '8901030865285' });
    for (const [query, path, message] of [
      ['?copies=0', 'copies', 'copies must be at least 1'],
      ['?copies=201', 'copies', 'copies must be at most 200'],
      ['?copies=2.5', 'copies', 'copies must be a whole number'],
      ['?copies=many', 'copies', 'copies must be a number'],
      ['?variant_id=12', 'variant_id', 'variant_id must be a variant of this product'],
    ]) {
      const res = await vendor.call('GET', labels(p.id, query));
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().error.issues[0]).toMatchObject({ path, message });
    }
    const sizes = Array.from({ length: 13 }, (_, i) => ({ size: `W${30 + i}` }));
    const wide = await product(vendor, { sizes });
    await vendor.call('POST', barcodes(wide.id));
    const tooMany = await vendor.call('GET', labels(wide.id, '?copies=200'));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.issues[0].path).toBe('copies');
    expect(tooMany.json().message).toContain(
      'At most 2,400 labels at once: 13 variants × 200 copies is 2,600',
    );
  });
});

describe('who may', () => {
  it('no token 401; a Packer 403 on both; a Cashier prints but does not assign; another shop’s product 404, unchanged', async () => {
    const p = await product(vendor);
    for (const [method, url] of [
      ['POST', barcodes(p.id)],
      ['GET', labels(p.id)],
    ] as const) {
      const anon = await t.app.inject({ method, url, headers: { 'store-origin': shops.a.slug } });
      expect(anon.statusCode, url).toBe(401);
    }
    const packer = await staffMember(t, vendor, shops.a, 'PACKER');
    expect((await packer.call('POST', barcodes(p.id))).statusCode).toBe(403);
    expect((await packer.call('GET', labels(p.id))).statusCode).toBe(403);
    const cashier = await staffMember(t, vendor, shops.a, 'CASHIER');
    expect((await cashier.call('POST', barcodes(p.id))).statusCode).toBe(403);
    expect((await get(vendor, p.id)).barcode).toBeNull();
    await vendor.call('POST', barcodes(p.id));
    expect((await cashier.call('GET', labels(p.id, '?copies=1'))).statusCode).toBe(200);

    // Shop B's product through shop A: not found, and B's product keeps no barcode and gets no audit row.
    const theirs = await product(vendorB);
    const assign = await vendor.call('POST', barcodes(theirs.id));
    expect(assign.statusCode).toBe(404);
    expect(assign.json().message).toBe('Product not found');
    expect((await vendor.call('GET', labels(theirs.id))).statusCode).toBe(404);
    expect((await get(vendorB, theirs.id)).barcode).toBeNull();
    expect(await auditRows(shops.b.id, theirs.id)).toEqual([]);
  });
});
