import type { MarketplaceProductQuery } from '@haat/contracts';
import { type Db, rowsOf } from '@haat/db';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from './stores.repository.ts';

/**
 * How close a search word must be to a word of a product's name (pg_trgm word similarity, 0..1): 0.45 lets
 * "kurtha" find "Kurta", as the shop's own listing does. Set for the search's transaction, so the trigram
 * index serves the `<%` operator with it.
 */
export const MARKETPLACE_SIMILARITY = 0.45;

/** One row of the marketplace search: the read model's columns plus its shop's directory fields. */
export interface MarketplaceRow {
  product_id: string;
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
    const tsq = sql`websearch_to_tsquery('simple', ${q.search})`;
    conds.push(
      sql`(m.search_vector @@ ${tsq} or ${q.search} <% m.name or m.name ilike ${`%${escapeLike(q.search)}%`})`,
    );
    rank = sql`ts_rank(m.search_vector, ${tsq}) + word_similarity(${q.search}, m.name)`;
  }
  if (q.category && q.category !== 'All')
    conds.push(sql`m.store_category_id = (select c.id from store_categories c where c.name = ${q.category})`);
  if (q.city) conds.push(sql`lower(m.city) = lower(${q.city})`);
  if (q.min_price != null) conds.push(sql`m.max_price_paise >= ${Math.round(q.min_price * 100)}`);
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
 * One page of the marketplace's products with the number of matches, in one statement: the page is chosen from
 * the read model alone (its indexes serve the search), then joined to the shops' directory rows for their names
 * and addresses; a shop that is not open is left out there too.
 */
export function marketplaceQuery(q: MarketplaceProductQuery): SQL {
  const { where, rank } = conditions(q);
  const searched = !!rank;
  return sql`
    select m.product_id, m.slug, m.name, m.image, m.category_name, m.list_price_paise, m.min_price_paise,
           m.max_price_paise, m.rating, m.review_count, m.in_stock, m.store_id, m.city, m.total,
           s.slug as store_slug, s.store_name, s.plan,
           (select d.domain_name from store_domains d where d.store_id = s.id and d.domain_type = 'custom'
              and d.verified_at is not null order by d.created_at limit 1) as custom_domain
      from (select m.product_id, m.slug, m.name, m.image, m.category_name, m.list_price_paise,
                   m.min_price_paise, m.max_price_paise, m.rating, m.review_count, m.in_stock, m.store_id,
                   m.city, m.created_at, ${rank ?? sql`0`} as rank, count(*) over () as total
              from marketplace_products m
             where ${where}
             order by ${orderOf(q.sort, searched, '')}
             limit ${q.limit} offset ${q.offset}) m
      join stores s on s.id = m.store_id and s.online_status in ('PUBLISHED', 'ONLINE')
     order by ${orderOf(q.sort, searched, 'm.')}`;
}

/** Runs the search; with a search term, in a transaction that sets the trigram threshold first. */
export async function searchMarketplace(db: Db, q: MarketplaceProductQuery) {
  const query = marketplaceQuery(q);
  if (!q.search) return rowsOf<MarketplaceRow>(await db.execute(query));
  return db.transaction(async (tx) => {
    // Sent without waiting, like withStore's context: it runs before the search on the same connection.
    const setting = tx
      .execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(MARKETPLACE_SIMILARITY)}, true)`,
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
