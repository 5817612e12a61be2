import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GST_STATE_CODES, gstinCheckDigit, transactionQuery } from '@haat/contracts';
import { rowsOf, schema, withStore } from '@haat/db';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { type Card, productsOf, shopperWithCart, stockOf } from '../orders/orders.test-helpers.ts';
import { findStoreBySlug } from '../stores/stores.repository.ts';
import { transactionsFor } from './payments-csv.ts';

const { t, shops, vendor } = await demoSuite(process.env.DEBUG_LOG ? { LOG_LEVEL: 'error' } : {}, {
  poolSize: 12,
});
const otherVendor = await demoVendor(t, shops.b);
let shopState: string;
let gstin: string;
beforeAll(async () => {
  const [loc] = await withStore(t.owner, shops.a.id, (tx) =>
    tx.select().from(schema.storeLocations).where(eq(schema.storeLocations.storeId, shops.a.id)),
  );
  shopState = loc?.state ?? '';
  const first14 = `${GST_STATE_CODES[shopState]}AAPFU0939F1Z`;
  gstin = first14 + gstinCheckDigit(first14);
});

const ORDER = '/api/admin/order/';
const TXN = '/api/admin/transaction/';

/** The text of a PDF, read back with poppler's pdftotext. */
function pdfText(bytes: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'haat-pdf-'));
  const file = join(dir, 'doc.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A delivered COD order of shop A (shipped to `state`), its payment id and its product. */
async function deliveredOrder(quantity = 2, state?: string) {
  const cards: Card[] = await productsOf(t, shops.a.slug);
  const p = cards.find((c) => c.product_quantity >= 10 && !c.free_shipping);
  if (!p) throw new Error('product');
  const s = await shopperWithCart(t, shops.a.slug, [{ id: p.id, quantity }]);
  if (state) {
    const res = await s.call('POST', '/api/store/address/', {
      full_name: 'Asha Menon',
      address_line1: '3 Marine Drive',
      city: 'Kochi',
      state,
      postal_code: '682031',
      is_default: true,
    });
    s.address.id = res.json().data.id;
  }
  const cartGst = (await s.call('GET', '/api/store/store-user/store-cart/')).json().data.summary
    .gst as number;
  const placed = await s.place(await s.orderBody());
  expect(placed.statusCode).toBe(201);
  const id = placed.json().data.order_id as string;
  let d = (await vendor.call('GET', `${ORDER}${id}/`)).json().data.order_details;
  for (const status of ['PROCESSING', 'SHIPPED', 'DELIVERED']) {
    const res = await vendor.call('PUT', `${ORDER}${id}/status/`, {
      status,
      carrier: 'Delhivery',
      tracking_number: 'DL12345',
      version: d.version,
    });
    expect(res.statusCode, await res.body).toBe(200);
    d = res.json().data.order_details;
  }
  const list = (await vendor.call('GET', `${TXN}?search=${encodeURIComponent(d.order_number)}`)).json().data;
  expect(list.count).toBe(1);
  return {
    s,
    id,
    number: d.order_number as string,
    paymentId: list.results[0].id as string,
    product: p,
    total: d.total_amount as number,
    tax: d.tax as number,
    cartGst,
  };
}

/** The tax the order said when it was placed is the tax its invoice charges (one rule, issue 39). */
const taxOf = (doc: { cgstPaise: number; sgstPaise: number; igstPaise: number } | undefined) =>
  ((doc?.cgstPaise ?? 0) + (doc?.sgstPaise ?? 0) + (doc?.igstPaise ?? 0)) / 100;

describe('GST registration', () => {
  it('validates the GSTIN (check digit, the shop’s state) and saves it', async () => {
    const bad = await vendor.call('PUT', '/api/admin/store-setting/gst/', {
      gstin: `${gstin.slice(0, 14)}0`,
      legal_name: 'X',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('gstin');
    const otherState = Object.entries(GST_STATE_CODES).find(([s]) => s !== shopState)?.[1] ?? '07';
    const wrongState = `${otherState}AAPFU0939F1Z`;
    const elsewhere = await vendor.call('PUT', '/api/admin/store-setting/gst/', {
      gstin: wrongState + gstinCheckDigit(wrongState),
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.issues[0].path).toBe('gstin');
    const ok = await vendor.call('PUT', '/api/admin/store-setting/gst/', {
      gstin: gstin.toLowerCase(),
      legal_name: 'Haat Demo Traders Pvt Ltd',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      gstin,
      legal_name: 'Haat Demo Traders Pvt Ltd',
      state: shopState,
    });
    expect((await otherVendor.call('GET', '/api/admin/store-setting/gst/')).json().data.gstin).not.toBe(
      gstin,
    );
  });
});

describe('transactions, invoices and refunds', () => {
  it('an order that ships gets a tax invoice whose PDF names GSTIN, HSN, place of supply and the tax', async () => {
    await vendor.call('PUT', '/api/admin/store-setting/gst/', {
      gstin,
      legal_name: 'Haat Demo Traders Pvt Ltd',
    });
    await withStore(t.owner, shops.a.id, (tx) =>
      tx.update(schema.products).set({ hsnCode: '09024020' }).where(eq(schema.products.storeId, shops.a.id)),
    );
    const o = await deliveredOrder(2, shopState);
    const detail = await vendor.call('GET', `${TXN}${o.paymentId}/`);
    expect(detail.statusCode).toBe(200);
    const d = detail.json().data;
    expect(d).toMatchObject({
      payment_status: 'SUCCESS',
      is_invoice_generated: true,
      order_number: o.number,
      collected: { how: 'Cash on delivery' },
      refundable: o.total,
    });
    expect(d.customer_invoice.invoice_number).toMatch(/^INV\/\d{2}-\d{2}\/\d{5}$/);
    expect(d.customer.orders).toBeGreaterThanOrEqual(1);
    expect(d.timeline.map((e: { label: string }) => e.label)).toEqual(
      expect.arrayContaining(['Payment created', 'Payment collected', 'Invoice issued']),
    );

    const pdf = await vendor.call('GET', `${TXN}get-invoice/?transaction_id=${o.paymentId}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    if (process.env.KEEP_PDF) writeFileSync(process.env.KEEP_PDF, pdf.rawPayload);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(`GSTIN: ${gstin}`);
    expect(text).toContain('09024020');
    expect(text).toContain(`${shopState} (${GST_STATE_CODES[shopState]})`);
    expect(text).toContain('CGST');
    expect(text).toContain('Tax is not payable on reverse charge');
    const [doc] = await withStore(t.owner, shops.a.id, (tx) =>
      tx.select().from(schema.taxDocuments).where(eq(schema.taxDocuments.orderId, o.id)),
    );
    expect(doc?.cgstPaise).toBeGreaterThan(0);
    expect(o.tax).toBe(taxOf(doc));
    expect(o.cartGst).toBe(o.tax);
    expect(text).toContain(
      `₹${((doc?.cgstPaise ?? 0) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
    );
    // The customer downloads their own invoice from Your Orders; another customer cannot.
    const own = await o.s.call('GET', `/api/store/store-user/store-order/${o.id}/invoice/`);
    expect(own.statusCode).toBe(200);
    const other = await deliveredOrder(1);
    expect((await other.s.call('GET', `/api/store/store-user/store-order/${o.id}/invoice/`)).statusCode).toBe(
      404,
    );
  });

  it('ships to another state with IGST', async () => {
    const o = await deliveredOrder(1, shopState === 'Kerala' ? 'Goa' : 'Kerala');
    const [doc] = await withStore(t.owner, shops.a.id, (tx) =>
      tx.select().from(schema.taxDocuments).where(eq(schema.taxDocuments.orderId, o.id)),
    );
    expect(doc).toMatchObject({ cgstPaise: 0, sgstPaise: 0 });
    expect(doc?.igstPaise).toBeGreaterThan(0);
    expect(o.tax).toBe(taxOf(doc));
    expect(
      pdfText((await vendor.call('GET', `${TXN}get-invoice/?transaction_id=${o.paymentId}`)).rawPayload),
    ).toContain('IGST');
  });

  it('refunds part, then refuses more than is left; restocks the chosen lines; issues a credit note; mails', async () => {
    const o = await deliveredOrder(2);
    const stock = await stockOf(t, shops.a.slug, o.product.id);
    const statsBefore = (await vendor.call('GET', `${TXN}transaction-stats/`)).json().data;
    const dashboard = async () =>
      (await vendor.call('GET', '/api/admin/dashboard/?period=monthly')).json().data.revenue.monthly
        .value as number;
    const dashboardBefore = await dashboard();
    const spent = async () =>
      (await vendor.call('GET', `${TXN}${o.paymentId}/`)).json().data.customer.total_spent as number;
    const spentBefore = await spent();
    const bad = await vendor.call('POST', `${TXN}${o.paymentId}/refund/`, {
      amount: 10,
      reason: 'x',
      method: 'UPI',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(['reason']),
    );
    const half = Math.round(o.total * 50) / 100;
    const res = await vendor.call('POST', `${TXN}${o.paymentId}/refund/`, {
      amount: half,
      reason: 'One item arrived damaged',
      method: 'UPI',
      reference: '612345678901',
      restock: [{ product_id: o.product.id, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ payment_status: 'PARTIALLY_REFUNDED', refunded_amount: half });
    expect(d.refunds[0]).toMatchObject({
      amount: half,
      method: 'UPI',
      restocked: [{ product_id: o.product.id, quantity: 1 }],
    });
    expect(d.refunds[0].credit_note).toMatch(/^CN\/\d{2}-\d{2}\/\d{5}$/);
    expect(await stockOf(t, shops.a.slug, o.product.id)).toBe(stock + 1);
    const statsAfter = (await vendor.call('GET', `${TXN}transaction-stats/`)).json().data;
    expect(Math.round((statsBefore.total_revenue - statsAfter.total_revenue) * 100)).toBe(
      Math.round(half * 100),
    );

    expect(Math.round((dashboardBefore - (await dashboard())) * 100)).toBe(Math.round(half * 100));
    // The customer's "Total spent" counts what they paid less what came back (issue 42, #20).
    expect(Math.round((spentBefore - (await spent())) * 100)).toBe(Math.round(half * 100));

    const over = await vendor.call('POST', `${TXN}${o.paymentId}/refund/`, {
      amount: o.total,
      reason: 'Everything',
      method: 'CASH',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/^Only ₹[\d,.]+ is left to refund/);
    const note = d.documents.find((x: { kind: string }) => x.kind === 'CREDIT_NOTE');
    // The month's GST summary counts the invoice and takes the credit note off, by rate and by place of supply.
    const month = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 7);
    const summary = (await vendor.call('GET', `${TXN}gst-summary/?month=${month}`)).json().data;
    expect(summary.invoices).toBeGreaterThanOrEqual(1);
    expect(summary.credit_notes).toBeGreaterThanOrEqual(1);
    const states = summary.by_state.map((r: { total: number }) => r.total);
    const rates = summary.by_rate.map((r: { total: number }) => r.total);
    const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100);
    expect(sum(states)).toBe(sum(rates));
    expect((await vendor.call('GET', `${TXN}gst-summary/?month=2026-13`)).json().error.issues[0].path).toBe(
      'month',
    );
    const csv = await vendor.call('GET', `${TXN}gst-summary.csv?month=${month}`);
    expect(csv.body).toContain('section,rate_or_state,state_code,taxable_value,cgst,sgst,igst,total');
    expect(csv.body).toMatch(/by_place_of_supply,[A-Za-z ]+,\d{2},/);
    const cn = await vendor.call('GET', `${TXN}get-invoice/?document_id=${note.id}`);
    const cnText = pdfText(cn.rawPayload);
    expect(cnText).toContain('CREDIT NOTE');
    expect(cnText).toContain(d.customer_invoice.invoice_number);
    const mail = JSON.stringify(
      (await t.app.inject({ url: `/api/dev/mailbox?to=${encodeURIComponent(o.s.email)}` })).json(),
    );
    expect(mail).toContain(`Refund of ₹${half.toLocaleString('en-IN')} for order ${o.number}`);
    const order = (await vendor.call('GET', `${ORDER}${o.id}/`)).json().data.order_details;
    expect(order.payment_status).toBe('PARTIALLY_REFUNDED');
  });

  it('of ten refunds of 60 % sent at once exactly one goes through', async () => {
    const o = await deliveredOrder(2);
    const amount = Math.round(o.total * 60) / 100;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        vendor.call('POST', `${TXN}${o.paymentId}/refund/`, { amount, reason: 'Race', method: 'CASH' }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const rows = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select()
        .from(schema.refunds)
        .where(and(eq(schema.refunds.storeId, shops.a.id), eq(schema.refunds.orderId, o.id))),
    );
    expect(rows).toHaveLength(1);
  });

  it('numbers invoices issued at the same moment consecutively, none reused or skipped', async () => {
    const orders = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const cards: Card[] = await productsOf(t, shops.a.slug);
        const p = cards.find((c) => c.product_quantity >= 10);
        const s = await shopperWithCart(t, shops.a.slug, [{ id: p?.id ?? '', quantity: 1 }]);
        const id = (await s.place(await s.orderBody())).json().data.order_id as string;
        const d = (await vendor.call('PUT', `${ORDER}${id}/status/`, { status: 'PROCESSING' })).json().data
          .order_details;
        return { id, version: d.version as number };
      }),
    );
    const shipped = await Promise.all(
      orders.map((o) =>
        vendor.call('PUT', `${ORDER}${o.id}/status/`, {
          status: 'SHIPPED',
          carrier: 'Ekart',
          tracking_number: 'EK99999',
          version: o.version,
        }),
      ),
    );
    expect(shipped.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const docs = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select()
        .from(schema.taxDocuments)
        .where(and(eq(schema.taxDocuments.storeId, shops.a.id), eq(schema.taxDocuments.series, 'INV'))),
    );
    const seqs = docs.map((d) => d.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  });

  it('a search finds payments by their order’s number, customer and phone, or their own reference, the same through the index or not', async () => {
    const o = await deliveredOrder(1);
    const d = (await vendor.call('GET', `${ORDER}${o.id}/`)).json().data.order_details;
    const digits = (d.user.phone as string).replace(/\D/g, '');
    // What the list must answer: shop A's payments whose reference or order's key has the term, read directly.
    const expected = async (term: string) =>
      rowsOf<{ id: string }>(
        await withStore(t.owner, shops.a.id, (tx) =>
          tx.execute(
            sql`select t.id from payment_transactions t join orders o on o.store_id = t.store_id and o.id = t.order_id
                where t.store_id = ${shops.a.id} and (lower(t.reference) like ${`%${term}%`} or o.search_key like ${`%${term}%`})
                order by t.created_at desc, t.id desc`,
          ),
        ),
      ).map((r) => r.id);
    for (const term of [
      o.number.toLowerCase(),
      o.s.email.toLowerCase(),
      digits.slice(-7),
      digits.slice(-2),
      (await vendor.call('GET', `${TXN}${o.paymentId}/`))
        .json()
        .data.transaction_id.toLowerCase()
        .slice(0, 8),
    ]) {
      const want = await expected(term);
      expect(want.length, term).toBeGreaterThan(0);
      const data = (
        await vendor.call('GET', `${TXN}?search=${encodeURIComponent(term.toUpperCase())}&limit=100`)
      ).json().data;
      expect(data.count, term).toBe(want.length);
      expect(
        data.results.map((r: { id: string }) => r.id),
        term,
      ).toEqual(want.slice(0, 100));
      const theirs = (await otherVendor.call('GET', `${TXN}?search=${encodeURIComponent(term)}`)).json().data;
      expect(
        theirs.results.map((r: { id: string }) => r.id),
        term,
      ).not.toContain(o.paymentId);
    }
  });

  it('filters, pages and refuses what it should', async () => {
    const o = await deliveredOrder(1);
    const upi = (await vendor.call('GET', `${TXN}?payment_mode=UPI&limit=100`)).json().data;
    expect(upi.results.every((r: { payment_mode: string }) => r.payment_mode === 'UPI')).toBe(true);
    const cash = (await vendor.call('GET', `${TXN}?payment_mode=CASH&status=SUCCESS&limit=100`)).json().data;
    expect(cash.results.map((r: { id: string }) => r.id)).toContain(o.paymentId);
    expect((await vendor.call('GET', `${TXN}?payment_mode=WALLET`)).json().data).toEqual({
      results: [],
      count: 0,
    });
    for (const [q, field] of [
      ['status=PAID_TWICE', 'status'],
      ['payment_mode=CHEQUE', 'payment_mode'],
      ['from=2026-13-01', 'from'],
    ]) {
      const res = await vendor.call('GET', `${TXN}?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.issues[0].path).toBe(field);
    }
    const csv = await vendor.call('GET', `${TXN}export.csv?search=${encodeURIComponent(o.number)}`);
    expect(csv.body).toContain('transaction_id,created_at,order_number');
    expect(csv.body).toContain(`,${o.number},COD,SUCCESS,${o.total.toFixed(2)},0.00,`);

    // The whole list, streamed in batches (here of 7 rows): every payment once, in the list's order.
    const list = (await vendor.call('GET', `${TXN}?limit=100`)).json().data;
    const all = await vendor.call('GET', `${TXN}export.csv`);
    const lines = all.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .slice(1);
    expect(lines).toHaveLength(list.count);
    const store = await findStoreBySlug(t.appDb, shops.a.slug);
    if (!store) throw new Error('shop');
    const ids: string[] = [];
    for await (const batch of transactionsFor(t.deps, store, transactionQuery.parse({}), 7))
      ids.push(...batch.map((r) => r.transaction_id));
    expect(ids).toHaveLength(list.count);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, list.results.length)).toEqual(
      list.results.map((r: { transaction_id: string }) => r.transaction_id),
    );
    expect(lines.map((l: string) => l.split(',')[0])).toEqual(ids);

    // Another shop's vendor: 404 everywhere, nothing changed; a customer token is refused.
    for (const [method, url, body] of [
      ['GET', `${TXN}${o.paymentId}/`],
      ['GET', `${TXN}get-invoice/?transaction_id=${o.paymentId}`],
      ['POST', `${TXN}${o.paymentId}/refund/`, { amount: 1, reason: 'Not yours', method: 'CASH' }],
      ['GET', `${ORDER}${o.id}/invoice.pdf`],
    ] as const) {
      expect((await otherVendor.call(method, url, body)).statusCode, url).toBe(404);
      expect((await otherVendor.call(method, url, body, shops.a.slug)).statusCode, url).toBe(404);
      expect([401, 403]).toContain((await o.s.call(method, url, body)).statusCode);
    }
    expect((await vendor.call('GET', `${TXN}${o.paymentId}/`)).json().data.refunded_amount).toBe(0);

    // A payment not yet received cannot be refunded.
    const cards: Card[] = await productsOf(t, shops.a.slug);
    const s = await shopperWithCart(t, shops.a.slug, [{ id: cards[0]?.id ?? '', quantity: 1 }]);
    const pending = (await s.place(await s.orderBody())).json().data.order;
    const row = (await vendor.call('GET', `${TXN}?search=${pending.order_number}`)).json().data.results[0];
    const early = await vendor.call('POST', `${TXN}${row.id}/refund/`, {
      amount: 1,
      reason: 'Too early',
      method: 'CASH',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.reason).toBe('NOT_REFUNDABLE');
    expect((await vendor.call('GET', `${TXN}get-invoice/?transaction_id=${row.id}`)).statusCode).toBe(404);
  });
});
