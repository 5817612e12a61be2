-- Returns and exchanges per line and per quantity (issue 40). A shopper's request names the lines of a delivered
-- order and how many units of each ("lines": [{ item_id, quantity, status, amount_paise }]; empty on a request made
-- before this migration, which is for the whole order), whether they want their money back or the same again
-- ("kind"), and what is due back for the units the shop accepted ("refund_paise", each line's share of what was
-- paid, its discount taken off). Still one request per order (return_requests_order_uq): a second is refused.
ALTER TABLE "return_requests" ADD COLUMN "kind" text DEFAULT 'RETURN' NOT NULL;
--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refund_paise" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_kind" CHECK ("kind" IN ('RETURN', 'EXCHANGE'));
--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_refund" CHECK ("refund_paise" >= 0);
