-- The marketplace's product search (issue 20, decision 0010): a public read model of the products that open shops
-- show on their own storefronts. Not a tenant table: no row-level security, read without any shop context, so its
-- trigram and full-text indexes serve the search. It holds nothing a storefront does not show (no cost, SKU,
-- quantity, supplier), and only ACTIVE products of PUBLISHED or ONLINE shops: a shop that closes loses its rows in
-- the transaction that closes it. Kept by the triggers below in the same transaction as every write; the app role
-- may only read it.
CREATE TABLE marketplace_products (
  store_id uuid NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  product_id uuid NOT NULL,
  slug text NOT NULL,
  name text NOT NULL,
  category_name text,
  image text,
  store_category_id uuid,
  city text,
  list_price_paise integer NOT NULL,
  -- What a shopper pays now (the lowest of list, sale and a live deal's price). Variants (issue 22) will make
  -- min and max differ; today they are equal.
  min_price_paise integer NOT NULL,
  max_price_paise integer NOT NULL,
  in_stock boolean NOT NULL,
  rating numeric(2, 1) NOT NULL,
  review_count integer NOT NULL,
  created_at timestamptz NOT NULL,
  -- When a deal of the product next starts or ends: the price above is recomputed then (marketplace_refresh_due).
  price_valid_until timestamptz,
  search_vector tsvector NOT NULL,
  PRIMARY KEY (store_id, product_id),
  CONSTRAINT marketplace_products_price_range CHECK (min_price_paise <= max_price_paise)
);
--> statement-breakpoint
CREATE INDEX marketplace_products_search_idx ON marketplace_products USING gin (search_vector);
--> statement-breakpoint
CREATE INDEX marketplace_products_name_trgm_idx ON marketplace_products USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX marketplace_products_newest_idx ON marketplace_products (created_at DESC, product_id);
--> statement-breakpoint
CREATE INDEX marketplace_products_price_idx ON marketplace_products (min_price_paise, product_id);
--> statement-breakpoint
CREATE INDEX marketplace_products_price_desc_idx ON marketplace_products (max_price_paise DESC, product_id);
--> statement-breakpoint
-- Browsing without a search word: best rated first, as the All Shops page lists shops.
CREATE INDEX marketplace_products_rated_idx ON marketplace_products (rating DESC, review_count DESC, created_at DESC, product_id);
--> statement-breakpoint
CREATE INDEX marketplace_products_city_idx ON marketplace_products (lower(city));
--> statement-breakpoint
CREATE INDEX marketplace_products_due_idx ON marketplace_products (price_valid_until) WHERE price_valid_until IS NOT NULL;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON marketplace_products FROM haat_app;
--> statement-breakpoint
GRANT SELECT ON marketplace_products TO haat_app;
--> statement-breakpoint
-- Recomputes the rows of some products of one shop (all of them when p_ids is null) from the shop's own tables.
-- It reads them in the shop's context (row-level security is forced even for the owner) and gives the caller's
-- context back. The one place that decides what the marketplace shows of a product.
CREATE FUNCTION marketplace_sync(p_store uuid, p_ids uuid[]) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
DECLARE prev text := coalesce(current_setting('app.store_id', true), '');
BEGIN
  PERFORM set_config('app.store_id', p_store::text, true);
  DELETE FROM marketplace_products WHERE store_id = p_store AND (p_ids IS NULL OR product_id = ANY (p_ids));
  INSERT INTO marketplace_products (store_id, product_id, slug, name, category_name, image, store_category_id, city,
    list_price_paise, min_price_paise, max_price_paise, in_stock, rating, review_count, created_at,
    price_valid_until, search_vector)
  SELECT p.store_id, p.id, p.slug, p.product_name, c.name, p.images[1], s.store_category_id,
         nullif(btrim(s.city), ''), p.price_paise, pay.paise, pay.paise, p.quantity > 0,
         CASE WHEN p.review_count = 0 THEN 0 ELSE round(p.rating_sum::numeric / p.review_count, 1) END,
         p.review_count, p.created_at,
         (SELECT min(t) FROM deals d, unnest(ARRAY[d.starts_at, d.ends_at]) t
           WHERE d.store_id = p.store_id AND d.product_id = p.id AND t > now()),
         setweight(to_tsvector('simple', p.product_name), 'A')
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
REVOKE EXECUTE ON FUNCTION marketplace_sync(uuid, uuid[]) FROM PUBLIC;
--> statement-breakpoint
-- Products: inserts and deletes per statement (a CSV import or a seed is one call per shop); an update only when
-- something the marketplace shows changes (a sale that leaves the product in stock costs nothing).
CREATE FUNCTION marketplace_products_written() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
DECLARE r record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM marketplace_products m USING old_rows o WHERE m.store_id = o.store_id AND m.product_id = o.id;
  ELSIF TG_OP = 'INSERT' THEN
    FOR r IN SELECT store_id, array_agg(id) AS ids FROM new_rows GROUP BY store_id LOOP
      PERFORM marketplace_sync(r.store_id, r.ids);
    END LOOP;
  ELSE
    PERFORM marketplace_sync(NEW.store_id, ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER marketplace_products_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION marketplace_products_written();
--> statement-breakpoint
CREATE TRIGGER marketplace_products_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION marketplace_products_written();
--> statement-breakpoint
CREATE TRIGGER marketplace_products_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.slug, OLD.product_name, OLD.product_description, OLD.price_paise, OLD.sale_price_paise, OLD.status,
         OLD.images, OLD.category_id, OLD.rating_sum, OLD.review_count, OLD.created_at, OLD.quantity > 0)
        IS DISTINCT FROM
        (NEW.slug, NEW.product_name, NEW.product_description, NEW.price_paise, NEW.sale_price_paise, NEW.status,
         NEW.images, NEW.category_id, NEW.rating_sum, NEW.review_count, NEW.created_at, NEW.quantity > 0))
  EXECUTE FUNCTION marketplace_products_written();
