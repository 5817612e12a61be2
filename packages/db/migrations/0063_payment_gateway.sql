-- Online payments through a payment gateway (issue 44): a shop's gateway account (Razorpay first), its key secret and
-- webhook secret encrypted by the server (AES-256-GCM, GATEWAY_SECRET_KEY) before they reach the database; the
-- gateway's webhooks received once each (the inbox, by event id); a payment's gateway details on its transaction.
-- Tenant tables under forced row-level security.
CREATE TABLE "store_gateways" (
	"store_id" uuid PRIMARY KEY NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"provider" text NOT NULL,
	"mode" text NOT NULL,
	"key_id" text NOT NULL,
	"key_secret_enc" text NOT NULL,
	"webhook_secret_enc" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_gateways_provider" CHECK ("provider" IN ('RAZORPAY')),
	CONSTRAINT "store_gateways_mode" CHECK ("mode" IN ('LIVE', 'TEST'))
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"gateway_order_id" text,
	"gateway_payment_id" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_events_pk" PRIMARY KEY("store_id","event_id")
);
--> statement-breakpoint
CREATE INDEX "gateway_events_order_idx" ON "gateway_events" ("store_id","gateway_order_id");
--> statement-breakpoint
ALTER TABLE "payment_transactions"
	ADD COLUMN "gateway" text,
	ADD COLUMN "gateway_order_id" text,
	ADD COLUMN "gateway_payment_id" text,
	ADD COLUMN "gateway_method" text,
	ADD COLUMN "bank" text,
	ADD COLUMN "vpa" text,
	ADD COLUMN "wallet" text,
	ADD COLUMN "auth_code" text,
	ADD COLUMN "rrn" text,
	ADD COLUMN "gateway_fee_paise" integer,
	ADD COLUMN "gateway_tax_paise" integer,
	ADD COLUMN "failure_reason" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_gateway_order_uq" ON "payment_transactions" ("store_id","gateway_order_id") WHERE "gateway_order_id" IS NOT NULL;
--> statement-breakpoint
-- A refund through the gateway is PENDING until its refund.processed webhook (every other refund is COMPLETED).
ALTER TABLE "refunds"
	ADD COLUMN "status" text DEFAULT 'COMPLETED' NOT NULL,
	ADD COLUMN "gateway_refund_id" text,
	ADD CONSTRAINT "refunds_status" CHECK ("status" IN ('PENDING', 'COMPLETED', 'FAILED'));
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method";
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method" CHECK ("method" IN ('CASH', 'UPI', 'CARD', 'BANK', 'GATEWAY'));
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_gateway_uq" ON "refunds" ("store_id","gateway_refund_id") WHERE "gateway_refund_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_valid";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_valid" CHECK ("payment_method" IN ('COD', 'UPI', 'CASH', 'CARD', 'CREDIT', 'ONLINE'));
--> statement-breakpoint
ALTER TABLE store_gateways ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE store_gateways FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON store_gateways USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
--> statement-breakpoint
ALTER TABLE gateway_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE gateway_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON gateway_events USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
--> statement-breakpoint
-- Orders placed to be paid online and never paid: the expiry sweep cancels them (stock back) after a while.
CREATE INDEX "orders_online_unpaid_idx" ON "orders" ("store_id","created_at") WHERE "payment_method" = 'ONLINE' AND "payment_status" IN ('PENDING', 'FAILED') AND "status" = 'PENDING';
--> statement-breakpoint
-- The sweep's one cross-shop read: shops with such an order placed before the given time (shop ids only).
CREATE FUNCTION due_online_payment_stores(placed_before timestamptz) RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public AS $$
  SELECT DISTINCT store_id FROM orders
   WHERE payment_method = 'ONLINE' AND payment_status IN ('PENDING', 'FAILED') AND status = 'PENDING'
     AND created_at < placed_before
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION due_online_payment_stores(timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION due_online_payment_stores(timestamptz) TO haat_app;
