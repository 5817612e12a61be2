import { type PosCounter, posTotals } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import type { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { raceStock } from '../orders/orders.test-helpers.ts';

/*
 * The counter offline in tests (issue 43): a product made through the inventory form, a registered counter, and
 * the body a counter sends for a sale it made offline (the prices it showed, its number, when it was sold).
 */

/** Someone signed in to the back office: the owner (demoVendor) or a staff member (staffMember). */
export type Seller = Pick<Awaited<ReturnType<typeof demoVendor>>, 'token' | 'call'>;

export const CHECKOUT = '/api/admin/order/pos-checkout/';
let seq = 0;

/** A product of the shop without options: price in rupees, stock as given; its id and its one variant's id. */
export async function offlineProduct(
  t: TestApp,
  v: Seller,
  storeId: string,
  opts: { price?: number; stock?: number } = {},
) {
  const [category] = (await v.call('GET', '/api/admin/category/')).json().data as { id: string }[];
  seq += 1;
  const sku = `OFF-${Date.now().toString(36)}-${seq}`.toUpperCase();
  const form = {
    product_name: `Offline Item ${sku}`,
    sku,
    original_price: 50,
    product_price: opts.price ?? 120,
    unit: 'Piece',
    product_quantity: opts.stock ?? 20,
    shipping_charge: 0,
    tax_percentage: 18,
    hsn_code: '0902',
    category_id: category?.id,
  };
  const res = await v.call('POST', '/api/admin/product/', form);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  const [variant] = await withStore(t.owner, storeId, (tx) =>
    tx
      .select({ id: schema.productVariants.id })
      .from(schema.productVariants)
      .where(eq(schema.productVariants.productId, id)),
  );
  return { id, sku, variantId: variant?.id ?? '', storeId, form };
}

export async function registerCounter(v: Seller, name = `Counter ${++seq}`) {
  const res = await v.call('POST', '/api/admin/pos/counters/', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.counter as PosCounter;
}

/** The body of a sale made offline: each line at the price shown (rupees), cash, the counter's number and time. */
export function offlineBill(
  lines: { id: string; quantity: number; price: number; tax?: number }[],
  offline: { counter_id: string; receipt_seq: number; sold_at: string; receipt_number?: string },
) {
  const tot = posTotals(
    lines.map((l) => ({ unitPricePaise: l.price * 100, quantity: l.quantity, ratePercent: l.tax ?? 18 })),
    { type: 'FIXED', value: 0 },
  );
  return {
    name: 'Kavya Menon',
    phone: '9845012345',
    product_id: lines.map((l) => ({
      product_id: l.id,
      quantity: l.quantity,
      unit_price_paise: l.price * 100,
    })),
    discount_type: 'FIXED',
    discount_value: 0,
    sub_total: tot.subtotalPaise / 100,
    discount_amount: tot.discountPaise / 100,
    tax: tot.taxPaise / 100,
    total_bill_amount: tot.totalPaise / 100,
    total_items: tot.items,
    payment: { method: 'CASH', amount_received: tot.totalPaise / 100 },
    offline,
  };
}

/** POST pos-checkout as `who` at the shop `slug`, with its Idempotency-Key. */
export function sellAs(t: TestApp, who: Seller, sale: { slug: string; body: object; key: string }) {
  return t.app.inject({
    method: 'POST',
    url: CHECKOUT,
    payload: sale.body,
    headers: { authorization: `Bearer ${who.token}`, 'store-origin': sale.slug, 'idempotency-key': sale.key },
  });
}

/** A time some minutes ago, as a counter's clock writes it. */
export const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** The product's stock and its stock ledger, oldest first (orders' raceStock, the rows in time order). */
export async function stockAndLedger(t: TestApp, storeId: string, productId: string) {
  const { stock, ledger } = await raceStock(t, storeId, productId);
  const rows = [...ledger].sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
  return { stock, ledger: rows.map((r) => ({ change: r.change, after: r.quantityAfter, reason: r.reason })) };
}
