-- The marketplace's own shopper sign-in (issue 40, decision 0036). A shopper signs up or in on the marketplace
-- itself, not at a shop: their session belongs to a customer row of no shop (store_id null), linked to their Haat
-- shopper account (decision 0029) like each shop's row, whose access tokens have the audience 'marketplace' and act
-- at no shop. Vendors and operators still have no shop; a customer row has one, or is the marketplace's.
ALTER TABLE "users" DROP CONSTRAINT "users_customer_has_store";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_store_only_customers" CHECK ("role" = 'CUSTOMER' OR "store_id" IS NULL);
