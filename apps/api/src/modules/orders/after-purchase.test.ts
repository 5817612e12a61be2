import { apportion, CARRIERS, trackingLink } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import {
  CART,
  type Card,
  moveOrderAs,
  ORDERS,
  productsOf,
  shopperWithCart,
  stockOf,
} from './orders.test-helpers.ts';

/* Orders after purchase (issue 40): returns and exchanges per line and quantity, a reason when cancelling, and the
   carrier's tracking link. */

const { t, shops, vendor } = await demoSuite();

const pick = async (n: number, minStock = 6) => {
  const cards: Card[] = await productsOf(t, shops.a.slug);
  const found = cards.filter((c) => c.product_quantity >= minStock).slice(0, n);
  if (found.length < n) throw new Error('demo shop has enough products in stock');
  return found;
};

const lastMailTo = async (to: string, subject: string) => {
  const [row] = await t.owner
    .select({ payload: schema.outbox.payload })
    .from(schema.outbox)
    .where(
      sql`${schema.outbox.payload}->>'to' = ${to} and ${schema.outbox.payload}->>'subject' like ${`${subject}%`}`,
    )
    .orderBy(desc(schema.outbox.createdAt))
    .limit(1);
  return row?.payload as { subject: string; text: string; html: string } | undefined;
};

const detail = async (id: string) =>
  (await vendor.call('GET', `/api/admin/order/${id}/`)).json().data.order_details;

type Line = { id: string; product_id: string; name: string; quantity: number; unit_price: number };

/** A delivered order of `lines` (WELCOME10 applied when `coupon`), its shopper and its lines. */
async function deliveredOrder(lines: { id: string; quantity: number }[], coupon = false) {
  const s = await shopperWithCart(t, shops.a.slug, lines);
  if (coupon) expect((await s.call('POST', `${CART}coupon/`, { code: 'WELCOME10' })).statusCode).toBe(200);
  const placed = await s.place(await s.orderBody());
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().data.order_id as string;
  await moveOrderAs(vendor, id, 'PROCESSING', 'SHIPPED', 'DELIVERED');
  const order = (await s.call('GET', `${ORDERS}${id}/`)).json().data;
  const line = (productId: string) =>
    order.product.items.find((i: Line) => i.product_id === productId) as Line;
  return { s, id, order, line };
}

