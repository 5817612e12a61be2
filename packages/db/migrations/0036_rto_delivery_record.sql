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
