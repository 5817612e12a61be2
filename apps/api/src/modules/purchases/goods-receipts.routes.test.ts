import { schema, withStore } from '@haat/db';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { counterSale, purchaseProduct, purchaseSupplier, stockOf } from './purchases.test-helpers.ts';

/*
 * Goods receipts (issue 38): stock in with a PURCHASE ledger row, the weighted average cost on the variant (and its
 * product), the order's lines and status raised; over-receipt only when confirmed; the cost of goods sold follows
 * the average; and a receipt racing counter sales of the same item leaves stock equal to its ledger.
 */

const { t, shops, vendor } = await demoSuite({}, { poolSize: 40 });

const GRN = '/api/admin/goods-receipt/';

async function sentOrder(productId: string, quantity: number, cost: number) {
  const supplierId = await purchaseSupplier(vendor.call);
  const po = (
    await vendor.call('POST', '/api/admin/purchase-order/', {
      supplier_id: supplierId,
      lines: [{ product_id: productId, quantity, unit_cost: cost }],
    })
  ).json().data;
  await vendor.call('POST', `/api/admin/purchase-order/${po.id}/send/`);
  return { supplierId, po, lineId: po.lines[0].id as string };
}

describe('goods receipts', () => {
  it('adds stock with a PURCHASE row, moves the cost to the weighted average and marks the order PARTIAL then RECEIVED', async () => {
    const p = await purchaseProduct(vendor.call, { stock: 10, cost: 100 });
    const { po, lineId } = await sentOrder(p.id, 15, 130);
    const first = await vendor.call('POST', GRN, {
      purchase_order_id: po.id,
      lines: [{ purchase_order_line_id: lineId, quantity: 10 }],
    });
    expect(first.statusCode, first.body).toBe(201);
    const g = first.json().data;
    expect(g.number).toMatch(/^GRN-\d{4,}$/);
    // (10 x 100 + 10 x 130) / 20 = 115
    expect(g.lines[0]).toMatchObject({
      quantity: 10,
      unit_cost: 130,
      average_cost_before: 100,
      average_cost_after: 115,
    });
    expect([g.taxable_amount, g.tax_amount, g.total]).toEqual([1300, 234, 1534]);
    const after = await stockOf(t, shops.a.id, p.id);
    expect(after).toMatchObject({
      quantity: 20,
      cost: 11_500,
      ledger: 20,
      product: { quantity: 20, cost: 11_500 },
    });
    const ledger = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select()
        .from(schema.stockLedger)
        .where(and(eq(schema.stockLedger.productId, p.id), eq(schema.stockLedger.reason, 'PURCHASE'))),
    );
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ change: 10, quantityAfter: 20, goodsReceiptId: g.id, note: g.number });
    let order = (await vendor.call('GET', `/api/admin/purchase-order/${po.id}/`)).json().data;
    expect(order.status).toBe('PARTIAL');
    expect(order.lines[0].received_quantity).toBe(10);
    expect(order.receipts.map((r: { number: string }) => r.number)).toEqual([g.number]);
    // Cancelling is refused once goods came in.
    expect((await vendor.call('POST', `/api/admin/purchase-order/${po.id}/cancel/`)).statusCode).toBe(409);

    // The rest: 5 at 130 onto 20 at 115 = 118.75 -> 118.75 paise-exact: (20 x 11500 + 5 x 13000) / 25 = 11800
    const rest = await vendor.call('POST', GRN, {
      purchase_order_id: po.id,
      lines: [{ purchase_order_line_id: lineId, quantity: 5 }],
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data.lines[0].average_cost_after).toBe(118);
    order = (await vendor.call('GET', `/api/admin/purchase-order/${po.id}/`)).json().data;
    expect(order.status).toBe('RECEIVED');
    expect(await stockOf(t, shops.a.id, p.id)).toMatchObject({ quantity: 25, cost: 11_800, ledger: 25 });
    const history = (await vendor.call('GET', `/api/admin/product/${p.id}/stock-history/`)).json().data;
    expect(JSON.stringify(history)).toContain('PURCHASE');
    const audit = (await vendor.call('GET', `/api/admin/audit-trail/?entity_id=${p.id}`)).json();
    expect(JSON.stringify(audit)).toContain(
      `(${g.number} against ${po.number}) at ₹130: stock 10 → 20, average cost ₹100 → ₹115`,
    );
  });

  it('refuses receiving more than ordered with a 409 naming the line, unless confirmed', async () => {
    const p = await purchaseProduct(vendor.call, { stock: 0, cost: 80 });
    const { po, lineId } = await sentOrder(p.id, 4, 90);
    const over = await vendor.call('POST', GRN, {
      purchase_order_id: po.id,
      lines: [{ purchase_order_line_id: lineId, quantity: 6 }],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain(
      `${po.number} ordered 4, 0 received so far; receiving 6 is 2 more than ordered`,
    );
    expect(over.json().error.issues[0].path).toBe('lines.0.quantity');
    expect((await stockOf(t, shops.a.id, p.id)).quantity).toBe(0);
    const ok = await vendor.call('POST', GRN, {
      purchase_order_id: po.id,
      confirm_over_receipt: true,
      lines: [{ purchase_order_line_id: lineId, quantity: 6 }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    // Nothing was on hand: the received cost is the cost.
    expect(ok.json().data.lines[0].average_cost_after).toBe(90);
    expect(await stockOf(t, shops.a.id, p.id)).toMatchObject({ quantity: 6, cost: 9000, ledger: 6 });
  });

  it('refuses a zero or negative quantity and a negative cost, naming the field; receives without an order', async () => {
    const p = await purchaseProduct(vendor.call, { stock: 2, cost: 10 });
    const supplierId = await purchaseSupplier(vendor.call);
    for (const [line, path] of [
      [{ product_id: p.id, quantity: 0 }, 'lines.0.quantity'],
      [{ product_id: p.id, quantity: -3 }, 'lines.0.quantity'],
      [{ product_id: p.id, quantity: 1, unit_cost: -1 }, 'lines.0.unit_cost'],
    ] as const) {
      const res = await vendor.call('POST', GRN, { supplier_id: supplierId, lines: [line] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    const res = await vendor.call('POST', GRN, {
      supplier_id: supplierId,
      lines: [{ product_id: p.id, quantity: 2, unit_cost: 20 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ purchase_order_id: null, lines: [{ average_cost_after: 15 }] });
  });

  it('records the average cost on the counter sale line sold after a receipt (cost of goods sold)', async () => {
    const p = await purchaseProduct(vendor.call, { stock: 4, cost: 60 });
    const supplierId = await purchaseSupplier(vendor.call);
    await vendor.call('POST', GRN, {
      supplier_id: supplierId,
      lines: [{ product_id: p.id, quantity: 4, unit_cost: 75.5 }],
    });
    // (4 x 6000 + 4 x 7550) / 8 = 6775
    const sale = await vendor.call('POST', '/api/admin/order/pos-checkout/', counterSale(p.id, 3));
    expect(sale.statusCode, sale.body).toBe(201);
    const [item] = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({ cost: schema.orderItems.costPaise })
        .from(schema.orderItems)
        .where(eq(schema.orderItems.productId, p.id)),
    );
    expect(item?.cost).toBe(6775);
  });

  it("lists a product's goods receipts, newest first (the product page's Supplier tab)", async () => {
    const p = await purchaseProduct(vendor.call, { stock: 1, cost: 30 });
    const other = await purchaseProduct(vendor.call, { stock: 1, cost: 30 });
    const { po, lineId } = await sentOrder(p.id, 4, 32);
    const supplierId = await purchaseSupplier(vendor.call);
    const first = await vendor.call('POST', GRN, {
      purchase_order_id: po.id,
      lines: [{ purchase_order_line_id: lineId, quantity: 4 }],
    });
    const notIt = await vendor.call('POST', GRN, {
      supplier_id: supplierId,
      lines: [{ product_id: other.id, quantity: 2, unit_cost: 31 }],
    });
    const both = await vendor.call('POST', GRN, {
      supplier_id: supplierId,
      lines: [
        { product_id: other.id, quantity: 1, unit_cost: 31 },
        { product_id: p.id, quantity: 6, unit_cost: 35 },
      ],
    });
    for (const r of [first, notIt, both]) expect(r.statusCode, r.body).toBe(201);
    const res = await vendor.call('GET', `${GRN}?product_id=${p.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as { number: string; purchase_order_number: string | null }[];
    expect(list.map((g) => g.number)).toEqual([both.json().data.number, first.json().data.number]);
    expect(list[1]?.purchase_order_number).toBe(po.number);
    expect((await vendor.call('GET', `${GRN}?product_id=not-an-id`)).statusCode).toBe(400);
  });

  it('leaves stock equal to its ledger when a receipt and counter sales of the same item run at once', async () => {
    const rounds = process.env.DATABASE_URL ? 6 : 2;
    for (let round = 0; round < rounds; round++) {
      const p = await purchaseProduct(vendor.call, { stock: 5, cost: 40 });
      const supplierId = await purchaseSupplier(vendor.call);
      const calls = [
        vendor.call('POST', GRN, {
          supplier_id: supplierId,
          lines: [{ product_id: p.id, quantity: 7, unit_cost: 50 }],
        }),
        ...Array.from({ length: 6 }, () =>
          vendor.call('POST', '/api/admin/order/pos-checkout/', counterSale(p.id, 2)),
        ),
      ];
      const done = await Promise.all(calls);
      const sold = done.slice(1).filter((r) => r.statusCode === 201).length;
      expect(done[0]?.statusCode, done[0]?.body).toBe(201);
      expect(done.slice(1).every((r) => [201, 409].includes(r.statusCode))).toBe(true);
      const s = await stockOf(t, shops.a.id, p.id);
      expect(s.quantity).toBe(5 + 7 - 2 * sold);
      expect(s.ledger).toBe(s.quantity);
      expect(s.product?.quantity).toBe(s.quantity);
      const rows = await withStore(t.owner, shops.a.id, (tx) =>
        tx
          .select({ change: schema.stockLedger.change, after: schema.stockLedger.quantityAfter })
          .from(schema.stockLedger)
          .where(eq(schema.stockLedger.productId, p.id))
          .orderBy(asc(schema.stockLedger.createdAt), asc(schema.stockLedger.quantityAfter)),
      );
      // The rows chain: each starts where another ended (the variant's row lock queued them), ending at the stock.
      let q = 0;
      const left = [...rows];
      while (left.length) {
        const i = left.findIndex((r) => r.after - r.change === q);
        expect(i, `a ledger row starting at ${q}`).toBeGreaterThanOrEqual(0);
        q = left.splice(i, 1)[0]?.after ?? q;
      }
      expect(q).toBe(s.quantity);
    }
  });
});
