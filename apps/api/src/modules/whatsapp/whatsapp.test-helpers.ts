import { schema, withStore } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import type { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { productsOf, shopperWithCart } from '../orders/orders.test-helpers.ts';

/** The WhatsApp entries of an order's timeline. */
export const whatsAppEvents = (t: TestApp, storeId: string, orderId: string) =>
  withStore(t.deps.db, storeId, (tx) =>
    tx
      .select()
      .from(schema.orderEvents)
      .where(and(eq(schema.orderEvents.orderId, orderId), eq(schema.orderEvents.status, 'WHATSAPP'))),
  );

/**
 * A new customer of the vendor's shop with one COD order of `quantity` of a product in stock: the order's id and
 * number, the customer's phone as the vendor sees it, the product and the order's details.
 */
export async function codOrder(
  t: TestApp,
  vendor: Awaited<ReturnType<typeof demoVendor>>,
  slug: string,
  quantity: number,
) {
  const p = (await productsOf(t, slug)).find((c) => c.product_quantity >= 5);
  if (!p) throw new Error('demo shop has a product in stock');
  const s = await shopperWithCart(t, slug, [{ id: p.id, quantity }]);
  const res = await s.place(await s.orderBody(0, 'COD'));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.order_id as string;
  const d = (await vendor.call('GET', `/api/admin/order/${id}/`)).json().data.order_details;
  return { id, number: d.order_number as string, phone: d.user.phone as string, product: p, detail: d };
}
