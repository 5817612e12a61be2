import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { posTotals } from '@haat/contracts';
import { rowsOf, schema, withStore } from '@haat/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { productsOf, shopperWithCart } from '../orders/orders.test-helpers.ts';
import { staffMember } from '../staff/staff.test-helpers.ts';

/*
 * The shop's customers and their khata (issue 38): the book from online and counter customers, a counter sale on
 * credit within the limit, payments settling the oldest sales, the advance question, the statement and reminder,
 * who may do what, and two cashiers taking payments on one khata at once.
 */

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
let owner: Awaited<ReturnType<typeof demoVendor>>;
beforeAll(async () => {
  t = await createTestApp({}, { poolSize: 40 });
  shops = await demoShops(t.owner);
  owner = await demoVendor(t, shops.a);
});
afterAll(() => t?.close());

let seq = 0;
async function product(price = 100) {
  const [category] = (await owner.call('GET', '/api/admin/category/')).json().data as { id: string }[];
  seq += 1;
  const sku = `KH-${Date.now().toString(36)}-${seq}`.toUpperCase();
  const res = await owner.call('POST', '/api/admin/product/', {
    product_name: `Khata Item ${sku}`,
    sku,
    original_price: 50,
    product_price: price,
    unit: 'Piece',
    product_quantity: 500,
    shipping_charge: 0,
    tax_percentage: 5,
    hsn_code: '0902',
    category_id: category?.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

/** A counter sale of `quantity` at `price` to the phone, paid as said. */
function sale(phone: string, productId: string, quantity: number, price: number, payment: object) {
  const tot = posTotals([{ unitPricePaise: price * 100, quantity, ratePercent: 5 }], {
    type: 'FIXED',
    value: 0,
  });
  return owner.call('POST', '/api/admin/order/pos-checkout/', {
    name: 'Kamla Devi',
    phone,
    product_id: [{ product_id: productId, quantity }],
    discount_type: 'FIXED',
    discount_value: 0,
    sub_total: tot.subtotalPaise / 100,
    discount_amount: 0,
    tax: tot.taxPaise / 100,
    total_bill_amount: tot.totalPaise / 100,
    total_items: quantity,
    payment,
  });
}

function pdfText(bytes: Buffer) {
  const file = join(mkdtempSync(join(tmpdir(), 'haat-khata-')), 'statement.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

let phoneSeq = 0;
const newPhone = () => {
  phoneSeq += 1;
  return `96${String(Date.now()).slice(-6)}${String(phoneSeq).padStart(2, '0')}`;
};

/** A counter customer on the book with a credit limit, by a cash sale then the limit. */
async function creditCustomerWith(limit: number, productId: string) {
  const phone = newPhone();
  expect((await sale(phone, productId, 1, 100, { method: 'CASH', amount_received: 100 })).statusCode).toBe(
    201,
  );
  const found = (await owner.call('GET', `/api/admin/customer/?search=${phone}`)).json().data;
  const id = found.results[0].id as string;
  const set = await owner.call('PUT', `/api/admin/customer/${id}/credit-limit/`, { credit_limit: limit });
  expect(set.statusCode, set.body).toBe(200);
  return { id, phone };
}

describe('the customer book', () => {
  it('holds online customers by phone with their orders and value, found by phone or name', async () => {
    const [o] = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({ phone: schema.orders.contactPhone, name: schema.orders.shipName })
        .from(schema.orders)
        .where(and(eq(schema.orders.storeId, shops.a.id), eq(schema.orders.channel, 'ONLINE')))
        .limit(1),
    );
    const phone = String(o?.phone);
    const byPhone = (await owner.call('GET', `/api/admin/customer/?search=${phone.slice(2)}`)).json().data;
    const c = byPhone.results.find((r: { phone: string }) => r.phone === phone);
    expect(c, JSON.stringify(byPhone)).toBeTruthy();
    expect(c.online).toBe(true);
    expect(c.orders_count).toBeGreaterThan(0);
    const [counted] = rowsOf<{ v: number }>(
      await withStore(t.owner, shops.a.id, (tx) =>
        tx.execute(sql`select coalesce(sum(o.total_paise - coalesce((select sum(f.amount_paise) from refunds f
          where f.store_id = o.store_id and f.order_id = o.id), 0)), 0)::int as v, count(*)::int as n
        from orders o join pos_customers p on p.store_id = o.store_id and p.id = o.shop_customer_id
        where o.store_id = ${shops.a.id} and p.phone = ${phone} and o.status not in ('CANCELLED', 'RETURNED', 'RTO')`),
      ),
    );
    expect(c.lifetime_value).toBe(Number(counted?.v) / 100);
    const first = String(o?.name).split(' ')[0] ?? '';
    const byName = (
      await owner.call('GET', `/api/admin/customer/?search=${encodeURIComponent(first)}`)
    ).json().data;
    expect(byName.results.some((r: { phone: string }) => r.phone === phone)).toBe(true);
    const page = (await owner.call('GET', '/api/admin/customer/?limit=5&offset=0')).json().data;
    expect(page.results).toHaveLength(5);
    expect(page.count).toBeGreaterThan(5);
  });

  it('adds an online customer on their first order and links each order and their account', async () => {
    const [card] = await productsOf(t, shops.a.slug);
    const s = await shopperWithCart(t, shops.a.slug, [{ id: card?.id ?? '', quantity: 1 }]);
    const placed = await s.place(await s.orderBody());
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.order_id as string;
    const [order] = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({ customer: schema.orders.shopCustomerId, phone: schema.orders.contactPhone })
        .from(schema.orders)
        .where(eq(schema.orders.id, orderId)),
    );
    expect(order?.customer).toMatch(/^[0-9a-f-]{36}$/);
    const c = (await owner.call('GET', `/api/admin/customer/${order?.customer}/`)).json().data;
    expect(c).toMatchObject({ online: true, orders_count: 1, balance: 0, credit_limit: null });
    expect(c.orders[0].id).toBe(orderId);
    expect(c.phone).toBe(String(order?.phone).replace(/\D/g, '').slice(-10));
  });

  it('answers 400 naming the field for a bad id and 404 for another shop’s customer', async () => {
    expect((await owner.call('GET', '/api/admin/customer/nope/')).json().error.issues[0].path).toBe('id');
    const [other] = await withStore(t.owner, shops.b.id, (tx) =>
      tx.select({ id: schema.posCustomers.id }).from(schema.posCustomers).limit(1),
    );
    expect((await owner.call('GET', `/api/admin/customer/${other?.id}/`)).statusCode).toBe(404);
  });
});

describe('a sale on the khata', () => {
  it('needs a credit limit, stays within it, and leaves the sale unpaid with a SALE entry', async () => {
    const productId = await product(100);
    const stranger = await sale(newPhone(), productId, 1, 100, { method: 'CREDIT' });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().error.reason).toBe('NO_CREDIT');
    const c = await creditCustomerWith(500, productId);
    const ok = await sale(c.phone, productId, 3, 100, { method: 'CREDIT' });
    expect(ok.statusCode, ok.body).toBe(201);
    const orderId = ok.json().data.order_id as string;
    const [order] = await withStore(t.owner, shops.a.id, (tx) =>
      tx.select().from(schema.orders).where(eq(schema.orders.id, orderId)),
    );
    expect(order).toMatchObject({ paymentMethod: 'CREDIT', paymentStatus: 'PENDING', shopCustomerId: c.id });
    const over = await sale(c.phone, productId, 3, 100, { method: 'CREDIT' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('credit limit of ₹500');
    expect(over.json().message).toContain('balance now ₹300');
    const detail = (await owner.call('GET', `/api/admin/customer/${c.id}/`)).json().data;
    expect(detail).toMatchObject({ balance: 300, credit_limit: 500, credit_left: 200 });
    expect(detail.khata).toEqual([
      expect.objectContaining({ kind: 'SALE', amount: 300, balance_after: 300 }),
    ]);
    expect(detail.orders.map((o: { id: string }) => o.id)).toContain(orderId);
  });
});

describe('payments received on the khata', () => {
  it('refuse a zero, negative or non-number amount naming the field', async () => {
    const productId = await product(100);
    const c = await creditCustomerWith(1000, productId);
    for (const amount of [0, -5, 'ten']) {
      const res = await owner.call('POST', `/api/admin/customer/${c.id}/payment/`, {
        amount,
        method: 'CASH',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.issues[0].path).toBe('amount');
    }
  });

  it('settle the oldest credit sales first, ask before keeping an advance, and print a statement', async () => {
    const productId = await product(100);
    const c = await creditCustomerWith(1000, productId);
    const first = (await sale(c.phone, productId, 2, 100, { method: 'CREDIT' })).json().data.order_id;
    const second = (await sale(c.phone, productId, 1, 100, { method: 'CREDIT' })).json().data.order_id;
    const pay = (body: object) => owner.call('POST', `/api/admin/customer/${c.id}/payment/`, body);
    const part = await pay({ amount: 250, method: 'UPI', reference: 'UTR123' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data).toMatchObject({ balance: 50, settled_orders: [first] });
    const status = async (id: string) =>
      (
        await withStore(t.owner, shops.a.id, (tx) =>
          tx
            .select({ o: schema.orders.paymentStatus, p: schema.paymentTransactions.paymentStatus })
            .from(schema.orders)
            .innerJoin(schema.paymentTransactions, eq(schema.paymentTransactions.orderId, schema.orders.id))
            .where(eq(schema.orders.id, id)),
        )
      )[0];
    expect(await status(first)).toEqual({ o: 'SUCCESS', p: 'SUCCESS' });
    expect(await status(second)).toEqual({ o: 'PENDING', p: 'PENDING' });
    // The invoices say so: the first paid, the second unpaid until the khata covers it.
    const invoice = async (id: string) =>
      pdfText((await owner.call('GET', `/api/admin/order/pos-checkout/${id}/invoice.pdf`)).rawPayload);
    expect(await invoice(first)).toContain('Payment: On khata (pay later): paid');
    expect(await invoice(second)).toContain('Payment: On khata (pay later): unpaid');
    const above = await pay({ amount: 80, method: 'CASH' });
    expect(above.statusCode).toBe(409);
    expect(above.json().message).toContain('balance is ₹50');
    const advance = await pay({ amount: 80, method: 'CASH', confirm_advance: true });
    expect(advance.json().data).toMatchObject({ balance: -30, settled_orders: [second] });
    const pdf = await owner.call('GET', `/api/admin/customer/${c.id}/statement.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('KHATA STATEMENT');
    expect(text).toContain('Opening balance');
    expect(text).toMatch(/Closing balance\s+−₹30\.00/);
    expect(text).toContain('Payment received (UPI UTR123)');
    const reminder = (await owner.call('GET', `/api/admin/customer/${c.id}/reminder/`)).json().data;
    expect(reminder.whatsapp_url.startsWith(`https://wa.me/91${c.phone}?text=`)).toBe(true);
  });

  it('uses an advance first: a credit sale it covers is paid at once, also for a customer without a limit', async () => {
    const c = await creditCustomerWith(1000, await product(100));
    const productId = await product(20);
    const pay = (id: string, body: object) => owner.call('POST', `/api/admin/customer/${id}/payment/`, body);
    const kept = await pay(c.id, { amount: 30, method: 'UPI', confirm_advance: true });
    expect(kept.json().data.balance).toBe(-30);
    const paidStatus = async (orderId: string) =>
      (
        await withStore(t.owner, shops.a.id, (tx) =>
          tx
            .select({ o: schema.orders.paymentStatus, p: schema.paymentTransactions.paymentStatus })
            .from(schema.orders)
            .innerJoin(schema.paymentTransactions, eq(schema.paymentTransactions.orderId, schema.orders.id))
            .where(eq(schema.orders.id, orderId)),
        )
      )[0];
    const covered = await sale(c.phone, productId, 1, 20, { method: 'CREDIT' });
    expect(covered.statusCode, covered.body).toBe(201);
    const coveredId = covered.json().data.order_id;
    // The receipt says so too: paid, not "Khata (unpaid)".
    expect(covered.json().data.payment).toMatchObject({ method: 'CREDIT', paid: true });
    expect(await paidStatus(coveredId)).toEqual({ o: 'SUCCESS', p: 'SUCCESS' });
    const detail = (await owner.call('GET', `/api/admin/customer/${c.id}/`)).json().data;
    expect(detail.balance).toBe(-10);
    const invoice = (await owner.call('GET', `/api/admin/order/pos-checkout/${coveredId}/invoice.pdf`))
      .rawPayload;
    expect(pdfText(invoice)).toContain('Payment: On khata (pay later): paid');
    // ₹10 of advance left: a ₹20 sale uses it and owes ₹10, unpaid until the khata is paid.
    const part = await sale(c.phone, productId, 1, 20, { method: 'CREDIT' });
    expect(part.json().data.payment.paid).toBe(false);
    expect(await paidStatus(part.json().data.order_id)).toEqual({ o: 'PENDING', p: 'PENDING' });
    expect((await owner.call('GET', `/api/admin/customer/${c.id}/`)).json().data.balance).toBe(10);
    const settled = await pay(c.id, { amount: 10, method: 'CASH' });
    expect(settled.json().data).toMatchObject({ balance: 0, settled_orders: [part.json().data.order_id] });

    // No credit limit, but ₹25 paid in advance: a ₹20 sale on the khata is paid by it; a ₹40 one is refused.
    const phone = newPhone();
    expect((await sale(phone, productId, 1, 20, { method: 'CASH', amount_received: 20 })).statusCode).toBe(
      201,
    );
    const plain = (await owner.call('GET', `/api/admin/customer/?search=${phone}`)).json().data.results[0];
    expect(plain.credit_limit).toBeNull();
    expect((await pay(plain.id, { amount: 25, method: 'CASH' })).statusCode).toBe(409);
    expect((await pay(plain.id, { amount: 25, method: 'CASH', confirm_advance: true })).statusCode).toBe(200);
    const byAdvance = await sale(phone, productId, 1, 20, { method: 'CREDIT' });
    expect(byAdvance.statusCode, byAdvance.body).toBe(201);
    expect(await paidStatus(byAdvance.json().data.order_id)).toEqual({ o: 'SUCCESS', p: 'SUCCESS' });
    const beyond = await sale(phone, productId, 2, 20, { method: 'CREDIT' });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().message).toContain('the ₹5 advance they hold does not cover this sale');
    expect((await owner.call('GET', `/api/admin/customer/${plain.id}/`)).json().data.balance).toBe(-5);
  });

  it('reminds with the amount due and the shop’s UPI link', async () => {
    const productId = await product(100);
    const c = await creditCustomerWith(1000, productId);
    await sale(c.phone, productId, 2, 100, { method: 'CREDIT' });
    await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .update(schema.storeSettings)
        .set({ upiId: 'kirana@okaxis' })
        .where(eq(schema.storeSettings.storeId, shops.a.id)),
    );
    const r = (await owner.call('GET', `/api/admin/customer/${c.id}/reminder/`)).json().data;
    expect(r.balance).toBe(200);
    expect(r.upi_link).toMatch(/^upi:\/\/pay\?pa=kirana%40okaxis&.*am=200\.00/);
    expect(r.text).toContain('₹200 is due');
    expect(decodeURIComponent(r.whatsapp_url)).toContain(r.upi_link);
  });
});

describe('cash into the drawer', () => {
  it('names the register the cashier has open on a cash payment, and none on UPI', async () => {
    const productId = await product(100);
    const c = await creditCustomerWith(1000, productId);
    await sale(c.phone, productId, 2, 100, { method: 'CREDIT' });
    const cashier = await staffMember(t, owner, shops.a, 'CASHIER');
    const opened = await cashier.call('POST', '/api/admin/register/open/', {
      register_name: `Khata ${Date.now().toString(36)}`,
      opening_float: 500,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const pay = (method: string) =>
      cashier.call('POST', `/api/admin/customer/${c.id}/payment/`, { amount: 50, method });
    const cash = (await pay('CASH')).json().data.entry.id as string;
    const upi = (await pay('UPI')).json().data.entry.id as string;
    const drawer = async (id: string) =>
      (
        await withStore(t.owner, shops.a.id, (tx) =>
          tx
            .select({ s: schema.khataEntries.registerSessionId })
            .from(schema.khataEntries)
            .where(eq(schema.khataEntries.id, id)),
        )
      )[0]?.s;
    expect(await drawer(cash)).toBe(opened.json().data.id);
    expect(await drawer(upi)).toBeNull();
  });
});

describe('who may do what', () => {
  it('a cashier takes payments but cannot set a limit; a packer cannot see customers', async () => {
    const productId = await product(100);
    const c = await creditCustomerWith(1000, productId);
    await sale(c.phone, productId, 1, 100, { method: 'CREDIT' });
    const cashier = await staffMember(t, owner, shops.a, 'CASHIER');
    const packer = await staffMember(t, owner, shops.a, 'PACKER');
    expect(
      (await cashier.call('POST', `/api/admin/customer/${c.id}/payment/`, { amount: 10, method: 'CASH' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await cashier.call('PUT', `/api/admin/customer/${c.id}/credit-limit/`, { credit_limit: 5 }))
        .statusCode,
    ).toBe(403);
    expect((await packer.call('GET', '/api/admin/customer/')).statusCode).toBe(403);
  });
});

describe('two cashiers on one khata at once', () => {
  it('never double-count: the balance is the sum of the entries and each balance after follows the one before', async () => {
    const productId = await product(100);
    const c = await creditCustomerWith(5000, productId);
    expect((await sale(c.phone, productId, 20, 100, { method: 'CREDIT' })).statusCode).toBe(201);
    const n = process.env.DATABASE_URL ? 16 : 4;
    const results = await Promise.all(
      Array.from({ length: n }, () =>
        owner.call('POST', `/api/admin/customer/${c.id}/payment/`, { amount: 25, method: 'UPI' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(n).fill(200));
    const entries = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select()
        .from(schema.khataEntries)
        .where(eq(schema.khataEntries.customerId, c.id))
        .orderBy(schema.khataEntries.createdAt, sql`balance_after_paise desc`),
    );
    let running = 0;
    for (const e of entries) {
      running += e.amountPaise;
      expect(e.balanceAfterPaise).toBe(running);
    }
    const detail = (await owner.call('GET', `/api/admin/customer/${c.id}/`)).json().data;
    expect(detail.balance).toBe(2000 - 25 * n);
    expect(running).toBe((2000 - 25 * n) * 100);
  });
});
