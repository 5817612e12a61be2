-- Returns at the counter (issue 38): a walk-in customer brings back goods of a counter sale against its receipt.
-- Each return is one row: the sale it is against, the lines and units that came back (restocked through
-- order_items.restocked_quantity, decision 0023), the value returned, how it was settled (a refund by cash, UPI or
-- card, back onto the customer's khata, or an exchange for a new counter sale), the refund and credit note it made,
-- and the Idempotency-Key that makes a resent return the same return.
CREATE TABLE "counter_returns" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"reason" text NOT NULL,
	-- [{ item_id, product_id, variant_id, name, quantity, value_paise }]: the units of each sale line that came back.
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"returned_paise" integer DEFAULT 0 NOT NULL,
	-- An exchange: the new counter sale the returned value paid towards, and what the customer paid (+) or was paid
	-- back (-) on top.
	"exchange_order_id" uuid,
	"difference_paise" integer DEFAULT 0 NOT NULL,
	"refund_id" uuid,
	"credit_note_id" uuid,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"register_session_id" uuid,
	"created_by" uuid REFERENCES "public"."users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_returns_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "counter_returns_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade,
	CONSTRAINT "counter_returns_exchange_fk" FOREIGN KEY ("store_id","exchange_order_id") REFERENCES "public"."orders"("store_id","id"),
	CONSTRAINT "counter_returns_refund_fk" FOREIGN KEY ("store_id","refund_id") REFERENCES "public"."refunds"("store_id","id"),
	CONSTRAINT "counter_returns_credit_note_fk" FOREIGN KEY ("store_id","credit_note_id") REFERENCES "public"."tax_documents"("store_id","id"),
	CONSTRAINT "counter_returns_register_fk" FOREIGN KEY ("store_id","register_session_id") REFERENCES "public"."register_sessions"("store_id","id"),
	CONSTRAINT "counter_returns_kind" CHECK ("kind" IN ('REFUND', 'EXCHANGE')),
	CONSTRAINT "counter_returns_method" CHECK ("method" IN ('CASH', 'UPI', 'CARD', 'KHATA')),
	CONSTRAINT "counter_returns_amount" CHECK ("returned_paise" >= 0),
	CONSTRAINT "counter_returns_exchange" CHECK (("kind" = 'EXCHANGE') = ("exchange_order_id" IS NOT NULL) OR "returned_paise" = 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "counter_returns_key_uq" ON "counter_returns" ("store_id","idempotency_key");
--> statement-breakpoint
CREATE INDEX "counter_returns_order_idx" ON "counter_returns" ("store_id","order_id","created_at");
--> statement-breakpoint
CREATE INDEX "counter_returns_created_idx" ON "counter_returns" ("store_id","created_at");
--> statement-breakpoint
ALTER TABLE "counter_returns" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "counter_returns" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "counter_returns" USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
