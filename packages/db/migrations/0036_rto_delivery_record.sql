-- RTO and the customer's delivery record (issue 19): a shop's flags on a customer ("Require prepayment (UPI)"
-- hides cash on delivery at checkout for them), under forced row-level security like every tenant table.
CREATE TABLE "shop_customer_flags" (
	"store_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"require_prepayment" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "shop_customer_flags_store_id_customer_id_pk" PRIMARY KEY("store_id","customer_id"),
	CONSTRAINT "shop_customer_flags_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade,
	CONSTRAINT "shop_customer_flags_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade,
	CONSTRAINT "shop_customer_flags_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE "shop_customer_flags" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "shop_customer_flags" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "shop_customer_flags" USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
--> statement-breakpoint
-- RTO (return to origin): a shipped order refused at the door or undeliverable, on its way back. rto_at is when it
-- was marked so; it stays set when the parcel is received back (RETURNED), which tells an RTO return from a
-- customer's return after delivery.
ALTER TABLE "orders" ADD COLUMN "rto_at" timestamp with time zone;
--> statement-breakpoint
-- Cash-on-delivery orders by when they were placed, carrying what the dashboard's COD share, RTO rate and RTO cost
-- and the risk flag's median order value read, so those are index-only scans of one shop's COD orders.
CREATE INDEX "orders_cod_idx" ON "orders" USING btree ("store_id","created_at") INCLUDE ("status","total_paise","shipped_at","rto_at","delivery_name","shipping_paise") WHERE "payment_method" = 'COD';
--> statement-breakpoint
-- The risk flag's RTO rate of a PIN code: the shop's shipped COD orders to that PIN code.
CREATE INDEX "orders_cod_pin_idx" ON "orders" USING btree ("store_id","ship_postal_code") INCLUDE ("rto_at") WHERE "payment_method" = 'COD' AND "shipped_at" IS NOT NULL;
--> statement-breakpoint
-- The risk flag's "customer has a past RTO at this shop": a customer's RTO orders (few rows in all).
CREATE INDEX "orders_rto_customer_idx" ON "orders" USING btree ("store_id","customer_id") WHERE "rto_at" IS NOT NULL;
--> statement-breakpoint
-- The dashboard's daily figures (order_day_stats, 0011 and 0015) count an RTO order like a cancelled one: no
-- revenue, no profit. An order received back from RTO (RETURNED with rto_at) was never delivered, so it counts as
-- neither delivered nor returned (the return rate is of delivered orders). No order has rto_at yet, so what the
-- table holds stays exact under the new rules.
CREATE OR REPLACE FUNCTION order_day_stats_orders_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_day_stats_add(store_id, day, n, counted, revenue, delivered, returned, 0, 0, 0)
     FROM (SELECT store_id, order_stats_day(created_at) AS day, count(*) AS n,
                  count(*) FILTER (WHERE status NOT IN ('CANCELLED', 'RETURNED', 'RTO')) AS counted,
                  coalesce(sum(total_paise) FILTER (WHERE status NOT IN ('CANCELLED', 'RETURNED', 'RTO')), 0) AS revenue,
                  count(*) FILTER (WHERE status IN ('DELIVERED', 'RETURNED') AND rto_at IS NULL) AS delivered,
                  count(*) FILTER (WHERE status = 'RETURNED' AND rto_at IS NULL) AS returned
             FROM new_orders
            GROUP BY 1, 2) g;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_day_stats_orders_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_day_stats_add(store_id, day, n, counted, revenue, delivered, returned, profit, costed, without_cost)
     FROM (
       SELECT c.store_id, order_stats_day(c.created_at) AS day,
              sum(c.sg) AS n,
              coalesce(sum(c.sg) FILTER (WHERE c.counted), 0) AS counted,
              coalesce(sum(c.sg * c.total_paise) FILTER (WHERE c.counted), 0) AS revenue,
              coalesce(sum(c.sg) FILTER (WHERE c.status IN ('DELIVERED', 'RETURNED') AND c.rto_at IS NULL), 0) AS delivered,
              coalesce(sum(c.sg) FILTER (WHERE c.status = 'RETURNED' AND c.rto_at IS NULL), 0) AS returned,
              coalesce(sum(c.sg * l.profit) FILTER (WHERE c.counted), 0) AS profit,
              coalesce(sum(c.sg * l.costed) FILTER (WHERE c.counted), 0) AS costed,
              coalesce(sum(c.sg * l.without_cost) FILTER (WHERE c.counted), 0) AS without_cost
         FROM (
           SELECT x.*, x.status NOT IN ('CANCELLED', 'RETURNED', 'RTO') AS counted
             FROM (
               SELECT -1 AS sg, o.store_id, o.id, o.created_at, o.status, o.rto_at, o.total_paise, o.discount_paise, o.subtotal_paise
                 FROM old_orders o JOIN new_orders n ON n.store_id = o.store_id AND n.id = o.id
                WHERE (o.created_at, o.status, o.rto_at, o.total_paise, o.discount_paise, o.subtotal_paise)
                      IS DISTINCT FROM (n.created_at, n.status, n.rto_at, n.total_paise, n.discount_paise, n.subtotal_paise)
               UNION ALL
               SELECT 1, n.store_id, n.id, n.created_at, n.status, n.rto_at, n.total_paise, n.discount_paise, n.subtotal_paise
                 FROM old_orders o JOIN new_orders n ON n.store_id = o.store_id AND n.id = o.id
                WHERE (o.created_at, o.status, o.rto_at, o.total_paise, o.discount_paise, o.subtotal_paise)
                      IS DISTINCT FROM (n.created_at, n.status, n.rto_at, n.total_paise, n.discount_paise, n.subtotal_paise)
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
CREATE OR REPLACE FUNCTION order_day_stats_orders_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted boolean := OLD.status NOT IN ('CANCELLED', 'RETURNED', 'RTO');
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
    delivered_orders = s.delivered_orders - (OLD.status IN ('DELIVERED', 'RETURNED') AND OLD.rto_at IS NULL)::int,
    returned_orders = s.returned_orders - (OLD.status = 'RETURNED' AND OLD.rto_at IS NULL)::int,
    profit_paise = s.profit_paise - CASE WHEN counted THEN l.profit ELSE 0 END,
    costed_revenue_paise = s.costed_revenue_paise - CASE WHEN counted THEN l.costed ELSE 0 END,
    lines_without_cost = s.lines_without_cost - CASE WHEN counted THEN l.without_cost ELSE 0 END
   WHERE s.store_id = OLD.store_id AND s.day = order_stats_day(OLD.created_at);
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_day_stats_lines(lines jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_day_stats_add(store_id, day, 0, 0, 0, 0, 0, profit, costed, without_cost)
     FROM (
       SELECT o.store_id, order_stats_day(o.created_at) AS day,
              coalesce(sum(x.sg * ((x.unit_price_paise - x.cost_paise)::numeric * x.quantity
                - coalesce(o.discount_paise::numeric * x.unit_price_paise * x.quantity / nullif(o.subtotal_paise, 0), 0)))
                FILTER (WHERE x.cost_paise IS NOT NULL), 0) AS profit,
              coalesce(sum(x.sg * (x.unit_price_paise::numeric * x.quantity
                - coalesce(o.discount_paise::numeric * x.unit_price_paise * x.quantity / nullif(o.subtotal_paise, 0), 0)))
                FILTER (WHERE x.cost_paise IS NOT NULL), 0) AS costed,
              coalesce(sum(x.sg) FILTER (WHERE x.cost_paise IS NULL), 0) AS without_cost
         FROM jsonb_to_recordset(lines) AS x(sg int, store_id uuid, order_id uuid, quantity int,
                                             unit_price_paise bigint, cost_paise bigint)
         JOIN orders o ON o.store_id = x.store_id AND o.id = x.order_id
        WHERE o.status NOT IN ('CANCELLED', 'RETURNED', 'RTO')
        GROUP BY 1, 2
     ) g;
END
$$;
