-- How a shop shows the price of a product with variants of different prices: the range ("₹499 – ₹649") or the
-- lowest ("From ₹499"). On the shop's directory row, which every storefront call has already read (decision 0012).
ALTER TABLE "stores" ADD COLUMN "price_display" text DEFAULT 'RANGE' NOT NULL;
--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_price_display_valid" CHECK ("price_display" IN ('RANGE', 'FROM'));
