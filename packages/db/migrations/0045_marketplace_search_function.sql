-- The marketplace's product search (issue 20, decision 0011) as one function the server calls in one statement,
-- without a transaction. Before, the server sent BEGIN, the search's settings (the trigram threshold, sequential
-- scans off, custom plans), the search and COMMIT, and the search was one statement holding its three ways to the
-- page (the bounded walk of the sort's index, walking on by the planner's plan, reading every match and sorting):
-- PostgreSQL planned all three for every search although one runs, and the planner could not see the typo words
-- the dictionary would give. Here:
-- - the settings are the function's own (SET clauses), so no transaction is needed and the server's search is one
--   round trip;
-- - the dictionary is read first and its words reach the statements as a value, so each statement is planned for
--   the words it searches;
-- - each way to the page is its own statement, planned only when it runs (EXECUTE plans for the values given);
-- - the page's rows come back with their shops in a last statement, by primary key.
-- What a search answers is unchanged (the API tests compare the three ways on the same pages); the rules are those
-- of marketplaceQuery before (apps/api/src/modules/stores/marketplace.repository.ts at 88513e3).
CREATE FUNCTION marketplace_search(
  p_search text, p_category text, p_city text, p_min_paise int, p_max_paise int, p_rating numeric,
  p_in_stock boolean, p_sort text, p_limit int, p_offset int, p_walk int, p_count_cap int
) RETURNS TABLE (
  total bigint, product_id uuid, slug text, name text, image text, category_name text, list_price_paise int,
  min_price_paise int, max_price_paise int, rating numeric, review_count int, in_stock boolean, store_id uuid,
  city text, created_at timestamptz, store_slug text, store_name text, plan text, custom_domain text
)
  LANGUAGE plpgsql STABLE ROWS 13
  -- How close a typed word must be to a dictionary word (0.45 lets "kurtha" find "Kurta", as a shop's own listing
  -- does). PostgreSQL costs the trigram and full-text operators as cheap and would test them on every row of a
  -- sequential scan rather than use their indexes: sequential scans are off for the search.
  SET search_path = public SET pg_trgm.word_similarity_threshold = 0.45 SET enable_seqscan = off AS $$
#variable_conflict use_column
DECLARE
  -- Fewer matches than this in the walk, and the words count as rare (their matches are read and sorted).
  common_matches constant int := 4;
  term text := nullif(btrim(p_search), '');
  ranked boolean := term IS NOT NULL AND p_sort = 'relevance';
  -- The page and the row after it (which says whether a next page follows), counted from the first match.
  wanted int := p_offset + p_limit + 1;
  tsq tsquery;
  near tsquery;
  word_near tsquery;
  w text;
  category uuid;
  filters text := 'true';
  match text;
  searched text;
  sort_order text;
  stores_found uuid[];
  products_found uuid[];
  walked int;
  page_found boolean := false;
