-- 1. Order Management's and Transaction Management's text search (issues 12 and 13).
-- A search tested `orders.search_key LIKE '%term%'` on every order of the date range (index entries of
-- orders_store_created_cover_idx): 1.5 ms of PostgreSQL per month of a busy shop's orders, twice per request (the
-- page and the count), and for Transaction Management a hash join over every order of the shop (37 ms at 100,000).
-- Under forced row-level security no trigram index can serve it (LIKE is not leakproof, so it is never tested
-- before the policy's own condition). order_search_ids finds the matching orders through a trigram index instead:
-- like pos_sellable_matches (0034) it runs as the role that migrates, to which the policy does not apply, and
-- takes the shop only from the transaction's own tenant setting (app_store_id(), never a parameter), so a caller
-- cannot ask about another shop. The list then reads those orders as haat_app under row-level security with the
-- search's own condition again, so tenancy and the match are checked twice.
-- It answers NULL when the index cannot help (a term under 3 characters has no trigram) or when more than p_cap
-- orders match (a word in most orders, such as "gmail"): the caller then tests every order of the range as before.
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("store_id", "search_key" gin_trgm_ops);
--> statement-breakpoint
-- Bitmap scans only (these settings end with the function): with a LIMIT and a range covering most orders the
-- planner would otherwise walk the date index testing LIKE on every entry, hoping to meet p_cap matches early.
CREATE FUNCTION order_search_ids(p_term text, p_from timestamptz, p_to timestamptz, p_cap int) RETURNS uuid[]
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
  pat := '%' || replace(replace(replace(p_term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  found := ARRAY(SELECT o.id FROM orders o
                  WHERE o.store_id = s AND o.search_key LIKE pat
                    AND (p_from IS NULL OR o.created_at >= p_from) AND (p_to IS NULL OR o.created_at < p_to)
                  LIMIT p_cap + 1);
  IF cardinality(found) > p_cap THEN
    RETURN NULL;
  END IF;
  RETURN found;
END
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION order_search_ids(text, timestamptz, timestamptz, int) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION order_search_ids(text, timestamptz, timestamptz, int) TO haat_app;
--> statement-breakpoint
-- 2. The COD risk flag on Order Management's rows (decision 0014) judged a PIN code by every shipped COD order to
-- it, twice per row (how many, how many came back): 8 ms of a 100,000-order shop's first page. It now counts the
-- latest 500 shipped there, read backwards from this index (by PIN code and when shipped, carrying rto_at).
DROP INDEX "orders_cod_pin_idx";
--> statement-breakpoint
CREATE INDEX "orders_cod_pin_idx" ON "orders" USING btree ("store_id","ship_postal_code","shipped_at") INCLUDE ("rto_at") WHERE "payment_method" = 'COD' AND "shipped_at" IS NOT NULL;
