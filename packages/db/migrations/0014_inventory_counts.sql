CREATE TABLE "product_stock_counts" (
	"store_id" uuid NOT NULL,
	"status" text NOT NULL,
	"category_id" uuid,
	"stock_state" smallint NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_stock_counts_key" UNIQUE NULLS NOT DISTINCT("store_id","status","category_id","stock_state")
);
--> statement-breakpoint
DROP INDEX "products_updated_idx";--> statement-breakpoint
DROP INDEX "products_stock_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_state" smallint GENERATED ALWAYS AS (case when quantity <= 0 then 0 when quantity <= low_stock_threshold then 1 else 2 end) STORED;--> statement-breakpoint
ALTER TABLE "product_stock_counts" ADD CONSTRAINT "product_stock_counts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts are shop data like every tenant table: row-level security, forced.
ALTER TABLE product_stock_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE product_stock_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON product_stock_counts USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
--> statement-breakpoint
INSERT INTO product_stock_counts (store_id, status, category_id, stock_state, products)
SELECT store_id, status, category_id, stock_state, count(*) FROM products GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Kept exact by triggers in the same transaction as every write to products. Inserts and deletes are counted
-- per statement (one grouped write for a CSV import or a seed); an update only when it moves a product to
-- another status, category or stock state (a sale that leaves a product in stock costs nothing). A deleted
-- product only lowers rows that exist: with its shop, the shop's counts may already be gone.
CREATE FUNCTION product_stock_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_stock_counts AS c (store_id, status, category_id, stock_state, products)
  SELECT store_id, status, category_id, stock_state, count(*) FROM new_products GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (store_id, status, category_id, stock_state) DO UPDATE SET products = c.products + excluded.products;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_stock_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION product_stock_counts_insert();
--> statement-breakpoint
CREATE FUNCTION product_stock_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_stock_counts c SET products = c.products - d.n
    FROM (SELECT store_id, status, category_id, stock_state, count(*) AS n FROM old_products GROUP BY 1, 2, 3, 4) d
   WHERE c.store_id = d.store_id AND c.status = d.status AND c.category_id IS NOT DISTINCT FROM d.category_id
     AND c.stock_state = d.stock_state;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_stock_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_products FOR EACH STATEMENT EXECUTE FUNCTION product_stock_counts_delete();
--> statement-breakpoint
CREATE FUNCTION product_stock_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_stock_counts c SET products = c.products - 1
   WHERE c.store_id = OLD.store_id AND c.status = OLD.status AND c.category_id IS NOT DISTINCT FROM OLD.category_id
     AND c.stock_state = OLD.stock_state;
  INSERT INTO product_stock_counts AS c (store_id, status, category_id, stock_state, products)
  VALUES (NEW.store_id, NEW.status, NEW.category_id, NEW.stock_state, 1)
  ON CONFLICT (store_id, status, category_id, stock_state) DO UPDATE SET products = c.products + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_stock_counts_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.store_id, OLD.status, OLD.category_id, OLD.stock_state)
        IS DISTINCT FROM (NEW.store_id, NEW.status, NEW.category_id, NEW.stock_state))
  EXECUTE FUNCTION product_stock_counts_update();
--> statement-breakpoint
CREATE FUNCTION product_stock_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_stock_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_stock_counts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_stock_counts_truncate();
--> statement-breakpoint
-- The inventory list reads a page in the requested order from one of these, checking status, stock state and
-- category on the index entries (index-only scans), then fetches the page's ten rows. They replace
-- products_updated_idx and products_stock_idx (same leading columns).
CREATE INDEX products_inv_updated_idx ON products (store_id, updated_at, id) INCLUDE (status, stock_state, category_id);
--> statement-breakpoint
CREATE INDEX products_inv_price_idx ON products (store_id, price_paise, id) INCLUDE (status, stock_state, category_id);
--> statement-breakpoint
CREATE INDEX products_inv_stock_idx ON products (store_id, quantity, id) INCLUDE (status, stock_state, category_id);
--> statement-breakpoint
CREATE INDEX products_inv_sku_idx ON products (store_id, sku, id) INCLUDE (status, stock_state, category_id);
--> statement-breakpoint
-- Name order, and a search alone (name, SKU prefix, barcode) checked on the entries without reading the rows.
-- lower(...) are stored as keys so the check compares bytes instead of lowering each name; the plain columns are
-- included too, since PostgreSQL plans an index-only scan only when the columns themselves are in the index.
CREATE INDEX products_inv_name_idx ON products (store_id, lower(product_name), id, lower(sku))
  INCLUDE (product_name, sku, barcode, status, stock_state, category_id);
--> statement-breakpoint
-- Within a stock state and/or category: a search's page and total from the slice's entries (Low Stock + Kurtas
-- + "kurta"), and the stats tiles' units and stock value over every active product's entry.
CREATE INDEX products_inv_filter_idx ON products (store_id, stock_state, category_id, lower(product_name), lower(sku))
  INCLUDE (status, id, updated_at, product_name, sku, barcode, quantity, cost_paise, price_paise);
--> statement-breakpoint
-- The stock state column serves the low-stock filter now (0012's partial index compared two columns).
DROP INDEX IF EXISTS products_low_stock_idx;
