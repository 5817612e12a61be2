import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gstinCheckDigit } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { staffMember } from '../staff/staff.test-helpers.ts';

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
let owner: Awaited<ReturnType<typeof demoVendor>>;
let ownerB: Awaited<ReturnType<typeof demoVendor>>;
const uploadDir = mkdtempSync(join(tmpdir(), 'haat-receipts-'));
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  shops = await demoShops(t.owner);
  owner = await demoVendor(t, shops.a);
  ownerB = await demoVendor(t, shops.b);
}, 60_000);
afterAll(() => t?.close());

const URL = '/api/admin/expense/';
const GSTIN = `27AAPFR4821K1Z${gstinCheckDigit('27AAPFR4821K1Z')}`;
const body = (extra: Record<string, unknown> = {}) => ({
  category: 'Electricity',
  spent_on: '2026-11-12',
  amount: 2360,
  gst: 360,
  payee: 'State electricity board',
  payee_gstin: GSTIN,
  description: 'November bill',
  method: 'UPI',
  ...extra,
});
const issuesOf = (res: { json: () => { error?: { issues?: { path: string; message: string }[] } } }) =>
  res.json().error?.issues ?? [];

async function uploadReceipt(token: string, storeId: string) {
  const bytes = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const boundary = `----haat${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bill.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/store/upload/?store_id=${storeId}&kind=receipt`,
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}

const auditOf = (storeId: string, id: string) =>
  withStore(t.owner, storeId, (tx) =>
    tx
      .select({ action: schema.auditEvents.action, summary: schema.auditEvents.summary })
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.entity, 'EXPENSE'), eq(schema.auditEvents.entityId, id)))
      .orderBy(schema.auditEvents.createdAt),
  );