BEGIN
  -- Every statement below gets the same parameters (USING in this order), whichever of them it uses:
  -- $1 the words as full text, $2 the typo words from the dictionary, $3 the shop category, $4 the city,
  -- $5 and $6 the price range in paise, $7 the lowest rating, $8 the words as typed (relevance's similarity),
  -- $9 the rows to walk, $10 the rows wanted, $11 the offset, $12 the count's cap.
  IF term IS NOT NULL THEN
    tsq := websearch_to_tsquery('simple', hindi_latin(term));
    -- Each word typed (up to six) allows a typo: its near words in the dictionary of the names' words, any of
    -- them in the name (weight A); every word typed must be found so. A word with no near word: no typo match.
    FOREACH w IN ARRAY (regexp_split_to_array(term, '\s+'))[1:6] LOOP
      SELECT to_tsquery('simple', string_agg(quote_literal(d.word) || ':A', ' | ')) INTO word_near
        FROM marketplace_words d WHERE hindi_latin(w) <% d.word;
      IF word_near IS NULL THEN
        near := NULL;
        EXIT;
      END IF;
      near := CASE WHEN near IS NULL THEN word_near ELSE near && word_near END;
    END LOOP;
    match := CASE WHEN near IS NULL THEN '(m.search_vector @@ $1)'
                  ELSE '(m.search_vector @@ $1 OR m.search_vector @@ $2)' END;
  END IF;
  IF p_category IS NOT NULL THEN
    SELECT c.id INTO category FROM store_categories c WHERE c.name = p_category;
    filters := filters || ' AND m.store_category_id = $3';
  END IF;
  IF p_city IS NOT NULL THEN filters := filters || ' AND lower(m.city) = lower($4)'; END IF;
  -- The price range is about the lowest price to pay (the "from" price a card shows first).
  IF p_min_paise IS NOT NULL THEN filters := filters || ' AND m.min_price_paise >= $5'; END IF;
  IF p_max_paise IS NOT NULL THEN filters := filters || ' AND m.min_price_paise <= $6'; END IF;
  IF coalesce(p_rating, 0) > 0 THEN filters := filters || ' AND m.rating >= $7'; END IF;
  IF p_in_stock THEN filters := filters || ' AND m.in_stock'; END IF;
  searched := CASE WHEN match IS NULL THEN filters ELSE match || ' AND ' || filters END;
  sort_order := marketplace_search_order(p_sort, ranked, false);

  IF match IS NOT NULL AND NOT ranked THEN
    -- Words sorted by price or date: the first p_walk rows of the sort's index that pass the filters, the words
    -- tested on each. If they hold the page and the row after it, that is the page, exactly.
    EXECUTE format(
      'SELECT array_agg(w.store_id), array_agg(w.product_id)
         FROM (SELECT m.store_id, m.product_id
                 FROM (SELECT m.store_id, m.product_id, m.min_price_paise, m.max_price_paise, m.created_at,
                              %s AS hit
                         FROM marketplace_products m WHERE %s ORDER BY %s LIMIT $9) m
                WHERE m.hit ORDER BY %s LIMIT $10) w', match, filters, sort_order, sort_order)
      INTO stores_found, products_found
      USING tsq, near, category, p_city, p_min_paise, p_max_paise, p_rating, term, p_walk, wanted, p_offset,
            p_count_cap;
    walked := coalesce(cardinality(products_found), 0);
    page_found := walked >= wanted;
    IF page_found THEN
      stores_found := stores_found[p_offset + 1:];
      products_found := products_found[p_offset + 1:];
    ELSIF walked < common_matches THEN
      -- Rare words: their matches are read through the search's indexes and sorted (an order no index has, so
      -- the planner, which expects thousands of matches, cannot choose to walk the whole sort index for a word
      -- nobody sells). Common words walk on by the planner's plan.
      sort_order := marketplace_search_order(p_sort, ranked, true);
    END IF;
  END IF;
  IF NOT page_found THEN
    -- Relevance scores every candidate: a broad word's first p_count_cap matches the indexes give are ordered (the
    -- work stays bounded), a narrower search in full. Other sorts and browsing: the planner's plan. ($10 - $11 is
    -- the page and the row after it.)
    EXECUTE format(
      'SELECT array_agg(p.store_id), array_agg(p.product_id)
         FROM (SELECT m.store_id, m.product_id FROM %s ORDER BY %s LIMIT $10 - $11 OFFSET $11) p',
      CASE WHEN ranked
           THEN format('(SELECT * FROM marketplace_products m WHERE %s LIMIT $12) m', searched)
           ELSE format('marketplace_products m WHERE %s', searched) END,
      sort_order)
      INTO stores_found, products_found
      USING tsq, near, category, p_city, p_min_paise, p_max_paise, p_rating, term, p_walk, wanted, p_offset,
            p_count_cap;
  END IF;

  IF coalesce(cardinality(products_found), 0) = 0 THEN
    -- An empty page past the last match carries the number of matches, up to the cap and one more (which says
    -- there are more), so the screen can step back; on the first page there are none.
    total := 0;
    IF p_offset > 0 THEN
      EXECUTE format('SELECT count(*) FROM (SELECT 1 FROM marketplace_products m WHERE %s LIMIT $12 + 1) c',
                     searched)
        INTO total
        USING tsq, near, category, p_city, p_min_paise, p_max_paise, p_rating, term, p_walk, wanted, p_offset,
              p_count_cap;
    END IF;
    RETURN NEXT;
    RETURN;
  END IF;
  -- The page's rows in order, with their shops' names and addresses (a shop that is not open is left out here too).
  RETURN QUERY
    SELECT NULL::bigint, m.product_id, m.slug, m.name, m.image, m.category_name, m.list_price_paise,
           m.min_price_paise, m.max_price_paise, m.rating::numeric, m.review_count, m.in_stock, m.store_id, m.city,
           m.created_at, s.slug, s.store_name, s.plan::text,
           (SELECT d.domain_name FROM store_domains d WHERE d.store_id = s.id AND d.domain_type = 'custom'
               AND d.verified_at IS NOT NULL ORDER BY d.created_at LIMIT 1)
      FROM unnest(stores_found, products_found) WITH ORDINALITY AS f(store_id, product_id, ord)
      JOIN marketplace_products m ON m.store_id = f.store_id AND m.product_id = f.product_id
      JOIN stores s ON s.id = m.store_id AND s.online_status IN ('PUBLISHED', 'ONLINE')
     ORDER BY f.ord;
END
$$;
--> statement-breakpoint
-- The ORDER BY of a sort over marketplace_products m; ties by product id. Relevance with words ranks by full text
-- and word similarity ($1 the words' query, $8 the words as typed); without words it is best rated first. `unindexed`
-- (price and date, the sorts a search walks) writes the sort's column as an expression no index has, so the
-- matches are found by the search's indexes and then sorted.
CREATE FUNCTION marketplace_search_order(p_sort text, p_ranked boolean, p_unindexed boolean) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_sort = 'relevance' AND p_ranked
      THEN '(ts_rank(m.search_vector, $1) + word_similarity(hindi_latin($8), m.search_name)) DESC, m.rating DESC, m.product_id'
    WHEN p_sort = 'relevance' THEN 'm.rating DESC, m.review_count DESC, m.created_at DESC, m.product_id'
    WHEN p_sort = 'price_asc' AND p_unindexed THEN '(m.min_price_paise + 0), m.product_id'
    WHEN p_sort = 'price_asc' THEN 'm.min_price_paise, m.product_id'
    WHEN p_sort = 'price_desc' AND p_unindexed THEN '(m.max_price_paise + 0) DESC, m.product_id'
    WHEN p_sort = 'price_desc' THEN 'm.max_price_paise DESC, m.product_id'
    WHEN p_sort = 'newest' AND p_unindexed THEN '(m.created_at + interval ''0'') DESC, m.product_id'
    WHEN p_sort = 'newest' THEN 'm.created_at DESC, m.product_id'
  END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION marketplace_search(text, text, text, int, int, numeric, boolean, text, int, int, int, int) TO haat_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION marketplace_search_order(text, boolean, boolean) TO haat_app;
