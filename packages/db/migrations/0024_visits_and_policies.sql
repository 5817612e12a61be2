-- Storefront visits per shop and India-time day (decision 0010), and each shop's own policy pages (issue 17 #8, #9).
CREATE TABLE "store_visit_days" (
	"store_id" uuid NOT NULL REFERENCES "stores"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_visit_days_pk" PRIMARY KEY ("store_id","day"),
	CONSTRAINT "store_visit_days_visits" CHECK ("visits" >= 0)
);--> statement-breakpoint
CREATE TABLE "store_policies" (
	"store_id" uuid NOT NULL REFERENCES "stores"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_policies_pk" PRIMARY KEY ("store_id","kind"),
	CONSTRAINT "store_policies_kind" CHECK ("kind" in ('privacy', 'terms', 'refund', 'shipping', 'returns')),
	CONSTRAINT "store_policies_body" CHECK (length("body") between 1 and 20000)
);--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['store_visit_days','store_policies']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id())', t);
  END LOOP;
END
$$;
