-- Back-in-stock alerts (issue 40): "Notify me" on a product or variant that is out of stock mails the address once
-- when the variant has stock again. Double opt-in like Notify Me on a sale (0025): a signed-in customer's verified
-- address is confirmed at once, any other is mailed a link first. A tenant table under forced row-level security.
CREATE TABLE "stock_alerts" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"customer_id" uuid REFERENCES "public"."users"("id") ON DELETE set null,
	"notified_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirm_token_hash" text,
	"confirm_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "stock_alerts_product_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade,
	CONSTRAINT "stock_alerts_variant_fk" FOREIGN KEY ("store_id","variant_id") REFERENCES "public"."product_variants"("store_id","id") ON DELETE cascade,
	CONSTRAINT "stock_alerts_email_lower" CHECK ("email" = lower("email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_uq" ON "stock_alerts" ("store_id","variant_id","email");
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_token_uq" ON "stock_alerts" ("store_id","confirm_token_hash") WHERE "confirm_token_hash" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "stock_alerts_due_idx" ON "stock_alerts" ("store_id","variant_id") WHERE "notified_at" IS NULL AND "confirmed_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE stock_alerts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stock_alerts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON stock_alerts USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
--> statement-breakpoint
-- The notifier's one cross-shop read: shops with a confirmed, unmailed alert whose variant has stock again
-- (shop ids only; the app role sees no tenant rows outside a shop's context).
CREATE FUNCTION due_stock_alert_stores() RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public AS $$
  SELECT DISTINCT a.store_id FROM stock_alerts a
    JOIN product_variants v ON v.store_id = a.store_id AND v.id = a.variant_id
   WHERE a.notified_at IS NULL AND a.confirmed_at IS NOT NULL AND v.quantity > 0
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION due_stock_alert_stores() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION due_stock_alert_stores() TO haat_app;
