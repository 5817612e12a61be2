import { OPEN_STORE_STATUSES } from '@haat/contracts';
import { type Db, type Tx, withStore } from '@haat/db';
import type { Config } from '../../config.ts';
import type { Origin } from '../../lib/deps.ts';
import { enqueueMail, type MailLog, type MailMessage } from '../mail/index.ts';
import { storeUrl } from '../stores/index.ts';
import * as repo from './engagement.repository.ts';

export interface ListMailerDeps {
  db: Db;
  config: Pick<Config, 'PLATFORM_DOMAIN' | 'NODE_ENV' | 'PORT'>;
  log: MailLog;
  /** How shoppers reach the site, for the link in the mail. Default: https in production, else http on PORT. */
  origin?: () => Origin;
}

/** What one pass of a list's mails did: queued, closed without a mail, and shops whose run failed (retried). */
export interface ListMailResult {
  mailed: number;
  closed: number;
  failed: number;
}

/** A shop list whose rows are mailed once when due (Notify Me on a sale, a back-in-stock alert). */
export interface DueList<Row extends { id: string }> {
  /** The shops with due rows (a SECURITY DEFINER function: ids only). */
  dueStores(db: Db): Promise<string[]>;
  /** Claims up to `limit` due rows of the shop in context, locked FOR UPDATE SKIP LOCKED. */
  claim(tx: Tx, limit: number): Promise<Row[]>;
  markNotified(tx: Tx, ids: string[]): Promise<void>;
  /** The mail for a row, or null to close it without one; `shopUrl` is the shop's address. */
  mailFor(row: Row, shop: { name: string; url: string }): MailMessage | null;
  /** What the log says when a shop's run fails. */
  failure: string;
}

const BATCH = 100;

export const defaultOrigin = (config: ListMailerDeps['config']): Origin =>
  config.NODE_ENV === 'production'
    ? { protocol: 'https', port: null }
    : { protocol: 'http', port: config.PORT };

/** A product's page under a shop address that is either `…/` (own host) or `…/store/{slug}` (main domain). */
export const productUrl = (shopUrl: string, productId: string) =>
  `${shopUrl.endsWith('/') ? shopUrl : `${shopUrl}/`}product/${productId}`;

/**
 * One pass over a list: for every open shop with due rows, claims them, queues one mail each through the outbox and
 * marks them mailed, in one transaction per batch, so each row is mailed exactly once even with several mailers
 * running. A shop that is not open keeps its rows until it reopens; a row the list closes gets no mail.
 */
export async function mailDueList<Row extends { id: string }>(
  deps: ListMailerDeps,
  list: DueList<Row>,
): Promise<ListMailResult> {
  const result: ListMailResult = { mailed: 0, closed: 0, failed: 0 };
  const origin = deps.origin?.() ?? defaultOrigin(deps.config);
  for (const storeId of await list.dueStores(deps.db)) {
    try {
      const shop = await repo.findStoreForMail(deps.db, storeId);
      if (!shop || !OPEN_STORE_STATUSES.includes(shop.onlineStatus)) continue;
      const about = { name: shop.storeName, url: storeUrl(deps, shop, origin) };
      for (;;) {
        const claimed = await withStore(deps.db, storeId, async (tx) => {
          const rows = await list.claim(tx, BATCH);
          for (const row of rows) {
            const mail = list.mailFor(row, about);
            if (!mail) result.closed++;
            else {
              await enqueueMail(tx, { ...mail, storeId });
              result.mailed++;
            }
          }
          await list.markNotified(
            tx,
            rows.map((r) => r.id),
          );
          return rows.length;
        });
        if (claimed < BATCH) break;
      }
    } catch (err) {
      result.failed++;
      deps.log.error({ err, storeId }, list.failure);
    }
  }
  return result;
}