--> statement-breakpoint
-- Deals move the price a shopper pays: every write recomputes the products it touches.
CREATE FUNCTION marketplace_deals_written() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
DECLARE r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT store_id, array_agg(DISTINCT product_id) AS ids FROM new_rows GROUP BY store_id LOOP
      PERFORM marketplace_sync(r.store_id, r.ids);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT store_id, array_agg(DISTINCT product_id) AS ids FROM old_rows GROUP BY store_id LOOP
      PERFORM marketplace_sync(r.store_id, r.ids);
    END LOOP;
  ELSE
    FOR r IN SELECT store_id, array_agg(DISTINCT product_id) AS ids
               FROM (SELECT store_id, product_id FROM new_rows UNION SELECT store_id, product_id FROM old_rows) x
              GROUP BY store_id LOOP
      PERFORM marketplace_sync(r.store_id, r.ids);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER marketplace_deals_insert AFTER INSERT ON deals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION marketplace_deals_written();
--> statement-breakpoint
CREATE TRIGGER marketplace_deals_delete AFTER DELETE ON deals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION marketplace_deals_written();
--> statement-breakpoint
CREATE TRIGGER marketplace_deals_update AFTER UPDATE ON deals
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION marketplace_deals_written();
--> statement-breakpoint
-- A renamed product category is searched by its new name.
CREATE FUNCTION marketplace_category_renamed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
BEGIN
  PERFORM marketplace_sync(NEW.store_id,
    ARRAY(SELECT m.product_id FROM marketplace_products m
           WHERE m.store_id = NEW.store_id AND m.category_name IS NOT DISTINCT FROM OLD.name));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER marketplace_category_renamed AFTER UPDATE OF name ON product_categories FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION marketplace_category_renamed();
--> statement-breakpoint
-- A shop that opens gets its rows; one that closes (draft, offline, suspended, maintenance, …) loses them in the
-- same transaction; a new city or business category is copied onto its rows.
CREATE FUNCTION marketplace_store_changed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
DECLARE was_open boolean := OLD.online_status IN ('PUBLISHED', 'ONLINE');
        is_open boolean := NEW.online_status IN ('PUBLISHED', 'ONLINE');
BEGIN
  IF is_open AND NOT was_open THEN
    PERFORM marketplace_sync(NEW.id, NULL);
  ELSIF was_open AND NOT is_open THEN
    DELETE FROM marketplace_products WHERE store_id = NEW.id;
  ELSIF is_open THEN
    UPDATE marketplace_products SET city = nullif(btrim(NEW.city), ''), store_category_id = NEW.store_category_id
     WHERE store_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER marketplace_store_changed AFTER UPDATE OF online_status, city, store_category_id ON stores FOR EACH ROW
  WHEN ((OLD.online_status, OLD.city, OLD.store_category_id) IS DISTINCT FROM
        (NEW.online_status, NEW.city, NEW.store_category_id))
  EXECUTE FUNCTION marketplace_store_changed();
--> statement-breakpoint
-- Time moves prices too: a deal starts or ends without any write. The server calls this every few seconds; it
-- recomputes the rows whose price_valid_until has passed and says how many products it looked at.
CREATE FUNCTION marketplace_refresh_due() RETURNS integer LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
DECLARE r record; n integer := 0;
BEGIN
  FOR r IN SELECT store_id, array_agg(product_id) AS ids FROM marketplace_products
            WHERE price_valid_until <= now() GROUP BY store_id LOOP
    PERFORM marketplace_sync(r.store_id, r.ids);
    n := n + cardinality(r.ids);
  END LOOP;
  RETURN n;
END
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION marketplace_refresh_due() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION marketplace_refresh_due() TO haat_app;
--> statement-breakpoint
DO $$
DECLARE s uuid;
BEGIN
  FOR s IN SELECT id FROM stores WHERE online_status IN ('PUBLISHED', 'ONLINE') LOOP
    PERFORM marketplace_sync(s, NULL);
  END LOOP;
END
$$;
