import { gstr1File, gstr3bPreview } from '@haat/contracts';
import { rowsOf, schema, withStore } from '@haat/db';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';

/*
 * GSTR-1 and GSTR-3B of a demo month (issue 39): the file validates against the portal format's field rules (state
 * codes, rates, dd-mm-yyyy, two decimals), every invoice's value is its taxable value, tax and round off, and the
 * sections' totals equal the documents' and the month's GST summary's.
 */

let t: TestApp;
let shop: { id: string; slug: string };
let vendor: Awaited<ReturnType<typeof demoVendor>>;
const TXN = '/api/admin/transaction/';

beforeAll(async () => {
  t = await createTestApp();
  shop = (await demoShops(t.owner)).a;
  vendor = await demoVendor(t, shop);
});
afterAll(() => t?.close());

/** The demo month with the most documents, B2B ones among them, and its documents' totals in paise. */
async function busiestMonth() {
  const [m] = await withStore(t.owner, shop.id, async (tx) =>
    rowsOf<{ month: string }>(
      await tx.execute(sql`
        select to_char(issued_at at time zone 'Asia/Kolkata', 'YYYY-MM') as month
          from tax_documents where store_id = ${shop.id}
         group by 1 order by count(*) filter (where snapshot->'buyer'->>'gstin' is not null) desc, count(*) desc
         limit 1`),
    ),
  );
  if (!m) throw new Error('no demo documents');
  return m.month;
}

const validator = (schemaOf: z.ZodType) => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  return ajv.compile(z.toJSONSchema(schemaOf, { io: 'output', unrepresentable: 'any' }));
};
const paise = (rupees: number) => Math.round(rupees * 100);
type Det = { txval: number; iamt?: number; camt?: number; samt?: number };
const taxOf = (d: Det) => paise(d.iamt ?? 0) + paise(d.camt ?? 0) + paise(d.samt ?? 0);

