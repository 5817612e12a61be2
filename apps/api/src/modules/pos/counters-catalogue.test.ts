import { counterSeries, type PosCatalogueItem, type PosCounter } from '@haat/contracts';
import { rowsOf, withStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { makeDeal } from '../engagement/engagement.test-helpers.ts';
import { staffMember } from '../staff/staff.test-helpers.ts';
import { minutesAgo, offlineBill, offlineProduct, registerCounter, sellAs } from './offline.test-helpers.ts';

/*
 * Counters and the catalogue a counter keeps offline (issue 43, decision 0034): registered by the owner or a
 * manager (a cashier uses them), each with its own series; a number voided keeps the series gapless; the catalogue
 * read whole in pages by cursor, and refreshed with only what changed, archived and deleted.
 */

const { t, shops, vendor } = await demoSuite();
const CATALOGUE = '/api/admin/pos/catalogue/';

describe('counters', () => {
  it('the owner and a manager register counters, each with its own series; a cashier lists them but cannot register', async () => {
    const gst = (await vendor.call('GET', '/api/admin/pos/counter/')).json().data.gst_registered as boolean;
    const first = await registerCounter(vendor, 'Front counter');
    expect(first).toMatchObject({
      name: 'Front counter',
      code: `C${String(first.number).padStart(2, '0')}`,
      series: counterSeries(first.number, gst),
      next_seq: 1,
      offline_sales: 0,
      last_sync_at: null,
    });
    expect(first.next_number).toMatch(/^[IB]\d\d\/\d\d-\d\d\/00001$/);
    const manager = await staffMember(t, vendor, shops.a, 'MANAGER');
    const second = await registerCounter(manager, 'Billing desk');
    expect(second.number).not.toBe(first.number);
    const cashier = await staffMember(t, vendor, shops.a, 'CASHIER');
    const refused = await cashier.call('POST', '/api/admin/pos/counters/', { name: 'Mine' });
    expect(refused.statusCode).toBe(403);
    const listed = await cashier.call('GET', '/api/admin/pos/counters/');
    expect(listed.statusCode).toBe(200);
    const ids = listed.json().data.counters.map((c: PosCounter) => c.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
    const blank = await vendor.call('POST', '/api/admin/pos/counters/', { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.issues[0].path).toBe('name');
  });

  it('a number voided keeps the series gapless: the next sale takes the number after it', async () => {
    const counter = await registerCounter(vendor);
    const at = minutesAgo(15);
    const url = `/api/admin/pos/counters/${counter.id}/void/`;
    const gap = await vendor.call('POST', url, { receipt_seq: 2, sold_at: at, reason: 'Customer left' });
    expect(gap.statusCode).toBe(409);
    expect(gap.json().error.reason).toBe('RECEIPT_SEQ_GAP');
    const voided = await vendor.call('POST', url, { receipt_seq: 1, sold_at: at, reason: 'Customer left' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data.counter).toMatchObject({ next_seq: 2, offline_sales: 0 });
    const p = await offlineProduct(t, vendor, shops.a.id);
    const one = offlineBill([{ id: p.id, quantity: 1, price: 120 }], {
      counter_id: counter.id,
      receipt_seq: 2,
      sold_at: at,
    });
    const sold = await sellAs(t, vendor, { slug: shops.a.slug, body: one, key: crypto.randomUUID() });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().data.invoice_number).toMatch(/\/00002$/);
  });
});

/** Every page of a read, following next_cursor; the pages and the last page's refresh_from. */
async function readAll(query: string) {
  const items: PosCatalogueItem[] = [];
  let removed: { product_id: string; variant_id: string }[] = [];
  let cursor: string | null = null;
  let pages = 0;
  for (;;) {
    const url: string = `${CATALOGUE}?${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await vendor.call('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    items.push(...page.items);
    if (!cursor) removed = page.removed;
    pages += 1;
    if (!page.next_cursor) return { items, removed, pages, refreshFrom: page.refresh_from as string };
    expect(page.refresh_from).toBeNull();
    cursor = page.next_cursor;
  }
}

describe('the catalogue a counter keeps', () => {
  it('reads every active variant, in pages, with a refresh point a little before the read began', async () => {
    const before = Date.now() * 1000;
    const all = await readAll('limit=7');
    const [row] = rowsOf<{ n: number }>(
      await withStore(t.owner, shops.a.id, (tx) =>
        tx.execute(sql`select count(*)::int as n from product_variants v join products p
          on p.store_id = v.store_id and p.id = v.product_id
          where v.store_id = ${shops.a.id} and p.status = 'ACTIVE'`),
      ),
    );
    const n = row?.n;
    // A product written while the read goes on (a deal's job, a sale) comes again later: the counter keeps the last.
    expect(new Set(all.items.map((i) => i.variant_id)).size).toBe(n);
    expect(all.pages).toBeGreaterThan(1);
    expect(all.items.every((i) => i.active && Number.isInteger(i.price_paise))).toBe(true);
    expect(Number(all.refreshFrom)).toBeLessThan(before);
  });

  it('a refresh returns what changed since: a new price, a deal begun, an archived product, a deleted one', async () => {
    const sold = await offlineProduct(t, vendor, shops.a.id, { price: 99 });
    const gone = await offlineProduct(t, vendor, shops.a.id);
    const kept = await offlineProduct(t, vendor, shops.a.id);
    const since = (await vendor.call('GET', `${CATALOGUE}?limit=1`)).json().data.server_time as string;
    const from = String(Date.parse(since) * 1000);
    // A deal starting now changes a price without writing its product's row.
    const deal = await makeDeal(t, shops.a.id, { startsInMinutes: 0 });
    const put = await vendor.call('PUT', `/api/admin/product/${kept.id}/`, {
      ...kept.form,
      product_price: 135,
    });
    expect(put.statusCode, put.body).toBe(200);
    // Sold once (an order refers to it): deleting it archives it. Never sold: deleted.
    const sale = offlineBill([{ id: sold.id, quantity: 1, price: 99 }], {
      counter_id: (await registerCounter(vendor)).id,
      receipt_seq: 1,
      sold_at: minutesAgo(1),
    });
    expect(
      (await sellAs(t, vendor, { slug: shops.a.slug, body: sale, key: crypto.randomUUID() })).statusCode,
    ).toBe(201);
    expect((await vendor.call('DELETE', `/api/admin/product/${sold.id}/`)).statusCode).toBe(200);
    expect((await vendor.call('DELETE', `/api/admin/product/${gone.id}/`)).statusCode).toBe(200);
    const refresh = await readAll(`limit=500&since=${from}`);
    const byProduct = (id: string) => refresh.items.find((i) => i.product_id === id);
    expect(byProduct(kept.id)).toMatchObject({ price_paise: 13500, active: true });
    expect(byProduct(sold.id)).toMatchObject({ active: false, stock: 19 });
    expect(byProduct(gone.id)).toBeUndefined();
    expect(byProduct(deal.product.id)).toBeDefined();
    expect(refresh.removed).toEqual(
      expect.arrayContaining([{ product_id: gone.id, variant_id: gone.variantId }]),
    );
    const full = await readAll('limit=500');
    expect(full.items.some((i) => i.product_id === sold.id || i.product_id === gone.id)).toBe(false);
  });

  it('names a bad cursor, since or limit', async () => {
    for (const [query, field] of [
      ['cursor=abc', 'cursor'],
      ['since=yesterday', 'since'],
      ['limit=0', 'limit'],
      ['limit=5000', 'limit'],
    ]) {
      const res = await vendor.call('GET', `${CATALOGUE}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.issues[0].path, query).toBe(field);
    }
  });
});
