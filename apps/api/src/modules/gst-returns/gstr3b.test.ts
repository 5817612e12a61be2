import { randomUUID } from 'node:crypto';
import {
  buildTaxSnapshot,
  GST_STATE_CODES,
  gstinCheckDigit,
  gstr3bFile,
  gstr3bPreview,
  type TaxLineInput,
} from '@haat/contracts';
import { rowsOf, schema, withStore } from '@haat/db';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';

/*
 * GSTR-3B with input tax credit (issue 38): in a month of the shop's own (January 2024, before the demo's history)
 * an invoice within the state, one to another state and a credit note; supplier bills from the shop's state, from
 * another, from a GSTIN with a wrong check digit and from a supplier without one (the last two listed, not
 * claimed), and expenses with and without a payee GSTIN. Every figure of the answer is worked out by hand below.
 * February holds only a credit note for January's invoice and one bill: its tax is negative, nothing is due, the
 * credit is carried forward.
 */

let t: TestApp;
let shop: { id: string; slug: string };
let vendor: Awaited<ReturnType<typeof demoVendor>>;
let gstin = '';
let stateName = '';
let otherState = '';
const TXN = '/api/admin/transaction/';

const withCheck = (first14: string) => first14 + gstinCheckDigit(first14);
const nameOf = (code: string) => Object.entries(GST_STATE_CODES).find(([, c]) => c === code)?.[0] ?? '';

beforeAll(async () => {
  t = await createTestApp();
  shop = (await demoShops(t.owner)).a;
  vendor = await demoVendor(t, shop);
  const [settings] = await withStore(t.owner, shop.id, (tx) =>
    tx
      .select({ gstin: schema.storeSettings.gstin })
      .from(schema.storeSettings)
      .where(eq(schema.storeSettings.storeId, shop.id)),
  );
  gstin = settings?.gstin ?? '';
  stateName = nameOf(gstin.slice(0, 2));
  otherState = gstin.startsWith('29') ? '07' : '29';
});
afterAll(() => t?.close());

const validator = (schemaOf: z.ZodType) =>
  new Ajv2020({ allErrors: true, strict: false }).compile(
    z.toJSONSchema(schemaOf, { io: 'output', unrepresentable: 'any' }),
  );

/** Orders of the shop with no document yet, to hang the fixture documents on (one invoice per order). */
async function ordersWithoutDocuments(n: number) {
  const rows = await withStore(t.owner, shop.id, async (tx) =>
    rowsOf<{ id: string }>(
      await tx.execute(sql`
        select o.id from orders o
         where o.store_id = ${shop.id}
           and not exists (select 1 from tax_documents d where d.store_id = o.store_id and d.order_id = o.id)
         order by o.created_at limit ${n}`),
    ),
  );
  expect(rows).toHaveLength(n);
  return rows.map((r) => r.id);
}

let seq = 90_000;
/** A tax document issued at `at`, built by the contracts' own snapshot code (as the server and the seed do). */
async function issue(
  orderId: string,
  doc: { kind: 'INVOICE' | 'CREDIT_NOTE'; at: string; buyerState: string; lines: TaxLineInput[] },
  against?: { id: string; number: string; at: string },
) {
  seq += 1;
  const series = doc.kind === 'INVOICE' ? 'INV' : 'CN';
  const number = `${series}/23-24/${seq}`;
  const snapshot = buildTaxSnapshot({
    kind: doc.kind,
    number,
    issuedAt: new Date(doc.at),
    against: against ? { number: against.number, issuedAt: new Date(against.at) } : null,
    shop: { storeName: 'Shop', legalName: 'Shop Pvt Ltd', gstin, address: ['1 Road'], state: stateName },
    buyer: { name: 'Buyer', address: ['2 Lane'], state: doc.buyerState, phone: null },
    orderNumber: 'ORD-1',
    paymentMethod: 'UPI',
    lines: doc.lines,
    discountPaise: 0,
    shippingPaise: 0,
  });
  const b = snapshot.breakup;
  const id = randomUUID();
  await withStore(t.owner, shop.id, (tx) =>
    tx.insert(schema.taxDocuments).values({
      storeId: shop.id,
      id,
      orderId,
      kind: doc.kind,
      series,
      fy: '2023-24',
      seq,
      number,
      issuedAt: new Date(doc.at),
      againstId: against?.id ?? null,
      totalPaise: b.totalPaise,
      taxablePaise: b.taxablePaise,
      cgstPaise: b.cgstPaise,
      sgstPaise: b.sgstPaise,
      igstPaise: b.igstPaise,
      placeOfSupply: `${snapshot.placeOfSupply.code}-${snapshot.placeOfSupply.state}`,
      snapshot,
    }),
  );
  return { id, number, at: doc.at };
}

