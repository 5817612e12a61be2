-- Order Management's 7 stat cards (issue 12) for any range of India-time days without reading the orders: one row per
-- shop, day (order_stats_day, 0011) and status with the number of orders and the sum of their totals, kept by
-- statement triggers on orders in the same transaction as every insert, status change and delete. The triggers fire
-- after order_day_stats' own (same event, names in order), so the shop's day row there is always locked first.
CREATE TABLE "order_status_day_stats" (
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"total_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_day_stats_store_id_day_status_pk" PRIMARY KEY("store_id","day","status")
);
--> statement-breakpoint
ALTER TABLE "order_status_day_stats" ADD CONSTRAINT "order_status_day_stats_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE order_status_day_stats ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE order_status_day_stats FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON order_status_day_stats USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
--> statement-breakpoint
-- New orders: one grouped upsert per statement, in key order (two transactions lock the rows in the same order).
CREATE FUNCTION order_status_day_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_day_stats AS s (store_id, day, status, orders, total_paise)
  SELECT store_id, order_stats_day(created_at), status, count(*), sum(total_paise)
    FROM new_orders
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (store_id, day, status) DO UPDATE SET
    orders = s.orders + excluded.orders,
    total_paise = s.total_paise + excluded.total_paise;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_status_day_stats_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_status_day_stats_insert();
--> statement-breakpoint
-- Changed orders: each order whose day, status or total changed leaves its old (day, status) and joins its new one.
CREATE FUNCTION order_status_day_stats_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_day_stats AS s (store_id, day, status, orders, total_paise)
  SELECT store_id, day, status, sum(sg), sum(sg * total_paise)
    FROM (
      SELECT -1 AS sg, o.store_id, order_stats_day(o.created_at) AS day, o.status, o.total_paise::bigint AS total_paise
        FROM old_orders o JOIN new_orders n ON n.store_id = o.store_id AND n.id = o.id
       WHERE (o.created_at, o.status, o.total_paise) IS DISTINCT FROM (n.created_at, n.status, n.total_paise)
      UNION ALL
      SELECT 1, n.store_id, order_stats_day(n.created_at), n.status, n.total_paise::bigint
        FROM old_orders o JOIN new_orders n ON n.store_id = o.store_id AND n.id = o.id
       WHERE (o.created_at, o.status, o.total_paise) IS DISTINCT FROM (n.created_at, n.status, n.total_paise)
    ) c
   GROUP BY 1, 2, 3
  HAVING sum(sg) <> 0 OR sum(sg * total_paise) <> 0
   ORDER BY 1, 2, 3
  ON CONFLICT (store_id, day, status) DO UPDATE SET
    orders = s.orders + excluded.orders,
    total_paise = s.total_paise + excluded.total_paise;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_status_day_stats_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_day_stats_update();
--> statement-breakpoint
-- Deleted orders (only ever with their shop): only existing rows change, so a shop being deleted (whose rows here
-- may already be gone) never gets new ones.
CREATE FUNCTION order_status_day_stats_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_status_day_stats s SET
    orders = s.orders - d.n,
    total_paise = s.total_paise - d.total
    FROM (SELECT store_id, order_stats_day(created_at) AS day, status, count(*) AS n, sum(total_paise) AS total
            FROM old_orders GROUP BY 1, 2, 3) d
   WHERE s.store_id = d.store_id AND s.day = d.day AND s.status = d.status;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_status_day_stats_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION order_status_day_stats_delete();
--> statement-breakpoint
-- The figures of orders already written, shop by shop (row-level security applies to the migrating role too).
DO $$
DECLARE s uuid;
BEGIN
  FOR s IN SELECT id FROM stores LOOP
    PERFORM set_config('app.store_id', s::text, true);
    INSERT INTO order_status_day_stats (store_id, day, status, orders, total_paise)
    SELECT store_id, order_stats_day(created_at), status, count(*), sum(total_paise)
      FROM orders WHERE store_id = s GROUP BY 1, 2, 3;
  END LOOP;
  PERFORM set_config('app.store_id', '', true);
END
$$;
--> statement-breakpoint
-- The list's page ids, the count of a search or filter and the stats of a range read index entries only (the
-- search's LIKE is checked on the entry, which row-level security allows); it replaces orders_store_created_idx.
CREATE INDEX "orders_store_created_cover_idx" ON "orders" USING btree ("store_id","created_at","id") INCLUDE ("status","payment_status","total_paise","search_key");
--> statement-breakpoint
DROP INDEX "orders_store_created_idx";
--> statement-breakpoint
-- Checkout's "billing address same as shipping" (issue 13): a billing address when the shopper gave another one
-- (null: the shipping address is the billing address). The tax invoice bills to it and ships to the shipping
-- address; the place of supply stays the shipping state.
ALTER TABLE "orders" ADD COLUMN "bill_name" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_phone" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_line1" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_line2" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_city" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_state" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_postal_code" text;
