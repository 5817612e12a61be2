import { schema, withStore } from '@haat/db';
import { eq, sql } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import { counterSaleBody } from '../../../test/counter-sale.ts';
import type { TestApp } from '../../../test/harness.ts';

/*
 * What the register's tests share: a product to sell (no GST, so the bill is the same for any shop), a counter sale
 * by any caller, and rows of the other cash writers (khata, expenses, supplier payments) put in directly.
 */

type Caller = {
  call: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => Promise<InjectResponse>;
};

let seq = 0;
export async function counterProduct(owner: Caller, price: number, stock = 50) {
  const [category] = (await owner.call('GET', '/api/admin/category/')).json().data as { id: string }[];
  seq += 1;
  const sku = `REG-${Date.now().toString(36)}-${seq}`.toUpperCase();
  const res = await owner.call('POST', '/api/admin/product/', {
    product_name: `Register Item ${sku}`,
    sku,
    original_price: price,
    product_price: price,
    unit: 'Piece',
    product_quantity: stock,
    shipping_charge: 0,
    tax_percentage: 0,
    hsn_code: '0902',
    category_id: category?.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

/** A counter sale of one line, paid in cash (exact amount) or by UPI. */
export function saleBody(
  productId: string,
  price: number,
  quantity: number,
  method: 'CASH' | 'UPI' = 'CASH',
) {
  return counterSaleBody({ productId, quantity, unitPricePaise: price * 100, ratePercent: 0 }, (total) =>
    method === 'CASH' ? { method, amount_received: total } : { method, utr: '123456789012' },
  );
}

export function sell(
  who: Caller,
  productId: string,
  price: number,
  quantity: number,
  method?: 'CASH' | 'UPI',
) {
  return who.call('POST', '/api/admin/order/pos-checkout/', saleBody(productId, price, quantity, method));
}

/** The register session an order names (null: no drawer). */
export async function sessionOfOrder(t: TestApp, storeId: string, orderId: string) {
  const [row] = await withStore(t.owner, storeId, (tx) =>
    tx
      .select({ s: schema.orders.registerSessionId })
      .from(schema.orders)
      .where(eq(schema.orders.id, orderId)),
  );
  return row?.s ?? null;
}

/**
 * Rows the khata, expenses and supplier-payment writers make for cash through a drawer, put in directly (amounts
 * in paise): a cash khata payment, a cash expense and a cash supplier payment naming the session, plus one of each
 * paid by UPI (which the drawer must not count).
 */
export async function otherCashRows(
  t: TestApp,
  storeId: string,
  sessionId: string,
  p: { khata: number; expense: number; supplier: number },
) {
  await withStore(t.owner, storeId, async (tx) => {
    const [customer] = await tx
      .insert(schema.posCustomers)
      .values({
        storeId,
        name: 'Khata Customer',
        phone: `98${String(Date.now()).slice(-8)}`,
        balancePaise: 0,
      })
      .returning({ id: schema.posCustomers.id });
    const [supplier] = await tx
      .insert(schema.suppliers)
      .values({ storeId, name: 'Drawer Supplier', companyName: 'Drawer Traders', phone: '9800000001' })
      .returning({ id: schema.suppliers.id });
    if (!customer || !supplier) throw new Error('no customer or supplier for the drawer rows');
    for (const method of ['CASH', 'UPI'] as const) {
      await tx.execute(sql`insert into khata_entries (store_id, customer_id, kind, amount_paise, balance_after_paise, method, register_session_id)
        values (${storeId}, ${customer.id}, 'PAYMENT', ${-p.khata}, 0, ${method}, ${sessionId})`);
      await tx.execute(sql`insert into expenses (store_id, category, spent_on, amount_paise, method, register_session_id)
        values (${storeId}, 'Tea and snacks', current_date, ${p.expense}, ${method}, ${sessionId})`);
      await tx.execute(sql`insert into supplier_payments (store_id, supplier_id, amount_paise, method, paid_on, register_session_id)
        values (${storeId}, ${supplier.id}, ${p.supplier}, ${method}, current_date, ${sessionId})`);
    }
  });
}
