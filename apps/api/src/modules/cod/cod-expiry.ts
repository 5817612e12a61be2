import { type Db, withStore } from '@haat/db';

import { findStoreForMail } from '../engagement/index.ts';
import { enqueueMail, type MailLog } from '../mail/index.ts';
import { cancelInTx, orderNumber } from '../orders/index.ts';

import * as repo from './cod.repository.ts';
import { codExpiredMail } from './cod-mails.ts';

const BATCH = 50;
const EVERY_MS = 60_000;

/**
 * One pass of the expiry sweep: every COD order whose customer did not confirm it in time is cancelled as the
 * customer's own cancellation would be (stock and coupon back, payment cancelled, an event on the timeline)
 * and the customer is told why. Orders are locked with SKIP LOCKED, so several processes never cancel one twice,
 * and an order confirmed at the last moment (it holds the lock) is left alone: the next pass sees it confirmed.
 */
export async function runCodExpiry(deps: { db: Db; log: MailLog }) {
  let cancelled = 0;
  for (const storeId of await repo.storesWithExpiredConfirmations(deps.db)) {
    try {
      const shop = await findStoreForMail(deps.db, storeId);
      if (!shop) continue;
      for (;;) {
        const n = await withStore(deps.db, storeId, async (tx) => {
          const due = await repo.lockExpiredOrders(tx, BATCH);
          for (const order of due) {
            const reason = 'Cash on delivery was not confirmed in time';
            await cancelInTx(tx, shop, order, { actorId: null, reason, byShop: true, mailCustomer: false });
            if (order.contactEmail) {
              await enqueueMail(
                tx,
                codExpiredMail({
                  to: order.contactEmail,
                  shopName: shop.storeName,
                  storeId,
                  orderNumber: orderNumber(order.number),
                  hours: Math.round(
                    ((order.codConfirmBy?.getTime() ?? 0) - order.createdAt.getTime()) / 3_600_000,
                  ),
                }),
              );
            }
          }
          return due.length;
        });
        cancelled += n;
        if (n < BATCH) break;
      }
    } catch (err) {
      deps.log.error({ err, storeId }, 'cod expiry: shop failed; retried on the next pass');
    }
  }
  return { cancelled };
}

/** Runs the sweep every minute until stopped; a pass never overlaps the previous one. */
export function startCodExpiry(deps: { db: Db; log: MailLog }) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => runCodExpiry(deps))
      .catch((err) => deps.log.error({ err }, 'cod expiry failed'));
  }, EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
