import {
  discountPercent,
  type MarketplaceProduct,
  type MarketplaceProductData,
  type MarketplaceProductQuery,
  paiseToRupees,
} from '@haat/contracts';
import { readAnywhere } from '@haat/db';
import type { Deps, Origin } from '../../lib/deps.ts';
import {
  MARKETPLACE_COUNT_CAP,
  type MarketplaceRow,
  refreshDuePrices,
  searchMarketplace,
} from './marketplace.repository.ts';
import { storeUrl } from './stores.service.ts';

/** The marketplace's product search over every open shop (issue 20, decision 0011). */
export async function searchProducts(
  deps: Deps,
  origin: Origin,
  q: MarketplaceProductQuery,
): Promise<MarketplaceProductData> {
  // On a standby when there is one, at most DATABASE_READ_MAX_LAG_MS behind (decision 0026).
  const rows = await readAnywhere(deps.db, (db) => searchMarketplace(db, q));
  const products = rows.filter(isProduct);
  const page = products.slice(0, q.limit);
  // An empty page carries the number of matches (counted up to the cap, past the last match); otherwise the matches
  // known are those before and on this page, and the one row more asked for says that more follow.
  const counted = rows[0]?.total;
  if (page.length === 0 && counted != null) {
    const total = Number(counted);
    return {
      results: [],
      count: Math.min(total, MARKETPLACE_COUNT_CAP),
      count_capped: total > MARKETPLACE_COUNT_CAP,
    };
  }
  return {
    results: page.map((r) => toProduct(deps, r, origin)),
    count: q.offset + page.length,
    count_capped: products.length > q.limit,
  };
}

const isProduct = (r: MarketplaceRow): r is MarketplaceRow & { product_id: string } => r.product_id !== null;

/** A product as the marketplace shows it; it opens on its shop's own address. */
export function toProduct(
  deps: Deps,
  r: MarketplaceRow & { product_id: string },
  origin: Origin,
): MarketplaceProduct {
  const shop = storeUrl(deps, { slug: r.store_slug, plan: r.plan, customDomain: r.custom_domain }, origin);
  return {
    id: r.product_id,
    slug: r.slug,
    product_name: r.name,
    thumbnail: r.image,
    category: r.category_name,
    product_price: paiseToRupees(r.list_price_paise),
    price: paiseToRupees(r.min_price_paise),
    max_price: paiseToRupees(r.max_price_paise),
    discount_percentage: discountPercent(r.list_price_paise, r.min_price_paise),
    average_rating: Number(r.rating),
    total_reviews: r.review_count,
    in_stock: r.in_stock && !r.held_out,
    store: { id: r.store_id, slug: r.store_slug, store_name: r.store_name, city: r.city },
    product_url: `${shop.replace(/\/$/, '')}/product/${r.product_id}`,
  };
}

/**
 * Deals start and end without a write: every few seconds the products whose price moved with the clock are
 * recomputed (`marketplace_refresh_due()`). Started by server.ts beside the sale notifier.
 */
export function startMarketplaceRefresher(
  deps: Pick<Deps, 'db'> & { log: { error(obj: unknown, msg: string): void } },
  intervalMs = 10_000,
) {
  let stopped = false;
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = refreshDuePrices(deps.db)
      .catch((err) => deps.log.error({ err }, 'marketplace price refresh failed'))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
