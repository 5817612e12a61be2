-- A shop's content version (issue 37, decision 0024): one number per shop, raised in the same transaction as any
-- change a public page of the shop shows, so a rendered page kept by the server (plugins/page-cache.ts) is served
-- only while the version it was rendered at is still the shop's. A shop without a row is at version 0.
-- Platform-level like stores: read before any shop context exists; only these triggers write it.
CREATE TABLE "store_content_versions" (
  "store_id" uuid PRIMARY KEY NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  "version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON store_content_versions FROM haat_app;
--> statement-breakpoint
GRANT SELECT ON store_content_versions TO haat_app;
--> statement-breakpoint
-- Raises the shop's version once per transaction (a bulk import of 500 products takes the row once, not 500 times):
-- the transaction-local setting names the last shop raised. A savepoint rolled back forgets it with the raise.
CREATE FUNCTION content_version_bump(p_store uuid) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
BEGIN
  IF p_store IS NULL OR coalesce(current_setting('haat.content_bumped', true), '') = p_store::text THEN
    RETURN;
  END IF;
  -- A shop being deleted (its rows go with it) has no version left to raise.
  INSERT INTO store_content_versions AS v (store_id) SELECT p_store WHERE EXISTS (SELECT 1 FROM stores WHERE id = p_store)
    ON CONFLICT (store_id) DO UPDATE SET version = v.version + 1;
  PERFORM set_config('haat.content_bumped', p_store::text, true);
END $$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION content_version_bump(uuid) FROM PUBLIC;
--> statement-breakpoint
CREATE FUNCTION content_changed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM content_version_bump(OLD.store_id);
  ELSE
    PERFORM content_version_bump(NEW.store_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION content_store_changed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
BEGIN
  PERFORM content_version_bump(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What a page says about stock (contracts' stockStatus, the storefront's labels): out of stock, "Only N left" (the
-- number itself), or in stock. Stock moving inside "in stock" changes nothing a page shows, so a sale of a
-- well-stocked product does not raise the version (orders of one shop would otherwise queue on its row).
CREATE FUNCTION stock_shown(q integer, threshold integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN q <= 0 THEN -1 WHEN q <= threshold THEN q ELSE -2 END
$$;
--> statement-breakpoint
-- The shop row: everything but its bookkeeping (a rating counter moving with a review is shown).
CREATE TRIGGER content_store_changed AFTER UPDATE ON stores FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION content_store_changed();
--> statement-breakpoint
-- Products: any shown column, or what the page says about stock. Not the units sold (every sale), the cost, the
-- supplier, the shelf location, the barcode or the stock itself while its label stays the same.
CREATE TRIGGER content_products_written AFTER INSERT OR DELETE ON products FOR EACH ROW
  EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE TRIGGER content_products_updated AFTER UPDATE ON products FOR EACH ROW
  WHEN ((to_jsonb(OLD) - ARRAY['units_sold', 'updated_at', 'cost_paise', 'quantity', 'low_variants', 'stock_state',
                                'supplier_id', 'location', 'barcode'])
          IS DISTINCT FROM
        (to_jsonb(NEW) - ARRAY['units_sold', 'updated_at', 'cost_paise', 'quantity', 'low_variants', 'stock_state',
                                'supplier_id', 'location', 'barcode'])
        OR stock_shown(OLD.quantity, OLD.low_stock_threshold) <> stock_shown(NEW.quantity, NEW.low_stock_threshold))
  EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE TRIGGER content_variants_written AFTER INSERT OR DELETE ON product_variants FOR EACH ROW
  EXECUTE FUNCTION content_changed();
--> statement-breakpoint
CREATE TRIGGER content_variants_updated AFTER UPDATE ON product_variants FOR EACH ROW
  WHEN ((to_jsonb(OLD) - ARRAY['updated_at', 'cost_paise', 'quantity', 'barcode'])
          IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['updated_at', 'cost_paise', 'quantity', 'barcode'])
        OR stock_shown(OLD.quantity, OLD.low_stock_threshold) <> stock_shown(NEW.quantity, NEW.low_stock_threshold))
  EXECUTE FUNCTION content_changed();
--> statement-breakpoint
-- Every other table a public page shows, on any change.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['store_domains', 'store_locations', 'store_contacts', 'store_settings', 'store_sections',
                           'product_categories', 'product_sub_categories', 'deals', 'reviews', 'delivery_options',
                           'store_policies']
  LOOP
    EXECUTE format('CREATE TRIGGER content_%s_written AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW '
                   'EXECUTE FUNCTION content_changed()', t, t);
  END LOOP;
END $$;
