-- Reconciliation with the payment gateway's settlements (issue 44): the settlement a payment was paid out in, the
-- last day a shop's settlements were read, and the mismatches listed for the merchant.
ALTER TABLE "payment_transactions" ADD COLUMN "settlement_id" text;
--> statement-breakpoint
ALTER TABLE "store_gateways" ADD COLUMN "reconciled_through" date;
--> statement-breakpoint
CREATE TABLE "gateway_mismatches" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"gateway_payment_id" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"gateway_amount_paise" integer,
	"our_amount_paise" integer,
	"settlement_id" text,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_mismatches_pk" PRIMARY KEY("store_id","gateway_payment_id","kind"),
	CONSTRAINT "gateway_mismatches_kind" CHECK ("kind" IN ('CAPTURED_NOT_PAID', 'PAID_NOT_CAPTURED', 'AMOUNT_DIFFERS'))
);
--> statement-breakpoint
ALTER TABLE gateway_mismatches ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE gateway_mismatches FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON gateway_mismatches USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
--> statement-breakpoint
CREATE FUNCTION due_gateway_recon_stores(through date) RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public AS $$
  SELECT store_id FROM store_gateways WHERE reconciled_through IS NULL OR reconciled_through < through
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION due_gateway_recon_stores(date) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION due_gateway_recon_stores(date) TO haat_app;
