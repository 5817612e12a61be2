-- Product variants (docs/decisions/0010-product-variants.md). A variant is what is sold and stocked: its own SKU,
-- barcode, price, cost, stock, low-stock threshold and image. A product without options has one default variant
-- (no option values) that mirrors the product's own columns, so single-variant code keeps writing the product. A
-- product with options holds the rollup of its variants (stock summed, lowest and highest price), kept by
-- triggers in the same transaction as every variant write; listings keep reading one row per product. Its own SKU
-- and barcode are then the product's handle, the variants' are their own.
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_max_paise" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_variants" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"option_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sku" text,
	"barcode" text,
	"price_paise" integer NOT NULL,
	"sale_price_paise" integer,
	"cost_paise" integer,
	"quantity" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 5 NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_pk" PRIMARY KEY ("store_id","id"),
	CONSTRAINT "product_variants_product_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade,
	CONSTRAINT "product_variants_quantity_nonnegative" CHECK ("quantity" >= 0),
	CONSTRAINT "product_variants_price_nonnegative" CHECK ("price_paise" >= 0),
	CONSTRAINT "product_variants_sale_price_valid" CHECK ("sale_price_paise" is null or ("sale_price_paise" >= 0 and "sale_price_paise" <= "price_paise")),
	CONSTRAINT "product_variants_threshold_nonnegative" CHECK ("low_stock_threshold" >= 0),
	CONSTRAINT "product_variants_options_max" CHECK (cardinality("option_values") <= 3)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_combination_uq" ON "product_variants" ("store_id","product_id","option_values");
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_uq" ON "product_variants" ("store_id","sku");
--> statement-breakpoint
CREATE INDEX "product_variants_barcode_idx" ON "product_variants" ("store_id","barcode");
--> statement-breakpoint
ALTER TABLE product_variants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE product_variants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON product_variants USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
--> statement-breakpoint
INSERT INTO product_variants (store_id, product_id, sku, barcode, price_paise, sale_price_paise, cost_paise, quantity,
                              low_stock_threshold, created_at, updated_at)
SELECT store_id, id, sku, barcode, price_paise, sale_price_paise, cost_paise, quantity, low_stock_threshold,
       created_at, updated_at
  FROM products;
--> statement-breakpoint
-- The stock filter looks at variants: a product with one size at or below its threshold is Low Stock.
DROP TRIGGER product_stock_counts_update ON products;
--> statement-breakpoint
ALTER TABLE products DROP COLUMN stock_state;
--> statement-breakpoint
ALTER TABLE products ADD COLUMN stock_state smallint GENERATED ALWAYS AS (case when quantity <= 0 then 0 when quantity <= low_stock_threshold or low_variants > 0 then 1 else 2 end) STORED;
--> statement-breakpoint
CREATE TRIGGER product_stock_counts_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.store_id, OLD.status, OLD.category_id, OLD.stock_state)
        IS DISTINCT FROM (NEW.store_id, NEW.status, NEW.category_id, NEW.stock_state))
  EXECUTE FUNCTION product_stock_counts_update();
--> statement-breakpoint
CREATE INDEX products_inv_updated_idx ON products (store_id, updated_at, id) INCLUDE (status, stock_state, category_id);
--> statement-breakpoint
CREATE INDEX products_inv_price_idx ON products (store_id, price_paise, id) INCLUDE (status, stock_state, category_id);
--> statement-breakpoint
CREATE INDEX products_inv_stock_idx ON products (store_id, quantity, id) INCLUDE (status, stock_state, category_id);
--> statement-breakpoint
CREATE INDEX products_inv_sku_idx ON products (store_id, sku, id) INCLUDE (status, stock_state, category_id);
--> statement-breakpoint
CREATE INDEX products_inv_name_idx ON products (store_id, lower(product_name), id, lower(sku))
  INCLUDE (product_name, sku, barcode, status, stock_state, category_id);
--> statement-breakpoint
CREATE INDEX products_inv_filter_idx ON products (store_id, stock_state, category_id, lower(product_name), lower(sku))
  INCLUDE (status, id, updated_at, product_name, sku, barcode, quantity, cost_paise, price_paise);
