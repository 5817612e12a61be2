-- Cash on delivery that does not bleed money (issue 19, decision 0015): the shop's COD rules (limits by order
-- value, PIN codes and states where COD is not offered, a COD fee, confirmation by the customer above a value
-- and how long an unconfirmed order waits), the fee and the confirmation deadline on each order, and the
-- customer's confirmation code (only its hash; single use, 10 minutes, 5 tries) with the one-tap link's hash.
ALTER TABLE "store_settings" ADD COLUMN "cod_min_paise" integer;
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_max_paise" integer;
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_blocked_pins" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_blocked_states" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_confirm_above_paise" integer;
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_confirm_hours" smallint DEFAULT 24 NOT NULL;
--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_cod_limits" CHECK (
  ("cod_min_paise" IS NULL OR "cod_min_paise" >= 0)
  AND ("cod_max_paise" IS NULL OR "cod_max_paise" > 0)
  AND ("cod_min_paise" IS NULL OR "cod_max_paise" IS NULL OR "cod_min_paise" <= "cod_max_paise")
  AND "cod_fee_paise" >= 0
  AND ("cod_confirm_above_paise" IS NULL OR "cod_confirm_above_paise" >= 0)
  AND "cod_confirm_hours" BETWEEN 1 AND 168
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirm_by" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmed_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "orders_cod_awaiting_idx" ON "orders" USING btree ("store_id","cod_confirm_by") WHERE "cod_confirm_by" IS NOT NULL AND "cod_confirmed_at" IS NULL AND "status" = 'PENDING';
--> statement-breakpoint
CREATE TABLE "cod_confirmations" (
	"store_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"code_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"code_used_at" timestamp with time zone,
	"link_hash" text NOT NULL,
	"confirmed_via" text,
	CONSTRAINT "cod_confirmations_store_id_order_id_pk" PRIMARY KEY("store_id","order_id"),
	CONSTRAINT "cod_confirmations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade,
	CONSTRAINT "cod_confirmations_via_valid" CHECK ("confirmed_via" IS NULL OR "confirmed_via" IN ('CODE', 'LINK'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cod_confirmations_link_uq" ON "cod_confirmations" USING btree ("store_id","link_hash");
--> statement-breakpoint
ALTER TABLE "cod_confirmations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "cod_confirmations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "cod_confirmations" USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
--> statement-breakpoint
CREATE OR REPLACE FUNCTION due_cod_confirmation_stores() RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT DISTINCT store_id FROM orders
  WHERE cod_confirm_by IS NOT NULL AND cod_confirmed_at IS NULL AND status = 'PENDING' AND cod_confirm_by < now()
$$;
