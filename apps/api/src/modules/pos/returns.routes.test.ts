import { computeGst, withoutGst } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { staffMember } from '../staff/staff.test-helpers.ts';
import { bill, post, product, stockAndLedger } from './returns.test-helpers.ts';

/*
 * Returns at the counter (issue 38): a partial return refunded in cash, the rest returned later, a return of more
 * than is left refused, a resent return, an exchange for a dearer item, credit notes by the GST rule, stock equal
 * to its ledger, online orders refused, cashiers allowed and packers not, and two cashiers returning one line.
 */

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
let vendor: Awaited<ReturnType<typeof demoVendor>>;
beforeAll(async () => {
  t = await createTestApp({}, { poolSize: 30 });
  shops = await demoShops(t.owner);
  vendor = await demoVendor(t, shops.a);
});
afterAll(() => t?.close());

const RETURN = '/api/admin/pos/return/';

async function sale(lines: { id: string; quantity: number; price: number; tax?: number }[], discount = 0) {
  const res = await post(
    t,
    shops.a.slug,
    vendor,
    '/api/admin/order/pos-checkout/',
    bill(lines, { discount }),
    crypto.randomUUID(),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { order_id: string; order_number: string; total_bill_amount: number };
}

async function returnable(number: string, who: { call: typeof vendor.call } = vendor) {
  const res = await who.call('GET', `/api/admin/pos/sale/${number}/returnable/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    order_id: string;
    not_returnable: string | null;
    lines: {
      item_id: string;
      product_id: string;
      returnable: number;
      returned: number;
      refund_per_unit: number;
    }[];
  };
}

const giveBack = (body: object, key: string = crypto.randomUUID(), who: { token: string } = vendor) =>
  post(t, shops.a.slug, who, RETURN, body, key);

describe('a return at the counter', () => {
  it('refunds part of a sale in cash, then the rest, and refuses more than was sold', async () => {
    const tea = await product(vendor, { price: 120, stock: 10 });
    const jar = await product(vendor, { price: 250, stock: 10, tax: 5 });
    const s = await sale([
      { id: tea, quantity: 3, price: 120 },
      { id: jar, quantity: 1, price: 250, tax: 5 },
    ]);
    const r = await returnable(s.order_number);
    expect(r.not_returnable).toBeNull();
    const teaLine = r.lines.find((l) => l.product_id === tea);
    expect(teaLine).toMatchObject({ returnable: 3, returned: 0, refund_per_unit: 120 });
    const body = {
      order_id: s.order_id,
      lines: [{ item_id: teaLine?.item_id, quantity: 1 }],
      reason: 'Torn packet',
      kind: 'REFUND',
      method: 'CASH',
    };
    const first = await giveBack(body);
    expect(first.statusCode, first.body).toBe(201);
    const v = first.json().data;
    expect(v).toMatchObject({ kind: 'REFUND', method: 'CASH', returned_amount: 120, refunded: 120 });
    // The credit note by the GST rule: ₹120 at 18% within the state.
    const gst = computeGst({
      lines: [{ name: 'x', hsn: null, quantity: 1, unit: 'Piece', unitPricePaise: 12000, ratePercent: 18 }],
      discountPaise: 0,
      shippingPaise: 0,
      intraState: true,
    });
    expect(v.credit_note).toMatchObject({
      total: 120,
      taxable: gst.taxablePaise / 100,
      cgst: gst.cgstPaise / 100,
      sgst: gst.sgstPaise / 100,
    });
    expect(v.credit_note.number).toMatch(/^CN\//);
    expect(await stockAndLedger(t, shops.a.id, tea)).toMatchObject({ stock: 8 });
    const after = await stockAndLedger(t, shops.a.id, tea);
    expect(after.stock).toBe(after.ledger);

    // Two left to return; then nothing.
    expect((await returnable(s.order_number)).lines.find((l) => l.product_id === tea)?.returnable).toBe(2);
    const rest = await giveBack({
      ...body,
      lines: [{ item_id: teaLine?.item_id, quantity: 2 }],
      method: 'UPI',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data.refunded).toBe(240);
    const over = await giveBack(body);
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().error).toMatchObject({
      reason: 'RETURN_OVER_SOLD',
      issues: [{ path: 'lines.0.quantity' }],
    });
    expect(over.json().message).toMatch(/^Only 0 of 3 × Return Item .* can still be returned$/);
    expect(await stockAndLedger(t, shops.a.id, tea)).toMatchObject({ stock: 10, ledger: 10 });
  });

  it('answers a resent return with the first and refuses zero, negative and unknown lines naming the field', async () => {
    const tea = await product(vendor, { price: 80, stock: 5 });
    const s = await sale([{ id: tea, quantity: 2, price: 80 }]);
    const line = (await returnable(s.order_number)).lines[0];
    const body = {
      order_id: s.order_id,
      lines: [{ item_id: line?.item_id, quantity: 1 }],
      reason: 'Changed mind',
      kind: 'REFUND',
      method: 'CASH',
    };
    const key = `ret-${crypto.randomUUID()}`;
    const a = await giveBack(body, key);
    const b = await giveBack(body, key);
    expect([a.statusCode, b.statusCode]).toEqual([201, 200]);
    expect(b.json().data.id).toBe(a.json().data.id);
    expect((await stockAndLedger(t, shops.a.id, tea)).stock).toBe(4);
    const other = await giveBack({ ...body, reason: 'Another reason' }, key);
    expect(other.json().error.reason).toBe('IDEMPOTENCY_KEY_REUSED');
    for (const quantity of [0, -1, 1.5]) {
      const bad = await giveBack({ ...body, lines: [{ item_id: line?.item_id, quantity }] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.issues[0].path).toBe('lines.0.quantity');
    }
    const unknown = await giveBack({ ...body, lines: [{ item_id: crypto.randomUUID(), quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues[0].path).toBe('lines.0.item_id');
  });

  it('gives back each unit’s share of a discounted bill, and the whole bill when all comes back', async () => {
    const a = await product(vendor, { price: 99, stock: 10, tax: 5 });
    const b = await product(vendor, { price: 45, stock: 10, tax: 18 });
    const s = await sale(
      [
        { id: a, quantity: 3, price: 99, tax: 5 },
        { id: b, quantity: 2, price: 45 },
      ],
      17,
    );
    const lines = (await returnable(s.order_number)).lines;
    let back = 0;
    let noted = 0;
    for (const l of lines) {
      for (let n = 0; n < l.returnable; n++) {
        const res = await giveBack({
          order_id: s.order_id,
          lines: [{ item_id: l.item_id, quantity: 1 }],
          reason: 'Not needed',
          kind: 'REFUND',
          method: 'CARD',
        });
        expect(res.statusCode, res.body).toBe(201);
        const note = res.json().data.credit_note;
        expect(note.total).toBe(res.json().data.returned_amount);
        // Taxable value and tax as gst.ts computes them for that value at the line's rate.
        const rate = l.product_id === a ? 5 : 18;
        const taxable = withoutGst(Math.round(note.total * 100), rate);
        expect(Math.abs(Math.round(note.taxable * 100) - taxable)).toBeLessThanOrEqual(1);
        back += Math.round(res.json().data.returned_amount * 100);
        noted += Math.round(note.total * 100);
      }
    }
    expect(back).toBe(Math.round(s.total_bill_amount * 100));
    expect(noted).toBe(back);
  });

  it('exchanges an item for a dearer one: the new bill invoiced whole, the credit note, the difference paid', async () => {
    const small = await product(vendor, { price: 120, stock: 5 });
    const big = await product(vendor, { price: 200, stock: 5 });
    const s = await sale([{ id: small, quantity: 1, price: 120 }]);
    const line = (await returnable(s.order_number)).lines[0];
    const res = await giveBack({
      order_id: s.order_id,
      lines: [{ item_id: line?.item_id, quantity: 1 }],
      reason: 'Wants the bigger pack',
      kind: 'EXCHANGE',
      method: 'CASH',
      exchange: { product_id: [{ product_id: big, quantity: 1 }], total_bill_amount: 200 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json().data;
    expect(v).toMatchObject({
      kind: 'EXCHANGE',
      returned_amount: 120,
      exchange_total: 200,
      difference: 80,
      refunded: 0,
    });
    expect(v.credit_note.total).toBe(120);
    expect(v.exchange_sale.invoice_number).toBeTruthy();
    expect(v.exchange_sale.total_bill_amount).toBe(200);
    expect(await stockAndLedger(t, shops.a.id, small)).toMatchObject({ stock: 5, ledger: 5 });
    expect(await stockAndLedger(t, shops.a.id, big)).toMatchObject({ stock: 4, ledger: 4 });
    // Money reconciles: paid on both bills less refunded = what the customer handed over (120 + 80).
    const money = await withStore(t.owner, shops.a.id, async (tx) => {
      const pays = await tx
        .select()
        .from(schema.paymentTransactions)
        .where(eq(schema.paymentTransactions.storeId, shops.a.id));
      const ids = [s.order_id, v.exchange_sale.order_id];
      const mine = pays.filter((p) => ids.includes(p.orderId));
      const refunds = await tx.select().from(schema.refunds).where(eq(schema.refunds.orderId, s.order_id));
      return mine.reduce((n, p) => n + p.amountPaise, 0) - refunds.reduce((n, r) => n + r.amountPaise, 0);
    });
    expect(money).toBe(20_000);
    // Invoices less credit notes = the same 200.
    const docs = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select()
        .from(schema.taxDocuments)
        .where(and(eq(schema.taxDocuments.storeId, shops.a.id))),
    );
    const ofSales = docs.filter((d) => [s.order_id, v.exchange_sale.order_id].includes(d.orderId));
    const net = ofSales.reduce((n, d) => n + (d.kind === 'CREDIT_NOTE' ? -d.totalPaise : d.totalPaise), 0);
    expect(net).toBe(20_000);
    const pdf = await vendor.call('GET', `/api/admin/pos/return/${v.id}/credit-note.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('refuses an online order, lets a cashier return and not a packer', async () => {
    const [online] = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select()
        .from(schema.orders)
        .where(and(eq(schema.orders.storeId, shops.a.id), eq(schema.orders.channel, 'ONLINE')))
        .limit(1),
    );
    const r = await returnable(String(online?.number));
    expect(r.not_returnable).toContain('online order');
    const refused = await giveBack({
      order_id: r.order_id,
      lines: [{ item_id: r.lines[0]?.item_id, quantity: 1 }],
      reason: 'Came to the shop',
      kind: 'REFUND',
      method: 'CASH',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.reason).toBe('ONLINE_ORDER');

    const tea = await product(vendor, { price: 60, stock: 5 });
    const s = await sale([{ id: tea, quantity: 2, price: 60 }]);
    const line = (await returnable(s.order_number)).lines[0];
    const body = {
      order_id: s.order_id,
      lines: [{ item_id: line?.item_id, quantity: 1 }],
      reason: 'Leaking',
      kind: 'REFUND',
      method: 'CASH',
    };
    const packer = await staffMember(t, vendor, shops.a, 'PACKER');
    expect((await giveBack(body, undefined, packer)).statusCode).toBe(403);
    const cashier = await staffMember(t, vendor, shops.a, 'CASHIER');
    const ok = await giveBack(body, undefined, cashier);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.cashier).toBeTruthy();
  });

  it('two cashiers returning the same line at once put back only what was sold', async () => {
    const tea = await product(vendor, { price: 70, stock: 5 });
    const s = await sale([{ id: tea, quantity: 1, price: 70 }]);
    const line = (await returnable(s.order_number)).lines[0];
    const [c1, c2] = await Promise.all([
      staffMember(t, vendor, shops.a, 'CASHIER'),
      staffMember(t, vendor, shops.a, 'CASHIER'),
    ]);
    const body = {
      order_id: s.order_id,
      lines: [{ item_id: line?.item_id, quantity: 1 }],
      reason: 'Wrong flavour',
      kind: 'REFUND',
      method: 'CASH',
    };
    const results = await Promise.all([giveBack(body, undefined, c1), giveBack(body, undefined, c2)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await stockAndLedger(t, shops.a.id, tea)).toMatchObject({ stock: 5, ledger: 5 });
  });
});

describe('the demo shops’ counter returns', () => {
  it('every demo shop has returns with their refunds and credit notes, and a returned line is found with them', async () => {
    for (const shop of [shops.a, shops.b]) {
      const rows = await withStore(t.owner, shop.id, (tx) =>
        tx.select().from(schema.counterReturns).where(eq(schema.counterReturns.storeId, shop.id)),
      );
      expect(rows.length, shop.slug).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r.refundId && r.creditNoteId, shop.slug).toBeTruthy();
        const [note] = await withStore(t.owner, shop.id, (tx) =>
          tx
            .select()
            .from(schema.taxDocuments)
            .where(eq(schema.taxDocuments.id, r.creditNoteId ?? '')),
        );
        expect(note?.totalPaise).toBe(r.returnedPaise);
      }
    }
  });
});
