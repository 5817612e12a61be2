import { ONLINE_PAYMENT_MINUTES } from '@haat/contracts';
import { type Db, rowsOf, schema, type Tx, withStore } from '@haat/db';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { runEvery } from '../../lib/periodic.ts';
import { findStoreForMail } from '../engagement/index.ts';
import type { MailLog } from '../mail/index.ts';
import { cancelInTx } from '../orders/index.ts';

/*
 * Orders placed to be paid online that were never paid (issue 44): after ONLINE_PAYMENT_MINUTES the sweep cancels
 * them as the shop would (stock and coupon back, the customer told), so their stock is free again. Locked with
 * SKIP LOCKED (several processes never cancel one twice; one being paid right now holds its lock and is left). A
 * payment that still arrives later is recorded on the cancelled order for the merchant to refund
 * (payment-events.ts).
 */

export { ONLINE_PAYMENT_MINUTES };

const BATCH = 50;
const EVERY_MS = 60_000;
const o = schema.orders;

async function storesWithUnpaid(db: Db, before: Date): Promise<string[]> {
  const res = await db.execute(
    sql`select due_online_payment_stores(${before.toISOString()}::timestamptz) as store_id`,
  );
  return rowsOf<{ store_id: string }>(res).map((r) => r.store_id);
}

function lockUnpaid(tx: Tx, before: Date) {
  return tx
    .select()
    .from(o)
    .where(
      and(
        eq(o.paymentMethod, 'ONLINE'),
        inArray(o.paymentStatus, ['PENDING', 'FAILED']),
        eq(o.status, 'PENDING'),
        lt(o.createdAt, before),
      ),
    )
    .orderBy(asc(o.createdAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
}

/** One pass: every shop's unpaid online orders placed before `now - ONLINE_PAYMENT_MINUTES` are cancelled. */
export async function runOnlinePaymentExpiry(deps: { db: Db; log: MailLog }, now = new Date()) {
  const before = new Date(now.getTime() - ONLINE_PAYMENT_MINUTES * 60_000);
  let cancelled = 0;
  for (const storeId of await storesWithUnpaid(deps.db, before)) {
    try {
      const shop = await findStoreForMail(deps.db, storeId);
      if (!shop) continue;
      for (;;) {
        const n = await withStore(deps.db, storeId, async (tx) => {
          const due = await lockUnpaid(tx, before);
          const reason = `The online payment was not completed within ${ONLINE_PAYMENT_MINUTES} minutes`;
          for (const order of due) await cancelInTx(tx, shop, order, { actorId: null, reason, byShop: true });
          return due.length;
        });
        cancelled += n;
        if (n < BATCH) break;
      }
    } catch (err) {
      deps.log.error({ err, storeId }, 'online payment expiry: shop failed; retried on the next pass');
    }
  }
  return { cancelled };
}

/** Runs the sweep every minute until stopped; a pass never overlaps the previous one. */
export const startOnlinePaymentExpiry = (deps: { db: Db; log: MailLog }) =>
  runEvery(
    EVERY_MS,
    () => runOnlinePaymentExpiry(deps),
    (err) => deps.log.error({ err }, 'online payment expiry failed'),
  );
