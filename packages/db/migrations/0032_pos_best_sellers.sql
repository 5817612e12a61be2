-- The point of sale's product grid before anything is typed (issue 14): a shop's ACTIVE products, best sellers
-- first (units sold, then name). Without an index PostgreSQL joined every product of the shop to its variants and
-- sorted them all for 20 rows (a 50,000-product shop: about 55,000 rows per request); this one is walked in that
-- order and stops after the page (docs/benchmarks.md, point of sale). Not partial: the status arrives as a
-- parameter, which a generic plan could not match to a partial index's predicate.
CREATE INDEX "products_pos_best_sellers_idx" ON "products" ("store_id", "units_sold" DESC, "product_name");
