-- One shopper account across every shop (issue 40, decision 0029). A platform table like users (no row-level
-- security: it is read before any shop context, at sign-in); each shop's own customer row in users stays and is
-- linked to it, so orders, tokens with audience store:<id> and the vendor's screens are unchanged.
CREATE TABLE "shopper_accounts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "email" text NOT NULL,
  "password_hash" text,
  "email_verified_at" timestamp with time zone,
  "first_name" text NOT NULL,
  "last_name" text DEFAULT '' NOT NULL,
  "phone" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "shopper_accounts_email_lower" CHECK ("email" = lower("email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "shopper_accounts_email_uq" ON "shopper_accounts" ("email");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shopper_account_id" uuid REFERENCES "shopper_accounts"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_shopper_account_customer" CHECK ("shopper_account_id" IS NULL OR "role" = 'CUSTOMER');
--> statement-breakpoint
CREATE UNIQUE INDEX "users_shopper_account_store_uq" ON "users" ("shopper_account_id", "store_id") WHERE "shopper_account_id" IS NOT NULL;
