-- The profit and loss (issue 38) splits a period's sales into online and counter and names the discounts given. It
-- read every order of the period for that (79,000 rows for a busy shop's year: 45 ms of PostgreSQL per request).
-- order_status_day_stats (0023) now also keeps, per shop, India-time day and status, the counter's share of the
-- totals and the discounts, in the same statement triggers as its counts: a year is 366 days x statuses of rows.
ALTER TABLE "order_status_day_stats" ADD COLUMN "counter_total_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_status_day_stats" ADD COLUMN "discount_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_status_day_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_day_stats AS s (store_id, day, status, orders, total_paise, counter_total_paise, discount_paise)
  SELECT store_id, order_stats_day(created_at), status, count(*), sum(total_paise),
         coalesce(sum(total_paise) FILTER (WHERE channel = 'POS'), 0), sum(discount_paise)
    FROM new_orders
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (store_id, day, status) DO UPDATE SET
    orders = s.orders + excluded.orders,
    total_paise = s.total_paise + excluded.total_paise,
    counter_total_paise = s.counter_total_paise + excluded.counter_total_paise,
    discount_paise = s.discount_paise + excluded.discount_paise;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_status_day_stats_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_day_stats AS s (store_id, day, status, orders, total_paise, counter_total_paise, discount_paise)
  SELECT store_id, day, status, sum(sg), sum(sg * total_paise), sum(sg * counter_paise), sum(sg * discount_paise)
    FROM (
      SELECT -1 AS sg, o.store_id, order_stats_day(o.created_at) AS day, o.status, o.total_paise::bigint AS total_paise,
             CASE WHEN o.channel = 'POS' THEN o.total_paise::bigint ELSE 0 END AS counter_paise,
             o.discount_paise::bigint AS discount_paise
        FROM old_orders o JOIN new_orders n ON n.store_id = o.store_id AND n.id = o.id
       WHERE (o.created_at, o.status, o.total_paise, o.channel, o.discount_paise)
             IS DISTINCT FROM (n.created_at, n.status, n.total_paise, n.channel, n.discount_paise)
      UNION ALL
      SELECT 1, n.store_id, order_stats_day(n.created_at), n.status, n.total_paise::bigint,
             CASE WHEN n.channel = 'POS' THEN n.total_paise::bigint ELSE 0 END,
             n.discount_paise::bigint
        FROM old_orders o JOIN new_orders n ON n.store_id = o.store_id AND n.id = o.id
       WHERE (o.created_at, o.status, o.total_paise, o.channel, o.discount_paise)
             IS DISTINCT FROM (n.created_at, n.status, n.total_paise, n.channel, n.discount_paise)
    ) c
   GROUP BY 1, 2, 3
  HAVING sum(sg) <> 0 OR sum(sg * total_paise) <> 0 OR sum(sg * counter_paise) <> 0 OR sum(sg * discount_paise) <> 0
   ORDER BY 1, 2, 3
  ON CONFLICT (store_id, day, status) DO UPDATE SET
    orders = s.orders + excluded.orders,
    total_paise = s.total_paise + excluded.total_paise,
    counter_total_paise = s.counter_total_paise + excluded.counter_total_paise,
    discount_paise = s.discount_paise + excluded.discount_paise;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_status_day_stats_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_status_day_stats s SET
    orders = s.orders - d.n,
    total_paise = s.total_paise - d.total,
    counter_total_paise = s.counter_total_paise - d.counter,
    discount_paise = s.discount_paise - d.discount
    FROM (SELECT store_id, order_stats_day(created_at) AS day, status, count(*) AS n, sum(total_paise) AS total,
                 coalesce(sum(total_paise) FILTER (WHERE channel = 'POS'), 0) AS counter,
                 sum(discount_paise) AS discount
            FROM old_orders GROUP BY 1, 2, 3) d
   WHERE s.store_id = d.store_id AND s.day = d.day AND s.status = d.status;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The figures of orders already written, shop by shop (row-level security applies to the migrating role too).
DO $$
DECLARE s uuid;
BEGIN
  FOR s IN SELECT id FROM stores LOOP
    PERFORM set_config('app.store_id', s::text, true);
    UPDATE order_status_day_stats t SET counter_total_paise = d.counter, discount_paise = d.discount
      FROM (SELECT store_id, order_stats_day(created_at) AS day, status,
                   coalesce(sum(total_paise) FILTER (WHERE channel = 'POS'), 0) AS counter,
                   sum(discount_paise) AS discount
              FROM orders WHERE store_id = s GROUP BY 1, 2, 3) d
     WHERE t.store_id = d.store_id AND t.day = d.day AND t.status = d.status;
  END LOOP;
  PERFORM set_config('app.store_id', '', true);
END
$$;
