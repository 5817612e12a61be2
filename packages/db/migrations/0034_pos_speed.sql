-- The point of sale's speed (issue 14; docs/benchmarks.md, point of sale).
--
-- 1. Search. The counter's search (name anywhere, SKU from its start, exact barcode) ORed over variants and
-- products, so every search joined all of a shop's sellables; and LIKE is not leakproof, so under forced row-level
-- security no index served even one arm of it. pos_sellable_matches finds the ids of the page's sellables through
-- indexes, one branch per arm: it runs as the role that migrates (a superuser, or one with BYPASSRLS, which
-- row-level security does not apply to, like marketplace_sync; were it subject to the forced policy, the answer
-- would be the same, only without the indexes), and takes the shop only from the transaction's own tenant setting
-- (app_store_id(), never a parameter), so a caller cannot ask about another shop. The repository then reads those rows as haat_app under
-- row-level security with the search's own conditions, so tenancy and the match are checked twice.
-- It returns the first p_limit sellables in the screen's order (an exact SKU or barcode first, then name, then the
-- variant's position), with ties, so the caller's own ORDER BY ... LIMIT over them gives the same page.
CREATE INDEX "products_pos_name_idx" ON "products" ("store_id", "product_name") INCLUDE ("status", "id");
--> statement-breakpoint
-- A product with options has its own (parent) SKU; a product sold as one item has its variant's, which the
-- variants' index finds. Partial, so the sales that rewrite products' rows do not pay for it.
CREATE INDEX "products_pos_sku_idx" ON "products" ("store_id", lower("sku") text_pattern_ops)
  WHERE "options" <> '[]'::jsonb;
--> statement-breakpoint
CREATE INDEX "product_variants_pos_sku_idx" ON "product_variants" ("store_id", lower("sku") text_pattern_ops);
--> statement-breakpoint
CREATE FUNCTION pos_sellable_matches(p_term text, p_limit int, p_window int DEFAULT 2000) RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 20
  SET search_path = public SET plan_cache_mode = force_custom_plan
  SET enable_seqscan = on SET enable_indexscan = on SET enable_indexonlyscan = on AS $$
