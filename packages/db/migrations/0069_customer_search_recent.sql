-- The customer list's search for a common term (issue 38: 50,000 customers, p95 <= 50 ms at 20 connections). 0057's
-- customer_search_page read every match through the trigram index to sort them and count them: for a first name a
-- tenth of the book shares ("farida", 5,000 matches) that was 5.5 ms of PostgreSQL per search, 88 to 94 ms p95.
-- Now the most recent customers are looked at first, in the list's order through pos_customers_recent_idx, 25 rows
-- per row the page needs (at most 5,000): when the page and one row more are all among them, the term is common
-- (1 in 25 or more matches) and the page is answered from them, without counting the rest: `more` says that more
-- match than the page shows ("more than 20"), as the marketplace's search does. Otherwise the trigram index answers
-- as before, with the exact count. A page past the last match still says how many match.
DROP FUNCTION customer_search_page(text, int, int);
--> statement-breakpoint
CREATE FUNCTION customer_search_page(p_term text, p_limit int, p_offset int)
  RETURNS TABLE (id uuid, matches bigint, more boolean)
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public SET plan_cache_mode = force_custom_plan
  SET enable_seqscan = off SET enable_indexscan = on SET enable_indexonlyscan = on AS $$
DECLARE
  s uuid := app_store_id();
  pat text;
  lim int := greatest(p_limit, 0);
  off int := greatest(p_offset, 0);
  recent uuid[];
BEGIN
  IF s IS NULL OR length(coalesce(p_term, '')) < 3 THEN
    RETURN;
  END IF;
  pat := '%' || replace(replace(replace(lower(p_term), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  IF off + lim + 1 <= 200 THEN
    SELECT array_agg(x.id ORDER BY x.last_visit_at DESC NULLS LAST, x.id) INTO recent FROM (
      SELECT r.id, r.last_visit_at FROM (
        SELECT c.id, c.name, c.phone, c.last_visit_at FROM pos_customers c
         WHERE c.store_id = s
         ORDER BY c.last_visit_at DESC NULLS LAST, c.id
         LIMIT 25 * (off + lim + 1)
      ) r
       WHERE (lower(r.name) || ' ' || r.phone) LIKE pat
       ORDER BY r.last_visit_at DESC NULLS LAST, r.id
       LIMIT off + lim + 1
    ) x;
    IF cardinality(recent) = off + lim + 1 THEN
      RETURN QUERY SELECT u.id, (off + lim)::bigint, true
        FROM unnest(recent[off + 1 : off + lim]) AS u(id);
      RETURN;
    END IF;
  END IF;
  -- A rare term (or a deep page): every match through the trigram index, sorted and counted.
  PERFORM set_config('enable_indexscan', 'off', true);
  PERFORM set_config('enable_indexonlyscan', 'off', true);
  RETURN QUERY
    SELECT m.id, m.matches, m.matches > off + lim FROM (
      SELECT c.id, c.last_visit_at, count(*) OVER () AS matches
        FROM pos_customers c
       WHERE c.store_id = s AND (lower(c.name) || ' ' || c.phone) LIKE pat
    ) m
     ORDER BY m.last_visit_at DESC NULLS LAST, m.id
     LIMIT lim OFFSET off;
  IF NOT FOUND THEN
    RETURN QUERY SELECT NULL::uuid, count(*), false FROM pos_customers c
                  WHERE c.store_id = s AND (lower(c.name) || ' ' || c.phone) LIKE pat;
  END IF;
END
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION customer_search_page(text, int, int) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION customer_search_page(text, int, int) TO haat_app;
