-- The dashboard's daily aggregates (order_day_stats, see schema/dashboard.ts), kept in step by triggers in the
-- same transaction as every write to orders and order_items, and under row-level security like every tenant table.
ALTER TABLE order_day_stats ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE order_day_stats FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON order_day_stats USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
--> statement-breakpoint
-- The day an order counts on: when it was placed, in India time (UTC+05:30 all year).
CREATE FUNCTION order_stats_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (at AT TIME ZONE INTERVAL '+05:30')::date
$$;
--> statement-breakpoint
-- Adds signed figures to a shop's day (a new row for a day not seen yet).
CREATE FUNCTION order_day_stats_add(p_store uuid, p_day date, p_orders numeric, p_counted numeric,
    p_revenue numeric, p_delivered numeric, p_returned numeric, p_profit numeric, p_costed numeric,
    p_without_cost numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_day_stats AS s (store_id, day, orders, counted_orders, revenue_paise, delivered_orders,
      returned_orders, profit_paise, costed_revenue_paise, lines_without_cost)
  VALUES (p_store, p_day, p_orders, p_counted, p_revenue, p_delivered, p_returned, p_profit, p_costed, p_without_cost)
  ON CONFLICT (store_id, day) DO UPDATE SET
    orders = s.orders + excluded.orders,
    counted_orders = s.counted_orders + excluded.counted_orders,
    revenue_paise = s.revenue_paise + excluded.revenue_paise,
    delivered_orders = s.delivered_orders + excluded.delivered_orders,
    returned_orders = s.returned_orders + excluded.returned_orders,
    profit_paise = s.profit_paise + excluded.profit_paise,
    costed_revenue_paise = s.costed_revenue_paise + excluded.costed_revenue_paise,
    lines_without_cost = s.lines_without_cost + excluded.lines_without_cost
$$;
--> statement-breakpoint
-- New orders: one grouped upsert per statement. Their lines are written after them (order_items references
-- orders), so the lines' profit arrives through the order_items trigger.
CREATE FUNCTION order_day_stats_orders_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_day_stats_add(store_id, day, n, counted, revenue, delivered, returned, 0, 0, 0)
     FROM (SELECT store_id, order_stats_day(created_at) AS day, count(*) AS n,
                  count(*) FILTER (WHERE status NOT IN ('CANCELLED', 'RETURNED')) AS counted,
                  coalesce(sum(total_paise) FILTER (WHERE status NOT IN ('CANCELLED', 'RETURNED')), 0) AS revenue,
                  count(*) FILTER (WHERE status IN ('DELIVERED', 'RETURNED')) AS delivered,
                  count(*) FILTER (WHERE status = 'RETURNED') AS returned
             FROM new_orders
            GROUP BY 1, 2) g;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_day_stats_orders_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_day_stats_orders_insert();
--> statement-breakpoint
-- Changed orders (a status change, mostly): take out what each counted before and add what it counts now,
-- lines included, for the orders whose figures changed.
CREATE FUNCTION order_day_stats_orders_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_day_stats_add(store_id, day, n, counted, revenue, delivered, returned, profit, costed, without_cost)
     FROM (
       SELECT c.store_id, order_stats_day(c.created_at) AS day,
              sum(c.sg) AS n,
              coalesce(sum(c.sg) FILTER (WHERE c.counted), 0) AS counted,
              coalesce(sum(c.sg * c.total_paise) FILTER (WHERE c.counted), 0) AS revenue,
              coalesce(sum(c.sg) FILTER (WHERE c.status IN ('DELIVERED', 'RETURNED')), 0) AS delivered,
              coalesce(sum(c.sg) FILTER (WHERE c.status = 'RETURNED'), 0) AS returned,
              coalesce(sum(c.sg * l.profit) FILTER (WHERE c.counted), 0) AS profit,
              coalesce(sum(c.sg * l.costed) FILTER (WHERE c.counted), 0) AS costed,
              coalesce(sum(c.sg * l.without_cost) FILTER (WHERE c.counted), 0) AS without_cost
         FROM (
           SELECT x.*, x.status NOT IN ('CANCELLED', 'RETURNED') AS counted
             FROM (
               SELECT -1 AS sg, o.store_id, o.id, o.created_at, o.status, o.total_paise, o.discount_paise, o.subtotal_paise
                 FROM old_orders o JOIN new_orders n ON n.store_id = o.store_id AND n.id = o.id
                WHERE (o.created_at, o.status, o.total_paise, o.discount_paise, o.subtotal_paise)
                      IS DISTINCT FROM (n.created_at, n.status, n.total_paise, n.discount_paise, n.subtotal_paise)
               UNION ALL
               SELECT 1, n.store_id, n.id, n.created_at, n.status, n.total_paise, n.discount_paise, n.subtotal_paise
                 FROM old_orders o JOIN new_orders n ON n.store_id = o.store_id AND n.id = o.id
                WHERE (o.created_at, o.status, o.total_paise, o.discount_paise, o.subtotal_paise)
                      IS DISTINCT FROM (n.created_at, n.status, n.total_paise, n.discount_paise, n.subtotal_paise)
             ) x
         ) c
         CROSS JOIN LATERAL (
           SELECT coalesce(sum((i.unit_price_paise - i.cost_paise)::numeric * i.quantity
                    - coalesce(c.discount_paise::numeric * i.unit_price_paise * i.quantity / nullif(c.subtotal_paise, 0), 0))
                    FILTER (WHERE i.cost_paise IS NOT NULL), 0) AS profit,
                  coalesce(sum(i.unit_price_paise::numeric * i.quantity
                    - coalesce(c.discount_paise::numeric * i.unit_price_paise * i.quantity / nullif(c.subtotal_paise, 0), 0))
                    FILTER (WHERE i.cost_paise IS NOT NULL), 0) AS costed,
                  count(*) FILTER (WHERE i.cost_paise IS NULL) AS without_cost
             FROM order_items i
            WHERE i.store_id = c.store_id AND i.order_id = c.id
         ) l
        GROUP BY 1, 2
     ) g;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_day_stats_orders_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_day_stats_orders_update();
--> statement-breakpoint
-- A deleted order (only ever with its shop): its figures leave its day before its lines go (with the order
-- gone, the lines' own trigger finds nothing to take out). Only existing rows are changed.
CREATE FUNCTION order_day_stats_orders_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted boolean := OLD.status NOT IN ('CANCELLED', 'RETURNED');
  l record;
BEGIN
  SELECT coalesce(sum((i.unit_price_paise - i.cost_paise)::numeric * i.quantity
           - coalesce(OLD.discount_paise::numeric * i.unit_price_paise * i.quantity / nullif(OLD.subtotal_paise, 0), 0))
           FILTER (WHERE i.cost_paise IS NOT NULL), 0) AS profit,
         coalesce(sum(i.unit_price_paise::numeric * i.quantity
           - coalesce(OLD.discount_paise::numeric * i.unit_price_paise * i.quantity / nullif(OLD.subtotal_paise, 0), 0))
           FILTER (WHERE i.cost_paise IS NOT NULL), 0) AS costed,
         count(*) FILTER (WHERE i.cost_paise IS NULL) AS without_cost
    INTO l
    FROM order_items i
   WHERE i.store_id = OLD.store_id AND i.order_id = OLD.id;
  UPDATE order_day_stats s SET
    orders = s.orders - 1,
    counted_orders = s.counted_orders - counted::int,
    revenue_paise = s.revenue_paise - CASE WHEN counted THEN OLD.total_paise ELSE 0 END,
    delivered_orders = s.delivered_orders - (OLD.status IN ('DELIVERED', 'RETURNED'))::int,
    returned_orders = s.returned_orders - (OLD.status = 'RETURNED')::int,
    profit_paise = s.profit_paise - CASE WHEN counted THEN l.profit ELSE 0 END,
    costed_revenue_paise = s.costed_revenue_paise - CASE WHEN counted THEN l.costed ELSE 0 END,
    lines_without_cost = s.lines_without_cost - CASE WHEN counted THEN l.without_cost ELSE 0 END
   WHERE s.store_id = OLD.store_id AND s.day = order_stats_day(OLD.created_at);
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_day_stats_orders_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION order_day_stats_orders_delete();
--> statement-breakpoint
-- Lines written, changed or removed while their order counts: their profit moves with them (one grouped upsert
-- per statement; the order's coupon discount is shared over its lines by their value).
CREATE FUNCTION order_day_stats_items() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lines text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sg, store_id, order_id, quantity, unit_price_paise, cost_paise FROM new_items'
    WHEN 'DELETE' THEN 'SELECT -1 AS sg, store_id, order_id, quantity, unit_price_paise, cost_paise FROM old_items'
    ELSE 'SELECT -1 AS sg, store_id, order_id, quantity, unit_price_paise, cost_paise FROM old_items
          UNION ALL SELECT 1, store_id, order_id, quantity, unit_price_paise, cost_paise FROM new_items'
  END;
BEGIN
  EXECUTE format($q$
    SELECT order_day_stats_add(store_id, day, 0, 0, 0, 0, 0, profit, costed, without_cost)
      FROM (
        SELECT o.store_id, order_stats_day(o.created_at) AS day,
               coalesce(sum(x.sg * ((x.unit_price_paise - x.cost_paise)::numeric * x.quantity
                 - coalesce(o.discount_paise::numeric * x.unit_price_paise * x.quantity / nullif(o.subtotal_paise, 0), 0)))
                 FILTER (WHERE x.cost_paise IS NOT NULL), 0) AS profit,
               coalesce(sum(x.sg * (x.unit_price_paise::numeric * x.quantity
                 - coalesce(o.discount_paise::numeric * x.unit_price_paise * x.quantity / nullif(o.subtotal_paise, 0), 0)))
                 FILTER (WHERE x.cost_paise IS NOT NULL), 0) AS costed,
               coalesce(sum(x.sg) FILTER (WHERE x.cost_paise IS NULL), 0) AS without_cost
          FROM (%s) x
          JOIN orders o ON o.store_id = x.store_id AND o.id = x.order_id
         WHERE o.status NOT IN ('CANCELLED', 'RETURNED')
         GROUP BY 1, 2
      ) g$q$, lines);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_day_stats_items_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION order_day_stats_items();
--> statement-breakpoint
CREATE TRIGGER order_day_stats_items_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION order_day_stats_items();
--> statement-breakpoint
CREATE TRIGGER order_day_stats_items_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION order_day_stats_items();
--> statement-breakpoint
-- The figures of orders already written, shop by shop (row-level security applies to the migrating role too).
DO $$
DECLARE s uuid;
BEGIN
  FOR s IN SELECT id FROM stores LOOP
    PERFORM set_config('app.store_id', s::text, true);
    INSERT INTO order_day_stats (store_id, day, orders, counted_orders, revenue_paise, delivered_orders,
        returned_orders, profit_paise, costed_revenue_paise, lines_without_cost)
    SELECT o.store_id, order_stats_day(o.created_at), count(*),
           count(*) FILTER (WHERE o.status NOT IN ('CANCELLED', 'RETURNED')),
           coalesce(sum(o.total_paise) FILTER (WHERE o.status NOT IN ('CANCELLED', 'RETURNED')), 0),
           count(*) FILTER (WHERE o.status IN ('DELIVERED', 'RETURNED')),
           count(*) FILTER (WHERE o.status = 'RETURNED'),
           coalesce(sum(l.profit) FILTER (WHERE o.status NOT IN ('CANCELLED', 'RETURNED')), 0),
           coalesce(sum(l.costed) FILTER (WHERE o.status NOT IN ('CANCELLED', 'RETURNED')), 0),
           coalesce(sum(l.without_cost) FILTER (WHERE o.status NOT IN ('CANCELLED', 'RETURNED')), 0)
      FROM orders o
      CROSS JOIN LATERAL (
        SELECT coalesce(sum((i.unit_price_paise - i.cost_paise)::numeric * i.quantity
                 - coalesce(o.discount_paise::numeric * i.unit_price_paise * i.quantity / nullif(o.subtotal_paise, 0), 0))
                 FILTER (WHERE i.cost_paise IS NOT NULL), 0) AS profit,
               coalesce(sum(i.unit_price_paise::numeric * i.quantity
                 - coalesce(o.discount_paise::numeric * i.unit_price_paise * i.quantity / nullif(o.subtotal_paise, 0), 0))
                 FILTER (WHERE i.cost_paise IS NOT NULL), 0) AS costed,
               count(*) FILTER (WHERE i.cost_paise IS NULL) AS without_cost
          FROM order_items i
         WHERE i.store_id = o.store_id AND i.order_id = o.id
      ) l
     WHERE o.store_id = s
     GROUP BY 1, 2;
  END LOOP;
  PERFORM set_config('app.store_id', '', true);
END
$$;
