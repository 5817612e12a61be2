-- The point of sale (issue 14, decision 0013): customers billed at the counter, found again by phone; the
-- buyer's GSTIN on an order (a business buying at the counter gets it on its tax invoice); and what the counter
-- records of a payment: the cash handed over, or the card's network and last 4 digits from the shop's terminal.
CREATE TABLE "pos_customers" (
	"store_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"address" text,
	"gst_number" text,
	"visits" integer DEFAULT 0 NOT NULL,
	"last_visit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_customers_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "pos_customers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade,
	CONSTRAINT "pos_customers_phone_valid" CHECK ("phone" ~ '^[6-9][0-9]{9}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pos_customers_phone_uq" ON "pos_customers" USING btree ("store_id","phone");
--> statement-breakpoint
ALTER TABLE "pos_customers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "pos_customers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "pos_customers" USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "tendered_paise" integer;
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "card_network" text;
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "card_last4" text;
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_tendered" CHECK ("tendered_paise" IS NULL OR "tendered_paise" >= "amount_paise");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_valid" CHECK ("payment_method" IN ('COD', 'UPI', 'CASH', 'CARD'));
