-- Transaction Management's search (issue 13). A search matches a payment's own reference (TXN-…) or its order's
-- search key. The orders came from the trigram index (order_search_ids, 0039), but the reference was still tested
-- on every payment of the range, in the count and again in the page: 2.4 ms of PostgreSQL each over a month of a
-- 100,000-payment shop. payment_search_ids finds the payments of both arms through trigram indexes, in the same way
-- as order_search_ids: it runs as the role that migrates and takes the shop only from the transaction's own tenant
-- setting (app_store_id(), never a parameter); the list then reads those payments under row-level security and
-- tests the match again. NULL when the index cannot help (under 3 characters) or more than p_cap payments match.
CREATE INDEX "payment_transactions_reference_trgm_idx" ON "payment_transactions"
  USING gin ("store_id", lower("reference") gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION payment_search_ids(p_term text, p_from timestamptz, p_to timestamptz, p_cap int) RETURNS uuid[]
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public SET plan_cache_mode = force_custom_plan
  SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off AS $$
DECLARE
  s uuid := app_store_id();
  pat text;
  found uuid[];
BEGIN
  IF s IS NULL OR length(coalesce(p_term, '')) < 3 OR p_cap < 1 THEN
    RETURN NULL;
  END IF;
  pat := '%' || replace(replace(replace(lower(p_term), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  found := ARRAY(
    SELECT t.id FROM payment_transactions t
     WHERE t.store_id = s AND lower(t.reference) LIKE pat
       AND (p_from IS NULL OR t.created_at >= p_from) AND (p_to IS NULL OR t.created_at < p_to)
    UNION
    SELECT t.id FROM orders o
      JOIN payment_transactions t ON t.store_id = s AND t.order_id = o.id
     WHERE o.store_id = s AND o.search_key LIKE pat AND (p_to IS NULL OR o.created_at < p_to)
       AND (p_from IS NULL OR t.created_at >= p_from) AND (p_to IS NULL OR t.created_at < p_to)
    LIMIT p_cap + 1);
  IF cardinality(found) > p_cap THEN
    RETURN NULL;
  END IF;
  RETURN found;
END
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION payment_search_ids(text, timestamptz, timestamptz, int) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION payment_search_ids(text, timestamptz, timestamptz, int) TO haat_app;
