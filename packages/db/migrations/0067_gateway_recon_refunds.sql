-- Reconciliation, continued (issue 44): refunds in the gateway's settlement report matched to the shop's refunds
-- (the settlement a refund was debited in), and a mismatch the merchant marks resolved with a note. A mismatch gets
-- an id of its own (the merchant names it) and is still listed once per payment, kind and refund.
ALTER TABLE "refunds" ADD COLUMN "settlement_id" text;
--> statement-breakpoint
ALTER TABLE "gateway_mismatches" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;
--> statement-breakpoint
ALTER TABLE "gateway_mismatches" ADD COLUMN "gateway_refund_id" text;
--> statement-breakpoint
ALTER TABLE "gateway_mismatches" ADD COLUMN "resolved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "gateway_mismatches" ADD COLUMN "resolved_by" uuid REFERENCES "public"."users"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "gateway_mismatches" ADD COLUMN "resolved_note" text;
--> statement-breakpoint
ALTER TABLE "gateway_mismatches" DROP CONSTRAINT "gateway_mismatches_pk";
--> statement-breakpoint
ALTER TABLE "gateway_mismatches" ADD CONSTRAINT "gateway_mismatches_pk" PRIMARY KEY("store_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_mismatches_once" ON "gateway_mismatches" USING btree ("store_id","gateway_payment_id","kind",(coalesce("gateway_refund_id", '')));
--> statement-breakpoint
CREATE INDEX "gateway_mismatches_found_idx" ON "gateway_mismatches" USING btree ("store_id","found_at");
--> statement-breakpoint
ALTER TABLE "gateway_mismatches" DROP CONSTRAINT "gateway_mismatches_kind";
--> statement-breakpoint
ALTER TABLE "gateway_mismatches" ADD CONSTRAINT "gateway_mismatches_kind" CHECK ("kind" IN ('CAPTURED_NOT_PAID', 'PAID_NOT_CAPTURED', 'AMOUNT_DIFFERS', 'REFUND_NOT_RECORDED', 'REFUND_NOT_PROCESSED'));
--> statement-breakpoint
ALTER TABLE "gateway_mismatches" ADD CONSTRAINT "gateway_mismatches_resolved" CHECK (("resolved_at" IS NULL) = ("resolved_note" IS NULL));
