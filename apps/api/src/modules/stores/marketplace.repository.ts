import type { MarketplaceProductQuery } from '@haat/contracts';
import { type Db, rowsOf } from '@haat/db';
import { type SQL, sql } from 'drizzle-orm';

/** One row of the marketplace search: the read model's columns plus its shop's directory fields. */
export interface MarketplaceRow {
  /** Null on the one row of an empty page (it carries the count only). */
  product_id: string | null;
  slug: string;
  name: string;
  image: string | null;
  category_name: string | null;
  list_price_paise: number;
  min_price_paise: number;
  max_price_paise: number;
  rating: string | number;
  review_count: number;
  in_stock: boolean;
  /** Every unit of it is held by shoppers at checkout now (decision 0030): shown as not in stock. */
  held_out: boolean | null;
  store_id: string;
  city: string | null;
  /** The number of matches (up to the cap) when the page is empty; null otherwise. */
  total: string | number | null;
  created_at: Date | string;
  store_slug: string;
  store_name: string;
  plan: 'basic' | 'professional' | 'enterprise';
  custom_domain: string | null;
}

/**
 * When a page comes back empty past the last match (an old link, or products gone since), the matches are counted,
 * up to this many and no further (the answer says so), so the screen can step back to the last page. Relevance
 * orders at most this many matches of a broad word. Passed to `marketplace_search` (migration 0045).
 */
export const MARKETPLACE_COUNT_CAP = 1000;

/**
 * A search sorted by price or date first walks this many rows of the sort's index (those passing the filters) and
 * tests the words on them; only when that leaves the page short is the page found another way (decision 0011).
 */
export const MARKETPLACE_WALK = 2000;

/**
 * The call of `marketplace_search` (migration 0045) for a search: one statement, no transaction (the search's
 * settings are the function's own). The function finds the page (one row more than asked for, which says whether a
 * next page follows) and returns its rows with their shops' names and addresses; a page past the last match comes
 * back as one row that carries the number of matches, up to the cap (decision 0011). `walk` is for tests: a short
 * walk takes the other ways to the page on a small catalogue. Each row also says whether shoppers hold all its stock
 * at checkout (`product_held_out`, migration 0060).
 */
export function marketplaceSearchCall(q: MarketplaceProductQuery, walk = MARKETPLACE_WALK): SQL {
  const paise = (rupees: number | undefined) => (rupees == null ? null : Math.round(rupees * 100));
  const category = q.category && q.category !== 'All' ? q.category : null;
  return sql`select m.*, product_held_out(m.store_id, m.product_id) as held_out from marketplace_search(${q.search ?? null}::text, ${category}::text, ${q.city ?? null}::text,
    ${paise(q.min_price)}::int, ${paise(q.max_price)}::int, ${q.rating ?? null}::numeric, ${q.in_stock ?? false}::boolean,
    ${q.sort}::text, ${q.limit}::int, ${q.offset}::int, ${walk}::int, ${MARKETPLACE_COUNT_CAP}::int) m`;
}

/** One page of the marketplace's search (see marketplaceSearchCall). */
export async function searchMarketplace(db: Db, q: MarketplaceProductQuery, walk = MARKETPLACE_WALK) {
  return rowsOf<MarketplaceRow>(await db.execute(marketplaceSearchCall(q, walk)));
}

/** Recomputes the products whose deal started or ended since they were written; how many it looked at. */
export async function refreshDuePrices(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select marketplace_refresh_due() as n`));
  return Number(row?.n ?? 0);
}
