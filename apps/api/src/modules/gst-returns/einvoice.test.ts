import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildTaxSnapshot, type EinvoiceFile } from '@haat/contracts';
import { rowsOf, withStore } from '@haat/db';
import { Ajv } from 'ajv';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { buildEinvoice, einvoiceGaps } from './einvoice.ts';

/*
 * The e-invoice of a B2B invoice (issue 39): the JSON of every demo B2B invoice validates against the INV-01 v1.1
 * schema kept in docs/gst, its totals are the invoice's; the IRN the IRP returns is entered once and prints on the
 * invoice; anything that is not a B2B invoice of the shop is refused.
 */

const SCHEMA = resolve(import.meta.dirname, '../../../../../docs/gst/einvoice-inv01-v1.1.schema.json');
const validate = new Ajv({ allErrors: true, strict: false }).compile(
  JSON.parse(readFileSync(SCHEMA, 'utf8')),
);
const TXN = '/api/admin/transaction/';
const paise = (rupees: number) => Math.round(rupees * 100);
const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

const { t, shops, vendor } = await demoSuite();
let vendorB: Awaited<ReturnType<typeof demoVendor>>;

beforeAll(async () => {
  vendorB = await demoVendor(t, shops.b);
});

interface DocRow {
  id: string;
  number: string;
  orderId: string;
  totalPaise: number;
}
const documents = (where: ReturnType<typeof sql>, storeId = shops.a.id) =>
  withStore(t.owner, storeId, async (tx) =>
    rowsOf<DocRow>(
      await tx.execute(sql`
        select id, number, order_id as "orderId", total_paise as "totalPaise" from tax_documents
         where store_id = ${storeId} and ${where} order by issued_at, seq`),
    ),
  );
const b2bInvoices = (storeId?: string) =>
  documents(sql`kind = 'INVOICE' and snapshot->'buyer'->>'gstin' is not null`, storeId);

/** The file's totals: taxable value = the items', invoice value = taxable + tax + round off = the invoice's. */
function expectTotals(f: EinvoiceFile, totalPaise: number) {
  const v = f.ValDtls;
  const sum = (k: 'AssAmt' | 'CgstAmt' | 'SgstAmt' | 'IgstAmt') =>
    f.ItemList.reduce((a, i) => a + paise(i[k]), 0);
  expect(paise(v.AssVal)).toBe(sum('AssAmt'));
  expect([paise(v.CgstVal), paise(v.SgstVal), paise(v.IgstVal)]).toEqual([
    sum('CgstAmt'),
    sum('SgstAmt'),
    sum('IgstAmt'),
  ]);
  const taxes = paise(v.CgstVal) + paise(v.SgstVal) + paise(v.IgstVal);
  expect(paise(v.AssVal) + taxes + paise(v.RndOffAmt)).toBe(paise(v.TotInvVal));
  expect(paise(v.TotInvVal)).toBe(totalPaise);
  for (const i of f.ItemList) {
    expect(paise(i.TotAmt) - paise(i.Discount)).toBe(paise(i.AssAmt));
    expect(paise(i.AssAmt) + paise(i.CgstAmt) + paise(i.SgstAmt) + paise(i.IgstAmt)).toBe(
      paise(i.TotItemVal),
    );
    for (const n of [i.TotAmt, i.Discount, i.AssAmt, i.CgstAmt, i.SgstAmt, i.IgstAmt, i.TotItemVal])
      expect(twoDecimals(n)).toBe(true);
  }
}