--> statement-breakpoint
-- A product written directly (created, edited, its stock adjusted) while it has no options: its default variant
-- follows. A new product gets its default variant in the same statement (one grouped insert for an import).
CREATE FUNCTION product_default_variant_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_variants (store_id, product_id, sku, barcode, price_paise, sale_price_paise, cost_paise,
                                quantity, low_stock_threshold)
  SELECT store_id, id, sku, barcode, price_paise, sale_price_paise, cost_paise, quantity, low_stock_threshold
    FROM new_products WHERE options = '[]'::jsonb;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_default_variant_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION product_default_variant_insert();
--> statement-breakpoint
CREATE FUNCTION product_default_variant_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 OR NEW.options <> '[]'::jsonb THEN
    RETURN NULL;
  END IF;
  UPDATE product_variants v
     SET sku = NEW.sku, barcode = NEW.barcode, price_paise = NEW.price_paise, sale_price_paise = NEW.sale_price_paise,
         cost_paise = NEW.cost_paise, quantity = NEW.quantity, low_stock_threshold = NEW.low_stock_threshold,
         updated_at = now()
   WHERE v.store_id = NEW.store_id AND v.product_id = NEW.id AND v.option_values = '{}'::text[]
     AND (v.sku, v.barcode, v.price_paise, v.sale_price_paise, v.cost_paise, v.quantity, v.low_stock_threshold)
         IS DISTINCT FROM
         (NEW.sku, NEW.barcode, NEW.price_paise, NEW.sale_price_paise, NEW.cost_paise, NEW.quantity, NEW.low_stock_threshold);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_default_variant_follow AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.sku, OLD.barcode, OLD.price_paise, OLD.sale_price_paise, OLD.cost_paise, OLD.quantity, OLD.low_stock_threshold)
        IS DISTINCT FROM
        (NEW.sku, NEW.barcode, NEW.price_paise, NEW.sale_price_paise, NEW.cost_paise, NEW.quantity, NEW.low_stock_threshold))
  EXECUTE FUNCTION product_default_variant_follow();
--> statement-breakpoint
-- A variant written (a sale, a cancellation, the vendor's edit): its product follows. Stock and the count of low
-- variants move by the difference, so concurrent sales of two sizes of one product queue on the product's row and
-- both count. Prices, SKU and barcode are read again from the variants only when one of them changed.
CREATE FUNCTION product_variant_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_store uuid := coalesce(NEW.store_id, OLD.store_id);
  v_product uuid := coalesce(NEW.product_id, OLD.product_id);
  d_quantity int := coalesce(NEW.quantity, 0) - coalesce(OLD.quantity, 0);
  d_low int := (CASE WHEN NEW.id IS NOT NULL AND NEW.quantity <= NEW.low_stock_threshold THEN 1 ELSE 0 END)
             - (CASE WHEN OLD.id IS NOT NULL AND OLD.quantity <= OLD.low_stock_threshold THEN 1 ELSE 0 END);
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.sku, OLD.barcode, OLD.price_paise, OLD.sale_price_paise, OLD.cost_paise, OLD.option_values)
       IS NOT DISTINCT FROM (NEW.sku, NEW.barcode, NEW.price_paise, NEW.sale_price_paise, NEW.cost_paise, NEW.option_values)
     AND OLD.low_stock_threshold = NEW.low_stock_threshold THEN
    UPDATE products SET quantity = quantity + d_quantity, low_variants = low_variants + d_low, updated_at = now()
     WHERE store_id = v_store AND id = v_product;
    RETURN NULL;
  END IF;
  UPDATE products p
     SET quantity = p.quantity + d_quantity,
         low_variants = p.low_variants + d_low,
         price_paise = coalesce(r.min_price, p.price_paise),
         sale_price_paise = CASE WHEN r.min_price IS NULL THEN p.sale_price_paise
                                 WHEN r.min_now < r.min_price THEN r.min_now END,
         price_max_paise = CASE WHEN r.max_now > r.min_now THEN r.max_now END,
         cost_paise = CASE WHEN r.min_price IS NULL THEN p.cost_paise ELSE r.cost END,
         sku = CASE WHEN r.min_price IS NOT NULL AND p.options = '[]'::jsonb THEN r.sku ELSE p.sku END,
         barcode = CASE WHEN r.min_price IS NOT NULL AND p.options = '[]'::jsonb THEN r.barcode ELSE p.barcode END,
         low_stock_threshold = CASE WHEN r.min_price IS NULL THEN p.low_stock_threshold
                                    WHEN p.options = '[]'::jsonb THEN r.threshold ELSE 0 END,
         updated_at = now()
    FROM (SELECT min(price_paise) AS min_price,
                 min(coalesce(sale_price_paise, price_paise)) AS min_now,
                 max(coalesce(sale_price_paise, price_paise)) AS max_now,
                 min(cost_paise) AS cost,
                 min(sku) AS sku, min(barcode) AS barcode, min(low_stock_threshold) AS threshold
            FROM product_variants WHERE store_id = v_store AND product_id = v_product) r
   WHERE p.store_id = v_store AND p.id = v_product;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_variant_rollup AFTER INSERT OR UPDATE OR DELETE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variant_rollup();
