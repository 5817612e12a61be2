-- Payments (issue 13): the shop's GST registration, refunds capped by what was paid (in the row, so two refunds
-- at the same moment cannot pass the cap), tax documents (invoices, bills of supply, credit notes) as snapshots
-- numbered from the shop's own consecutive series per financial year.
ALTER TABLE "store_settings" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "refunded_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_refund_cap" CHECK ("refunded_paise" >= 0 AND "refunded_paise" <= "amount_paise");--> statement-breakpoint
CREATE TABLE "document_counters" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"series" text NOT NULL,
	"fy" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_pk" PRIMARY KEY("store_id","series","fy")
);--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"fy" text NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"against_id" uuid,
	"refund_id" uuid,
	"total_paise" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"place_of_supply" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "tax_documents_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "tax_documents_kind" CHECK ("kind" in ('INVOICE', 'BILL_OF_SUPPLY', 'CREDIT_NOTE')),
	CONSTRAINT "tax_documents_number" CHECK ("number" ~ '^[A-Za-z0-9/-]{1,16}$'),
	CONSTRAINT "tax_documents_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_uq" ON "tax_documents" USING btree ("store_id","series","fy","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_uq" ON "tax_documents" USING btree ("store_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_invoice" ON "tax_documents" USING btree ("store_id","order_id") WHERE "kind" <> 'CREDIT_NOTE';--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("store_id","order_id");--> statement-breakpoint
CREATE TABLE "refunds" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"restocked" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid REFERENCES "public"."users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "refunds_amount" CHECK ("amount_paise" > 0),
	CONSTRAINT "refunds_method" CHECK ("method" in ('CASH', 'UPI', 'CARD', 'BANK')),
	CONSTRAINT "refunds_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("store_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_status_idx" ON "payment_transactions" USING btree ("store_id","payment_status","created_at");--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['document_counters','tax_documents','refunds']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id())', t);
  END LOOP;
END
$$;
