-- Row-level security on the checkout and order tables, as on every tenant table.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['customer_addresses','delivery_options','order_counters','orders','order_items',
    'order_events','payment_transactions','stock_ledger','order_requests','return_requests',
    'sale_subscriptions','shop_newsletter_subscriptions']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id())', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Every shop starts with two delivery options the vendor can edit: Standard (free above Rs 499 or when every
-- item ships free, else Rs 40) and Express (Rs 99). Done by trigger so every way a shop is created gets them.
-- It works inside the new shop's context, which is where its creator goes next anyway.
CREATE FUNCTION default_delivery_options(p_store uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('app.store_id', p_store::text, true);
  INSERT INTO delivery_options (store_id, name, estimated_time, description, charge_paise, free_above_paise,
      honours_free_shipping, is_recommended, min_days, max_days, position)
  VALUES
    (p_store, 'Standard Delivery', '3-5 business days', 'Delivered to your door by courier', 4000, 49900, true, true, 3, 5, 0),
    (p_store, 'Express Delivery', '1-2 business days', 'Priority dispatch the same day', 9900, NULL, false, false, 1, 2, 1);
END
$$;
--> statement-breakpoint
CREATE FUNCTION stores_default_delivery_options() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM default_delivery_options(NEW.id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stores_default_delivery_options AFTER INSERT ON stores
  FOR EACH ROW EXECUTE FUNCTION stores_default_delivery_options();
--> statement-breakpoint
DO $$
DECLARE s uuid;
BEGIN
  FOR s IN SELECT id FROM stores LOOP
    PERFORM default_delivery_options(s);
  END LOOP;
  PERFORM set_config('app.store_id', '', true);
END
$$;
--> statement-breakpoint
-- Shops with Notify Me subscribers whose sale has started: the one cross-shop read the sale notifier needs.
-- It runs with the migrating role's rights and returns shop ids only; the notifier then works per shop.
CREATE FUNCTION due_sale_notification_stores() RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public AS $$
  SELECT DISTINCT s.store_id FROM sale_subscriptions s
    JOIN deals d ON d.store_id = s.store_id AND d.id = s.deal_id
   WHERE s.notified_at IS NULL AND d.starts_at <= now()
$$;