DECLARE
  s uuid := app_store_id();
  t text := lower(p_term);
  pat text := replace(replace(replace(lower(p_term), '\', '\\'), '%', '\%'), '_', '\_');
  named uuid[];
  named_count int;
  named_last text;
  window_last text;
BEGIN
  IF s IS NULL OR coalesce(p_term, '') = '' OR p_limit < 1 OR p_window < 1 THEN
    RETURN;
  END IF;
  -- Products whose name has the term, the first p_limit by name (with ties). A common word is found among the
  -- shop's first p_window names (the name's btree walked in order); when it is not (a rare word, or one whose
  -- names sort late), the trigram index finds every match and they are sorted. The window is trusted only when the
  -- last match kept sorts before the window's last name, so no match or tie beyond it could belong on the page.
  -- (p_window is there for tests of both ways; it cannot widen what the function sees.)
  SELECT array_agg(x.id ORDER BY x.product_name), count(*), max(x.product_name) INTO named, named_count, named_last
    FROM (SELECT w.id, w.product_name
            FROM (SELECT p.id, p.product_name, p.status FROM products p WHERE p.store_id = s
                   ORDER BY p.product_name LIMIT p_window) w
           WHERE w.status = 'ACTIVE' AND w.product_name ILIKE '%' || pat || '%'
           ORDER BY w.product_name FETCH FIRST p_limit ROWS WITH TIES) x;
  SELECT p.product_name INTO window_last FROM products p WHERE p.store_id = s
   ORDER BY p.product_name OFFSET p_window - 1 LIMIT 1;
  IF window_last IS NOT NULL AND NOT (named_count >= p_limit AND named_last < window_last) THEN
    -- Through the trigram index: the planner prices reading every name off the btree lower than the bitmap, but
    -- testing the pattern on 50,000 names takes 20 ms, the bitmap 4 to 7. (These settings end with the function.)
    PERFORM set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
            set_config('enable_indexonlyscan', 'off', true);
    named := ARRAY(SELECT p.id FROM products p
                    WHERE p.store_id = s AND p.status = 'ACTIVE' AND p.product_name ILIKE '%' || pat || '%'
                    ORDER BY p.product_name FETCH FIRST p_limit ROWS WITH TIES);
    PERFORM set_config('enable_seqscan', 'on', true), set_config('enable_indexscan', 'on', true),
            set_config('enable_indexonlyscan', 'on', true);
  END IF;
  RETURN QUERY
  WITH hits AS (
    SELECT v.id FROM product_variants v WHERE v.store_id = s AND v.barcode = p_term
    UNION
    SELECT v.id FROM product_variants v WHERE v.store_id = s AND lower(v.sku) LIKE pat || '%'
    UNION
    SELECT v.id FROM products p JOIN product_variants v ON v.store_id = p.store_id AND v.product_id = p.id
     WHERE p.store_id = s AND p.barcode = p_term
    UNION
    SELECT v.id FROM products p JOIN product_variants v ON v.store_id = p.store_id AND v.product_id = p.id
     WHERE p.store_id = s AND p.options <> '[]'::jsonb AND lower(p.sku) LIKE pat || '%'
    UNION
    SELECT v.id FROM unnest(named) n(id) JOIN product_variants v ON v.store_id = s AND v.product_id = n.id
  )
  SELECT v.id FROM hits h
    JOIN product_variants v ON v.store_id = s AND v.id = h.id
    JOIN products p ON p.store_id = s AND p.id = v.product_id
   WHERE p.status = 'ACTIVE'
   ORDER BY CASE WHEN lower(v.sku) = t OR v.barcode = p_term THEN 0 ELSE 1 END, p.product_name, v.position
   FETCH FIRST p_limit ROWS WITH TIES;
END
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION pos_sellable_matches(text, int, int) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION pos_sellable_matches(text, int, int) TO haat_app;
--> statement-breakpoint
-- 2. A counter sale's stock. take_variant_stock (0022) updates the variant, whose rollup trigger rewrites the
-- product's row, and then rewrites it again for units_sold: two new versions of the product's row, each with all
-- its index entries, per line. For a product sold as one item (the product's row carries the stock, and
-- product_default_variant_follow writes it to the variant) take_sale_stock locks the variant first (the order every
-- sale and order locks in), then takes stock and counts the units sold in one update of the product: one version.
-- The same checks and the same answer: not enough stock, or a product no longer sold, fails with SQLSTATE HS001,
-- the variant's id and what is left (from take_variant_stock, which also handles a variant of a product with
-- options as before).
CREATE FUNCTION take_sale_stock(p_store uuid, p_variant uuid, p_quantity int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  v_product uuid;
  v_options text[];
  v_quantity int;
  left_after int;
BEGIN
  SELECT v.product_id, v.option_values, v.quantity INTO v_product, v_options, v_quantity
    FROM product_variants v WHERE v.store_id = p_store AND v.id = p_variant
     FOR UPDATE;
  IF FOUND AND v_options = '{}'::text[] AND v_quantity >= p_quantity THEN
    UPDATE products p
       SET quantity = p.quantity - p_quantity,
           units_sold = p.units_sold + p_quantity,
           low_variants = p.low_variants
             + (CASE WHEN p.quantity - p_quantity <= p.low_stock_threshold THEN 1 ELSE 0 END)
             - (CASE WHEN p.quantity <= p.low_stock_threshold THEN 1 ELSE 0 END),
           updated_at = now()
     WHERE p.store_id = p_store AND p.id = v_product AND p.status = 'ACTIVE' AND p.options = '[]'::jsonb
       AND p.quantity = v_quantity
    RETURNING p.quantity INTO left_after;
    IF FOUND THEN
      RETURN left_after;
    END IF;
  END IF;
  RETURN take_variant_stock(p_store, p_variant, p_quantity);
END
$$;
