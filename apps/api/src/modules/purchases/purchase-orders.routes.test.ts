import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema, withStore } from '@haat/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { staffMember } from '../staff/staff.test-helpers.ts';
import { purchaseProduct, purchaseSupplier } from './purchases.test-helpers.ts';

/*
 * Purchase orders (issue 38): created with the variant's cost and the product's GST rate by default, totals
 * computed by the server, numbered PO-1001..., edited while a draft, sent (WhatsApp text and link), cancelled, the
 * PDF; bad input named by field; a cashier is refused.
 */

const { t, shops, vendor } = await demoSuite(process.env.PURCH_DEBUG ? { LOG_LEVEL: 'error' } : {});

const PO = '/api/admin/purchase-order/';

describe('purchase orders', () => {
  it('creates a draft with the default cost and GST rate, and totals computed on the server', async () => {
    const supplierId = await purchaseSupplier(vendor.call);
    const a = await purchaseProduct(vendor.call, { cost: 33.33 });
    const b = await purchaseProduct(vendor.call);
    const res = await vendor.call('POST', PO, {
      supplier_id: supplierId,
      expected_on: '2026-12-20',
      lines: [
        { product_id: a.id, quantity: 3 },
        { product_id: b.id, quantity: 1, unit_cost: 9.99, tax_percentage: 5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const po = res.json().data;
    expect(po.number).toMatch(/^PO-\d{4,}$/);
    expect(po.status).toBe('DRAFT');
    expect(
      po.lines.map((l: { unit_cost: number; tax_percentage: number }) => [l.unit_cost, l.tax_percentage]),
    ).toEqual([
      [33.33, 18],
      [9.99, 5],
    ]);
    // 3 x 33.33 = 99.99 (GST 18.00); 9.99 (GST 0.50): 109.98 + 18.50
    expect([po.taxable_amount, po.tax_amount, po.total]).toEqual([109.98, 18.5, 128.48]);
    const listed = (await vendor.call('GET', `${PO}?status=DRAFT&supplier_id=${supplierId}`)).json().data;
    expect(listed.count).toBe(1);
    expect(listed.results[0].number).toBe(po.number);
  });

  it('numbers orders one after another', async () => {
    const supplierId = await purchaseSupplier(vendor.call);
    const p = await purchaseProduct(vendor.call);
    const body = { supplier_id: supplierId, lines: [{ product_id: p.id, quantity: 1 }] };
    const n = await Promise.all([1, 2, 3].map(() => vendor.call('POST', PO, body)));
    const numbers = n.map((r) => Number(r.json().data.number.slice(3))).sort((x, y) => x - y);
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
    expect(numbers[2]).toBe((numbers[0] ?? 0) + 2);
  });

  it('refuses a zero quantity, a negative cost, an unknown supplier and a product of no shop, naming the field', async () => {
    const supplierId = await purchaseSupplier(vendor.call);
    const p = await purchaseProduct(vendor.call);
    const bad = async (body: object, path: string, text: RegExp) => {
      const res = await vendor.call('POST', PO, body);
      expect(res.statusCode, res.body).toBe(400);
      const issue = res.json().error.issues.find((i: { path: string }) => i.path === path);
      expect(issue?.message, res.body).toMatch(text);
    };
    await bad(
      { supplier_id: supplierId, lines: [{ product_id: p.id, quantity: 0 }] },
      'lines.0.quantity',
      /more than 0/,
    );
    await bad(
      { supplier_id: supplierId, lines: [{ product_id: p.id, quantity: -2 }] },
      'lines.0.quantity',
      /more than 0/,
    );
    await bad(
      { supplier_id: supplierId, lines: [{ product_id: p.id, quantity: 1, unit_cost: -5 }] },
      'lines.0.unit_cost',
      /negative/,
    );
    await bad(
      { supplier_id: supplierId, lines: [{ product_id: p.id, quantity: 1, unit_cost: 'x' }] },
      'lines.0.unit_cost',
      /number/,
    );
    await bad(
      { supplier_id: supplierId, lines: [{ product_id: p.id, quantity: 1, tax_percentage: 13 }] },
      'lines.0.tax_percentage',
      /GST rate/,
    );
    await bad(
      { supplier_id: crypto.randomUUID(), lines: [{ product_id: p.id, quantity: 1 }] },
      'supplier_id',
      /not found/,
    );
    await bad(
      { supplier_id: supplierId, lines: [{ product_id: crypto.randomUUID(), quantity: 1 }] },
      'lines.0.variant_id',
      /not one of this shop/,
    );
    await bad({ supplier_id: supplierId, lines: [] }, 'lines', /at least one/);
  });

  it('edits a draft, sends it with a WhatsApp link to the supplier, then refuses edits; cancels before receipt', async () => {
    const supplierId = await purchaseSupplier(vendor.call);
    const p = await purchaseProduct(vendor.call);
    const po = (
      await vendor.call('POST', PO, { supplier_id: supplierId, lines: [{ product_id: p.id, quantity: 2 }] })
    ).json().data;
    const edited = await vendor.call('PUT', `${PO}${po.id}/`, {
      supplier_id: supplierId,
      note: 'Deliver before noon',
      lines: [{ product_id: p.id, quantity: 5, unit_cost: 40 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.total).toBe(236); // 5 x 40 = 200 + 18 %
    const sent = await vendor.call('POST', `${PO}${po.id}/send/`);
    expect(sent.statusCode, sent.body).toBe(200);
    const s = sent.json().data;
    expect(s.order.status).toBe('SENT');
    expect(s.whatsapp_link).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
    expect(s.whatsapp_text).toContain(`Purchase order ${po.number}`);
    expect(s.whatsapp_text).toContain('x 5 @ ₹40');
    const late = await vendor.call('PUT', `${PO}${po.id}/`, {
      supplier_id: supplierId,
      lines: [{ product_id: p.id, quantity: 1 }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/only a draft can be edited/);
    const cancelled = await vendor.call('POST', `${PO}${po.id}/cancel/`);
    expect(cancelled.json().data.status).toBe('CANCELLED');
    expect((await vendor.call('POST', `${PO}${po.id}/send/`)).statusCode).toBe(409);
  });

  it('prints the order as a PDF with both GSTINs, HSN, GST and totals', async () => {
    const supplierId = await purchaseSupplier(vendor.call);
    const p = await purchaseProduct(vendor.call);
    const po = (
      await vendor.call('POST', PO, {
        supplier_id: supplierId,
        lines: [{ product_id: p.id, quantity: 4, unit_cost: 25 }],
      })
    ).json().data;
    const res = await vendor.call('GET', `${PO}${po.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'haat-po-'));
    writeFileSync(join(dir, 'po.pdf'), res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'po.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('PURCHASE ORDER');
    expect(text).toContain(po.number);
    expect(text).toContain('0902');
    expect(text).toContain('118.00'); // 4 x 25 = 100 + 18 % GST
    writeFileSync('/tmp/purch-po.pdf', res.rawPayload);
  });

  it('refuses a cashier (403) and answers 404 for another shop’s order', async () => {
    const cashier = await staffMember(t, vendor, shops.a, 'CASHIER');
    expect((await cashier.call('GET', PO)).statusCode).toBe(403);
    expect((await cashier.call('POST', '/api/admin/goods-receipt/', {})).statusCode).toBe(403);
    expect((await cashier.call('GET', '/api/admin/supplier-account/')).statusCode).toBe(403);
    const vendorB = await demoVendor(t, shops.b);
    const [other] = await withStore(t.owner, shops.b.id, (tx) =>
      tx
        .select({ id: schema.purchaseOrders.id })
        .from(schema.purchaseOrders)
        .where(eq(schema.purchaseOrders.storeId, shops.b.id))
        .limit(1),
    );
    expect(other, 'the demo seed gives shop B purchase orders').toBeDefined();
    expect((await vendor.call('GET', `${PO}${other?.id}/`)).statusCode).toBe(404);
    expect((await vendorB.call('GET', `${PO}${other?.id}/`)).statusCode).toBe(200);
  });

  it('gives every demo shop purchase orders in every state, with receipts whose stock agrees with the ledger', async () => {
    const stores = await t.owner
      .select({ id: schema.stores.id, slug: schema.stores.slug })
      .from(schema.stores);
    const demo = stores.filter((x) => [shops.a.slug, shops.b.slug].includes(x.slug) || x.slug.includes('-'));
    expect(demo.length).toBeGreaterThan(10);
    for (const shop of demo) {
      const rows = await withStore(t.owner, shop.id, (tx) =>
        tx.execute(sql`
          select (select count(distinct status) from purchase_orders where store_id = ${shop.id})::int as states,
                 (select count(*) from goods_receipts where store_id = ${shop.id})::int as receipts,
                 (select count(*) from product_variants v where v.store_id = ${shop.id} and v.quantity <>
                    (select coalesce(sum(change), 0) from stock_ledger l
                      where l.store_id = v.store_id and l.variant_id = v.id))::int as off`),
      );
      const [r] = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as object[];
      expect(r, shop.slug).toMatchObject({ states: 5, receipts: 2, off: 0 });
    }
  });
});