describe('GSTR-1 of a month', () => {
  it("is the portal's JSON: valid by its field rules, totals equal to the documents' and the GST summary's", async () => {
    const month = await busiestMonth();
    const res = await vendor.call('GET', `${TXN}gstr1/?month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    const { file, problems } = res.json().data;
    expect(problems).toEqual([]);
    const validate = validator(gstr1File);
    expect(validate(file), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(file.fp).toBe(`${month.slice(5)}${month.slice(0, 4)}`);
    expect(file.b2b.length).toBeGreaterThan(0);
    expect(file.b2cs.length).toBeGreaterThan(0);

    // Each B2B and B2CL invoice: value = taxable + tax, within the round off of a few paise.
    const invoices = [
      ...file.b2b.flatMap((b: { inv: unknown[] }) => b.inv),
      ...file.b2cl.flatMap((b: { inv: unknown[] }) => b.inv),
    ] as { inum: string; val: number; itms: { itm_det: Det }[] }[];
    for (const i of invoices) {
      const lines = i.itms.reduce((a, x) => a + paise(x.itm_det.txval) + taxOf(x.itm_det), 0);
      expect(Math.abs(paise(i.val) - lines), i.inum).toBeLessThanOrEqual(10);
    }

    // The sections' taxable value and tax (credit notes subtracted) = the month's documents' = the summary's.
    const sign = (n: number, credit: boolean) => (credit ? -n : n);
    let taxable = 0;
    let tax = 0;
    const add = (d: Det, credit = false) => {
      taxable += sign(paise(d.txval), credit);
      tax += sign(taxOf(d), credit);
    };
    for (const i of invoices) for (const x of i.itms) add(x.itm_det);
    for (const s of file.b2cs) add(s);
    for (const c of file.cdnr) for (const n of c.nt) for (const x of n.itms) add(x.itm_det, true);
    for (const n of file.cdnur) for (const x of n.itms) add(x.itm_det, true);
    const [docs] = await withStore(t.owner, shop.id, async (tx) =>
      rowsOf<{ taxable: number; tax: number; invoices: number; notes: number }>(
        await tx.execute(sql`
          select sum(case when kind = 'CREDIT_NOTE' then -1 else 1 end * taxable_paise)::int taxable,
                 sum(case when kind = 'CREDIT_NOTE' then -1 else 1 end * (cgst_paise + sgst_paise + igst_paise))::int tax,
                 count(*) filter (where kind = 'INVOICE')::int invoices, count(*) filter (where kind = 'CREDIT_NOTE')::int notes
            from tax_documents
           where store_id = ${shop.id} and to_char(issued_at at time zone 'Asia/Kolkata', 'YYYY-MM') = ${month}`),
      ),
    );
    expect(taxable).toBe(docs?.taxable);
    expect(tax).toBe(docs?.tax);
    const summary = (await vendor.call('GET', `${TXN}gst-summary/?month=${month}`)).json().data;
    const sum = (rows: { taxable: number }[], k: 'taxable' | 'cgst' | 'sgst' | 'igst') =>
      rows.reduce((a, r) => a + paise((r as Record<string, number>)[k] ?? 0), 0);
    expect(sum(summary.by_rate, 'taxable')).toBe(taxable);
    expect(sum(summary.by_rate, 'cgst') + sum(summary.by_rate, 'sgst') + sum(summary.by_rate, 'igst')).toBe(
      tax,
    );

    // The HSN summary (B2B and B2C) adds up to the same, and CGST equals SGST in every row.
    const hsn = [...file.hsn.hsn_b2b, ...file.hsn.hsn_b2c] as (Det & {
      hsn_sc: string;
      camt: number;
      samt: number;
    })[];
    expect(hsn.reduce((a, h) => a + paise(h.txval), 0)).toBe(taxable);
    expect(hsn.reduce((a, h) => a + taxOf(h), 0)).toBe(tax);
    for (const h of hsn) {
      expect(h.hsn_sc).toMatch(/^(\d{4}|\d{6}|\d{8})$/);
      expect(h.camt).toBe(h.samt);
    }
    expect(hsn.some((h) => h.hsn_sc === '996812')).toBe(true);

    // Documents issued: every invoice and credit note of the month, consecutive.
    const issued = file.doc_issue.doc_det as {
      doc_num: number;
      docs: { totnum: number; cancel: number }[];
    }[];
    const count = (n: number) =>
      issued.find((d) => d.doc_num === n)?.docs.reduce((a, s) => a + s.totnum, 0) ?? 0;
    expect(count(1)).toBe(docs?.invoices);
    expect(count(5)).toBe(docs?.notes);
    expect(issued.flatMap((d) => d.docs).every((s) => s.cancel === 0)).toBe(true);
  });

  it('downloads as the JSON file and as CSV, and GSTR-3B carries the same outward supplies', async () => {
    const month = await busiestMonth();
    const json = await vendor.call('GET', `${TXN}gstr1.json?month=${month}`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toContain(`GSTR1-${month.slice(5)}${month.slice(0, 4)}.json`);
    const file = json.json();
    expect(validator(gstr1File)(file)).toBe(true);
    const csv = await vendor.call('GET', `${TXN}gstr1.csv?month=${month}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('section,gstin_of_buyer,number,date,value,place_of_supply');
    expect(csv.body).toMatch(/\nb2b,\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z],INV\//);
    expect(csv.body).toContain('\nhsn_b2c,');
    const b3 = await vendor.call('GET', `${TXN}gstr3b/?month=${month}`);
    expect(b3.statusCode).toBe(200);
    const r = b3.json().data;
    expect(validator(gstr3bPreview)(r)).toBe(true);
    const hsn = [...file.hsn.hsn_b2b, ...file.hsn.hsn_b2c] as Det[];
    const out = r.sup_details.osup_det;
    expect(paise(out.txval) + paise(r.sup_details.osup_nil_exmp.txval)).toBe(
      hsn.reduce((a, h) => a + paise(h.txval), 0),
    );
  });

  it('refuses a shop without a GSTIN, and a month that is not one, naming it', async () => {
    const bad = await vendor.call('GET', `${TXN}gstr1/?month=2026-13`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('month');
    const setGstin = (gstin: string | null) =>
      withStore(t.owner, shop.id, (tx) =>
        tx
          .update(schema.storeSettings)
          .set({ gstin })
          .where(eq(schema.storeSettings.storeId, shop.id))
          .returning({ was: schema.storeSettings.gstin }),
      );
    const [settings] = await withStore(t.owner, shop.id, (tx) =>
      tx
        .select({ gstin: schema.storeSettings.gstin })
        .from(schema.storeSettings)
        .where(eq(schema.storeSettings.storeId, shop.id)),
    );
    expect(settings?.gstin).toBeTruthy();
    expect(await setGstin(null)).toHaveLength(1);
    try {
      const none = await vendor.call('GET', `${TXN}gstr1/?month=${await busiestMonth()}`);
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toContain('GSTIN');
    } finally {
      await setGstin(settings?.gstin ?? null);
    }
  });
});