describe('e-invoice JSON (INV-01 v1.1)', () => {
  it('of every demo B2B invoice validates against the schema and carries the invoice total', async () => {
    const invoices = [...(await b2bInvoices()), ...(await b2bInvoices(shops.b.id))];
    expect(invoices.length).toBeGreaterThan(2);
    for (const d of invoices) {
      const who = (await b2bInvoices()).some((x) => x.id === d.id) ? vendor : vendorB;
      const res = await who.call('GET', `${TXN}einvoice.json?document_id=${d.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain(`einvoice-${d.number.replaceAll('/', '-')}.json`);
      const file = res.json() as EinvoiceFile;
      expect(validate(file), `${d.number}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
      expect(file.DocDtls.No).toBe(d.number);
      expectTotals(file, d.totalPaise);
      // Within the state (the counter's B2B buyers): CGST = SGST on every line, no IGST.
      const intra = file.SellerDtls.Stcd === file.BuyerDtls.Pos;
      for (const i of file.ItemList) {
        if (intra) expect([i.CgstAmt, i.IgstAmt]).toEqual([i.SgstAmt, 0]);
        else expect([i.CgstAmt, i.SgstAmt]).toEqual([0, 0]);
      }
    }
  });

  it('of an inter-state invoice with shipping and a COD fee: IGST only, the charges as services with their SAC', () => {
    const s = buildTaxSnapshot({
      kind: 'INVOICE',
      number: 'INV/26-27/00042',
      issuedAt: new Date('2026-11-30T20:00:00Z'),
      shop: {
        storeName: 'Chai Ghar',
        legalName: 'Chai Ghar Private Limited',
        gstin: '08AAACC1206D1ZM',
        address: ['12 Johari Bazar', 'Jaipur, Rajasthan, 302003'],
        state: 'Rajasthan',
      },
      buyer: {
        name: 'Sharma Traders',
        address: ['Shop 4, Linking Road', 'Mumbai, Maharashtra 400050'],
        state: 'Maharashtra',
        phone: null,
        gstin: '27AAPFU0939F1ZV',
      },
      orderNumber: '#1042',
      paymentMethod: 'COD',
      lines: [
        {
          name: 'Assam tea 1 kg',
          hsn: '0902',
          quantity: 3,
          unit: 'kg',
          unitPricePaise: 52_500,
          ratePercent: 5,
        },
        { name: 'Kurta', hsn: '6206', quantity: 1, unit: 'piece', unitPricePaise: 1_49_900, ratePercent: 12 },
      ],
      discountPaise: 10_000,
      shippingPaise: 9_900,
      codFeePaise: 4_900,
    });
    expect(einvoiceGaps(s)).toEqual([]);
    const f = buildEinvoice(s);
    expect(validate(f), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expectTotals(f, s.breakup.totalPaise);
    expect(f.DocDtls.Dt).toBe('01/12/2026');
    expect([f.SellerDtls.Loc, f.SellerDtls.Pin, f.BuyerDtls.Loc, f.BuyerDtls.Pin]).toEqual([
      'Jaipur',
      302003,
      'Mumbai',
      400050,
    ]);
    expect([f.BuyerDtls.Stcd, f.BuyerDtls.Pos, f.ValDtls.CgstVal, f.ValDtls.SgstVal]).toEqual([
      '27',
      '27',
      0,
      0,
    ]);
    expect(f.ValDtls.IgstVal).toBeGreaterThan(0);
    expect(f.ItemList.map((i) => [i.IsServc, i.HsnCd, i.Unit ?? null])).toEqual([
      ['N', '0902', 'KGS'],
      ['N', '6206', 'NOS'],
      ['Y', '996812', null],
      ['Y', '996812', null],
    ]);
    expect(f.ItemList[0]?.Discount).toBeGreaterThan(0);
    // Without a buyer's PIN, or GSTIN, the gaps name what is missing.
    const noPin = { ...s, buyer: { ...s.buyer, address: ['Linking Road, Mumbai'], gstin: null } };
    expect(einvoiceGaps(noPin)).toEqual([
      "the buyer's GSTIN (a B2C invoice has no e-invoice)",
      "the buyer's PIN code in the address",
    ]);
  });

  it('is refused for a B2C invoice and a credit note (409), another shop’s document (404) and no id (400)', async () => {
    const [b2c] = await documents(sql`kind = 'INVOICE' and snapshot->'buyer'->>'gstin' is null`);
    const res = await vendor.call('GET', `${TXN}einvoice.json?document_id=${b2c?.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('B2C');
    const [note] = await documents(sql`kind = 'CREDIT_NOTE'`);
    if (note)
      expect((await vendor.call('GET', `${TXN}einvoice.json?document_id=${note.id}`)).statusCode).toBe(409);
    const [other] = await b2bInvoices(shops.b.id);
    expect((await vendor.call('GET', `${TXN}einvoice.json?document_id=${other?.id}`)).statusCode).toBe(404);
    const bad = await vendor.call('GET', `${TXN}einvoice.json?document_id=INV-1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('document_id');
  });

  it('is refused (409) naming what a B2B invoice lacks: here the buyer’s PIN code', async () => {
    const last = (await b2bInvoices()).at(-1);
    if (!last) throw new Error('no demo B2B invoice');
    const address = (value: string) =>
      withStore(t.owner, shops.a.id, (tx) =>
        tx.execute(sql`update tax_documents set snapshot = jsonb_set(snapshot, '{buyer,address}', ${value}::jsonb)
                        where id = ${last.id} returning snapshot->'buyer'->'address' as was`),
      );
    const [before] = await withStore(t.owner, shops.a.id, async (tx) =>
      rowsOf<{ address: string[] }>(
        await tx.execute(
          sql`select snapshot->'buyer'->'address' as address from tax_documents where id = ${last.id}`,
        ),
      ),
    );
    await address(JSON.stringify(['Shop 4, Linking Road, Jaipur']));
    try {
      const res = await vendor.call('GET', `${TXN}einvoice.json?document_id=${last.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        `The e-invoice of ${last.number} would be rejected: it lacks the buyer's PIN code in the address`,
      );
    } finally {
      await address(JSON.stringify(before?.address ?? []));
    }
  });
});

const irnOf = (n: number) => n.toString(16).padStart(64, 'f').slice(-64);
/** A signed QR of the IRP's length (about 1,200 characters): RS256 header with its key ids, the invoice's data, signature. */
const signedQr = (irn: string) => {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const header = part({
    alg: 'RS256',
    kid: '1513B821EE46BDCA1BD33C938CE16368F6AF4322',
    typ: 'JWT',
    x5t: 'FRO4Ie5Gvcob0zyTjOFjOPavQyI',
  });
  const data = JSON.stringify({
    SellerGstin: '08AAACC1206D1ZM',
    BuyerGstin: '08AAPFU0939F1ZV',
    DocNo: 'INV/26-27/00001',
    DocTyp: 'INV',
    DocDt: '30/11/2026',
    TotInvVal: 1575,
    ItemCnt: 3,
    MainHsnCode: '0902',
    Irn: irn,
    IrnDt: '2026-11-30 18:45:10',
  });
  const payload = part({ data, iss: 'NIC Sandbox' });
  return `${header}.${payload}.${Buffer.alloc(256, 7).toString('base64url')}`;
};
const body = (n: number) => ({
  irn: irnOf(n),
  ack_no: `11201000000${n}`,
  ack_date: '2026-11-30 18:45:10',
  signed_qr: signedQr(irnOf(n)),
});

/** The QR codes a scanner reads on the PDF's first page printed at 300 dpi (rasterised by poppler, read by ZXing). */
async function qrCodesOf(pdf: Buffer) {
  prepareZXingModule({
    overrides: {
      wasmBinary: readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'))
        .buffer as ArrayBuffer,
    },
  });
  const dir = mkdtempSync(join(tmpdir(), 'haat-einvoice-'));
  execFileSync(
    'pdftoppm',
    ['-png', '-r', '300', '-f', '1', '-l', '1', '-singlefile', '-', join(dir, 'page')],
    {
      input: pdf,
    },
  );
  const png = readFileSync(join(dir, 'page.png'));
  return (await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] })).map((c) => c.text);
}