const line = (unitPricePaise: number, quantity: number | null, ratePercent: number): TaxLineInput => ({
  name: 'Goods',
  hsn: '0902',
  quantity,
  unit: quantity == null ? '' : 'Piece',
  unitPricePaise,
  ratePercent,
});

async function supplier(name: string, gst: string | null) {
  const res = await vendor.call('POST', '/api/admin/supplier/', {
    supplier_name: name,
    company_name: `${name} Traders`,
    supplier_contact: '9876543210',
    ...(gst ? { supplier_gst_number: gst } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

async function bill(supplierId: string, number: string, date: string, taxable: number, tax: number) {
  const res = await vendor.call('POST', '/api/admin/supplier-bill/', {
    supplier_id: supplierId,
    bill_number: number,
    bill_date: date,
    taxable_amount: taxable,
    tax_amount: tax,
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function expense(date: string, amount: number, gst: number, payee: string, payeeGstin: string | null) {
  const res = await vendor.call('POST', '/api/admin/expense/', {
    category: 'Courier and shipping',
    spent_on: date,
    amount,
    gst,
    payee,
    payee_gstin: payeeGstin,
    method: 'BANK',
  });
  expect(res.statusCode, res.body).toBe(201);
}

const gstr3b = async (month: string) => {
  const res = await vendor.call('GET', `${TXN}gstr3b/?month=${month}`);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  const validate = validator(gstr3bPreview);
  expect(validate(data), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  return data;
};
const zeroes = { iamt: 0, camt: 0, samt: 0, csamt: 0 };

describe('GSTR-3B with input tax credit', () => {
  it('claims the GST of bills and expenses with a GSTIN, sets it off against the tax, lists what it cannot claim', async () => {
    const before = await gstr3b('2024-01');
    expect(before.sup_details.osup_det).toEqual({ txval: 0, ...zeroes });
    expect(before.itc_elg.itc_net).toEqual(zeroes);
    expect(before.problems).toEqual([]);

    // Outward: 10 × ₹118 at 18 % within the state (taxable ₹1,000, CGST and SGST ₹90 each); 2 × ₹105 at 5 % to
    // another state (taxable ₹200, IGST ₹10); a credit note of ₹59 on the first (taxable ₹50, ₹4.50 each).
    const [o1, o2] = await ordersWithoutDocuments(2);
    const inv = await issue(o1 ?? '', {
      kind: 'INVOICE',
      at: '2024-01-10T06:00:00Z',
      buyerState: stateName,
      lines: [line(11_800, 10, 18)],
    });
    await issue(o2 ?? '', {
      kind: 'INVOICE',
      at: '2024-01-12T06:00:00Z',
      buyerState: nameOf(otherState),
      lines: [line(10_500, 2, 5)],
    });
    await issue(
      o1 ?? '',
      {
        kind: 'CREDIT_NOTE',
        at: '2024-01-20T06:00:00Z',
        buyerState: stateName,
        lines: [line(5_900, null, 18)],
      },
      inv,
    );

    // Input: ₹50.05 GST from the shop's state (CGST ₹25.03, SGST ₹25.02), ₹30 from another state (IGST), an
    // expense's ₹18 with a GSTIN of the shop's state (₹9 and ₹9); not claimed: a wrong check digit, no GSTIN.
    const local = withCheck(`${gstin.slice(0, 2)}AABCL1234M1Z`);
    const far = withCheck(`${otherState}AABCF5678N1Z`);
    const good = withCheck(`${gstin.slice(0, 2)}AAGCD9372M1Z`);
    const wrongDigit = `${local.slice(0, 14)}${local[14] === 'A' ? 'B' : 'A'}`;
    await bill(await supplier('Local Mills', local), 'LM-7', '2024-01-05', 278.05, 50.05);
    await bill(await supplier('Far Away', far), 'FA/88', '2024-01-31', 600, 30);
    await bill(await supplier('Typo Supply', wrongDigit), 'TS-1', '2024-01-15', 100, 18);
    const unregistered = await supplier('Cash Bazaar', null);
    await bill(unregistered, 'CB-12', '2024-01-16', 200, 36);
    await bill(unregistered, 'CB-13', '2024-01-17', 500, 0);
    await expense('2024-01-25', 118, 18, 'Quick Couriers', good);
    await expense('2024-01-26', 59, 9, 'Boxwala Packaging', null);
    // Outside the month: the day before and the day after.
    await bill(await supplier('Edge Case', local), 'EC-1', '2023-12-31', 100, 18);
    await bill(await supplier('Next Month', local), 'NM-1', '2024-02-01', 100, 10);

    const r = await gstr3b('2024-01');
    expect(r.ret_period).toBe('012024');
    expect(r.sup_details.osup_det).toEqual({ txval: 1150, iamt: 10, camt: 85.5, samt: 85.5, csamt: 0 });
    expect(r.inter_sup.unreg_details).toEqual([{ pos: otherState, txval: 200, iamt: 10 }]);
    expect(r.itc_elg.itc_avl).toEqual([
      { ty: 'IMPG', ...zeroes },
      { ty: 'IMPS', ...zeroes },
      { ty: 'ISRC', ...zeroes },
      { ty: 'ISD', ...zeroes },
      { ty: 'OTH', iamt: 30, camt: 34.03, samt: 34.02, csamt: 0 },
    ]);
    expect(r.itc_elg.itc_rev).toEqual([
      { ty: 'RUL', ...zeroes },
      { ty: 'OTH', ...zeroes },
    ]);
    expect(r.itc_elg.itc_net).toEqual({ iamt: 30, camt: 34.03, samt: 34.02, csamt: 0 });
    expect(r.itc_elg.itc_inelg).toEqual([
      { ty: 'RUL', ...zeroes },
      { ty: 'OTH', ...zeroes },
    ]);

    // Set-off: IGST credit ₹30 pays IGST ₹10, then ₹20 of CGST (its own ₹34.03 falls short of ₹85.50); CGST
    // credit pays the rest but ₹31.47, SGST credit ₹34.02 of ₹85.50 (₹51.48 in cash). Nothing carried forward.
    expect(r.set_off.rows).toEqual([
      { head: 'IGST', tax: 10, from_igst: 10, from_cgst: 0, from_sgst: 0, credit_used: 10, cash: 0 },
      {
        head: 'CGST',
        tax: 85.5,
        from_igst: 20,
        from_cgst: 34.03,
        from_sgst: 0,
        credit_used: 54.03,
        cash: 31.47,
      },
      {
        head: 'SGST',
        tax: 85.5,
        from_igst: 0,
        from_cgst: 0,
        from_sgst: 34.02,
        credit_used: 34.02,
        cash: 51.48,
      },
    ]);
    expect(r.set_off.cash_total).toBe(82.95);
    expect(r.set_off.carried_forward).toEqual({ igst: 0, cgst: 0, sgst: 0 });
    expect(r.problems).toEqual([
      `Bill TS-1 of 15-01-2024 from Typo Supply Traders: ₹18 GST not claimed, ${wrongDigit} is not a valid GSTIN`,
      'Bill CB-12 of 16-01-2024 from Cash Bazaar Traders: ₹36 GST not claimed, the supplier has no GSTIN on record',
      'Expense of 26-01-2024 to Boxwala Packaging (Courier and shipping): ₹9 GST not claimed, it has no payee GSTIN',
    ]);

    // The portal's file: the same tables, without the set-off and the problems.
    const json = await vendor.call('GET', `${TXN}gstr3b.json?month=2024-01`);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toBe(
      `attachment; filename="${shop.slug}-GSTR3B-012024.json"`,
    );
    const file = json.json();
    expect(validator(gstr3bFile)(file)).toBe(true);
    const { gstin: g, ret_period, sup_details, inter_sup, itc_elg } = r;
    expect(file).toEqual({ gstin: g, ret_period, sup_details, inter_sup, itc_elg });
    expect(Object.keys(file)).toEqual(['gstin', 'ret_period', 'sup_details', 'inter_sup', 'itc_elg']);

    // February: only a credit note for one unit of January's invoice (₹118: taxable ₹100, ₹9 and ₹9) and a bill
    // (₹10 GST from the shop's state): the tax is negative, nothing is due, the credit is carried forward.
    await issue(
      o1 ?? '',
      {
        kind: 'CREDIT_NOTE',
        at: '2024-02-03T06:00:00Z',
        buyerState: stateName,
        lines: [line(11_800, null, 18)],
      },
      inv,
    );
    const feb = await gstr3b('2024-02');
    expect(feb.sup_details.osup_det).toEqual({ txval: -100, iamt: 0, camt: -9, samt: -9, csamt: 0 });
    expect(feb.itc_elg.itc_net).toEqual({ iamt: 0, camt: 5, samt: 5, csamt: 0 });
    expect(feb.set_off.rows.map((x: { tax: number; cash: number }) => [x.tax, x.cash])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(feb.set_off.cash_total).toBe(0);
    expect(feb.set_off.carried_forward).toEqual({ igst: 0, cgst: 5, sgst: 5 });
    expect(feb.problems).toEqual([
      "Credit notes exceed the month's invoices in CGST, SGST: 3.1 shows a negative tax, which the portal does not take; adjust it with your accountant (no tax is counted as due on it here)",
    ]);
  });

  it('refuses a month that is not one on both routes, naming it', async () => {
    for (const path of ['gstr3b/', 'gstr3b.json']) {
      const bad = await vendor.call('GET', `${TXN}${path}?month=2024-13`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.issues[0].path).toBe('month');
    }
  });
});
