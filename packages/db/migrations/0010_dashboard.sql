CREATE TABLE "order_day_stats" (
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"counted_orders" integer DEFAULT 0 NOT NULL,
	"revenue_paise" bigint DEFAULT 0 NOT NULL,
	"delivered_orders" integer DEFAULT 0 NOT NULL,
	"returned_orders" integer DEFAULT 0 NOT NULL,
	"profit_paise" numeric(20, 4) DEFAULT 0 NOT NULL,
	"costed_revenue_paise" numeric(20, 4) DEFAULT 0 NOT NULL,
	"lines_without_cost" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_stats_store_id_day_pk" PRIMARY KEY("store_id","day")
);
--> statement-breakpoint
ALTER TABLE "order_day_stats" ADD CONSTRAINT "order_day_stats_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_recent_idx" ON "order_events" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_store_created_customer_idx" ON "orders" USING btree ("store_id","created_at","customer_id");--> statement-breakpoint
CREATE INDEX "stock_ledger_activity_idx" ON "stock_ledger" USING btree ("store_id","created_at") WHERE reason in ('ADJUSTMENT', 'RETURN') or (reason = 'SALE' and quantity_after = 0);