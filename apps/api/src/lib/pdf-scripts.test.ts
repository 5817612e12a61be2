import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../test/demo-suite.ts';
import { labelsPdf } from '../modules/inventory/labels-pdf.ts';
import { ADDRESS, shopperWithCart } from '../modules/orders/orders.test-helpers.ts';

/*
 * Every printout speaks India's scripts (issue 39): products named in Devanagari, Bengali, Gurmukhi, Gujarati,
 * Tamil, Telugu, Kannada and Malayalam print as words, not empty boxes, on the packing slip, the tax invoice and the
 * label sheet.
 * Each PDF is rendered by poppler (pdftoppm, as a printer driver would) and read back with pdftotext.
 */

const { t, shops, vendor } = await demoSuite();

/**
 * A product name in each script, of words pdftotext reads back as typed: no vowel sign drawn before its consonant
 * (ि, ে, ெ…), which the PDF holds in drawing order. The Gurmukhi one has a tippi (ੰ), whose NULL mark anchor used
 * to crash fontkit.
 */
const NAMES = {
  devanagari: 'मसाला चाय',
  bengali: 'বাংলা চা পাতা',
  gurmukhi: 'ਪੰਜਾਬੀ ਚਾਹ',
  gujarati: 'ગુજરાતી ચા મસાલા',
  tamil: 'தமிழ் மஞ்சள்',
  telugu: 'తెలుగు కారం',
  kannada: 'ಕನ್ನಡ ಕಾಫಿ ಪುಡಿ',
  malayalam: 'മലയാളം ചായ',
};
/** Vowel signs drawn before their consonant: pdftotext puts them where they are drawn. */
const PRE_BASE = /[\u093F\u09BF\u09C7\u09C8\u0A3F\u0BC6-\u0BC8\u0D46-\u0D48]/g;
const letters = (s: string) => s.replace(PRE_BASE, '');

interface Read {
  text: string;
  bytes: number;
  /** What poppler said while rasterising: empty when every font and glyph loaded (KEEP_PDF=1 keeps the PNGs). */
  warnings: string;
}
function read(pdf: Buffer): Read {
  const dir = mkdtempSync(join(tmpdir(), 'haat-scripts-'));
  const file = join(dir, 'doc.pdf');
  writeFileSync(file, pdf);
  const render = spawnSync('pdftoppm', ['-r', '50', '-png', file, join(dir, 'page')], { encoding: 'utf8' });
  expect(render.status).toBe(0);
  expect(statSync(join(dir, 'page-1.png')).size).toBeGreaterThan(1000);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  if (!process.env.KEEP_PDF) rmSync(dir, { recursive: true });
  return { text, bytes: pdf.length, warnings: render.stderr };
}

const PRODUCT = '/api/admin/product/';
async function product(name: string, i: number) {
  const [category] = (await vendor.call('GET', '/api/admin/category/')).json().data as { id: string }[];
  const res = await vendor.call('POST', PRODUCT, {
    product_name: name,
    sku: `IND-${Date.now().toString(36)}-${i}`.toUpperCase(),
    original_price: 100,
    product_price: 249 + i,
    unit: 'Piece',
    product_quantity: 20,
    shipping_charge: 0,
    category_id: category?.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; product_name: string };
}

describe('printouts in India’s scripts', () => {
  it('a packing slip and the tax invoice name the products and the buyer in their scripts', async () => {
    const products = await Promise.all(Object.values(NAMES).map(product));
    const s = await shopperWithCart(
      t,
      shops.a.slug,
      products.map((p) => ({ id: p.id, quantity: 1 })),
    );
    const address = await s.call('POST', ADDRESS, {
      full_name: 'रवि क्षत्रिय',
      address_line1: '14 ಕನ್ನಡ ರಸ್ತೆ',
      city: 'சென்னை',
      state: 'Tamil Nadu',
      postal_code: '600001',
      is_default: true,
    });
    expect(address.statusCode, address.body).toBe(201);
    const body = { ...(await s.orderBody()), shipping_address: address.json().data.id };
    const placed = await s.place(body);
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().data.order_id as string;

    const res = await vendor.call('GET', `/api/admin/order/packing-slips.pdf?ids=${id}`);
    expect(res.statusCode).toBe(200);
    const slip = read(res.rawPayload);
    expect(slip.warnings).toBe('');
    for (const name of Object.values(NAMES)) expect(slip.text).toContain(name);
    expect(letters(slip.text)).toContain(letters('रवि क्षत्रिय'));
    expect(slip.text).toContain('ಕನ್ನಡ');
    expect(letters(slip.text)).toContain(letters('சென்னை'));
    expect(slip.text).toContain('Tamil Nadu 600001');
    expect(slip.bytes).toBeLessThan(150_000);

    // Shipping issues the tax invoice; the customer downloads it.
    let d = (await vendor.call('GET', `/api/admin/order/${id}/`)).json().data.order_details;
    for (const status of ['PROCESSING', 'SHIPPED']) {
      const moved = await vendor.call('PUT', `/api/admin/order/${id}/status/`, {
        status,
        carrier: 'Delhivery',
        tracking_number: 'DL4242',
        version: d.version,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      d = moved.json().data.order_details;
    }
    const pdf = await s.call('GET', `/api/store/store-user/store-order/${id}/invoice/`);
    expect(pdf.statusCode).toBe(200);
    const invoice = read(pdf.rawPayload);
    expect(invoice.warnings).toBe('');
    for (const name of Object.values(NAMES)) expect(invoice.text).toContain(name);
    expect(letters(invoice.text)).toContain(letters('रवि क्षत्रिय'));
    expect(invoice.text).toContain('ಕನ್ನಡ');
    expect(invoice.text).toContain('Tamil Nadu (33)');
    expect(invoice.bytes).toBeLessThan(150_000);
  });

  it('a label sheet prints each name and variant, cut with an ellipsis where it is too long', async () => {
    const items = Object.values(NAMES).map((name, i) => ({
      name,
      variant: i % 2 ? 'बड़ा / लाल' : null,
      barcode: `HAAT-IN-${i}`,
      pricePaise: 24_900 + i * 100,
    }));
    items.push({
      name: 'असली असम की पहली तुड़ाई वाली कड़क चाय पत्ती, परिवार के लिए बड़ा डिब्बा',
      variant: null,
      barcode: 'HAAT-LONG-1',
      pricePaise: 129_900,
    });
    const sheet = read(await labelsPdf('Labels', items, 2));
    expect(sheet.warnings).toBe('');
    for (const name of Object.values(NAMES)) expect(sheet.text).toContain(name);
    expect(sheet.text).toContain('बड़ा / लाल');
    expect(sheet.text).toContain('असली असम की');
    expect(sheet.text).toContain('…');
    expect(sheet.text).not.toContain('बड़ा डिब्बा');
    expect(sheet.text).toContain('₹1,299');
    expect(sheet.bytes).toBeLessThan(150_000);
  });
});
