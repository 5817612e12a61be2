-- The counter offline (issue 43, decision 0034). A registered counter (a device) numbers the sales it makes offline
-- in its own series (I01/26-27/00001, B01/…), one per counter and financial year, counted in document_counters like
-- the shop's INV and BOS; pos_offline_receipts holds each number taken (a sale, or one voided) with the prices the
-- device showed. A sale synced after the stock was sold online may take the stock below zero: it is recorded, and
-- the shortfall is listed in pos_stock_conflicts for the owner to resolve.
CREATE TABLE "pos_counters" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" smallint NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"offline_sales" integer DEFAULT 0 NOT NULL,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_counters_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "pos_counters_number_uq" UNIQUE("store_id","number"),
	CONSTRAINT "pos_counters_number" CHECK ("number" BETWEEN 1 AND 99)
);
--> statement-breakpoint
CREATE TABLE "pos_offline_receipts" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"counter_id" uuid NOT NULL,
	"series" text NOT NULL,
	"fy" text NOT NULL,
	"seq" integer NOT NULL,
	"order_id" uuid,
	"sold_at" timestamp with time zone NOT NULL,
	"void_reason" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actor_id" uuid,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_offline_receipts_pk" PRIMARY KEY("store_id","series","fy","seq"),
	CONSTRAINT "pos_offline_receipts_counter_fk" FOREIGN KEY ("store_id","counter_id") REFERENCES "public"."pos_counters"("store_id","id") ON DELETE cascade,
	CONSTRAINT "pos_offline_receipts_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade,
	CONSTRAINT "pos_offline_receipts_sale_or_void" CHECK (("order_id" IS NULL) <> ("void_reason" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pos_offline_receipts_order_uq" ON "pos_offline_receipts" ("store_id","order_id") WHERE "order_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "pos_stock_conflicts" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"counter_id" uuid,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity_sold" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"resolved_by" uuid,
	"note" text,
	CONSTRAINT "pos_stock_conflicts_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "pos_stock_conflicts_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade,
	CONSTRAINT "pos_stock_conflicts_resolution" CHECK ("resolution" IN ('COUNTED', 'ACCEPTED')),
	CONSTRAINT "pos_stock_conflicts_resolved" CHECK (("resolved_at" IS NULL) = ("resolution" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "pos_stock_conflicts_list_idx" ON "pos_stock_conflicts" ("store_id","created_at");
--> statement-breakpoint
-- Variants deleted (a product deleted, or options changed), so a counter's refresh drops them: written by a trigger
-- on every delete of a variant, except when the whole shop goes (its row is already gone then).
CREATE TABLE "pos_catalogue_removals" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"variant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_catalogue_removals_pk" PRIMARY KEY("store_id","removed_at","variant_id")
);
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['pos_counters','pos_offline_receipts','pos_stock_conflicts','pos_catalogue_removals']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id())', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION pos_catalogue_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pos_catalogue_removals (store_id, variant_id, product_id)
  SELECT OLD.store_id, OLD.id, OLD.product_id WHERE EXISTS (SELECT 1 FROM stores s WHERE s.id = OLD.store_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pos_catalogue_removed AFTER DELETE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION pos_catalogue_removed();
--> statement-breakpoint
-- A sale made offline is recorded whatever the stock now: the stock may go below zero (the shortfall is then a
-- conflict for the owner). Online sales still cannot: take_variant_stock and take_sale_stock refuse (HS001).
ALTER TABLE "products" DROP CONSTRAINT "products_quantity_nonnegative";
--> statement-breakpoint
ALTER TABLE "product_variants" DROP CONSTRAINT "product_variants_quantity_nonnegative";
--> statement-breakpoint
-- An offline sale's stock: locks the variant, then its product through the rollup (the order every sale locks in),
-- and takes the units even below zero, from an archived product too (it was on sale when sold). Returns the stock
-- after; HS001 when the variant is gone.
CREATE FUNCTION take_offline_stock(p_store uuid, p_variant uuid, p_quantity int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  left_after int;
  v_product uuid;
BEGIN
  UPDATE product_variants v SET quantity = v.quantity - p_quantity, updated_at = now()
   WHERE v.store_id = p_store AND v.id = p_variant
  RETURNING v.quantity, v.product_id INTO left_after, v_product;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such variant' USING ERRCODE = 'HS001', DETAIL = p_variant::text, HINT = '0';
  END IF;
  UPDATE products SET units_sold = units_sold + p_quantity WHERE store_id = p_store AND id = v_product;
  RETURN left_after;
END
$$;
--> statement-breakpoint
-- Takes number p_seq of a counter's series in a financial year, only if it is the next one: returns p_seq when taken,
-- else the number that is next (a gap: higher; taken already: lower). The series' row stays locked to the commit,
-- so two syncs of one counter queue on it and the series stays gapless.
CREATE FUNCTION take_counter_seq(p_store uuid, p_series text, p_fy text, p_seq int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  v_next int;
BEGIN
  INSERT INTO document_counters (store_id, series, fy, last_number) VALUES (p_store, p_series, p_fy, 0)
    ON CONFLICT (store_id, series, fy) DO NOTHING;
  UPDATE document_counters SET last_number = p_seq
   WHERE store_id = p_store AND series = p_series AND fy = p_fy AND last_number = p_seq - 1;
  IF FOUND THEN
    RETURN p_seq;
  END IF;
  SELECT last_number + 1 INTO v_next FROM document_counters
   WHERE store_id = p_store AND series = p_series AND fy = p_fy;
  RETURN v_next;
END
$$;
