import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GST_STATE_CODES, gstinCheckDigit, posTotals } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../../../test/harness.ts';
import { demoVendor, verifiedCustomer } from '../accounts/accounts.test-helpers.ts';
import { staffMember } from '../staff/staff.test-helpers.ts';

/*
 * The point of sale (issue 14): look-ups, a counter sale end to end (order, payment, invoice, stock, ledger,
 * audit, customer), its checks, idempotent retries, roles, another shop's ids, and the oversell race.
 */

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
let vendor: Awaited<ReturnType<typeof demoVendor>>;
let vendorB: Awaited<ReturnType<typeof demoVendor>>;
beforeAll(async () => {
  t = await createTestApp({}, { poolSize: 60 });
  shops = await demoShops(t.owner);
  vendor = await demoVendor(t, shops.a);
  vendorB = await demoVendor(t, shops.b);
});
afterAll(() => t?.close());

const CHECKOUT = '/api/admin/order/pos-checkout/';
let seq = 0;

/** A product of shop A (or B) made through the inventory form: price in rupees, GST and barcode as given. */
async function product(
  opts: {
    price?: number;
    stock?: number;
    tax?: number;
    barcode?: string;
    shop?: 'a' | 'b';
    name?: string;
  } = {},
) {
  const v = opts.shop === 'b' ? vendorB : vendor;
  const [category] = (await v.call('GET', '/api/admin/category/')).json().data as { id: string }[];
  seq += 1;
  const sku = `POS-${Date.now().toString(36)}-${seq}`.toUpperCase();
  const res = await v.call('POST', '/api/admin/product/', {
    product_name: opts.name ?? `Counter Item ${sku}`,
    sku,
    barcode: opts.barcode ?? `890${String(Date.now()).slice(-7)}${String(seq).padStart(3, '0')}`,
    original_price: 50,
    product_price: opts.price ?? 120,
    unit: 'Piece',
    product_quantity: opts.stock ?? 20,
    shipping_charge: 0,
    tax_percentage: opts.tax ?? 18,
    hsn_code: '0902',
    category_id: category?.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  return { id, sku, barcode: res.json().data.barcode as string };
}

async function stock(productId: string, storeId = shops.a.id) {
  const [row] = await withStore(t.owner, storeId, (tx) =>
    tx.select({ q: schema.products.quantity }).from(schema.products).where(eq(schema.products.id, productId)),
  );
  return row?.q;
}

type Caller = { token: string };
function sell(who: Caller, body: object, key: string | null = crypto.randomUUID(), slug = shops.a.slug) {
  return t.app.inject({
    method: 'POST',
    url: CHECKOUT,
    payload: body,
    headers: {
      authorization: `Bearer ${who.token}`,
      'store-origin': slug,
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });
}

/** The body the counter screen sends: the server's own arithmetic for the lines, a cash payment covering it. */
function bill(
  lines: { id: string; quantity: number; price: number; tax?: number }[],
  extra: Record<string, unknown> = {},
) {
  const discount = (extra.discount as { type: 'PERCENT' | 'FIXED'; value: number }) ?? {
    type: 'FIXED',
    value: 0,
  };
  const tot = posTotals(
    lines.map((l) => ({ unitPricePaise: l.price * 100, quantity: l.quantity, ratePercent: l.tax ?? 18 })),
    discount,
  );
  const { discount: _d, ...rest } = extra;
  return {
    name: 'Meena Iyer',
    phone: '9812345670',
    product_id: lines.map((l) => ({ product_id: l.id, quantity: l.quantity })),
    discount_type: discount.type,
    discount_value: discount.value,
    sub_total: tot.subtotalPaise / 100,
    discount_amount: tot.discountPaise / 100,
    tax: tot.taxPaise / 100,
    total_bill_amount: tot.totalPaise / 100,
    total_items: tot.items,
    payment: { method: 'CASH', amount_received: Math.ceil(tot.totalPaise / 100 / 500) * 500 },
    ...rest,
  };
}

function pdfText(bytes: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'haat-pos-'));
  const file = join(dir, 'doc.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('looking products up at the counter', () => {
  it('finds products by name, SKU and barcode with stock badges; an unknown or other shop’s code is not found', async () => {
    const p = await product({ stock: 4, barcode: '8901234567012' });
    const bySku = await vendor.call(
      'GET',
      `/api/admin/pos/products/?search=${encodeURIComponent(p.sku.toLowerCase())}`,
    );
    expect(bySku.statusCode).toBe(200);
    const found = bySku.json().data.products[0];
    expect(found).toMatchObject({
      product_id: p.id,
      sku: p.sku,
      stock: 4,
      stock_status: 'Low Stock',
      price: 120,
    });
    expect(found.tax_percentage).toBe(18);

    const byName = await vendor.call(
      'GET',
      `/api/admin/pos/products/?search=${encodeURIComponent(`item ${p.sku}`)}`,
    );
    expect(byName.json().data.products.map((x: { product_id: string }) => x.product_id)).toEqual([p.id]);

    const scanned = await vendor.call('GET', '/api/admin/pos/barcode/8901234567012/');
    expect(scanned.statusCode).toBe(200);
    expect(scanned.json().data.product.product_id).toBe(p.id);

    const unknown = await vendor.call('GET', '/api/admin/pos/barcode/0000000000000/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Product not found with this barcode');

    const other = await product({ shop: 'b', barcode: '8907777777771' });
    const cross = await vendor.call('GET', '/api/admin/pos/barcode/8907777777771/');
    expect(cross.statusCode).toBe(404);
    expect(
      (await vendorB.call('GET', '/api/admin/pos/barcode/8907777777771/')).json().data.product.product_id,
    ).toBe(other.id);

    const bad = await vendor.call('GET', `/api/admin/pos/products/?limit=500`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('limit');
  });
});

describe('the counter search through its indexes (migration 0034)', () => {
  /** The page as the one OR statement over every sellable of shop A found it before (the reference). */
  async function reference(term: string, limit: number) {
    const t0 = term.toLowerCase();
    const rows = await withStore(t.owner, shops.a.id, (tx) =>
      tx.execute(sql`
      select v.id from product_variants v join products p on p.store_id = v.store_id and p.id = v.product_id
      where v.store_id = ${shops.a.id} and p.status = 'ACTIVE'
        and (lower(p.product_name) like ${`%${t0}%`} or lower(v.sku) like ${`${t0}%`} or lower(p.sku) like ${`${t0}%`}
             or v.barcode = ${term} or p.barcode = ${term})
      order by case when lower(v.sku) = ${t0} or v.barcode = ${term} then 0 else 1 end, p.product_name, v.position
      limit ${limit}`),
    );
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { id: string }[];
    return list.map((r) => r.id);
  }
  const search = async (who: typeof vendor, term: string, limit: number) => {
    const res = await who.call(
      'GET',
      `/api/admin/pos/products/?search=${encodeURIComponent(term)}&limit=${limit}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.products as { product_id: string; variant_id: string; sku: string }[];
  };

  it('answers the page the full search would, and never another shop’s products, whichever way it finds names', async () => {
    // Letters only: a term with a digit skips the window of first names (migration 0042), and both ways are tested.
    const word = `Qz${Date.now()
      .toString(36)
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'x')}`;
    const mine: Awaited<ReturnType<typeof product>>[] = [];
    for (const n of ['Mango', 'Apple', 'Cherry', 'Banana', 'Date']) {
      mine.push(await product({ name: `${n} ${word} Pickle` }));
    }
    const archived = await product({ name: `Aaa ${word} Old` });
    await withStore(t.owner, shops.a.id, (tx) =>
      tx.update(schema.products).set({ status: 'ARCHIVED' }).where(eq(schema.products.id, archived.id)),
    );
    const theirs: Awaited<ReturnType<typeof product>>[] = [];
    for (const n of ['Aam', 'Zeera']) theirs.push(await product({ shop: 'b', name: `${n} ${word} Pickle` }));
    const theirIds = new Set(theirs.map((x) => x.id));
    const [first] = mine;
    if (!first) throw new Error('no product');
    // Their SKU prefix (POS-...) and name word match shop A's too; their barcode is theirs alone.
    const terms = [
      word,
      word.toLowerCase(),
      `${word} pickle`,
      first.sku,
      first.sku.slice(0, 8),
      first.barcode,
    ];
    for (const limit of [2, 3, 20]) {
      for (const term of terms) {
        const page = await search(vendor, term, limit);
        expect(
          page.map((x) => x.variant_id),
          `${term}, limit ${limit}`,
        ).toEqual(await reference(term, limit));
        expect(page.some((x) => theirIds.has(x.product_id) || x.product_id === archived.id)).toBe(false);
      }
    }
    expect((await search(vendor, word, 20)).map((x) => x.product_id)).toHaveLength(5);
    expect((await search(vendor, first.sku, 20))[0]?.product_id).toBe(first.id);
    const theirBarcode = theirs[0]?.barcode ?? '';
    expect(await search(vendor, theirBarcode, 20)).toEqual([]);
    expect((await search(vendorB, word, 20)).map((x) => x.product_id).sort()).toEqual([...theirIds].sort());

    // The function itself: the shop comes from the transaction's setting only, and its two ways of finding names
    // (the first names in order, or every match through the trigram index: a window of 1 name) agree.
    const matches = (storeId: string | null, term: string, limit: number, window?: number) =>
      (storeId
        ? withStore(t.appDb, storeId, (tx) =>
            tx.execute(
              window === undefined
                ? sql`select m as id from pos_sellable_matches(${term}::text, ${limit}::int) m`
                : sql`select m as id from pos_sellable_matches(${term}::text, ${limit}::int, ${window}::int) m`,
            ),
          )
        : t.appDb.execute(sql`select m as id from pos_sellable_matches(${term}::text, ${limit}::int) m`)
      ).then((r) =>
        ((Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { id: string }[]).map((x) => x.id),
      );
    for (const limit of [2, 20]) {
      const viaWindow = await matches(shops.a.id, word, limit);
      expect(await matches(shops.a.id, word, limit, 1)).toEqual(viaWindow);
      expect(viaWindow).toEqual(await reference(word, limit));
    }
    expect(await matches(null, word, 20)).toEqual([]);
    const inB = await matches(shops.b.id, word, 20);
    expect(inB).toHaveLength(2);
    expect(inB.some((id) => mine.some((m) => m.id === id))).toBe(false);
  });
});

describe('a counter sale', () => {
  it('bills cash with change and shows up in orders, transactions, stock history, the invoice and the audit trail', async () => {
    const first14 = `${GST_STATE_CODES.Karnataka}AABCU9603R1Z`;
    const buyerGstin = first14 + gstinCheckDigit(first14);
    const p = await product({ price: 199.5, stock: 10, tax: 12 });
    const q = await product({ price: 100, stock: 10, tax: 18 });
    const body = bill(
      [
        { id: p.id, quantity: 2, price: 199.5, tax: 12 },
        { id: q.id, quantity: 1, price: 100 },
      ],
      {
        discount: { type: 'PERCENT', value: 10 },
        gst_number: buyerGstin,
        email: 'meena@example.com',
        address: '12 MG Road, Bengaluru',
      },
    );
    // 499 less 10 % (49.90 rounded up to 50) is 449.
    expect(body).toMatchObject({
      sub_total: 499,
      discount_amount: 50,
      total_bill_amount: 449,
      total_items: 3,
    });
    const dashboard = async () =>
      (await vendor.call('GET', '/api/admin/dashboard/?period=monthly')).json().data;
    const before = await dashboard();
    const res = await sell(vendor, { ...body, payment: { method: 'CASH', amount_received: 500 } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Order placed successfully');
    const sale = res.json().data;
    expect(sale.payment).toMatchObject({ method: 'CASH', amount_received: 500, change_due: 51 });
    expect(sale.total_bill_amount).toBe(449);
    expect(sale.invoice_number).toMatch(/^(INV|BOS)\//);
    expect(sale.customer).toMatchObject({ name: 'Meena Iyer', phone: '9812345670', gst_number: buyerGstin });

    expect(await stock(p.id)).toBe(8);
    expect(await stock(q.id)).toBe(9);
    const after = await dashboard();
    expect(after.total_order.monthly.value - before.total_order.monthly.value).toBe(1);
    expect(Math.round((after.revenue.monthly.value - before.revenue.monthly.value) * 100)).toBe(44900);

    const order = (await vendor.call('GET', `/api/admin/order/${sale.order_id}/`)).json().data.order_details;
    expect(order).toMatchObject({
      status: 'DELIVERED',
      payment_status: 'SUCCESS',
      payment_method: 'CASH',
      channel: 'POS',
      total_amount: 449,
    });
    const listed = (await vendor.call('GET', `/api/admin/order/?search=${sale.order_number}`)).json().data;
    expect(listed.order_list[0]).toMatchObject({ id: sale.order_id, channel: 'POS' });

    const txns = (await vendor.call('GET', `/api/admin/transaction/?search=${sale.order_number}`)).json()
      .data;
    expect(txns.count).toBe(1);

    const history = (await vendor.call('GET', `/api/admin/product/${p.id}/stock-history/`)).json().data;
    const rows = history.history ?? history.results ?? history;
    expect(JSON.stringify(rows)).toContain(sale.order_number);

    const pdf = await vendor.call('GET', `${CHECKOUT}${sale.order_id}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Meena Iyer');
    expect(text).toContain(sale.invoice_number);
    expect(text).toContain('449');

    const [audit] = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select()
        .from(schema.auditEvents)
        .where(
          and(eq(schema.auditEvents.entityId, sale.order_id), eq(schema.auditEvents.action, 'POS_SALE')),
        ),
    );
    expect(audit?.summary).toContain('₹449');

    const again = await vendor.call('GET', `${CHECKOUT}${sale.order_id}/`);
    expect(again.json().data).toEqual(sale);

    const returning = (await vendor.call('GET', '/api/admin/pos/customer/?phone=9812345670')).json().data
      .customer;
    expect(returning).toMatchObject({
      name: 'Meena Iyer',
      email: 'meena@example.com',
      gst_number: buyerGstin,
    });
    expect(returning.visits).toBeGreaterThanOrEqual(1);
    expect(
      (await vendor.call('GET', '/api/admin/pos/customer/?phone=9000000001')).json().data.customer,
    ).toBeNull();
    expect(
      (await vendorB.call('GET', '/api/admin/pos/customer/?phone=9812345670')).json().data.customer,
    ).toBeNull();

    const mailed = await vendor.call('POST', `${CHECKOUT}${sale.order_id}/receipt-mail/`, {
      email: 'meena@example.com',
    });
    expect(mailed.statusCode).toBe(200);
    const [mail] = await t.owner
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.storeId, shops.a.id))
      .orderBy(desc(schema.outbox.createdAt))
      .limit(1);
    const payload = (mail?.payload ?? {}) as { subject?: string; text?: string };
    expect(payload.subject).toContain(sale.order_number);
    expect(payload.text).toContain('Total: ₹449');
  });

  it('takes UPI with its UTR and a card with its last 4 digits', async () => {
    const p = await product({ price: 250 });
    const upi = await sell(
      vendor,
      bill([{ id: p.id, quantity: 1, price: 250 }], { payment: { method: 'UPI', utr: '412345678901' } }),
    );
    expect(upi.statusCode, upi.body).toBe(201);
    expect(upi.json().data.payment).toMatchObject({ method: 'UPI', utr: '412345678901', change_due: null });
    const card = await sell(
      vendor,
      bill([{ id: p.id, quantity: 1, price: 250 }], {
        payment: { method: 'CARD', card_last4: '4242', card_network: 'RuPay' },
      }),
    );
    expect(card.json().data.payment).toMatchObject({
      method: 'CARD',
      card_last4: '4242',
      card_network: 'RuPay',
    });
    const qr = await vendor.call('GET', '/api/admin/pos/upi/?amount=250');
    if (qr.statusCode === 200) {
      expect(qr.json().data.upi_link).toContain('am=250.00');
      expect(qr.json().data.qr_svg).toContain('<svg');
    } else expect(qr.json().error.issues[0].path).toBe('amount');
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const p = await product({ price: 100, stock: 5 });
    const ok = bill([{ id: p.id, quantity: 1, price: 100 }]);
    const cases: [object, string, string?][] = [
      [{ ...ok, name: '' }, 'name', 'Name and phone number are required'],
      [{ ...ok, phone: '' }, 'phone', 'Name and phone number are required'],
      [{ ...ok, phone: '12345' }, 'phone'],
      [{ ...ok, product_id: [] }, 'product_id'],
      [{ ...ok, product_id: [{ product_id: p.id, quantity: 0 }] }, 'product_id.0.quantity'],
      [{ ...ok, discount_value: -5 }, 'discount_value'],
      [
        bill([{ id: p.id, quantity: 1, price: 100 }], { discount: { type: 'FIXED', value: 150 } }),
        'discount_value',
      ],
      [{ ...ok, payment: { method: 'CASH', amount_received: 50 } }, 'payment.amount_received'],
      [{ ...ok, payment: { method: 'CARD' } }, 'payment.card_last4'],
      [{ ...ok, payment: { method: 'UPI', utr: '12' } }, 'payment.utr'],
      [{ ...ok, gst_number: '29ABCDE1234F1Z0' }, 'gst_number'],
      [
        {
          ...ok,
          product_id: [
            { product_id: p.id, quantity: 1 },
            { product_id: p.id, quantity: 2 },
          ],
        },
        'product_id.1',
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await sell(vendor, body);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      const issue = res.json().error.issues.find((i: { path: string }) => i.path === path);
      expect(issue, `${path}: ${res.body}`).toBeTruthy();
      if (message) expect(issue.message).toBe(message);
    }
    const badKey = await sell(vendor, ok, 'no');
    expect(badKey.statusCode).toBe(400);
    expect(await stock(p.id)).toBe(5);
  });

  it('answers 409 with the server’s figures when the screen’s totals are stale, and names the product short of stock', async () => {
    const p = await product({ price: 100, stock: 3 });
    const stale = await sell(vendor, {
      ...bill([{ id: p.id, quantity: 2, price: 100 }]),
      total_bill_amount: 180,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.reason).toBe('TOTALS_CHANGED');
    expect(stale.json().error.details).toMatchObject({
      sub_total: 200,
      total_bill_amount: 200,
      total_items: 2,
    });

    const short = await sell(vendor, bill([{ id: p.id, quantity: 4, price: 100 }]));
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toContain('Only 3 of Counter Item');
    expect(short.json().error.details).toEqual({ available: 3 });
    expect(await stock(p.id)).toBe(3);
  });

  it('returns the first sale for a retry with the same key, and refuses the key for another bill', async () => {
    const p = await product({ price: 100, stock: 5 });
    const body = bill([{ id: p.id, quantity: 1, price: 100 }]);
    const key = crypto.randomUUID();
    const first = await sell(vendor, body, key);
    const retry = await sell(vendor, body, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.order_id).toBe(first.json().data.order_id);
    expect(await stock(p.id)).toBe(4);
    const other = await sell(vendor, bill([{ id: p.id, quantity: 2, price: 100 }]), key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.reason).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await stock(p.id)).toBe(4);
  });

  it('is for the shop’s own people: no token 401, a customer or a Packer 403, a Cashier sells; another shop’s products 404', async () => {
    const p = await product({ price: 100, stock: 5 });
    const body = bill([{ id: p.id, quantity: 1, price: 100 }]);
    const anon = await t.app.inject({
      method: 'POST',
      url: CHECKOUT,
      payload: body,
      headers: { 'store-origin': shops.a.slug },
    });
    expect(anon.statusCode).toBe(401);
    const customer = await verifiedCustomer(t, shops.a.slug);
    expect((await customer.call('POST', CHECKOUT, body)).statusCode).toBe(403);
    const packer = await staffMember(t, vendor, shops.a, 'PACKER');
    const refused = await sell(packer, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('A Packer cannot bill customers at the counter');
    expect((await packer.call('GET', '/api/admin/pos/products/')).statusCode).toBe(403);
    const cashier = await staffMember(t, vendor, shops.a, 'CASHIER');
    const sold = await sell(cashier, body);
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().data.cashier).toBe('Ravi cashier');
    expect(await stock(p.id)).toBe(4);

    // Shop B's vendor cannot sell shop A's product, nor read A's sale.
    const cross = await sell(vendorB, body, crypto.randomUUID(), shops.b.slug);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.issues[0].path).toBe('product_id.0.product_id');
    expect((await vendorB.call('GET', `${CHECKOUT}${sold.json().data.order_id}/`)).statusCode).toBe(404);
    expect(
      (await vendorB.call('GET', `${CHECKOUT}${sold.json().data.order_id}/invoice.pdf`)).statusCode,
    ).toBe(404);
    expect(
      (
        await vendorB.call('POST', `${CHECKOUT}${sold.json().data.order_id}/receipt-mail/`, {
          email: 'x@example.com',
        })
      ).statusCode,
    ).toBe(404);
    expect(await stock(p.id)).toBe(4);
  });
});

