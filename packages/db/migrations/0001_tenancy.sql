-- Tenancy: the application role and row-level security on every tenant table.
-- The app works as haat_app, which owns nothing and cannot bypass row-level security. The shop is set per
-- transaction with set_config('app.store_id', id, true); with it unset, a tenant table shows no rows.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'haat_app') THEN
    CREATE ROLE haat_app LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO haat_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO haat_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO haat_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO haat_app;
--> statement-breakpoint
CREATE FUNCTION app_store_id() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.store_id', true), '')::uuid $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['store_locations','store_contacts','store_settings','store_sections',
    'product_categories','product_sub_categories','products','deals','reviews']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id())', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Review counters on the product and the shop move with the reviews themselves.
CREATE FUNCTION reviews_counters() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record; d int;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; d := 1; ELSE r := OLD; d := -1; END IF;
  UPDATE products SET rating_sum = rating_sum + d * r.rating, review_count = review_count + d
   WHERE store_id = r.store_id AND id = r.product_id;
  UPDATE stores SET
    five_star_count = five_star_count + CASE WHEN r.rating = 5 THEN d ELSE 0 END,
    four_star_count = four_star_count + CASE WHEN r.rating = 4 THEN d ELSE 0 END,
    three_star_count = three_star_count + CASE WHEN r.rating = 3 THEN d ELSE 0 END,
    two_star_count = two_star_count + CASE WHEN r.rating = 2 THEN d ELSE 0 END,
    one_star_count = one_star_count + CASE WHEN r.rating = 1 THEN d ELSE 0 END
   WHERE id = r.store_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_counters AFTER INSERT OR DELETE ON reviews FOR EACH ROW EXECUTE FUNCTION reviews_counters();
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_role_valid CHECK (role IN ('VENDOR','CUSTOMER','ADMIN'));
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_customer_has_store CHECK ((role = 'CUSTOMER') = (store_id IS NOT NULL));
--> statement-breakpoint
ALTER TABLE stores ADD CONSTRAINT stores_plan_valid CHECK (plan IN ('basic','professional','enterprise'));
--> statement-breakpoint
ALTER TABLE stores ADD CONSTRAINT stores_status_valid CHECK (online_status IN ('PUBLISHED','ONLINE','UNPUBLISHED','DRAFT','OFFLINE','SUSPENDED','MAINTENANCE','TEMPORARILY_UNAVAILABLE'));
--> statement-breakpoint
ALTER TABLE store_domains ADD CONSTRAINT store_domains_type_valid CHECK (domain_type IN ('subdomain','custom'));
--> statement-breakpoint
ALTER TABLE store_sections ADD CONSTRAINT store_sections_name_valid CHECK (name IN ('banner','featured','deals','sales','filter','footer'));
--> statement-breakpoint
ALTER TABLE store_contacts ADD CONSTRAINT store_contacts_type_valid CHECK (contact_type IN ('Primary','WhatsApp','Support','Orders'));
--> statement-breakpoint
ALTER TABLE products ADD CONSTRAINT products_status_valid CHECK (status IN ('ACTIVE','ARCHIVED'));
