import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { purchaseProduct, purchaseSupplier } from './purchases.test-helpers.ts';

/*
 * A supplier's account (issue 38): bills (their number once per supplier, any case), payments (above the balance
 * only when confirmed; cash from the drawer needs an open register), the balance, and the statement for a period
 * with its running balance, as JSON and PDF.
 */

const { vendor } = await demoSuite();

const bill = (supplierId: string, extra: object = {}) =>
  vendor.call('POST', '/api/admin/supplier-bill/', {
    supplier_id: supplierId,
    bill_number: 'INV/77',
    bill_date: '2026-11-05',
    taxable_amount: 1000,
    tax_amount: 180,
    ...extra,
  });
const pay = (supplierId: string, extra: object = {}) =>
  vendor.call('POST', '/api/admin/supplier-payment/', {
    supplier_id: supplierId,
    amount: 500,
    method: 'UPI',
    paid_on: '2026-11-10',
    reference: 'UTR123',
    ...extra,
  });

describe("a supplier's account", () => {
  it('records a bill once per supplier number, whatever its case', async () => {
    const s = await purchaseSupplier(vendor.call);
    const first = await bill(s);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.total).toBe(1180);
    const again = await bill(s, { bill_number: 'inv/77' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.issues[0].path).toBe('bill_number');
    // Another supplier may use the same number.
    expect((await bill(await purchaseSupplier(vendor.call))).statusCode).toBe(201);
  });

  it('refuses negative amounts and a due date before the bill, naming the field', async () => {
    const s = await purchaseSupplier(vendor.call);
    const cases: [object, string][] = [
      [{ taxable_amount: -1 }, 'taxable_amount'],
      [{ taxable_amount: 0, tax_amount: 0 }, 'taxable_amount'],
      [{ tax_amount: -5 }, 'tax_amount'],
      [{ due_date: '2026-11-01' }, 'due_date'],
      [{ bill_date: '2026-13-01' }, 'bill_date'],
    ];
    for (const [extra, path] of cases) {
      const res = await bill(s, extra);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    for (const [amount, text] of [
      [-10, /more than 0|negative/],
      [0, /more than 0/],
      ['ten', /number/],
    ] as const) {
      const res = await pay(s, { amount });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.issues[0]).toMatchObject({
        path: 'amount',
        message: expect.stringMatching(text),
      });
    }
  });

  it('asks before paying more than the balance, and keeps it as an advance when confirmed', async () => {
    const s = await purchaseSupplier(vendor.call);
    await bill(s);
    const part = await pay(s, { amount: 500 });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data.balance).toBe(680);
    const over = await pay(s, { amount: 1000, paid_on: '2026-11-20' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('is owed ₹680');
    expect(over.json().error.details).toEqual({ balance: 680, advance: 320 });
    const advance = await pay(s, { amount: 1000, paid_on: '2026-11-20', confirm_advance: true });
    expect(advance.statusCode, advance.body).toBe(201);
    expect(advance.json().data.balance).toBe(-320);
    // Already ₹320 ahead: the whole of another payment is an advance, and the question says so (not ₹100 + 320).
    const more = await pay(s, { amount: 100, paid_on: '2026-11-21' });
    expect(more.statusCode).toBe(409);
    expect(more.json().error.details).toEqual({ balance: -320, advance: 100 });
    expect(more.json().message).toContain('leaves ₹100 as an advance');
    const listed = (await vendor.call('GET', '/api/admin/supplier-account/')).json().data;
    expect(listed.find((x: { id: string }) => x.id === s)).toMatchObject({
      billed: 1180,
      paid: 1500,
      balance: -320,
    });
  });

  it('needs an open register for cash from the drawer, and only cash comes from it', async () => {
    const s = await purchaseSupplier(vendor.call);
    await bill(s);
    const noRegister = await pay(s, { method: 'CASH', from_register: true });
    expect(noRegister.statusCode).toBe(409);
    expect(noRegister.json().error.issues[0].path).toBe('from_register');
    const upi = await pay(s, { method: 'UPI', from_register: true });
    expect(upi.statusCode).toBe(400);
    expect(upi.json().error.issues[0].path).toBe('from_register');
    const cash = await pay(s, { method: 'CASH' });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().data.payment.from_register).toBe(false);
  });

  it('states a period: opening balance, bills and payments by date with the running balance, closing balance; and as PDF', async () => {
    const s = await purchaseSupplier(vendor.call);
    await bill(s, { bill_number: 'OCT-1', bill_date: '2026-10-20', taxable_amount: 200, tax_amount: 0 });
    await pay(s, { amount: 50, paid_on: '2026-10-25' });
    await bill(s, { bill_number: 'NOV-1', bill_date: '2026-11-03', taxable_amount: 1000, tax_amount: 180 });
    await pay(s, { amount: 300, paid_on: '2026-11-12' });
    await pay(s, { amount: 100, paid_on: '2026-12-02' });
    const res = await vendor.call(
      'GET',
      `/api/admin/supplier-account/${s}/statement/?from=2026-11-01&to=2026-11-30`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const st = res.json().data;
    expect(st.opening_balance).toBe(150);
    expect(st.entries.map((e: { kind: string; balance: number }) => [e.kind, e.balance])).toEqual([
      ['BILL', 1330],
      ['PAYMENT', 1030],
    ]);
    expect(st.closing_balance).toBe(1030);
    const bad = await vendor.call(
      'GET',
      `/api/admin/supplier-account/${s}/statement/?from=2026-11-30&to=2026-11-01`,
    );
    expect(bad.statusCode).toBe(400);
    const pdf = await vendor.call(
      'GET',
      `/api/admin/supplier-account/${s}/statement.pdf?from=2026-11-01&to=2026-11-30`,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'haat-st-'));
    writeFileSync(join(dir, 's.pdf'), pdf.rawPayload);
    writeFileSync('/tmp/purch-statement.pdf', pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 's.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('SUPPLIER STATEMENT');
    expect(text).toContain('Opening balance');
    expect(text).toContain('1,030.00');
  });

  it("shows an order's bill and the payments against it on the order", async () => {
    const s = await purchaseSupplier(vendor.call);
    const p = await purchaseProduct(vendor.call);
    const po = (
      await vendor.call('POST', '/api/admin/purchase-order/', {
        supplier_id: s,
        lines: [{ product_id: p.id, quantity: 2, unit_cost: 50 }],
      })
    ).json().data;
    const b = (
      await bill(s, { purchase_order_id: po.id, bill_number: 'PO-BILL', taxable_amount: 100, tax_amount: 18 })
    ).json().data;
    const paid = await pay(s, { amount: 18, bill_id: b.id });
    expect(paid.statusCode, paid.body).toBe(201);
    const other = await purchaseSupplier(vendor.call);
    const wrongBill = await pay(other, { amount: 1, bill_id: b.id, confirm_advance: true });
    expect(wrongBill.statusCode).toBe(400);
    expect(wrongBill.json().error.issues[0].path).toBe('bill_id');
    const order = (await vendor.call('GET', `/api/admin/purchase-order/${po.id}/`)).json().data;
    expect(order.bills.map((x: { bill_number: string }) => x.bill_number)).toEqual(['PO-BILL']);
    expect(order.payments.map((x: { amount: number; bill_id: string }) => [x.amount, x.bill_id])).toEqual([
      [18, b.id],
    ]);
  });
});
