-- The product detail's Inventory tab (spec 02 §2: minimum stock, maximum stock, reorder point) and its Overview's
-- tags (issue 42, item 20). Minimum stock is low_stock_threshold as before; the reorder point is the stock at which
-- to buy more, the maximum what the shelf holds. Null: not set. Tags are the shop's own words for a product.
ALTER TABLE "products" ADD COLUMN "max_stock" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reorder_point" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_levels_valid" CHECK (
  ("max_stock" IS NULL OR "max_stock" >= 0)
  AND ("reorder_point" IS NULL OR "reorder_point" >= 0)
  AND ("reorder_point" IS NULL OR "max_stock" IS NULL OR "reorder_point" <= "max_stock"));
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tags_max" CHECK (cardinality("tags") <= 10);