describe('returns per line and quantity', () => {
  it('1 of 3 units comes back: confirmed by mail, the vendor sees it, accepting restocks 1 and owes its share', async () => {
    const [p1, p2] = await pick(2);
    if (!p1 || !p2) throw new Error('two products');
    const { s, id, order, line } = await deliveredOrder(
      [
        { id: p1.id, quantity: 3 },
        { id: p2.id, quantity: 1 },
      ],
      true,
    );
    const chai = line(p1.id);
    const before = [await stockOf(t, shops.a.slug, p1.id), await stockOf(t, shops.a.slug, p2.id)];

    const asked = await s.call('POST', `${ORDERS}${id}/return/`, {
      reason: 'One packet was torn',
      kind: 'RETURN',
      items: [{ item_id: chai.id, quantity: 1 }],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe('Return requested');
    expect(asked.json().data.return_request).toMatchObject({
      status: 'REQUESTED',
      kind: 'RETURN',
      items: [{ item_id: chai.id, quantity: 1, status: 'REQUESTED' }],
    });
    const mail = await lastMailTo(s.email, 'We received your return request');
    expect(mail?.text).toContain(`1 × ${chai.name}`);
    expect(mail?.text).toContain('One packet was torn');

    // The vendor's order page shows what was asked, line by line, with each line's share.
    const seen = await detail(id);
    expect(seen.return_requested).toBe(true);
    expect(seen.return_request.items).toHaveLength(1);
    const values = order.product.items.map((i: Line) => Math.round(i.unit_price * 100) * i.quantity);
    const discounts = apportion(Math.round(order.discount * 100), values);
    const at = order.product.items.findIndex((i: Line) => i.id === chai.id);
    const share = Math.round(((values[at] ?? 0) - (discounts[at] ?? 0)) / 3);
    expect(order.discount).toBeGreaterThan(0);
    expect(seen.return_request.items[0]).toMatchObject({ quantity: 1, amount: share / 100 });

    const accepted = await vendor.call('POST', `/api/admin/order/${id}/return/`, {
      decision: 'ACCEPT',
      version: seen.version,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = accepted.json().data.order_details;
    expect(after.status).toBe('DELIVERED');
    expect(after.return_request).toMatchObject({ status: 'COMPLETED', refund_amount: share / 100 });
    expect(after.return_request.items[0].status).toBe('ACCEPTED');
    // Stock back only for the returned unit, with its RETURN ledger row.
    expect(await stockOf(t, shops.a.slug, p1.id)).toBe((before[0] ?? 0) + 1);
    expect(await stockOf(t, shops.a.slug, p2.id)).toBe(before[1]);
    const ledger = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select()
        .from(schema.stockLedger)
        .where(and(eq(schema.stockLedger.orderId, id), eq(schema.stockLedger.reason, 'RETURN'))),
    );
    expect(ledger.map((l) => [l.productId, l.change])).toEqual([[p1.id, 1]]);
    const decided = await lastMailTo(s.email, 'Your return for order');
    expect(decided?.text).toContain('is due back to you');
    const mine = (await s.call('GET', `${ORDERS}${id}/`)).json().data;
    expect(mine.return_request).toMatchObject({ status: 'COMPLETED', refund_amount: share / 100 });
  });

  it('refuses more units than were delivered naming the field, a line of another order, and a second request', async () => {
    const [p1] = await pick(1);
    if (!p1) throw new Error('a product');
    const { s, id, line } = await deliveredOrder([{ id: p1.id, quantity: 2 }]);
    const item = line(p1.id);
    const over = await s.call('POST', `${ORDERS}${id}/return/`, {
      reason: 'Too many',
      items: [{ item_id: item.id, quantity: 3 }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.issues[0].path).toBe('items.0.quantity');
    expect(over.json().message).toContain('Only 2 of');
    const stranger = await s.call('POST', `${ORDERS}${id}/return/`, {
      reason: 'Not mine',
      items: [{ item_id: crypto.randomUUID(), quantity: 1 }],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.issues[0].path).toBe('items.0.item_id');
    const zero = await s.call('POST', `${ORDERS}${id}/return/`, {
      reason: 'None',
      items: [{ item_id: item.id, quantity: 0 }],
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.issues[0].path).toBe('items.0.quantity');

    expect(
      (
        await s.call('POST', `${ORDERS}${id}/return/`, {
          reason: 'First',
          items: [{ item_id: item.id, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(200);
    const twice = await s.call('POST', `${ORDERS}${id}/return/`, {
      reason: 'Second',
      items: [{ item_id: item.id, quantity: 1 }],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.reason).toBe('RETURN_EXISTS');
    expect(twice.json().message).toContain('You already asked to return items of this order');
  });

  it('accepts some lines and declines the others; an exchange moves no stock and owes nothing', async () => {
    const [p1, p2] = await pick(2);
    if (!p1 || !p2) throw new Error('two products');
    const { s, id, line } = await deliveredOrder([
      { id: p1.id, quantity: 2 },
      { id: p2.id, quantity: 2 },
    ]);
    const before = [await stockOf(t, shops.a.slug, p1.id), await stockOf(t, shops.a.slug, p2.id)];
    const asked = await s.call('POST', `${ORDERS}${id}/return/`, {
      reason: 'Wrong size',
      kind: 'EXCHANGE',
      items: [
        { item_id: line(p1.id).id, quantity: 1 },
        { item_id: line(p2.id).id, quantity: 2 },
      ],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe('Exchange requested');
    const d = await detail(id);
    const notAsked = await vendor.call('POST', `/api/admin/order/${id}/return/`, {
      decision: 'ACCEPT',
      item_ids: [crypto.randomUUID()],
      version: d.version,
    });
    expect(notAsked.statusCode).toBe(400);
    expect(notAsked.json().error.issues[0].path).toBe('item_ids.0');
    const res = await vendor.call('POST', `/api/admin/order/${id}/return/`, {
      decision: 'ACCEPT',
      item_ids: [line(p1.id).id],
      version: d.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data.order_details;
    expect(after).toMatchObject({
      status: 'DELIVERED',
      return_request: { kind: 'EXCHANGE', refund_amount: 0 },
    });
    expect(after.return_request.items.map((l: { status: string }) => l.status)).toEqual([
      'ACCEPTED',
      'REJECTED',
    ]);
    expect([await stockOf(t, shops.a.slug, p1.id), await stockOf(t, shops.a.slug, p2.id)]).toEqual(before);
  });

  it('an older client asks for the whole order; accepting returns it all (RETURNED, every unit back)', async () => {
    const [p1] = await pick(1);
    if (!p1) throw new Error('a product');
    const { s, id } = await deliveredOrder([{ id: p1.id, quantity: 2 }]);
    const before = await stockOf(t, shops.a.slug, p1.id);
    const asked = await s.call('POST', `${ORDERS}${id}/return/`, { reason: 'Colour differs' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data.return_request.items).toMatchObject([{ quantity: 2 }]);
    const d = await detail(id);
    const res = await vendor.call('POST', `/api/admin/order/${id}/return/`, {
      decision: 'ACCEPT',
      version: d.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.order_details).toMatchObject({
      status: 'RETURNED',
      return_request: { status: 'COMPLETED' },
    });
    expect(await stockOf(t, shops.a.slug, p1.id)).toBe(before + 2);
  });
});

describe('a reason when cancelling', () => {
  it('stores the chosen reason and words; the vendor reads them on the order, its history and the mail', async () => {
    const [p1] = await pick(1);
    const s = await shopperWithCart(t, shops.a.slug, [{ id: p1?.id ?? '', quantity: 1 }]);
    const id = (await s.place(await s.orderBody())).json().data.order_id;
    const other = await s.call('POST', `${ORDERS}${id}/cancel/`, { reason_code: 'Other' });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.issues[0].path).toBe('reason');
    const wrong = await s.call('POST', `${ORDERS}${id}/cancel/`, { reason_code: 'Bored' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.issues[0].path).toBe('reason_code');

    const res = await s.call('POST', `${ORDERS}${id}/cancel/`, {
      reason_code: 'Found a better price',
      reason: 'Cheaper at the market',
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = 'Found a better price: Cheaper at the market';
    expect(res.json().data).toMatchObject({ status: 'CANCELLED', cancel_reason: text });
    const d = await detail(id);
    expect(d.cancel_reason).toBe(text);
    expect(d.timeline.find((e: { status: string }) => e.status === 'CANCELLED')?.note).toBe(text);
    expect((await lastMailTo(s.email, 'Order'))?.text).toContain(`Reason: ${text}`);
  });

  it('an older client cancels with words alone, or nothing', async () => {
    const [p1] = await pick(1);
    const s = await shopperWithCart(t, shops.a.slug, [{ id: p1?.id ?? '', quantity: 1 }]);
    const id = (await s.place(await s.orderBody())).json().data.order_id;
    const res = await s.call('POST', `${ORDERS}${id}/cancel/`, { reason: 'Ordered twice' });
    expect(res.json().data.cancel_reason).toBe('Ordered twice');
  });
});

describe('carrier tracking links', () => {
  it('builds each known carrier’s public tracking page (India Post: its page, the number typed there)', () => {
    expect(trackingLink('India Post', 'EE123456789IN')).toBe(
      'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx',
    );
    expect(trackingLink('Speed Post', 'EE1')).toContain('indiapost.gov.in');
    expect(trackingLink('Delhivery', '1480412345678')).toBe(
      'https://www.delhivery.com/track/package/1480412345678',
    );
    expect(trackingLink('Blue Dart', '12345678901')).toBe(
      'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=12345678901',
    );
    expect(trackingLink('bluedart', 'X1')).toContain('trackNo=X1');
    expect(trackingLink('DTDC', 'D12345678')).toBe(
      'https://www.dtdc.in/tracking/tracking_results.asp?Ttype=awb_no&strCnno=D12345678&TrkType2=awb_no',
    );
    expect(trackingLink('Ekart', 'FMPC1234567890')).toBe(
      'https://ekartlogistics.com/shipmenttrack/FMPC1234567890',
    );
    expect(trackingLink('XpressBees', '14123456789')).toBe(
      'https://www.xpressbees.com/shipment/tracking?awbNo=14123456789',
    );
    expect(trackingLink('Shree Maruti Courier', 'SM1')).toBeNull();
    expect(CARRIERS).toEqual(
      expect.arrayContaining(['India Post', 'Delhivery', 'Blue Dart', 'DTDC', 'Ekart', 'Xpressbees']),
    );
  });

  it('the shopper’s order and the shipped mail carry the link for a known carrier, the number as text otherwise', async () => {
    const [p1, p2] = await pick(2);
    const ship = async (productId: string, carrier: string, number: string) => {
      const s = await shopperWithCart(t, shops.a.slug, [{ id: productId, quantity: 1 }]);
      const id = (await s.place(await s.orderBody())).json().data.order_id;
      await moveOrderAs(vendor, id, 'PROCESSING');
      const d = await detail(id);
      const res = await vendor.call('PUT', `/api/admin/order/${id}/status/`, {
        status: 'SHIPPED',
        carrier,
        tracking_number: number,
        version: d.version,
      });
      expect(res.statusCode, res.body).toBe(200);
      const order = (await s.call('GET', `${ORDERS}${id}/`)).json().data;
      return { order, mail: await lastMailTo(s.email, `Order ${order.order_number} shipped`) };
    };
    const dtdc = await ship(p1?.id ?? '', 'DTDC', 'D55501234');
    const link =
      'https://www.dtdc.in/tracking/tracking_results.asp?Ttype=awb_no&strCnno=D55501234&TrkType2=awb_no';
    expect(dtdc.order).toMatchObject({ carrier: 'DTDC', trackingNumber: 'D55501234', tracking_url: link });
    expect(dtdc.mail?.text).toContain(`Track it: ${link}`);
    expect(dtdc.mail?.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);

    const local = await ship(p2?.id ?? '', 'Shree Maruti Courier', 'SM7788');
    expect(local.order.tracking_url).toBeNull();
    expect(local.mail?.text).toContain('Carrier: Shree Maruti Courier, tracking number SM7788.');
    expect(local.mail?.text).not.toContain('Track it');
  });
});