describe('sizes at the counter', () => {
  it('scans each size by its barcode, bills two sizes of one kurta, and a refund puts back the size returned', async () => {
    const [category] = (await vendor.call('GET', '/api/admin/category/')).json().data as { id: string }[];
    const id = `${Date.now().toString(36)}`.toUpperCase();
    const made = await vendor.call('POST', '/api/admin/product/', {
      product_name: `Counter Kurta ${id}`,
      sku: `CK-${id}`,
      original_price: 250,
      product_price: 499,
      unit: 'Piece',
      product_quantity: 0,
      shipping_charge: 0,
      tax_percentage: 5,
      category_id: category?.id,
      options: [{ name: 'Size', values: ['M', 'L'] }],
      variants: ['M', 'L'].map((size, i) => ({
        options: [size],
        sku: `CK-${id}-${size}`,
        barcode: `29${id.slice(-6).padStart(6, '0')}${i}0000`.slice(0, 13),
        product_price: size === 'L' ? 649 : 499,
        original_price: 250,
        product_quantity: 4,
        low_stock_threshold: 1,
      })),
    });
    expect(made.statusCode, made.body).toBe(201);
    const sizes: Record<string, { variant_id: string; product_id: string; price: number }> = {};
    for (const size of ['M', 'L']) {
      const found = (await vendor.call('GET', `/api/admin/pos/products/?search=CK-${id}-${size}`)).json().data
        .products[0];
      expect(found).toMatchObject({ variant_label: size, sku: `CK-${id}-${size}`, stock: 4 });
      const scanned = (await vendor.call('GET', `/api/admin/pos/barcode/${found.barcode}/`)).json().data
        .product;
      expect(scanned.variant_id).toBe(found.variant_id);
      sizes[size] = found;
    }
    const m = sizes.M as { variant_id: string; product_id: string; price: number };
    const l = sizes.L as { variant_id: string; product_id: string; price: number };
    const body = bill([
      { id: m.product_id, quantity: 1, price: 499, tax: 5 },
      { id: l.product_id, quantity: 2, price: 649, tax: 5 },
    ]);
    const sold = await sell(vendor, {
      ...body,
      product_id: [
        { product_id: m.product_id, variant_id: m.variant_id, quantity: 1 },
        { product_id: l.product_id, variant_id: l.variant_id, quantity: 2 },
      ],
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const sale = sold.json().data;
    expect(
      sale.items.map((i: { variant_label: string; quantity: number }) => [i.variant_label, i.quantity]),
    ).toEqual(
      expect.arrayContaining([
        ['M', 1],
        ['L', 2],
      ]),
    );

    // The invoice names each size and its SKU.
    const invoice = pdfText((await vendor.call('GET', `${CHECKOUT}${sale.order_id}/invoice.pdf`)).rawPayload);
    // (The description column wraps: compare without the line breaks.)
    expect(invoice.replace(/\s+/g, '')).toContain(`(SKUCK-${id}-L)`);

    // The payment's page names each size; refunding one L puts back exactly that size.
    const detail = (await vendor.call('GET', `/api/admin/transaction/${sale.transaction_id}/`)).json().data;
    expect(
      detail.order_details.items.map((i: { variant: string; variant_id: string }) => [
        i.variant,
        i.variant_id,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['M', m.variant_id],
        ['L', l.variant_id],
      ]),
    );
    const refund = await vendor.call('POST', `/api/admin/transaction/${sale.transaction_id}/refund/`, {
      amount: 649,
      reason: 'One L returned: too large',
      method: 'CASH',
      restock: [{ product_id: l.product_id, variant_id: l.variant_id, quantity: 1 }],
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const after = async (v: string) =>
      (await vendor.call('GET', `/api/admin/pos/products/?search=CK-${id}-${v}`)).json().data.products[0]
        .stock;
    expect(await after('M')).toBe(3);
    expect(await after('L')).toBe(3);
  });
});

describe('a product with sizes sent without its size', () => {
  it('answers 400 naming variant_id and listing the sizes to choose from; a line with one of them sells', async () => {
    const [category] = (await vendor.call('GET', '/api/admin/category/')).json().data as { id: string }[];
    const id = `V${Date.now().toString(36)}`.toUpperCase();
    const made = await vendor.call('POST', '/api/admin/product/', {
      product_name: `Counter Shirt ${id}`,
      sku: `CS-${id}`,
      original_price: 250,
      product_price: 499,
      unit: 'Piece',
      product_quantity: 0,
      shipping_charge: 0,
      tax_percentage: 5,
      category_id: category?.id,
      options: [{ name: 'Size', values: ['S', 'XL'] }],
      variants: ['S', 'XL'].map((size) => ({
        options: [size],
        sku: `CS-${id}-${size}`,
        product_price: 499,
        original_price: 250,
        product_quantity: 3,
      })),
    });
    expect(made.statusCode, made.body).toBe(201);
    const productId = made.json().data.id as string;
    const res = await sell(vendor, bill([{ id: productId, quantity: 1, price: 499, tax: 5 }]));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toContain('variant_id');
    expect(body.message).toContain('S');
    expect(body.message).toContain('XL');
    expect(body.error.issues).toEqual([expect.objectContaining({ path: 'product_id.0.variant_id' })]);
    const choices = body.error.details.variants as { variant_id: string; label: string; sku: string }[];
    expect(choices.map((c) => [c.label, c.sku]).sort()).toEqual([
      ['S', `CS-${id}-S`],
      ['XL', `CS-${id}-XL`],
    ]);
    // Choosing one of them sells it.
    const s = choices.find((c) => c.label === 'S') as { variant_id: string };
    const sold = await sell(vendor, {
      ...bill([{ id: productId, quantity: 1, price: 499, tax: 5 }]),
      product_id: [{ product_id: productId, variant_id: s.variant_id, quantity: 1 }],
    });
    expect(sold.statusCode, sold.body).toBe(201);
  });
});

describe('a sale’s stock in one write of the product (take_sale_stock, migration 0034)', () => {
  it('moves stock, units sold, the low-stock count and the inventory’s counts as taking it from the variant did', async () => {
    const p = await product({ stock: 7, price: 80 });
    const state = () =>
      withStore(t.owner, shops.a.id, async (tx) => {
        const { products: pr, productVariants: pv, productStockCounts: c } = schema;
        const [row] = await tx
          .select({
            quantity: pr.quantity,
            unitsSold: pr.unitsSold,
            lowVariants: pr.lowVariants,
            stockState: pr.stockState,
            categoryId: pr.categoryId,
          })
          .from(pr)
          .where(eq(pr.id, p.id));
        const [variant] = await tx.select({ quantity: pv.quantity }).from(pv).where(eq(pv.productId, p.id));
        const counts = await tx
          .select({ stockState: c.stockState, products: c.products })
          .from(c)
          .where(and(eq(c.status, 'ACTIVE'), row?.categoryId ? eq(c.categoryId, row.categoryId) : undefined));
        return { ...row, variant: variant?.quantity, counts };
      });
    const before = await state();
    expect(before).toMatchObject({ quantity: 7, unitsSold: 0, lowVariants: 0, stockState: 2, variant: 7 });
    const res = await sell(vendor, bill([{ id: p.id, quantity: 3, price: 80 }]));
    expect(res.statusCode, res.body).toBe(201);
    const after = await state();
    expect(after).toMatchObject({ quantity: 4, unitsSold: 3, lowVariants: 1, stockState: 1, variant: 4 });
    const count = (s: typeof before, k: number) => s.counts.find((c) => c.stockState === k)?.products ?? 0;
    expect(count(after, 2)).toBe(count(before, 2) - 1);
    expect(count(after, 1)).toBe(count(before, 1) + 1);
    const short = await sell(vendor, bill([{ id: p.id, quantity: 5, price: 80 }]));
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toMatchObject({ reason: 'OUT_OF_STOCK', details: { available: 4 } });
    expect(await state()).toMatchObject({ quantity: 4, unitsSold: 3, lowVariants: 1, variant: 4 });
  });
});

describe('the last units', () => {
  it('sells exactly what is left when many counters sell at once', async () => {
    const onPg = t.kind === 'postgres';
    const left = 5;
    const tries = onPg ? 50 : 8;
    const p = await product({ price: 100, stock: left });
    const body = bill([{ id: p.id, quantity: 1, price: 100 }]);
    const sales = onPg
      ? await Promise.all(Array.from({ length: tries }, () => sell(vendor, body)))
      : await (async () => {
          const out = [];
          for (let i = 0; i < tries; i++) out.push(await sell(vendor, body));
          return out;
        })();
    const codes = sales.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(left);
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
    expect(await stock(p.id)).toBe(0);
    const [{ n } = { n: 0 }] = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({ n: schema.orderItems.quantity })
        .from(schema.orderItems)
        .where(eq(schema.orderItems.productId, p.id)),
    ).then((rows) => [{ n: rows.reduce((a, r) => a + r.n, 0) }]);
    expect(n).toBe(left);
  });
});
