import { posTotals } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import type { demoVendor } from '../accounts/accounts.test-helpers.ts';

/* Helpers of the counter-return tests: a product, a counter sale, a return, and stock against its ledger. */

type Caller = Pick<Awaited<ReturnType<typeof demoVendor>>, 'token' | 'call'>;

let seq = 0;

/** A product of the caller's shop made through the inventory form (price in rupees, 18% GST unless said). */
export async function product(v: Caller, opts: { price?: number; stock?: number; tax?: number } = {}) {
  const [category] = (await v.call('GET', '/api/admin/category/')).json().data as { id: string }[];
  seq += 1;
  const sku = `RET-${Date.now().toString(36)}-${seq}`.toUpperCase();
  const res = await v.call('POST', '/api/admin/product/', {
    product_name: `Return Item ${sku}`,
    sku,
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
  return res.json().data.id as string;
}

/** The counter bill for these lines, the server's arithmetic, paid as said (cash covering it by default). */
export function bill(
  lines: { id: string; quantity: number; price: number; tax?: number }[],
  opts: { discount?: number; method?: 'CASH' | 'UPI' | 'CARD' } = {},
) {
  const tot = posTotals(
    lines.map((l) => ({ unitPricePaise: l.price * 100, quantity: l.quantity, ratePercent: l.tax ?? 18 })),
    { type: 'FIXED', value: opts.discount ?? 0 },
  );
  const method = opts.method ?? 'CASH';
  return {
    name: 'Meena Iyer',
    phone: '9812345670',
    product_id: lines.map((l) => ({ product_id: l.id, quantity: l.quantity })),
    discount_type: 'FIXED',
    discount_value: opts.discount ?? 0,
    sub_total: tot.subtotalPaise / 100,
    discount_amount: tot.discountPaise / 100,
    tax: tot.taxPaise / 100,
    total_bill_amount: tot.totalPaise / 100,
    total_items: tot.items,
    payment: method === 'CASH' ? { method, amount_received: tot.totalPaise / 100 } : { method },
  };
}

export function post(
  t: TestApp,
  slug: string,
  who: { token: string },
  url: string,
  body: object,
  key?: string,
) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: {
      authorization: `Bearer ${who.token}`,
      'store-origin': slug,
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });
}

/** The stock of a product and what its ledger adds up to since it was made. */
export async function stockAndLedger(t: TestApp, storeId: string, productId: string) {
  return withStore(t.owner, storeId, async (tx) => {
    const [p] = await tx
      .select({ q: schema.products.quantity })
      .from(schema.products)
      .where(eq(schema.products.id, productId));
    const [l] = await tx
      .select({ sum: sql<number>`coalesce(sum(${schema.stockLedger.change}), 0)::int` })
      .from(schema.stockLedger)
      .where(eq(schema.stockLedger.productId, productId));
    return { stock: p?.q ?? -1, ledger: Number(l?.sum ?? 0) };
  });
}
