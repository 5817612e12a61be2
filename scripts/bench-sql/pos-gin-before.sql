-- Before: the indexes as 0003 made them (fastupdate on), and the pending lists a day of counter sales leaves:
-- 5,000 product row versions (2,500 products rewritten twice).
ALTER INDEX products_name_trgm_idx SET (fastupdate = on);
ALTER INDEX products_search_idx SET (fastupdate = on);
CREATE TABLE bench_touched AS SELECT id, store_id FROM products
 WHERE store_id = (SELECT id FROM stores WHERE slug = 'scale-000001') ORDER BY md5(id::text) LIMIT 2500;
UPDATE products p SET updated_at = p.updated_at + interval '1 millisecond' FROM bench_touched t
 WHERE p.store_id = t.store_id AND p.id = t.id;
UPDATE products p SET updated_at = p.updated_at - interval '1 millisecond' FROM bench_touched t
 WHERE p.store_id = t.store_id AND p.id = t.id;
