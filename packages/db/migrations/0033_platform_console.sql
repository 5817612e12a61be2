-- The platform operator's console (issue 15): how busy each shop is, read across tenants for the shops of one
-- page only. Orders of the last 30 days come from each shop's day table, the last activity from its newest order
-- or audit event; a SECURITY DEFINER function, as member_stores is, since the app role sees one shop at a time.
CREATE FUNCTION platform_shop_activity(p_ids uuid[], p_since date) RETURNS TABLE (store_id uuid, orders_30d bigint, last_activity timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT s.id,
    (SELECT coalesce(sum(d.orders), 0) FROM order_status_day_stats d WHERE d.store_id = s.id AND d.day >= p_since),
    greatest(
      (SELECT max(a.created_at) FROM audit_events a WHERE a.store_id = s.id),
      (SELECT max(o.created_at) FROM orders o WHERE o.store_id = s.id)
    )
  FROM stores s WHERE s.id = ANY (p_ids)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_shop_activity(uuid[], date) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION platform_shop_activity(uuid[], date) TO haat_app;
