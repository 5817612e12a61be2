-- The marketplace's product search (issue 20, decision 0011) finds a page by walking the sort's index and stopping
-- after the page's rows (plus one, which says whether a next page follows). With a city (the filter shoppers use
-- most) the walk over every shop's products in price order read ten rows of other cities for each one of the city:
-- about 2,600 rows for a page of "kurta" in Pune at a million products. Each sort gets an index led by the city, so
-- the walk reads that city's products only; the plain city index is the prefix of these and goes.
CREATE INDEX marketplace_products_city_price_idx ON marketplace_products (lower(city), min_price_paise, product_id);
--> statement-breakpoint
CREATE INDEX marketplace_products_city_price_desc_idx ON marketplace_products (lower(city), max_price_paise DESC, product_id);
--> statement-breakpoint
CREATE INDEX marketplace_products_city_newest_idx ON marketplace_products (lower(city), created_at DESC, product_id);
--> statement-breakpoint
DROP INDEX IF EXISTS marketplace_products_city_idx;
--> statement-breakpoint
-- Typo tolerance in the marketplace's product search (issue 20, decision 0011) through a dictionary of the words
-- of the products' names, pg_trgm's documented way: each word typed is matched against the dictionary by trigram
-- word similarity, and the words it finds are searched as full text. Before, each word was tested by word
-- similarity against the names themselves: the trigram index gave every name sharing a few trigrams with it (the
-- common ones, as in "  k" or "ta ", are in a large part of a million names), each rechecked on its row: 68 ms
-- for "bluetooth speaker". The dictionary holds a few thousand words, and the full-text index answers the rest.
--
-- marketplace_words holds every word (as to_tsvector('simple') splits it) that a listed product's name has had,
-- with the romanisation of a Devanagari name (search_name, migration 0038). Public like the read model it comes
-- from, read by the search only; written by the statement trigger below whenever rows are added to the read model
-- (marketplace_sync deletes and inserts, so that is every change). A word whose last product went stays: it costs
-- the search one more full-text term that finds nothing.
CREATE TABLE marketplace_words (word text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX marketplace_words_trgm_idx ON marketplace_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON marketplace_words FROM haat_app;
--> statement-breakpoint
GRANT SELECT ON marketplace_words TO haat_app;
--> statement-breakpoint
-- Words in order, so two writers adding the same new words wait for each other in the same order (no deadlock);
-- an existing word costs one index probe and no lock.
CREATE FUNCTION marketplace_words_added() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
BEGIN
  INSERT INTO marketplace_words (word)
  SELECT DISTINCT w FROM added a, unnest(tsvector_to_array(to_tsvector('simple', a.search_name))) w
   ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER marketplace_words_insert AFTER INSERT ON marketplace_products REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION marketplace_words_added();
--> statement-breakpoint
INSERT INTO marketplace_words (word)
SELECT DISTINCT w FROM marketplace_products m, unnest(tsvector_to_array(to_tsvector('simple', m.search_name))) w
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The name's full text (weight A) now has the romanisation of a Devanagari name too, as search_name does, so a
-- word found in the dictionary from a name's romanisation finds that name ("kurta" finds "लखनवी कुर्ता").
-- Otherwise marketplace_sync as in migration 0030.
CREATE OR REPLACE FUNCTION marketplace_sync(p_store uuid, p_ids uuid[]) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
DECLARE prev text := coalesce(current_setting('app.store_id', true), '');
BEGIN
  PERFORM set_config('app.store_id', p_store::text, true);
  DELETE FROM marketplace_products WHERE store_id = p_store AND (p_ids IS NULL OR product_id = ANY (p_ids));
  INSERT INTO marketplace_products (store_id, product_id, slug, name, category_name, image, store_category_id, city,
    list_price_paise, min_price_paise, max_price_paise, in_stock, rating, review_count, created_at,
    price_valid_until, search_vector)
  SELECT p.store_id, p.id, p.slug, p.product_name, c.name, p.images[1], s.store_category_id,
         nullif(btrim(s.city), ''), p.price_paise, pay.paise,
         -- The dearest variant's price now: its price less what a live deal takes off every variant (0022).
         CASE WHEN p.price_max_paise IS NULL THEN pay.paise
              ELSE greatest(pay.paise, p.price_max_paise
                     - greatest(0, least(p.price_paise, coalesce(p.sale_price_paise, p.price_paise)) - pay.paise)) END,
         p.quantity > 0,
         CASE WHEN p.review_count = 0 THEN 0 ELSE round(p.rating_sum::numeric / p.review_count, 1) END,
         p.review_count, p.created_at,
         (SELECT min(t) FROM deals d, unnest(ARRAY[d.starts_at, d.ends_at]) t
           WHERE d.store_id = p.store_id AND d.product_id = p.id AND t > now()),
         setweight(to_tsvector('simple', CASE WHEN p.product_name ~ '[\u0900-\u097F]'
                                              THEN p.product_name || ' ' || hindi_latin(p.product_name)
                                              ELSE p.product_name END), 'A')
           || setweight(to_tsvector('simple', coalesce(c.name, '')), 'B')
           || setweight(to_tsvector('simple', coalesce(p.product_description, '')), 'C')
    FROM products p
    JOIN stores s ON s.id = p.store_id AND s.online_status IN ('PUBLISHED', 'ONLINE')
    LEFT JOIN product_categories c ON c.store_id = p.store_id AND c.id = p.category_id
    CROSS JOIN LATERAL (SELECT least(p.price_paise, coalesce(p.sale_price_paise, p.price_paise),
      coalesce((SELECT min(d.deal_price_paise) FROM deals d WHERE d.store_id = p.store_id AND d.product_id = p.id
                 AND now() >= d.starts_at AND now() < d.ends_at), p.price_paise)) AS paise) pay
   WHERE p.store_id = p_store AND (p_ids IS NULL OR p.id = ANY (p_ids)) AND p.status = 'ACTIVE';
  PERFORM set_config('app.store_id', prev, true);
END
$$;
--> statement-breakpoint
-- The rows already named in Devanagari get the romanisation in their full text.
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT store_id, array_agg(product_id) AS ids FROM marketplace_products
            WHERE name ~ '[\u0900-\u097F]' GROUP BY store_id LOOP
    PERFORM marketplace_sync(r.store_id, r.ids);
  END LOOP;
END
$$;
