import type { MarketplaceProductQuery } from '@haat/contracts';
import { type Db, rowsOf } from '@haat/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * How close a search word must be to a word of a product's name (pg_trgm word similarity, 0..1): 0.45 lets
 * "kurtha" find "Kurta", as the shop's own listing does. Set for the search's transaction, so the trigram
 * index serves the `<%` operator with it.
 */
export const MARKETPLACE_SIMILARITY = 0.45;
/** Words of a search that each must match (the rest still count in full text and relevance). */
const MAX_WORDS = 6;

/** One row of the marketplace search: the read model's columns plus its shop's directory fields. */
export interface MarketplaceRow {
  /** Null on the one row of a page past the last match (it carries the count only). */
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
  store_id: string;
  city: string | null;
  total: string | number;
  created_at: Date | string;
  store_slug: string;
  store_name: string;
  plan: 'basic' | 'professional' | 'enterprise';
  custom_domain: string | null;
}

/** The WHERE conditions and the relevance rank of a search over `marketplace_products m`. */
function conditions(q: MarketplaceProductQuery) {
  const conds: SQL[] = [];
  let rank: SQL | undefined;
  if (q.search) {
    // Every word of the search in the name, each allowing a typo ("kurtha" finds "Kurta", "masala chay" finds
    // "Masala Chai" but not "Garam Masala"), or the words as full text in name, category or description.
    // Devanagari in the search is romanised as in the read model's search_name (migration 0038): "कुर्ता" finds
    // "Kurta", and "kurta" finds a product named "लखनवी कुर्ता".
    const tsq = sql`websearch_to_tsquery('simple', hindi_latin(${q.search}))`;
    const words = q.search.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
    const near = sql.join(
      words.map((w) => sql`hindi_latin(${w}) <% m.search_name`),
      sql` and `,
    );
    conds.push(sql`(m.search_vector @@ ${tsq} or (${near}))`);
    rank = sql`ts_rank(m.search_vector, ${tsq}) + word_similarity(hindi_latin(${q.search}), m.search_name)`;
  }
  if (q.category && q.category !== 'All')
    conds.push(sql`m.store_category_id = (select c.id from store_categories c where c.name = ${q.category})`);
  if (q.city) conds.push(sql`lower(m.city) = lower(${q.city})`);
  // The price range is about the lowest price to pay (the "from" price a card shows first).
  if (q.min_price != null) conds.push(sql`m.min_price_paise >= ${Math.round(q.min_price * 100)}`);
  if (q.max_price != null) conds.push(sql`m.min_price_paise <= ${Math.round(q.max_price * 100)}`);
  if (q.rating) conds.push(sql`m.rating >= ${q.rating}`);
  if (q.in_stock) conds.push(sql`m.in_stock`);
  return { where: conds.length ? sql.join(conds, sql` and `) : sql`true`, rank };
}

/** The order of a sort, over the page's columns (`rank` is the relevance column); ties by product id. */
function orderOf(sort: MarketplaceProductQuery['sort'], searched: boolean, prefix: string) {
  const c = (name: string) => sql.raw(`${prefix}${name}`);
  const orders: Record<MarketplaceProductQuery['sort'], SQL> = {
    relevance: searched
      ? sql`${c('rank')} desc, ${c('rating')} desc, ${c('product_id')}`
      : sql`${c('rating')} desc, ${c('review_count')} desc, ${c('created_at')} desc, ${c('product_id')}`,
    price_asc: sql`${c('min_price_paise')}, ${c('product_id')}`,
    price_desc: sql`${c('max_price_paise')} desc, ${c('product_id')}`,
    newest: sql`${c('created_at')} desc, ${c('product_id')}`,
  };
  return orders[sort];
}

/**
 * Matches are counted up to this many and no further (the answer says so): counting every match of a broad search
 * over a million products would cost more than finding the page. 84 pages of 12 are still there to page through.
 */
export const MARKETPLACE_COUNT_CAP = 1000;

/**
 * One page of the marketplace's products with the number of matches (up to the cap), in one statement: the page
 * is chosen from the read model alone (its indexes serve the search), then joined to the shops' directory rows
 * for their names and addresses (a shop that is not open is left out there too). The count is the statement's
 * first row even when the page is past the last match, so the screen can step back to the last page.
 */
export function marketplaceQuery(q: MarketplaceProductQuery): SQL {
  const { where, rank } = conditions(q);
  const searched = !!rank;
  // Relevance scores every candidate: for a broad word (50,000 kurtas) it orders the first MARKETPLACE_COUNT_CAP
  // matches the indexes give, so the work stays bounded; a narrower search is ordered in full.
  const candidates =
    searched && q.sort === 'relevance'
      ? sql`(select * from marketplace_products m where ${where} limit ${MARKETPLACE_COUNT_CAP}) m`
      : sql`marketplace_products m where ${where}`;
  return sql`
    select t.total, p.* from
      (select (select count(*) from (select 1 from marketplace_products m where ${where}
                                      limit ${MARKETPLACE_COUNT_CAP + 1}) c) as total) t
      left join lateral (
        select m.product_id, m.slug, m.name, m.image, m.category_name, m.list_price_paise, m.min_price_paise,
               m.max_price_paise, m.rating, m.review_count, m.in_stock, m.store_id, m.city, m.created_at, m.rank,
               s.slug as store_slug, s.store_name, s.plan,
               (select d.domain_name from store_domains d where d.store_id = s.id and d.domain_type = 'custom'
                  and d.verified_at is not null order by d.created_at limit 1) as custom_domain
          from (select m.product_id, m.slug, m.name, m.image, m.category_name, m.list_price_paise,
                       m.min_price_paise, m.max_price_paise, m.rating, m.review_count, m.in_stock, m.store_id,
                       m.city, m.created_at, ${rank ?? sql`0`} as rank
                  from ${candidates}
                 order by ${orderOf(q.sort, searched, '')}
                 limit ${q.limit} offset ${q.offset}) m
          join stores s on s.id = m.store_id and s.online_status in ('PUBLISHED', 'ONLINE')) p on true
     order by ${orderOf(q.sort, searched, 'p.')}`;
}

/** Runs the search; with a search term, in a transaction that sets the trigram threshold first. */
export async function searchMarketplace(db: Db, q: MarketplaceProductQuery) {
  const query = marketplaceQuery(q);
  if (!q.search) return rowsOf<MarketplaceRow>(await db.execute(query));
  return db.transaction(async (tx) => {
    // Sent without waiting, like withStore's context: it runs before the search on the same connection. PostgreSQL
    // costs the trigram operators as if they were cheap and would rather test them on every row of a sequential
    // scan (60 ms at a million products) than use their index (a few ms): sequential scans are off for it. And the
    // words choose the plan (a broad word walks the price index, a rare one reads its matches), so it is planned for
    // its values each time: a prepared statement's generic plan cost 150 ms of CPU where the planned one took 17.
    const setting = tx
      .execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(MARKETPLACE_SIMILARITY)}, true), set_config('enable_seqscan', 'off', true), set_config('plan_cache_mode', 'force_custom_plan', true)`,
      )
      .then(() => {});
    const [, result] = await Promise.all([setting, tx.execute(query)]);
    return rowsOf<MarketplaceRow>(result);
  });
}

/** Recomputes the products whose deal started or ended since they were written; how many it looked at. */
export async function refreshDuePrices(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select marketplace_refresh_due() as n`));
  return Number(row?.n ?? 0);
}