describe('expenses', () => {
  it('records an expense with its receipt image, lists it in its month and category, edits and deletes it (audited)', async () => {
    const up = await uploadReceipt(owner.token, shops.a.id);
    expect(up.statusCode, up.body).toBe(201);
    const receipt = up.json().data.url as string;
    expect(receipt).toMatch(new RegExp(`^/media/uploads/${shops.a.id}/receipt-`));

    const made = await owner.call('POST', URL, body({ receipt_image: receipt, category: 'electricity' }));
    expect(made.statusCode, made.body).toBe(201);
    const x = made.json().data;
    expect(x).toMatchObject({
      category: 'Electricity',
      amount: 2360,
      gst: 360,
      payee_gstin: GSTIN,
      method: 'UPI',
    });
    expect(x).toMatchObject({ receipt_image: receipt, from_register: false, spent_on: '2026-11-12' });

    const list = (await owner.call('GET', `${URL}?month=2026-11&category=Electricity`)).json().data;
    expect(list.results.map((r: { id: string }) => r.id)).toContain(x.id);
    expect(list.categories.slice(0, 3)).toEqual(['Rent', 'Salaries and wages', 'Electricity']);
    const other = (await owner.call('GET', `${URL}?month=2026-10&category=Electricity`)).json().data;
    expect(other.results.map((r: { id: string }) => r.id)).not.toContain(x.id);

    const edited = await owner.call(
      'PUT',
      `${URL}${x.id}/`,
      body({ amount: 2500, gst: 0, payee_gstin: null }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      amount: 2500,
      gst: 0,
      payee_gstin: null,
      receipt_image: null,
    });

    const gone = await owner.call('DELETE', `${URL}${x.id}/`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await owner.call('DELETE', `${URL}${x.id}/`)).statusCode).toBe(404);
    const audit = await auditOf(shops.a.id, x.id);
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    expect(audit[0]?.summary).toBe('Recorded expense Electricity ₹2,360 on 2026-11-12');
    expect(audit[1]?.summary).toContain('amount');
  });

  it('refuses bad input with a 400 naming the field, never a 500', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: -50 }, 'amount', 'Amount cannot be negative'],
      [{ amount: '250' }, 'amount', 'Amount must be a number'],
      [{ amount: 0, gst: 0 }, 'amount', 'Amount must be more than ₹0'],
      [{ amount: 10.555 }, 'amount', 'Amount can have at most 2 decimals'],
      [{ gst: -1 }, 'gst', 'GST cannot be negative'],
      [{ amount: 100, gst: 100.01 }, 'gst', 'GST cannot be more than the amount'],
      [{ payee_gstin: '27AAPFR4821K1ZX' }, 'payee_gstin', 'Enter a valid GSTIN'],
      [{ spent_on: '2026-02-30' }, 'spent_on', 'Date must be a date'],
      [{ category: ' ' }, 'category', 'Choose a category'],
      [{ method: 'CHEQUE' }, 'method', 'Choose how it was paid'],
      [{ method: 'UPI', from_register: true }, 'from_register', 'Only a cash expense'],
      [{ receipt_image: 'https://evil.example/x.png' }, 'receipt_image', 'uploaded as a receipt'],
    ];
    for (const [extra, path, message] of cases) {
      const res = await owner.call('POST', URL, body(extra));
      expect(res.statusCode, `${JSON.stringify(extra)}: ${res.body}`).toBe(400);
      const issue = issuesOf(res).find((i) => i.path === path);
      expect(issue?.message, `${JSON.stringify(extra)}: ${res.body}`).toContain(message);
    }
    const foreign = `/media/uploads/${shops.b.id}/receipt-00000000-0000-4000-8000-000000000000.webp`;
    const res = await owner.call('POST', URL, body({ receipt_image: foreign }));
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res)[0]?.path).toBe('receipt_image');
    expect((await owner.call('GET', `${URL}?month=2026-13`)).statusCode).toBe(400);
  });

  it('pays a cash expense from the drawer only with a register open: 409 naming from_register without one', async () => {
    const res = await owner.call('POST', URL, body({ method: 'CASH', from_register: true, gst: 0 }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.reason).toBe('NO_OPEN_REGISTER');
    expect(issuesOf(res)[0]?.path).toBe('from_register');
    const cash = await owner.call('POST', URL, body({ method: 'CASH', gst: 0, payee_gstin: null }));
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().data.from_register).toBe(false);
  });

  it("with a register open, a cash expense from the drawer is in the close's expected cash; then it stays as counted", async () => {
    const manager = await staffMember(t, owner, shops.a, 'MANAGER');
    const opened = await manager.call('POST', '/api/admin/register/open/', {
      register_name: 'Books drawer',
      opening_float: 2000,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const sessionId = opened.json().data.id as string;
    const paid = await manager.call(
      'POST',
      URL,
      body({ method: 'CASH', from_register: true, amount: 350.5, gst: 0 }),
    );
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.from_register).toBe(true);
    const byBank = await manager.call('POST', URL, body({ method: 'BANK', amount: 999, gst: 0 }));
    expect(byBank.json().data.from_register).toBe(false);
    const closed = await manager.call('POST', `/api/admin/register/${sessionId}/close/`, {
      counted_cash: 1649.5,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.figures).toMatchObject({
      expenses: { amount: 350.5, count: 1 },
      expected: 1649.5,
    });
    expect(closed.json().data.session.difference).toBe(0);
    // The drawer was counted: its amount and method stay, and it cannot be deleted.
    const id = paid.json().data.id as string;
    const changed = await manager.call(
      'PUT',
      `${URL}${id}/`,
      body({ method: 'CASH', from_register: true, amount: 400, gst: 0 }),
    );
    expect(changed.statusCode, changed.body).toBe(409);
    expect(changed.json().error.reason).toBe('REGISTER_CLOSED');
    const noted = await manager.call(
      'PUT',
      `${URL}${id}/`,
      body({ method: 'CASH', from_register: true, amount: 350.5, gst: 0, description: 'Tea for the staff' }),
    );
    expect(noted.statusCode, noted.body).toBe(200);
    expect((await manager.call('DELETE', `${URL}${id}/`)).statusCode).toBe(409);
  });

  it("keeps each shop's expenses apart: shop B's id is not found from shop A", async () => {
    const made = (await ownerB.call('POST', URL, body())).json().data;
    expect((await owner.call('PUT', `${URL}${made.id}/`, body())).statusCode).toBe(404);
    expect((await owner.call('DELETE', `${URL}${made.id}/`)).statusCode).toBe(404);
    const listed = (await owner.call('GET', `${URL}?month=2026-11`)).json().data.results;
    expect(listed.map((r: { id: string }) => r.id)).not.toContain(made.id);
  });

  it('lets owners and managers record expenses and read the profit and loss; a cashier gets 403', async () => {
    const manager = await staffMember(t, owner, shops.a, 'MANAGER');
    const cashier = await staffMember(t, owner, shops.a, 'CASHIER');
    expect((await manager.call('POST', URL, body())).statusCode).toBe(201);
    expect((await manager.call('GET', '/api/admin/profit-loss/')).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', URL],
      ['POST', URL],
      ['GET', '/api/admin/profit-loss/'],
      ['GET', '/api/admin/profit-loss/export.csv'],
    ] as const) {
      const res = await cashier.call(method, url, method === 'POST' ? body() : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await uploadReceipt(cashier.token, shops.a.id)).statusCode).toBe(403);
  });
});
