-- Product search: full-text (name weighted above description) plus trigram similarity on the name, so a typo
-- still finds the product. Both indexes lead with store_id, like every index on a tenant table.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', coalesce(product_name, '')), 'A') ||
  setweight(to_tsvector('simple', coalesce(product_description, '')), 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX products_search_idx ON products USING gin (store_id, search_vector);
--> statement-breakpoint
CREATE INDEX products_name_trgm_idx ON products USING gin (store_id, product_name gin_trgm_ops);
