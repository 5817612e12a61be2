-- The products' two GIN indexes (0003: the name's trigrams, the full text) write every new row version to a
-- pending list first (fastupdate), and every search through the index reads that whole list. A counter sale
-- rewrites its products' rows (the stock), so after a day of sales each search read thousands of pending entries:
-- measured on the point of sale's 50,000-product shop after 5,000 product updates (docs/benchmarks.md), the
-- counter's search cost 10.5 ms of PostgreSQL for a SKU prefix, 12.3 for a barcode, 98 for "organic", against 2.4,
-- 2.6 and 24 with the list empty. The list empties only when it reaches 4 MB (the sale that crosses it pays for
-- merging it) or at the next vacuum. With fastupdate off each row version goes into the index at once: about 0.45 ms
-- more per product update, measured the same way, and every search costs the same whenever it runs. The storefront's
-- search reads both indexes too. What is pending now goes into the index here.
ALTER INDEX products_name_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX products_search_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('products_name_trgm_idx'::regclass), gin_clean_pending_list('products_search_idx'::regclass);
