-- WhatsApp message templates per shop (issue 19): a row only where the shop changed a kind's text; without one the
-- default text (packages/contracts/src/whatsapp.ts) is used, so shops, the demo ones included, get defaults lazily.
CREATE TABLE "whatsapp_templates" (
	"store_id" uuid NOT NULL REFERENCES "stores"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_templates_pk" PRIMARY KEY ("store_id","kind"),
	CONSTRAINT "whatsapp_templates_kind" CHECK ("kind" in ('ORDER_CONFIRMATION', 'DISPATCH', 'DELIVERY', 'PAYMENT_REMINDER')),
	CONSTRAINT "whatsapp_templates_body" CHECK (length("body") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "whatsapp_templates" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "whatsapp_templates" USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
