import { OPEN_STORE_STATUSES } from '@haat/contracts';
import { type Db, withStore } from '@haat/db';
import type { Config } from '../../config.ts';
import type { Origin } from '../../lib/deps.ts';

import { enqueueMail, type MailLog, saleLiveMail } from '../mail/index.ts';
import { storeUrl } from '../stores/index.ts';

import * as repo from './engagement.repository.ts';
import { runStockNotifier } from './stock-alerts.service.ts';

export interface SaleNotifierDeps {
  db: Db;
  config: Pick<Config, 'PLATFORM_DOMAIN' | 'NODE_ENV' | 'PORT'>;
  log: MailLog;
  /** How shoppers reach the site, for the link in the mail. Default: https in production, else http on PORT. */
  origin?: () => Origin;
}

export interface SaleNotifierResult {
  /** Reminders queued in the outbox. */
  mailed: number;
  /** Subscriptions closed without a mail: the sale ended or the product was withdrawn before we got to them. */
  closed: number;
  /** Shops whose run failed (logged; retried on the next run). */
  failed: number;
  /** The back-in-stock alerts of the same pass (stock-alerts.service.ts), counted alike. */
  stock?: { mailed: number; closed: number; failed: number };
}

const BATCH = 100;

export const defaultOrigin = (config: SaleNotifierDeps['config']): Origin =>
  config.NODE_ENV === 'production'
    ? { protocol: 'https', port: null }
    : { protocol: 'http', port: config.PORT };

/** A product's page under a shop address that is either `…/` (own host) or `…/store/{slug}` (main domain). */
const productUrl = (shopUrl: string, productId: string) =>
  `${shopUrl.endsWith('/') ? shopUrl : `${shopUrl}/`}product/${productId}`;

/**
 * One pass of the sale notifier: for every shop with subscribers whose sale has started, claims their
 * subscriptions, queues one "is live" mail each through the outbox and marks them notified, all in one
 * transaction per batch, so a subscriber is mailed exactly once even with several notifiers running. A shop
 * that is not open keeps its subscriptions until it reopens; a sale that ended before its reminder went out
 * (or whose product was withdrawn) is closed without a mail, as "is live" would no longer be true.
 */
export async function runSaleNotifier(deps: SaleNotifierDeps): Promise<SaleNotifierResult> {
  const result: SaleNotifierResult = { mailed: 0, closed: 0, failed: 0 };
  const origin = deps.origin?.() ?? defaultOrigin(deps.config);
  for (const storeId of await repo.dueSaleNotificationStores(deps.db)) {
    try {
      const shop = await repo.findStoreForMail(deps.db, storeId);
      if (!shop || !OPEN_STORE_STATUSES.includes(shop.onlineStatus)) continue;
      const shopUrl = storeUrl(deps, shop, origin);
      for (;;) {
        const claimed = await withStore(deps.db, storeId, async (tx) => {
          const rows = await repo.claimDueSubscriptions(tx, BATCH);
          for (const r of rows) {
            if (r.ended || r.productStatus !== 'ACTIVE') {
              result.closed++;
              continue;
            }
            await enqueueMail(tx, {
              ...saleLiveMail({
                to: r.email,
                shopName: shop.storeName,
                dealTitle: r.dealTitle,
                productName: r.productName,
                dealPricePaise: r.dealPricePaise,
                listPricePaise: r.pricePaise,
                endsAt: r.endsAt,
                productUrl: productUrl(shopUrl, r.productId),
              }),
              storeId,
            });
            result.mailed++;
          }
          await repo.markNotified(
            tx,
            rows.map((r) => r.id),
          );
          return rows.length;
        });
        if (claimed < BATCH) break;
      }
    } catch (err) {
      result.failed++;
      deps.log.error({ err, storeId }, 'sale notifier failed for a shop; it is retried on the next run');
    }
  }
  if (result.mailed || result.closed) deps.log.info({ ...result }, 'sale notifier run');
  return result;
}

/** One pass of both mailers of the shop's lists: sales that started, then variants back in stock. */
async function runNotifiers(deps: SaleNotifierDeps): Promise<SaleNotifierResult> {
  const sale = await runSaleNotifier(deps);
  const stock = await runStockNotifier(deps, deps.origin?.() ?? defaultOrigin(deps.config));
  if (stock.mailed || stock.closed) deps.log.info({ ...stock }, 'back-in-stock run');
  return { ...sale, stock };
}

export interface SaleNotifier {
  /** Runs one pass now (waits for a pass in progress first). */
  runOnce(): Promise<SaleNotifierResult>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/** Runs the sale notifier and the back-in-stock alerts every `intervalMs` (default 60 s) until stopped; server.ts starts it next to the mail worker. */
export function startSaleNotifier(deps: SaleNotifierDeps, opts: { intervalMs?: number } = {}): SaleNotifier {
  const intervalMs = opts.intervalMs ?? 60_000;
  let running: Promise<SaleNotifierResult> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const pass = async (): Promise<SaleNotifierResult> => {
    if (running) await running.catch(() => {});
    const p = runNotifiers(deps);
    running = p;
    try {
      return await p;
    } finally {
      if (running === p) running = null;
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      pass()
        .catch((err) => deps.log.error({ err }, 'sale notifier run failed'))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return {
    runOnce: pass,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}
