import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { type Card, productsOf, shopperWithCart } from './orders.test-helpers.ts';

/*
 * Mark Delivered (issue 42 item 14): cash on delivery is recorded with the amount collected, which must equal the
 * amount due; a UPI order whose payment is still pending is delivered only when the shop says it knows.
 */

const { t, shops, vendor } = await demoSuite();

const ORDER = '/api/admin/order/';

async function shipped(payment: 'COD' | 'UPI') {
  const cards: Card[] = await productsOf(t, shops.a.slug);
  const product = cards.find((c) => c.product_quantity >= 8 && !c.free_shipping);
  if (!product) throw new Error('demo shop has a product in stock');
  const s = await shopperWithCart(t, shops.a.slug, [{ id: product.id, quantity: 1 }]);
  const res = await s.place(await s.orderBody(0, payment));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.order_id as string;
  let d = (await vendor.call('GET', `${ORDER}${id}/`)).json().data.order_details;
  for (const status of ['CONFIRMED', 'PROCESSING', 'SHIPPED']) {
    const extra = status === 'SHIPPED' ? { carrier: 'Delhivery', tracking_number: 'DL1234567' } : {};
    const moved = await vendor.call('PUT', `${ORDER}${id}/status/`, { status, version: d.version, ...extra });
    expect(moved.statusCode, moved.body).toBe(200);
    d = moved.json().data.order_details;
  }
  return d as { id: string; version: number; total_amount: number; payment_status: string };
}

const deliver = (d: { id: string; version: number }, extra: object = {}) =>
  vendor.call('PUT', `${ORDER}${d.id}/status/`, { status: 'DELIVERED', version: d.version, ...extra });

describe('Mark Delivered', () => {
  it('refuses cash on delivery with a different amount collected, naming amount_collected, and takes the amount due', async () => {
    const d = await shipped('COD');
    const wrong = await deliver(d, { amount_collected: d.total_amount - 10 });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().message).toMatch(
      /^Amount collected must be ₹[\d,.]+, the amount due on order ORD-\d+/,
    );
    expect(wrong.json().error.issues).toEqual([expect.objectContaining({ path: 'amount_collected' })]);
    const still = (await vendor.call('GET', `${ORDER}${d.id}/`)).json().data.order_details;
    expect(still).toMatchObject({ status: 'SHIPPED', payment_status: 'PENDING' });

    const right = await deliver(d, { amount_collected: d.total_amount });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.order_details).toMatchObject({ status: 'DELIVERED', payment_status: 'SUCCESS' });
  });

  it('answers 409 for a UPI order still unpaid unless the shop acknowledges it', async () => {
    const d = await shipped('UPI');
    expect(d.payment_status).toBe('PENDING');
    const refused = await deliver(d);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/UPI payment .* still pending/);
    expect(refused.json().error.reason).toBe('PAYMENT_PENDING');
    const ok = await deliver(d, { payment_pending_acknowledged: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.order_details).toMatchObject({ status: 'DELIVERED', payment_status: 'PENDING' });
  });
});