describe('IRN entry', () => {
  it('stores the IRP’s answer once, lists it on the transaction and prints it on the invoice', async () => {
    const [inv] = await b2bInvoices();
    if (!inv) throw new Error('no demo B2B invoice');
    const url = `${TXN}document/${inv.id}/irn/`;
    const bad = await vendor.call('PUT', url, { ...body(1), irn: 'ABC' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('irn');
    const res = await vendor.call('PUT', url, body(1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: inv.id,
      b2b: true,
      irn: irnOf(1),
      irn_ack_no: '112010000001',
      irn_ack_at: '2026-11-30T13:15:10.000Z',
    });
    // Final: a second entry is refused, naming the IRN.
    const again = await vendor.call('PUT', url, body(2));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^irn: .*cannot be changed/);

    const pdf = await vendor.call('GET', `/api/admin/order/${inv.orderId}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString();
    for (const piece of irnOf(1).match(/.{1,22}/g) ?? []) expect(text).toContain(piece);
    expect(text).toContain('Ack No');
    expect(text).toContain('112010000001');
    expect(text).toContain('Ack Date');
    expect(await qrCodesOf(pdf.rawPayload)).toEqual([body(1).signed_qr]);

    const [audit] = await withStore(t.owner, shops.a.id, async (tx) =>
      rowsOf<{ summary: string }>(
        await tx.execute(
          sql`select summary from audit_events where store_id = ${shops.a.id} and entity_id = ${inv.id}`,
        ),
      ),
    );
    expect(audit?.summary).toContain(`IRN entered on invoice ${inv.number}`);
  });

  it('refuses a duplicate IRN, a credit note, a B2C invoice and another shop’s invoice', async () => {
    const [first, second] = await b2bInvoices();
    if (!first || !second) throw new Error('two demo B2B invoices needed');
    await vendor.call('PUT', `${TXN}document/${first.id}/irn/`, body(1));
    const dup = await vendor.call('PUT', `${TXN}document/${second.id}/irn/`, body(1));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toContain(`irn: this IRN is already entered on invoice ${first.number}`);
    const [note] = await documents(sql`kind = 'CREDIT_NOTE'`);
    if (note)
      expect((await vendor.call('PUT', `${TXN}document/${note.id}/irn/`, body(3))).statusCode).toBe(409);
    const [b2c] = await documents(sql`kind = 'INVOICE' and snapshot->'buyer'->>'gstin' is null`);
    expect((await vendor.call('PUT', `${TXN}document/${b2c?.id}/irn/`, body(4))).statusCode).toBe(409);
    const [other] = await b2bInvoices(shops.b.id);
    expect((await vendor.call('PUT', `${TXN}document/${other?.id}/irn/`, body(5))).statusCode).toBe(404);
  });
});
