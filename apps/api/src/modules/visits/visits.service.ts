import { withStore } from '@haat/db';
import type { Deps } from '../../lib/deps.ts';
import { countHit } from '../../lib/rate-limit.ts';

import type { StoreRow } from '../stores/index.ts';
import * as repo from './visits.repository.ts';

/**
 * User agents that announce a robot: search and social crawlers, link previews, monitors, HTTP libraries and
 * automated browsers. (Most robots never run the page's script, so never send the beacon; these are the rest.)
 */
const BOT =
  /bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|whatsapp|telegram|lighthouse|pagespeed|pingdom|uptime|monitor|headless|phantomjs|puppeteer|playwright|selenium|curl|wget|python|httpclient|okhttp|axios|node-fetch|undici|java\/|go-http|libwww|scrapy/i;

export const isBot = (userAgent: string | undefined) => !userAgent?.trim() || BOT.test(userAgent);

/** At most this many visits a client address counts for one shop in ten minutes; more are not counted. */
export const VISITS_PER_ADDRESS = 30;

export type VisitOutcome = 'COUNTED' | 'BOT' | 'OVER_LIMIT';

/**
 * One storefront page load (decision 0010): counted on the shop's day unless the user agent is a robot's or the
 * address has sent more than its share in ten minutes. Nothing about the visitor is stored.
 */
export async function recordVisit(
  deps: Deps,
  store: StoreRow,
  client: { userAgent: string | undefined; ip: string },
): Promise<VisitOutcome> {
  if (isBot(client.userAgent)) return 'BOT';
  if (deps.config.RATE_LIMITS !== 'off') {
    const hits = await countHit(deps, `visit:${store.id}:${client.ip}`, 600);
    if (hits > VISITS_PER_ADDRESS) return 'OVER_LIMIT';
  }
  await withStore(deps.db, store.id, (tx) => repo.addVisit(tx, store.id));
  return 'COUNTED';
}
