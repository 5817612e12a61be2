-- After: migration 0043 (fastupdate off, the pending entries merged), and the same 5,000 row versions again.
ALTER INDEX products_name_trgm_idx SET (fastupdate = off);
ALTER INDEX products_search_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('products_name_trgm_idx'::regclass), gin_clean_pending_list('products_search_idx'::regclass);
UPDATE products p SET updated_at = p.updated_at + interval '1 millisecond' FROM bench_touched t
 WHERE p.store_id = t.store_id AND p.id = t.id;
UPDATE products p SET updated_at = p.updated_at - interval '1 millisecond' FROM bench_touched t
 WHERE p.store_id = t.store_id AND p.id = t.id;
