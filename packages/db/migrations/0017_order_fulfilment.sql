-- Order fulfilment in the back office (issue 12): an edit counter for optimistic concurrency (a change made
-- against an order that changed meanwhile is refused with 409), the tracking link, the vendor's note to the
-- customer, when an order came back, a lowercase search key over number, name, email and phones for Order
-- Management's search, who received a payment and with which UTR, and how a return request was decided.
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_key" text GENERATED ALWAYS AS (
  lower('ord-' || "number"::text || ' ' || "ship_name" || ' ' || coalesce("contact_email", '') || ' '
    || regexp_replace(coalesce("contact_phone", '') || ' ' || coalesce("ship_phone", ''), '[^0-9 ]', '', 'g'))
) STORED;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "external_reference" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "received_by" uuid REFERENCES "public"."users"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "decided_by" uuid REFERENCES "public"."users"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "decision_note" text;--> statement-breakpoint
UPDATE "orders" SET "returned_at" = "updated_at" WHERE "status" = 'RETURNED';--> statement-breakpoint
UPDATE "payment_transactions" SET "received_at" = "updated_at" WHERE "payment_status" = 'SUCCESS';--> statement-breakpoint
CREATE INDEX "orders_store_total_idx" ON "orders" USING btree ("store_id","total_paise");--> statement-breakpoint
CREATE INDEX "orders_store_payment_idx" ON "orders" USING btree ("store_id","payment_status","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_open_idx" ON "return_requests" USING btree ("store_id","order_id") WHERE "status" = 'REQUESTED';
