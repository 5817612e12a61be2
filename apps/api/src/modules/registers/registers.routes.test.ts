import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { staffMember } from '../staff/staff.test-helpers.ts';
import * as repo from './registers.repository.ts';
import { counterProduct, otherCashRows, sell, sessionOfOrder } from './registers.test-helpers.ts';
import { expectedPaise } from './registers-view.ts';

/*
 * The day at the counter (issue 38): opening with a float, one open register per person and per name, cash in and
 * out, the close's expected cash over every kind of row that names the session, the report (blind for a cashier
 * while open), the PDF, the history by role, and bad input named by field.
 */

const { t, shops } = await demoSuite();
let owner: Awaited<ReturnType<typeof demoVendor>>;
let cashier: Awaited<ReturnType<typeof staffMember>>;
let packer: Awaited<ReturnType<typeof staffMember>>;
beforeAll(async () => {
  owner = await demoVendor(t, shops.a);
  cashier = await staffMember(t, owner, shops.a, 'CASHIER');
  packer = await staffMember(t, owner, shops.a, 'PACKER');
});

const R = '/api/admin/register/';

describe('a day at the counter', () => {
  let sessionId = '';
  let productId = '';

  it('sells for cash without a register, counted in no drawer', async () => {
    productId = await counterProduct(owner, 150);
    expect((await cashier.call('GET', `${R}current/`)).json().data.session).toBeNull();
    const sale = await sell(cashier, productId, 150, 1);
    expect(sale.statusCode, sale.body).toBe(201);
    expect(await sessionOfOrder(t, shops.a.id, sale.json().data.order_id)).toBeNull();
  });

  it('opens a register with its float, once per person and per register name', async () => {
    const opened = await cashier.call('POST', `${R}open/`, { opening_float: 2000 });
    expect(opened.statusCode, opened.body).toBe(201);
    const s = opened.json().data;
    expect(s).toMatchObject({
      register_name: 'Counter 1',
      status: 'OPEN',
      opening_float: 2000,
      expected: null,
    });
    expect(s.cashier_name).toBe('Ravi cashier');
    sessionId = s.id;
    expect((await cashier.call('GET', `${R}current/`)).json().data.session.id).toBe(sessionId);

    const again = await cashier.call('POST', `${R}open/`, { opening_float: 500, register_name: 'Counter 9' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^You already have Counter 1 open since \d\d:\d\d/);
    const taken = await owner.call('POST', `${R}open/`, { opening_float: 100, register_name: 'counter 1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/^Counter 1 is already open by Ravi cashier since \d\d:\d\d/);
    expect(taken.json().error.issues[0].path).toBe('register_name');
  });

  it('refuses bad amounts and reasons with a 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ kind: 'OUT', amount: -5, reason: 'Tea' }, 'amount'],
      [{ kind: 'OUT', amount: 0, reason: 'Tea' }, 'amount'],
      [{ kind: 'OUT', amount: '50', reason: 'Tea' }, 'amount'],
      [{ kind: 'OUT', amount: 50 }, 'reason'],
      [{ kind: 'OUT', amount: 50, reason: '  ' }, 'reason'],
      [{ kind: 'SIDEWAYS', amount: 50, reason: 'Tea' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const res = await cashier.call('POST', `${R}${sessionId}/movement/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    const float = await owner.call('POST', `${R}open/`, { opening_float: -1, register_name: 'Back' });
    expect(float.statusCode).toBe(400);
    expect(float.json().error.issues[0]).toMatchObject({
      path: 'opening_float',
      message: 'Opening float cannot be negative',
    });
    const count = await cashier.call('POST', `${R}${sessionId}/close/`, {});
    expect(count.statusCode).toBe(400);
    expect(count.json().error.issues[0].path).toBe('counted_cash');
  });

  it('closes with expected = float + sales − refunds + khata + in − out − expenses − suppliers', async () => {
    for (const q of [2, 1]) expect((await sell(cashier, productId, 150, q)).statusCode).toBe(201); // 450 in cash
    const upi = await sell(cashier, productId, 150, 1, 'UPI');
    expect(await sessionOfOrder(t, shops.a.id, upi.json().data.order_id)).toBeNull();
    const sale = await sell(cashier, productId, 150, 1); // 600 in cash
    expect(await sessionOfOrder(t, shops.a.id, sale.json().data.order_id)).toBe(sessionId);
    const moves = [
      { kind: 'IN', amount: 500, reason: 'Change from the bank' },
      { kind: 'OUT', amount: 120.5, reason: 'Tea and snacks' },
    ];
    for (const m of moves)
      expect((await cashier.call('POST', `${R}${sessionId}/movement/`, m)).statusCode).toBe(201);
    await refundRow(sale.json().data.order_id, 10000);
    await otherCashRows(t, shops.a.id, sessionId, { khata: 30000, expense: 5000, supplier: 20000 });
    // expected = 2000 + 600 − 100 + 300 + 500 − 120.50 − 50 − 200 = 2929.50

    const blind = (await cashier.call('GET', `${R}${sessionId}/`)).json().data;
    expect(blind.figures).toBeNull();
    const seenRes = await owner.call('GET', `${R}${sessionId}/`);
    const seen = seenRes.json().data;
    expect(seen.figures.expected).toBe(2929.5);

    const denominations = { '2000': 1, '500': 1, '200': 2, '5': 1, '2': 2 }; // 2909
    const closed = await cashier.call('POST', `${R}${sessionId}/close/`, {
      denominations,
      note: 'Short, checked twice',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const report = closed.json().data;
    expect(report.session).toMatchObject({
      status: 'CLOSED',
      expected: 2929.5,
      counted: 2909,
      difference: -20.5,
    });
    expect(report.session.close_note).toBe('Short, checked twice');
    expect(report.figures).toMatchObject({
      opening_float: 2000,
      cash_sales: { amount: 600, count: 3 },
      cash_refunds: { amount: 100, count: 1 },
      khata_received: { amount: 300, count: 1 },
      cash_in: { amount: 500, count: 1 },
      cash_out: { amount: 120.5, count: 1 },
      expenses: { amount: 50, count: 1 },
      supplier_payments: { amount: 200, count: 1 },
      expected: 2929.5,
    });
    expect(report.movements.map((m: { reason: string }) => m.reason)).toEqual([
      'Change from the bank',
      'Tea and snacks',
    ]);
    const [row] = await withStore(t.owner, shops.a.id, (tx) =>
      tx.select().from(schema.registerSessions).where(eq(schema.registerSessions.id, sessionId)),
    );
    expect(row).toMatchObject({ expectedPaise: 292950, countedPaise: 290900, differencePaise: -2050 });
  });

  it('refuses a second close, and cash moved after it', async () => {
    const again = await cashier.call('POST', `${R}${sessionId}/close/`, { counted_cash: 10 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Counter 1 was already closed at \d\d:\d\d by Ravi cashier/);
    expect(
      (await cashier.call('POST', `${R}${sessionId}/movement/`, { kind: 'IN', amount: 5, reason: 'Late' }))
        .statusCode,
    ).toBe(409);
    expect((await cashier.call('GET', `${R}current/`)).json().data.session).toBeNull();
  });

  it('prints the closing report as PDF', async () => {
    const pdf = await cashier.call('GET', `${R}${sessionId}/report.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const s of [
      'Register closing report: Counter 1',
      'Ravi cashier',
      'Expected cash',
      'Short by',
      'Tea and snacks',
    ])
      expect(text).toContain(s);
  });

  it('shows a cashier their own registers, owners every one, by cashier and day', async () => {
    const own = await owner.call('POST', `${R}open/`, { opening_float: 100, register_name: 'Back counter' });
    expect(own.statusCode, own.body).toBe(201);
    const mine = (await cashier.call('GET', R)).json().data;
    expect(mine.sessions.map((s: { id: string }) => s.id)).toEqual([sessionId]);
    expect(mine.cashiers).toEqual([]);
    const all = (await owner.call('GET', R)).json().data;
    expect(all.sessions.slice(0, 2).map((s: { id: string }) => s.id)).toEqual([
      own.json().data.id,
      sessionId,
    ]);
    expect(all.total).toBeGreaterThan(2); // the demo's days too
    expect(all.days).toContainEqual(
      expect.objectContaining({ cashier_name: 'Ravi cashier', sessions: 1, difference: -20.5 }),
    );
    const byCashier = (await owner.call('GET', `${R}?cashier_id=${cashier.userId}`)).json().data;
    expect(byCashier.total).toBe(1);
    const future = (await owner.call('GET', `${R}?from=2099-01-01`)).json().data;
    expect(future.total).toBe(0);
    expect((await owner.call('GET', `${R}?from=2026-02-30`)).json().error.issues[0].path).toBe('from');
    expect((await cashier.call('GET', `${R}${own.json().data.id}/`)).statusCode).toBe(404);
    expect((await packer.call('GET', R)).statusCode).toBe(403);
  });

  it('puts a cash refund in the refunder’s open drawer', async () => {
    const open = (await owner.call('GET', `${R}current/`)).json().data.session;
    const sale = await sell(owner, productId, 150, 1);
    const refund = await owner.call(
      'POST',
      `/api/admin/transaction/${sale.json().data.transaction_id}/refund/`,
      {
        amount: 40,
        reason: 'Damaged packet',
        method: 'CASH',
      },
    );
    expect(refund.statusCode, refund.body).toBe(200);
    const closed = await owner.call('POST', `${R}${open.id}/close/`, { counted_cash: 210 });
    expect(closed.json().data.figures).toMatchObject({
      cash_sales: { amount: 150 },
      cash_refunds: { amount: 40 },
      expected: 210,
    });
    expect(closed.json().data.session.difference).toBe(0);
  });
});

describe('the demo shops’ registers', () => {
  it('has closed days in every demo shop, none open, each expected equal to the rows in its drawer', async () => {
    for (const shop of shops.all) {
      const sessions = await withStore(t.owner, shop.id, (tx) => tx.select().from(schema.registerSessions));
      const demo = sessions.filter((s) => s.openedAt < new Date(Date.now() - 3_600_000));
      expect(demo.length, shop.slug).toBeGreaterThanOrEqual(3);
      expect(
        demo.filter((s) => !s.closedAt),
        shop.slug,
      ).toEqual([]);
      expect(new Set(demo.map((s) => Math.sign(s.differencePaise ?? 0)))).toEqual(new Set([-1, 0, 1]));
      for (const s of demo) {
        const sums = await withStore(t.owner, shop.id, (tx) => repo.drawerSums(tx, s.id));
        expect(expectedPaise(s.openingFloatPaise, sums), `${shop.slug} ${s.openedAt.toISOString()}`).toBe(
          s.expectedPaise,
        );
      }
    }
  });
});

/** A cash refund row naming the session (paise), as a counter return or the refund service writes it. */
async function refundRow(orderId: string, amountPaise: number) {
  const session = await sessionOfOrder(t, shops.a.id, orderId);
  await withStore(t.owner, shops.a.id, (tx) =>
    tx.insert(schema.refunds).values({
      storeId: shops.a.id,
      orderId,
      amountPaise,
      reason: 'Returned at the counter',
      method: 'CASH',
      registerSessionId: session,
    }),
  );
}

function pdfText(bytes: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'haat-register-'));
  const file = join(dir, 'report.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}
