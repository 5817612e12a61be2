-- HSN on a variant (issue 39): a product's variants usually share its HSN code, but a variant of another material
-- (a silk kurta beside cotton ones, 6206 against 6204) takes its own. Null: the product's code applies.
ALTER TABLE "product_variants" ADD COLUMN "hsn_code" text;
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_hsn_valid"
  CHECK ("hsn_code" is null or "hsn_code" ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$');
--> statement-breakpoint
-- The inventory's warning counts and lists the active products without a valid HSN code: a partial index keeps
-- that to the few rows it names on a shop of 50,000 products (it read every row: 40 to 150 ms).
CREATE INDEX "products_missing_hsn_idx" ON "products" ("store_id")
  WHERE "status" = 'ACTIVE' AND ("hsn_code" IS NULL OR "hsn_code" !~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$');