--> statement-breakpoint
-- A sale takes stock from one variant in one conditional statement, like take_stock (0016) did for a product: it
-- cannot go below zero however many orders race; short stock fails with SQLSTATE HS001, the variant's id and the
-- stock left.
CREATE FUNCTION take_variant_stock(p_store uuid, p_variant uuid, p_quantity int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  left_after int;
  left_now int;
  v_product uuid;
BEGIN
  UPDATE product_variants v
     SET quantity = v.quantity - p_quantity, updated_at = now()
    FROM products p
   WHERE v.store_id = p_store AND v.id = p_variant AND v.quantity >= p_quantity
     AND p.store_id = v.store_id AND p.id = v.product_id AND p.status = 'ACTIVE'
  RETURNING v.quantity, v.product_id INTO left_after, v_product;
  IF NOT FOUND THEN
    SELECT CASE WHEN p.status = 'ACTIVE' THEN v.quantity ELSE 0 END INTO left_now
      FROM product_variants v JOIN products p ON p.store_id = v.store_id AND p.id = v.product_id
     WHERE v.store_id = p_store AND v.id = p_variant;
    RAISE EXCEPTION 'not enough stock' USING ERRCODE = 'HS001', DETAIL = p_variant::text,
      HINT = coalesce(left_now, 0)::text;
  END IF;
  UPDATE products SET units_sold = units_sold + p_quantity WHERE store_id = p_store AND id = v_product;
  RETURN left_after;
END
$$;
--> statement-breakpoint
-- Cart lines, order lines and the stock ledger name the variant.
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid;
--> statement-breakpoint
UPDATE cart_items c SET variant_id = v.id FROM product_variants v
 WHERE v.store_id = c.store_id AND v.product_id = c.product_id AND v.option_values = '{}'::text[];
--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;
--> statement-breakpoint
-- A cart line, order line or stock-ledger row written by product alone (a product without options) is one of
-- its default variant.
CREATE FUNCTION fill_default_variant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.variant_id IS NULL THEN
    SELECT v.id INTO NEW.variant_id FROM product_variants v
     WHERE v.store_id = NEW.store_id AND v.product_id = NEW.product_id AND v.option_values = '{}'::text[];
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cart_item_default_variant BEFORE INSERT ON cart_items
  FOR EACH ROW EXECUTE FUNCTION fill_default_variant();
--> statement-breakpoint
DROP INDEX "cart_items_line_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_line_uq" ON "cart_items" ("store_id","customer_id","variant_id");
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_label" text;
--> statement-breakpoint
UPDATE order_items o SET variant_id = v.id FROM product_variants v
 WHERE v.store_id = o.store_id AND v.product_id = o.product_id AND v.option_values = '{}'::text[];
--> statement-breakpoint
CREATE TRIGGER order_item_default_variant BEFORE INSERT ON order_items
  FOR EACH ROW EXECUTE FUNCTION fill_default_variant();
--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD COLUMN "variant_id" uuid;
--> statement-breakpoint
UPDATE stock_ledger s SET variant_id = v.id FROM product_variants v
 WHERE v.store_id = s.store_id AND v.product_id = s.product_id AND v.option_values = '{}'::text[];
--> statement-breakpoint
CREATE INDEX "stock_ledger_variant_idx" ON "stock_ledger" ("store_id","variant_id","created_at");
--> statement-breakpoint
CREATE TRIGGER stock_ledger_default_variant BEFORE INSERT ON stock_ledger
  FOR EACH ROW EXECUTE FUNCTION fill_default_variant();
