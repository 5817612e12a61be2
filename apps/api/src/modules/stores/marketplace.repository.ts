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

/** The WHERE conditions and the relevance rank of a search over `marketplace_products m`. */
function conditions(q: MarketplaceProductQuery) {
  const conds: SQL[] = [];
  let rank: SQL | undefined;
  let match: SQL | undefined;
  if (q.search) {
    // Every word of the search in the name, each allowing a typo ("kurtha" finds "Kurta", "masala chay" finds
    // "Masala Chai" but not "Garam Masala"), or the words as full text in name, category or description.
    // A typo is forgiven through the dictionary of the names' words (marketplace_words, migration 0040): each word
    // typed is matched there by trigram word similarity, and the words found are searched as full text in the name
    // (weight A), any of them for each word typed. Devanagari in the search is romanised as in the read model's
    // search_name (migration 0038): "कुर्ता" finds "Kurta", and "kurta" finds a product named "लखनवी कुर्ता".
    const tsq = sql`websearch_to_tsquery('simple', hindi_latin(${q.search}))`;
    const words = q.search.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
    // One query for all the words, computed once (an expression of the words' queries in the row test would be
    // evaluated again for every row).
    const near = sql.join(
      words.map(
        (w) => sql`(select to_tsquery('simple', string_agg(quote_literal(d.word) || ':A', ' | '))
                      from marketplace_words d where hindi_latin(${w}) <% d.word)`,
      ),
      sql` && `,
    );
    match = sql`(m.search_vector @@ ${tsq} or m.search_vector @@ (select ${near}))`;
    // Scored for the relevance order only: the other orders need no score.
    if (q.sort === 'relevance')
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
  const filters = conds.length ? sql.join(conds, sql` and `) : sql`true`;
  return { where: match ? sql`${match} and ${filters}` : filters, filters, match, rank };
}

/** The order of a sort, over the page's columns (`rank` is the relevance column); ties by product id. */
function orderOf(
  sort: MarketplaceProductQuery['sort'],
  ranked: boolean,
  prefix: string,
  /** Sorted by an expression no index has, so the rows are found by the search's indexes and then sorted. */
  unindexed = false,
) {
  const c = (name: string) =>
    sql.raw(
      unindexed && name !== 'product_id'
        ? `(${prefix}${name} + ${name === 'created_at' ? "interval '0'" : '0'})`
        : `${prefix}${name}`,
    );
  const orders: Record<MarketplaceProductQuery['sort'], SQL> = {
    relevance: ranked
      ? sql`${c('rank')} desc, ${c('rating')} desc, ${c('product_id')}`
      : sql`${c('rating')} desc, ${c('review_count')} desc, ${c('created_at')} desc, ${c('product_id')}`,
    price_asc: sql`${c('min_price_paise')}, ${c('product_id')}`,
    price_desc: sql`${c('max_price_paise')} desc, ${c('product_id')}`,
    newest: sql`${c('created_at')} desc, ${c('product_id')}`,
  };
  return orders[sort];
}

/**
 * When a page comes back empty past the last match (an old link, or products gone since), the matches are counted,
 * up to this many and no further (the answer says so), so the screen can step back to the last page.
 */
export const MARKETPLACE_COUNT_CAP = 1000;

/**
 * A search sorted by price or date first walks this many rows of the sort's index (those passing the filters) and
 * tests the words on them; only when that leaves the page short is the page found by the planner's own plan.
 */
export const MARKETPLACE_WALK = 2000;
/**
 * When the walk found fewer matches than the page needs but at least this many, the words are common enough that
 * walking on in the sort's order is the cheaper way (the planner's plan); fewer, and their matches are read through
 * the search's indexes and sorted.
 */
export const MARKETPLACE_WALK_COMMON = 4;

const PAGE_COLUMNS = sql.raw(`product_id, slug, name, image, category_name, list_price_paise, min_price_paise,
       max_price_paise, rating, review_count, in_stock, store_id, city, created_at`);

/**
 * One page of the marketplace's products in one statement: the page is chosen from the read model alone (its
 * indexes serve the search), one row more than asked for, which says whether there is a next page; then joined to
 * the shops' directory rows for their names and addresses (a shop that is not open is left out there too).
 * Matches are not counted beyond the page: counting every match of a broad word ("kurta": 50,000 products) cost
 * several times what finding the page does, since the page stops after its rows in the order asked while the count
 * had to read them all (decision 0011). Only a page that comes back empty past the last match counts them (up to the
 * cap), so the screen can step back to the last page; the first row carries that count (null otherwise), and the
 * only row when there is no product.
 */
export function marketplaceQuery(q: MarketplaceProductQuery, walk = MARKETPLACE_WALK): SQL {
  const { where, filters, match, rank } = conditions(q);
  const ranked = !!rank;
  // Relevance scores every candidate: for a broad word (50,000 kurtas) it orders the first MARKETPLACE_COUNT_CAP
  // matches the indexes give, so the work stays bounded; a narrower search is ordered in full.
  const candidates = ranked
    ? sql`(select * from marketplace_products m where ${where} limit ${MARKETPLACE_COUNT_CAP}) m`
    : sql`marketplace_products m where ${where}`;
  const counted =
    q.offset > 0
      ? sql`(select count(*) from (select 1 from marketplace_products m where ${where}
                                    limit ${MARKETPLACE_COUNT_CAP + 1}) c)`
      : sql`0`;
  const order = orderOf(q.sort, ranked, '');
  const planned = (unindexed: boolean) => sql`
      select ${PAGE_COLUMNS}, ${rank ?? sql`0`} as rank
        from ${candidates}
       order by ${unindexed ? orderOf(q.sort, ranked, '', true) : order}
       limit ${q.limit + 1} offset ${q.offset}`;
  // Words sorted by price or date: the planner cannot see which dictionary words a search will use, so it guesses
  // how many rows match, and a wrong guess reads every match through the indexes (9,000 rows for "bluetooth
  // speaker" in Bengaluru) where walking the sort's index would have stopped after a few hundred. So the walk comes
  // first, bounded: the first MARKETPLACE_WALK rows in the sort's order that pass the filters, the words tested on
  // them. If they hold the whole page (and the row after it), that is the page, exactly (every match before it is in
  // the walk). If the walk found a few matches (MARKETPLACE_WALK_COMMON or more), the planner's plan goes on from
  // there; if fewer, the words are rare: their matches are read through the search's indexes and sorted (the order
  // is an expression no index has, or the planner, expecting thousands of matches, would walk the whole sort index
  // for a word nobody sells: 10 s at a million products).
  const walked = match && !ranked;
  const wanted = q.offset + q.limit + 1;
  const page = walked
    ? sql`walk as materialized (
      select ${PAGE_COLUMNS}, 0 as rank
        from (select ${PAGE_COLUMNS}, ${match} as hit from marketplace_products m where ${filters}
               order by ${order} limit ${walk}) m
       where m.hit
       order by ${order}
       limit ${wanted}),
    page as (
      select * from (select * from walk order by ${order} offset ${q.offset}) w
       where (select count(*) from walk) >= ${wanted}
      union all
      select * from (${planned(false)}) f
       where (select count(*) from walk) between ${MARKETPLACE_WALK_COMMON} and ${wanted - 1}
      union all
      select * from (${planned(true)}) f where (select count(*) from walk) < ${MARKETPLACE_WALK_COMMON})`
    : sql`page as (${planned(false)})`;
  return sql`
    with ${page}
    select t.total, p.* from
      (select case when exists (select 1 from page) then null else ${counted} end as total) t
      left join lateral (
        select m.*, s.slug as store_slug, s.store_name, s.plan,
               (select d.domain_name from store_domains d where d.store_id = s.id and d.domain_type = 'custom'
                  and d.verified_at is not null order by d.created_at limit 1) as custom_domain
          from page m
          join stores s on s.id = m.store_id and s.online_status in ('PUBLISHED', 'ONLINE')) p on true
     order by ${orderOf(q.sort, ranked, 'p.')}`;
}

/**
 * Runs the search; with a search term, in a transaction that sets the trigram threshold first. `walk` is for tests
 * (a short walk takes the other ways to the page on a small catalogue).
 */
export async function searchMarketplace(db: Db, q: MarketplaceProductQuery, walk = MARKETPLACE_WALK) {
  const query = marketplaceQuery(q, walk);
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
