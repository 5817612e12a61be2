-- The marketplace's read model (0026) shows a product with variants (0022) as the range a shopper pays: the
-- lowest price now as before, the dearest variant's as max_price_paise; a change of that range rewrites the row.
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
DROP TRIGGER marketplace_products_update ON products;
--> statement-breakpoint
CREATE TRIGGER marketplace_products_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.slug, OLD.product_name, OLD.product_description, OLD.price_paise, OLD.sale_price_paise, OLD.status,
         OLD.images, OLD.category_id, OLD.rating_sum, OLD.review_count, OLD.created_at, OLD.quantity > 0,
         OLD.price_max_paise)
        IS DISTINCT FROM
        (NEW.slug, NEW.product_name, NEW.product_description, NEW.price_paise, NEW.sale_price_paise, NEW.status,
         NEW.images, NEW.category_id, NEW.rating_sum, NEW.review_count, NEW.created_at, NEW.quantity > 0,
         NEW.price_max_paise))
  EXECUTE FUNCTION marketplace_products_written();
--> statement-breakpoint
DO $$
DECLARE s uuid;
BEGIN
  FOR s IN SELECT DISTINCT p.store_id FROM products p WHERE p.price_max_paise IS NOT NULL LOOP
    PERFORM marketplace_sync(s, NULL);
  END LOOP;
END
$$;
