import { PAYMENT_STATUSES } from '@haat/contracts';
import { rowsOf, schema, withStore } from '@haat/db';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { ORDERS, shopperOrder } from '../orders/orders.test-helpers.ts';

/*
 * Transaction Management's 4 stat cards and its list's count (without a search) come from payment_day_stats (per
 * shop, IST day, payment status and mode, kept by triggers on payment_transactions, migration 0029). Here they are
 * checked against the payments themselves after the API's own moves (placed, received, refunded in part and in
 * full, cancelled by the vendor and the customer) and a seeded random walk of direct writes (failed, status, mode,
 * amount, refunded sum, the day a payment was made, deletes, many rows in one statement).
 */
const { t, shops, vendor } = await demoSuite(process.env.DEBUG_LOG ? { LOG_LEVEL: 'error' } : {});

const ORDER = '/api/admin/order/';
const TXN = '/api/admin/transaction/';
const MODES = ['COD', 'UPI', 'CASH', 'CARD'] as const;
/** The list's mode filters and the recorded modes each covers. */
const MODE_FILTERS: [string, string[]][] = [
  ['CASH', ['COD', 'CASH']],
  ['UPI', ['UPI']],
  ['CREDIT_CARD', ['CARD']],
  ['WALLET', []],
];
const istDay = (d: Date) => new Date(d.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

type Payment = { status: string; mode: string; amount: number; refunded: number; at: Date };

async function paymentsOf(storeId: string, from?: string, to?: string): Promise<Payment[]> {
  const pt = schema.paymentTransactions;
  const rows = await withStore(t.owner, storeId, (tx) =>
    tx
      .select({
        status: pt.paymentStatus,
        mode: pt.paymentMode,
        amount: pt.amountPaise,
        refunded: pt.refundedPaise,
        at: pt.createdAt,
      })
      .from(pt)
      .where(eq(pt.storeId, storeId)),
  );
  return rows.filter((r) => (!from || istDay(r.at) >= from) && (!to || istDay(r.at) <= to));
}

/** The 4 cards as the spec names them, counted straight from the shop's payments. */
function cardsOf(rows: Payment[]) {
  const settled = rows.filter((r) => ['SUCCESS', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(r.status));
  return {
    total_revenue: settled.reduce((a, r) => a + r.amount - r.refunded, 0) / 100,
    total_transaction: rows.length,
    total_pending_transaction: rows.filter((r) => r.status === 'PENDING').length,
    total_failed_transaction: rows.filter((r) => r.status === 'FAILED').length,
  };
}

/** The day table equals the payments grouped by day, status and mode, row for row (rows at zero aside). */
async function expectTableExact(storeId: string) {
  await withStore(t.owner, storeId, async (tx) => {
    const diff = await tx.execute(sql`
      select coalesce(a.day, b.day) as day, coalesce(a.st, b.st) as status, coalesce(a.mode, b.mode) as mode,
             a.n as kept, b.n as counted, a.amount as kept_amount, b.amount as counted_amount,
             a.refunded as kept_refunded, b.refunded as counted_refunded
        from (select day, payment_status as st, payment_mode as mode, payments as n, amount_paise as amount,
                     refunded_paise as refunded
                from payment_day_stats
               where store_id = ${storeId} and (payments <> 0 or amount_paise <> 0 or refunded_paise <> 0)) a
        full join (select order_stats_day(created_at) as day, payment_status as st, payment_mode as mode,
                          count(*)::int as n, sum(amount_paise)::bigint as amount,
                          sum(refunded_paise)::bigint as refunded
                     from payment_transactions where store_id = ${storeId} group by 1, 2, 3) b
          on a.day = b.day and a.st = b.st and a.mode = b.mode
       where a.n is distinct from b.n or a.amount::bigint is distinct from b.amount::bigint
          or a.refunded::bigint is distinct from b.refunded::bigint`);
    expect(rowsOf(diff)).toEqual([]);
  });
}

/** The stat cards of a range, and the list's count for no filter, each status, each mode filter and a pair. */
async function expectCards(storeId: string, from?: string, to?: string) {
  const range = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const rows = await paymentsOf(storeId, from, to);
  const stats = await vendor.call('GET', `${TXN}transaction-stats/?${new URLSearchParams(range)}`);
  expect(stats.statusCode).toBe(200);
  expect(stats.json().data).toEqual(cardsOf(rows));
  const filters: [Record<string, string>, number][] = [
    [{}, rows.length],
    ...PAYMENT_STATUSES.map((s): [Record<string, string>, number] => [
      { status: s },
      rows.filter((r) => r.status === s).length,
    ]),
    ...MODE_FILTERS.map(([f, modes]): [Record<string, string>, number] => [
      { payment_mode: f },
      rows.filter((r) => modes.includes(r.mode)).length,
    ]),
    [
      { status: 'PENDING', payment_mode: 'CASH' },
      rows.filter((r) => r.status === 'PENDING' && ['COD', 'CASH'].includes(r.mode)).length,
    ],
  ];
  for (const [f, expected] of filters) {
    const qs = new URLSearchParams({ limit: '100', ...range, ...f });
    const res = await vendor.call('GET', `${TXN}?${qs}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.count, `${qs}`).toBe(expected);
    expect(res.json().data.results.length, `${qs}`).toBe(Math.min(expected, 100));
  }
}

/** Cards and counts for all time, for today, for the last 40 days and for before them. */
async function expectAllExact(storeId: string) {
  await expectTableExact(storeId);
  await expectCards(storeId);
  const today = istDay(new Date());
  await expectCards(storeId, today, today);
  const old = istDay(new Date(Date.now() - 40 * 86_400_000));
  await expectCards(storeId, old, today);
  await expectCards(storeId, undefined, old);
}

const place = (payment = 'COD') => shopperOrder(t, shops.a.slug, payment);

const detailOf = async (id: string) => (await vendor.call('GET', `${ORDER}${id}/`)).json().data.order_details;
const move = async (id: string, status: string, extra: object = {}) => {
  const d = await detailOf(id);
  const res = await vendor.call('PUT', `${ORDER}${id}/status/`, { status, version: d.version, ...extra });
  expect(res.statusCode).toBe(200);
};
const paymentOf = async (id: string) => {
  const d = await detailOf(id);
  const list = (await vendor.call('GET', `${TXN}?search=${encodeURIComponent(d.order_number)}`)).json().data;
  return list.results[0] as { id: string; amount: number };
};
const refund = async (paymentId: string, amount: number) => {
  const res = await vendor.call('POST', `${TXN}${paymentId}/refund/`, {
    amount,
    reason: 'Damaged',
    method: 'CASH',
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('Transaction Management stat cards and count from the day table', () => {
  it('match the payments after the API’s moves: placed, received, refunded in part and in full, cancelled', async () => {
    await expectAllExact(shops.a.id);
    const cod = await place();
    const codFull = await place();
    const codCancel = await place();
    const upi = await place('UPI');
    const upiCancel = await place('UPI');
    await expectAllExact(shops.a.id);

    // Cash collected on delivery; a UPI payment recorded with its UTR.
    for (const o of [cod, codFull]) {
      await move(o.id, 'PROCESSING');
      await move(o.id, 'SHIPPED', { carrier: 'Delhivery', tracking_number: 'DL55550001' });
      await move(o.id, 'DELIVERED');
    }
    const received = await vendor.call('POST', `${ORDER}${upi.id}/payment/`, {
      utr: '612345678977',
      version: (await detailOf(upi.id)).version,
    });
    expect(received.statusCode, received.body).toBe(200);
    await expectAllExact(shops.a.id);

    // A refund in part, then the rest of it; another refunded in full at once.
    const part = await paymentOf(cod.id);
    await refund(part.id, 1);
    await expectAllExact(shops.a.id);
    await refund(part.id, Math.round((part.amount - 1) * 100) / 100);
    const full = await paymentOf(codFull.id);
    await refund(full.id, full.amount);
    // Cancelled by the vendor and by the customer.
    await move(codCancel.id, 'CANCELLED', { reason: 'Out of stock' });
    const cancel = await upiCancel.s.call('POST', `${ORDERS}${upiCancel.id}/cancel/`, {
      reason: 'By mistake',
    });
    expect(cancel.statusCode).toBe(200);
    // No API move fails a payment: a failed one is written directly.
    await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .update(schema.paymentTransactions)
        .set({ paymentStatus: 'FAILED' })
        .where(eq(schema.paymentTransactions.orderId, upi.id)),
    );
    const statuses = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({
          order: schema.paymentTransactions.orderId,
          status: schema.paymentTransactions.paymentStatus,
        })
        .from(schema.paymentTransactions)
        .where(eq(schema.paymentTransactions.storeId, shops.a.id)),
    );
    const statusOf = (id: string) => statuses.find((r) => r.order === id)?.status;
    expect([cod, codFull, codCancel, upiCancel, upi].map((o) => statusOf(o.id))).toEqual([
      'REFUNDED',
      'REFUNDED',
      'CANCELLED',
      'CANCELLED',
      'FAILED',
    ]);
    await expectAllExact(shops.a.id);
  });

  it('match the payments through a seeded random walk of direct writes, one row and many rows at a time', async () => {
    let seed = 20261126;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
    const storeId = shops.a.id;
    const pt = schema.paymentTransactions;
    for (let step = 0; step < 40; step++) {
      await withStore(t.owner, storeId, async (tx) => {
        const mine = eq(pt.storeId, storeId);
        const rows = await tx.select({ id: pt.id, orderId: pt.orderId }).from(pt).where(mine).orderBy(pt.id);
        const row = pick(rows);
        const one = eq(pt.id, row.id);
        const kind = Math.floor(rand() * 8);
        if (kind === 0)
          await tx
            .update(pt)
            .set({ paymentStatus: pick(PAYMENT_STATUSES) })
            .where(one);
        else if (kind === 1)
          await tx
            .update(pt)
            .set({ paymentMode: pick(MODES) })
            .where(one);
        else if (kind === 2) {
          const refunded = Math.floor(rand() * 3000);
          await tx
            .update(pt)
            // A counter sale's tendered cash must cover its amount (CHECK): forgotten, as the stats do not read it.
            .set({
              amountPaise: sql`${pt.amountPaise} + ${refunded}`,
              refundedPaise: refunded,
              tenderedPaise: null,
            })
            .where(one);
        } else if (kind === 3) {
          // Moved across IST midnight, some days back.
          const back = `${Math.floor(rand() * 60)} days 7 hours`;
          await tx
            .update(pt)
            .set({ createdAt: sql`${pt.createdAt} - ${back}::interval` })
            .where(one);
        } else if (kind === 4) {
          // Many rows in one statement: every payment of a status moves to another (none: nothing changes).
          await tx
            .update(pt)
            .set({ paymentStatus: pick(PAYMENT_STATUSES), refundedPaise: 0 })
            .where(and(mine, eq(pt.paymentStatus, pick(PAYMENT_STATUSES))));
        } else if (kind === 5 && rows.length > 5) {
          // With its order (the payment goes by the cascade); not a counter exchange's new bill, which its return
          // record keeps (counter_returns_exchange_fk: the demo shops have some).
          await tx.execute(sql`delete from orders o where store_id = ${storeId} and id = ${row.orderId}
            and not exists (select 1 from counter_returns c where c.store_id = o.store_id and c.exchange_order_id = o.id)`);
        } else if (kind === 6 && rows.length > 5) {
          await tx.execute(
            sql`delete from payment_transactions where store_id = ${storeId} and id = ${row.id}`,
          );
        } else {
          // A write that changes nothing the cards count.
          await tx
            .update(pt)
            .set({ externalReference: `UTR ${step}`, updatedAt: new Date() })
            .where(one);
        }
      });
      if (step % 8 === 7) await expectAllExact(storeId);
    }
    await expectAllExact(storeId);
  });

  it('keep each shop to its own rows, and count a search against the payments themselves', async () => {
    const o = await place();
    const d = await detailOf(o.id);
    const found = (await vendor.call('GET', `${TXN}?search=${encodeURIComponent(d.order_number)}`)).json()
      .data;
    expect(found.count).toBe(1);
    // As the app's role (row-level security applies): shop A sees only its own rows.
    const seen = await withStore(t.appDb, shops.a.id, async (tx) =>
      rowsOf<{ store_id: string }>(await tx.execute(sql`select distinct store_id from payment_day_stats`)),
    );
    expect(seen.map((r) => r.store_id)).toEqual([shops.a.id]);
    await expectTableExact(shops.b.id);
    const other = await demoVendor(t, shops.b);
    const stats = (await other.call('GET', `${TXN}transaction-stats/`)).json().data;
    expect(stats).toEqual(cardsOf(await paymentsOf(shops.b.id)));
  });
});
