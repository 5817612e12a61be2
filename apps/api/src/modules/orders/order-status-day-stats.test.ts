import { ORDER_STATUSES } from '@haat/contracts';
import { rowsOf, schema, withStore } from '@haat/db';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { ORDERS, shopperOrder } from './orders.test-helpers.ts';

/*
 * Order Management's stat cards come from order_status_day_stats (per shop, IST day and status, kept by triggers on
 * orders, migration 0023). Here they are checked against the orders themselves after every kind of change: the
 * API's own moves (confirm, ship, deliver, cancel by the vendor and by the customer, return, refund), and a seeded
 * random walk of direct writes (status, total, the day an order was placed, deletes, many rows in one statement).
 */
const { t, shops, vendor } = await demoSuite(process.env.DEBUG_LOG ? { LOG_LEVEL: 'error' } : {});

const ORDER = '/api/admin/order/';
const STATUSES = ORDER_STATUSES;
const istDay = (d: Date) => new Date(d.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
const rupees = (paise: number) => Math.round(paise) / 100;

/** The 7 cards as the spec names them, counted straight from the shop's orders in a range of IST days. */
async function truth(storeId: string, from?: string, to?: string) {
  const rows = await withStore(t.owner, storeId, (tx) =>
    tx
      .select({ status: schema.orders.status, total: schema.orders.totalPaise, at: schema.orders.createdAt })
      .from(schema.orders)
      .where(eq(schema.orders.storeId, storeId)),
  );
  const inRange = rows.filter((r) => (!from || istDay(r.at) >= from) && (!to || istDay(r.at) <= to));
  const n = (...s: string[]) => inRange.filter((r) => s.includes(r.status)).length;
  return {
    total_order: inRange.length,
    total_pending_order: n('PENDING'),
    total_process: n('CONFIRMED', 'PROCESSING'),
    total_shipped: n('SHIPPED'),
    total_deliverd: n('DELIVERED'),
    total_cancelled: n('CANCELLED'),
    total_rto: n('RTO'),
    total_revenue: rupees(
      inRange
        .filter((r) => !['CANCELLED', 'RETURNED', 'RTO'].includes(r.status))
        .reduce((a, r) => a + r.total, 0),
    ),
  };
}

/** The day table equals the orders grouped by day and status, row for row (rows at zero aside). */
async function expectTableExact(storeId: string) {
  await withStore(t.owner, storeId, async (tx) => {
    const diff = await tx.execute(sql`
      select coalesce(a.day, b.day) as day, coalesce(a.status, b.status) as status,
             a.n as kept, b.n as counted, a.total as kept_total, b.total as counted_total,
             a.counter as kept_counter, b.counter as counted_counter, a.discount as kept_discount,
             b.discount as counted_discount
        from (select day, status, orders as n, total_paise as total, counter_total_paise as counter,
                     discount_paise as discount from order_status_day_stats
               where store_id = ${storeId}
                 and (orders <> 0 or total_paise <> 0 or counter_total_paise <> 0 or discount_paise <> 0)) a
        full join (select order_stats_day(created_at) as day, status, count(*)::int as n,
                          sum(total_paise)::bigint as total,
                          coalesce(sum(total_paise) filter (where channel = 'POS'), 0)::bigint as counter,
                          sum(discount_paise)::bigint as discount
                     from orders where store_id = ${storeId}
                  group by 1, 2) b
          on a.day = b.day and a.status = b.status
       where a.n is distinct from b.n or a.total::bigint is distinct from b.total::bigint
          or a.counter::bigint is distinct from b.counter::bigint
          or a.discount::bigint is distinct from b.discount::bigint`);
    expect(rowsOf(diff)).toEqual([]);
  });
}

async function expectCards(storeId: string, from?: string, to?: string) {
  const qs = new URLSearchParams({ limit: '1', ...(from ? { from } : {}), ...(to ? { to } : {}) });
  const res = await vendor.call('GET', `${ORDER}?${qs}`);
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  expect(data.order_stats).toEqual(await truth(storeId, from, to));
  expect(data.count).toBe(data.order_stats.total_order);
}

/** Cards for all time, for today, and for the range of the shop's placed days. */
async function expectAllExact(storeId: string) {
  await expectTableExact(storeId);
  await expectCards(storeId);
  const today = istDay(new Date());
  await expectCards(storeId, today, today);
  const old = new Date(Date.now() - 40 * 86_400_000);
  await expectCards(storeId, istDay(old), today);
  await expectCards(storeId, undefined, istDay(old));
}

const place = (payment = 'COD') => shopperOrder(t, shops.a.slug, payment);

const move = async (id: string, status: string, extra: object = {}) => {
  const d = (await vendor.call('GET', `${ORDER}${id}/`)).json().data.order_details;
  const res = await vendor.call('PUT', `${ORDER}${id}/status/`, { status, version: d.version, ...extra });
  expect(res.statusCode).toBe(200);
};
const ship = { carrier: 'Delhivery', tracking_number: 'DL55550001' };

describe('Order Management stat cards from the day table', () => {
  it('match the orders after the API’s own moves: confirm, ship, deliver, cancel, return, refund', async () => {
    await expectAllExact(shops.a.id);
    const a = await place();
    const b = await place();
    const c = await place('UPI');
    const d = await place();
    await expectAllExact(shops.a.id);

    await move(a.id, 'CONFIRMED');
    await move(a.id, 'PROCESSING');
    await move(a.id, 'SHIPPED', ship);
    await expectAllExact(shops.a.id);
    await move(a.id, 'DELIVERED');
    await move(b.id, 'CANCELLED', { reason: 'Out of stock' });
    const cancel = await c.s.call('POST', `${ORDERS}${c.id}/cancel/`, { reason: 'Ordered by mistake' });
    expect(cancel.statusCode).toBe(200);
    await expectAllExact(shops.a.id);

    // A return accepted from the customer's request, then a refund of the delivered one (payment only).
    await move(d.id, 'PROCESSING');
    await move(d.id, 'SHIPPED', { ...ship, tracking_number: 'DL55550002' });
    await move(d.id, 'DELIVERED');
    const asked = await d.s.call('POST', `${ORDERS}${d.id}/return/`, { reason: 'Wrong size' });
    expect(asked.statusCode).toBeLessThan(300);
    const accepted = await vendor.call('POST', `${ORDER}${d.id}/return/`, {
      decision: 'ACCEPT',
      version: (await vendor.call('GET', `${ORDER}${d.id}/`)).json().data.order_details.version,
    });
    expect(accepted.statusCode).toBe(200);
    const delivered = (await vendor.call('GET', `${ORDER}${a.id}/`)).json().data.order_details;
    const txn = (await vendor.call('GET', `/api/admin/transaction/?search=${delivered.order_number}`)).json()
      .data;
    const refund = await vendor.call('POST', `/api/admin/transaction/${txn.results[0].id}/refund/`, {
      amount: 1,
      reason: 'Late delivery',
      method: 'CASH',
    });
    expect(refund.statusCode).toBe(200);
    await expectAllExact(shops.a.id);
  });

  it('match the orders through a seeded random walk of direct writes, one row and many rows at a time', async () => {
    let seed = 20261125;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const storeId = shops.a.id;
    for (let step = 0; step < 40; step++) {
      await withStore(t.owner, storeId, async (tx) => {
        const mine = eq(schema.orders.storeId, storeId);
        const ids = (
          await tx.select({ id: schema.orders.id }).from(schema.orders).where(mine).orderBy(schema.orders.id)
        ).map((r) => r.id);
        const id = ids[Math.floor(rand() * ids.length)] ?? '';
        const status = STATUSES[Math.floor(rand() * STATUSES.length)] ?? 'PENDING';
        const kind = Math.floor(rand() * 6);
        if (kind === 0) await tx.update(schema.orders).set({ status }).where(eq(schema.orders.id, id));
        else if (kind === 1) {
          await tx
            .update(schema.orders)
            .set({ totalPaise: sql`${schema.orders.totalPaise} + ${Math.floor(rand() * 5000)}` })
            .where(eq(schema.orders.id, id));
        } else if (kind === 2) {
          // Moved across IST midnight, some days back.
          await tx
            .update(schema.orders)
            .set({
              createdAt: sql`${schema.orders.createdAt} - ${`${Math.floor(rand() * 60)} days 7 hours`}::interval`,
            })
            .where(eq(schema.orders.id, id));
        } else if (kind === 3) {
          // Many rows in one statement: every order of a status moves to another (and changes nothing when none).
          const to = STATUSES[Math.floor(rand() * STATUSES.length)] ?? 'PENDING';
          await tx
            .update(schema.orders)
            .set({ status: to })
            .where(and(mine, eq(schema.orders.status, status)));
        } else if (kind === 4 && ids.length > 5 && rand() < 0.5) {
          // Not a counter exchange's new bill, which its return record keeps (counter_returns_exchange_fk).
          await tx.execute(sql`delete from orders o where store_id = ${storeId} and id = ${id}
            and not exists (select 1 from counter_returns c where c.store_id = o.store_id and c.exchange_order_id = o.id)`);
        } else if (kind === 4) {
          // The profit and loss's split: a discount given afterwards, and an order counted at the counter.
          await tx
            .update(schema.orders)
            .set({
              discountPaise: Math.floor(rand() * 3000),
              totalPaise: sql`${schema.orders.totalPaise} + 1`,
              channel: rand() < 0.5 ? 'POS' : 'ONLINE',
            })
            .where(eq(schema.orders.id, id));
        } else {
          // A write that changes nothing the cards count.
          await tx
            .update(schema.orders)
            .set({ customerNote: `note ${step}` })
            .where(eq(schema.orders.id, id));
        }
      });
      if (step % 8 === 7) await expectAllExact(storeId);
    }
    await expectAllExact(storeId);
  });

  it('count a search, a payment filter or a status against the orders themselves', async () => {
    const o = await place();
    const d = (await vendor.call('GET', `${ORDER}${o.id}/`)).json().data.order_details;
    const all = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({ status: schema.orders.status, pay: schema.orders.paymentStatus })
        .from(schema.orders)
        .where(eq(schema.orders.storeId, shops.a.id)),
    );
    for (const [qs, expected] of [
      [`search=${encodeURIComponent(d.order_number)}`, 1],
      ['status=PENDING', all.filter((r) => r.status === 'PENDING').length],
      ['status=DELIVERED', all.filter((r) => r.status === 'DELIVERED').length],
      ['payment_status=PENDING', all.filter((r) => r.pay === 'PENDING').length],
      [
        'status=PENDING&payment_status=PENDING',
        all.filter((r) => r.status === 'PENDING' && r.pay === 'PENDING').length,
      ],
    ] as const) {
      const res = await vendor.call('GET', `${ORDER}?${qs}&limit=100`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.count, qs).toBe(expected);
      expect(res.json().data.order_list.length, qs).toBe(Math.min(expected, 100));
    }
  });
});
