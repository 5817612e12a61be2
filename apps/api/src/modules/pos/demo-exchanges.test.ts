import { rowsOf, schema, withStore } from '@haat/db';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';

/*
 * The demo shops' returns at the counter look like real use (issue 38): every demo shop has counter returns refunded
 * with their credit notes, and an exchange whose new counter sale is paid, invoiced and on the ledger; the app reads
 * the exchange back as its slip shows it, and each variant's stock still equals its ledger.
 */

const { t, shops } = await demoSuite();
beforeAll(async () => {});

describe('the demo shops’ exchanges', () => {
  it('every demo shop has a counter refund and an exchange, with credit notes, the new sale invoiced, stock = ledger', async () => {
    // Every published demo shop sells at its counter (demo-pos.ts), so each has returns to show.
    expect(shops.open.length).toBeGreaterThan(5);
    for (const shop of shops.open) {
      const [r] = rowsOf<Record<string, number>>(
        await withStore(t.owner, shop.id, (tx) =>
          tx.execute(sql`
          select (select count(*) from counter_returns where store_id = ${shop.id} and kind = 'REFUND')::int as refunds,
                 (select count(*) from counter_returns c
                    join tax_documents n on n.store_id = c.store_id and n.id = c.credit_note_id
                      and n.total_paise = c.returned_paise
                    join refunds f on f.store_id = c.store_id and f.id = c.refund_id
                      and f.amount_paise = c.returned_paise
                    join orders o on o.store_id = c.store_id and o.id = c.exchange_order_id
                      and o.channel = 'POS' and o.payment_status = 'SUCCESS'
                      and c.difference_paise = o.total_paise - c.returned_paise
                    join tax_documents i on i.store_id = o.store_id and i.order_id = o.id
                      and i.kind <> 'CREDIT_NOTE' and i.total_paise = o.total_paise
                   where c.store_id = ${shop.id} and c.kind = 'EXCHANGE')::int as exchanges,
                 (select count(*) from product_variants v where v.store_id = ${shop.id} and v.quantity <>
                    (select coalesce(sum(change), 0) from stock_ledger l
                      where l.store_id = v.store_id and l.variant_id = v.id))::int as off`),
        ),
      );
      expect(r, shop.slug).toMatchObject({ exchanges: 1, off: 0 });
      expect(r?.refunds, shop.slug).toBeGreaterThan(0);
    }
  });

  it('the app shows a demo exchange as its slip: what came back, the new bill and the difference', async () => {
    const vendor = await demoVendor(t, shops.a);
    const [ex] = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select()
        .from(schema.counterReturns)
        .where(
          and(eq(schema.counterReturns.storeId, shops.a.id), eq(schema.counterReturns.kind, 'EXCHANGE')),
        ),
    );
    const res = await vendor.call('GET', `/api/admin/pos/return/${ex?.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    expect(view).toMatchObject({ kind: 'EXCHANGE', returned_amount: (ex?.returnedPaise ?? 0) / 100 });
    expect(view.lines).toHaveLength(1);
    expect(view.credit_note?.number).toMatch(/^CN\//);
    expect(view.exchange_sale?.invoice_number).toBeTruthy();
    expect(view.exchange_sale.customer.phone).toBe(view.customer.phone);
    expect(view.exchange_total).toBe(view.exchange_sale.total_bill_amount);
    expect(view.difference).toBe((ex?.differencePaise ?? 0) / 100);
    expect(Math.round((view.exchange_total - view.returned_amount) * 100)).toBe(ex?.differencePaise);
  });
});
