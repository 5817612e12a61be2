import { saleLiveMail } from '../mail/index.ts';
import * as repo from './engagement.repository.ts';
import {
  type DueList,
  type ListMailerDeps,
  type ListMailResult,
  mailDueList,
  productUrl,
} from './list-mailer.ts';
import { runStockNotifier } from './stock-alerts.service.ts';

export type SaleNotifierDeps = ListMailerDeps;

export interface SaleNotifierResult extends ListMailResult {
  /** The back-in-stock alerts of the same pass (stock-alerts.service.ts), counted alike. */
  stock?: ListMailResult;
}

/** Notify Me on a sale: due once the sale has started; closed without a mail when it ended or was withdrawn. */
const saleList: DueList<Awaited<ReturnType<typeof repo.claimDueSubscriptions>>[number]> = {
  dueStores: repo.dueSaleNotificationStores,
  claim: repo.claimDueSubscriptions,
  markNotified: repo.markNotified,
  mailFor: (r, shop) =>
    r.ended || r.productStatus !== 'ACTIVE'
      ? null
      : saleLiveMail({
          to: r.email,
          shopName: shop.name,
          dealTitle: r.dealTitle,
          productName: r.productName,
          dealPricePaise: r.dealPricePaise,
          listPricePaise: r.pricePaise,
          endsAt: r.endsAt,
          productUrl: productUrl(shop.url, r.productId),
        }),
  failure: 'sale notifier failed for a shop; it is retried on the next run',
};

/**
 * One pass of the sale notifier: every subscriber of an open shop whose sale has started gets one "is live" mail
 * through the outbox, exactly once even with several notifiers running (list-mailer.ts). A sale that ended before
 * its reminder went out (or whose product was withdrawn) is closed without a mail, as "is live" would no longer be
 * true.
 */
export async function runSaleNotifier(deps: SaleNotifierDeps): Promise<SaleNotifierResult> {
  const result = await mailDueList(deps, saleList);
  if (result.mailed || result.closed) deps.log.info({ ...result }, 'sale notifier run');
  return result;
}

/** One pass of both mailers of the shop's lists: sales that started, then variants back in stock. */
async function runNotifiers(deps: SaleNotifierDeps): Promise<SaleNotifierResult> {
  const sale = await runSaleNotifier(deps);
  const stock = await runStockNotifier(deps);
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
