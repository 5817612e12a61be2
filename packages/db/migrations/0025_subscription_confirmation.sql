-- Double opt-in (issue 16): nobody is on a newsletter or a Notify Me list until they open the one-time link
-- mailed to the address. `confirmed_at` null = pending; the link's token is kept only as its SHA-256
-- (`confirm_token_hash`, cleared when used); `confirm_sent_at` spaces out repeat mails. Rows that existed before
-- this migration count as confirmed, as they were subscribed under the old rules.
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
UPDATE "newsletter_subscriptions" SET "confirmed_at" = "created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_token_uq" ON "newsletter_subscriptions" ("confirm_token_hash") WHERE "confirm_token_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_newsletter_subscriptions" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "shop_newsletter_subscriptions" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
UPDATE "shop_newsletter_subscriptions" SET "confirmed_at" = "created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "shop_newsletter_subscriptions_token_uq" ON "shop_newsletter_subscriptions" ("store_id", "confirm_token_hash") WHERE "confirm_token_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sale_subscriptions" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "sale_subscriptions" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sale_subscriptions" SET "confirmed_at" = "created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "sale_subscriptions_token_uq" ON "sale_subscriptions" ("store_id", "confirm_token_hash") WHERE "confirm_token_hash" IS NOT NULL;--> statement-breakpoint
-- The sale notifier mails confirmed subscribers only.
CREATE OR REPLACE FUNCTION due_sale_notification_stores() RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public AS $$
  SELECT DISTINCT s.store_id FROM sale_subscriptions s
    JOIN deals d ON d.store_id = s.store_id AND d.id = s.deal_id
   WHERE s.notified_at IS NULL AND s.confirmed_at IS NOT NULL AND d.starts_at <= now()
$$;
