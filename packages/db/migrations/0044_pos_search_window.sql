-- The point of sale's name search (issue 14): the window of the shop's first names in order, walked before the
-- trigram index, grows from 2,000 to 4,000 names. Measured on the 50,000-product shop of bench:pos (ms per call,
-- one client, the function alone, docs/benchmarks.md): walking a name costs about 0.45 us (index-only, the pattern
-- tested on each), while a common word whose matches sort late (a shop whose names start with brands: "organic",
-- 5,853 matches, none among the first 2,000 names) went to the trigram index and sorted every match: 14 ms. With
-- 4,000 names it is found in the window: 3.4 ms. A term the window cannot answer (a rare word, no match) pays the
-- longer walk: "royal blue" 3.8 -> 5.2 ms, "tulsi green tea" 3.2 -> 4.9 ms. The slowest of the bench's 14 name terms
-- goes from 14 to 5 ms. What the function answers is unchanged (the window is trusted only when it cannot miss).
CREATE OR REPLACE FUNCTION pos_sellable_matches(p_term text, p_limit int, p_window int DEFAULT 4000) RETURNS SETOF uuid
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
  -- names sort late), the trigram index finds every match and they are sorted. The window is trusted only when it
  -- holds the shop's every name, or when the last match kept sorts before the window's last name, so no match or
  -- tie beyond it could belong on the page. (p_window is there for tests of both ways; it cannot widen what the
  -- function sees.)
  -- A term with a digit (a barcode, a SKU) is no common word of names: straight to the trigram index. (Either way
  -- gives the same answer; the window only saves sorting a common word's thousands of matches.)
  IF t !~ '[0-9]' THEN
    SELECT array_agg(x.id ORDER BY x.product_name), count(*), max(x.product_name) INTO named, named_count, named_last
      FROM (SELECT w.id, w.product_name
              FROM (SELECT p.id, p.product_name, p.status FROM products p WHERE p.store_id = s
                     ORDER BY p.product_name LIMIT p_window) w
             WHERE w.status = 'ACTIVE' AND w.product_name ILIKE '%' || pat || '%'
             ORDER BY w.product_name FETCH FIRST p_limit ROWS WITH TIES) x;
    SELECT p.product_name INTO window_last FROM products p WHERE p.store_id = s
     ORDER BY p.product_name OFFSET p_window - 1 LIMIT 1;
  ELSE
    named_count := 0;
    window_last := '';
  END IF;
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
    SELECT v.id, v.product_id, v.sku, v.barcode, v.position FROM product_variants v
     WHERE v.store_id = s AND v.barcode = p_term
    UNION
    SELECT v.id, v.product_id, v.sku, v.barcode, v.position FROM product_variants v
     WHERE v.store_id = s AND lower(v.sku) LIKE pat || '%'
    UNION
    SELECT v.id, v.product_id, v.sku, v.barcode, v.position FROM products p
      JOIN product_variants v ON v.store_id = p.store_id AND v.product_id = p.id
     WHERE p.store_id = s AND p.barcode = p_term
    UNION
    SELECT v.id, v.product_id, v.sku, v.barcode, v.position FROM products p
      JOIN product_variants v ON v.store_id = p.store_id AND v.product_id = p.id
     WHERE p.store_id = s AND p.options <> '[]'::jsonb AND lower(p.sku) LIKE pat || '%'
    UNION
    SELECT v.id, v.product_id, v.sku, v.barcode, v.position FROM unnest(named) n(id)
      JOIN product_variants v ON v.store_id = s AND v.product_id = n.id
  )
  SELECT h.id FROM hits h
    JOIN products p ON p.store_id = s AND p.id = h.product_id
   WHERE p.status = 'ACTIVE'
   ORDER BY CASE WHEN lower(h.sku) = t OR h.barcode = p_term THEN 0 ELSE 1 END, p.product_name, h.position
   FETCH FIRST p_limit ROWS WITH TIES;
END
$$;
