-- The shop's customer book (issue 38): pos_customers holds every customer of a shop, counter and online, one row per
-- 10-digit Indian mobile. An online order joins the book by its phone (the row is made on its first order, its
-- platform account linked in user_id), and every sale names its row in orders.shop_customer_id.
-- A phone as the book keeps it: the 10-digit mobile of "+91 98290-56781", "09829056781" or "919829056781", the way
-- formatPhone (packages/contracts/src/phone.ts) reads one; NULL for anything else (a landline, a foreign number).
CREATE FUNCTION shop_phone(p text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN d ~ '^[6-9][0-9]{9}$' THEN d END
    FROM (SELECT CASE
                   WHEN length(x) = 12 AND left(x, 2) = '91' THEN substr(x, 3)
                   WHEN length(x) = 11 AND left(x, 1) = '0' THEN substr(x, 2)
                   ELSE x
                 END AS d
            FROM (SELECT regexp_replace(coalesce(p, ''), '[^0-9]', '', 'g') AS x) s) n
$$;
--> statement-breakpoint
-- Before an order row goes in: a counter sale names the customer the sale has just saved (one index read); an
-- online order upserts its customer into the book by phone (one statement inside the order's INSERT, no round
-- trip), keeping a counter customer's name and visits, linking the account and moving the last visit on.
CREATE FUNCTION orders_shop_customer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p text := shop_phone(coalesce(NEW.contact_phone, NEW.ship_phone));
BEGIN
  IF p IS NULL THEN
    RETURN NEW;
  END IF;
  IF NEW.channel = 'POS' THEN
    SELECT c.id INTO NEW.shop_customer_id FROM pos_customers c WHERE c.store_id = NEW.store_id AND c.phone = p;
  ELSE
    INSERT INTO pos_customers AS c (store_id, name, phone, email, user_id, visits, last_visit_at)
    VALUES (NEW.store_id, NEW.ship_name, p, NEW.contact_email, NEW.customer_id, 0, NEW.created_at)
    ON CONFLICT (store_id, phone) DO UPDATE SET
      user_id = coalesce(c.user_id, excluded.user_id),
      email = coalesce(c.email, excluded.email),
      last_visit_at = greatest(c.last_visit_at, excluded.last_visit_at),
      updated_at = now()
    RETURNING c.id INTO NEW.shop_customer_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_shop_customer BEFORE INSERT ON orders
  FOR EACH ROW WHEN (NEW.shop_customer_id IS NULL) EXECUTE FUNCTION orders_shop_customer();
--> statement-breakpoint
-- The book of every existing shop: online customers by the phone of their latest order, then each past order
-- (online or counter) linked to its customer.
DO $$
DECLARE s uuid;
BEGIN
  FOR s IN SELECT id FROM stores LOOP
    PERFORM set_config('app.store_id', s::text, true);
    INSERT INTO pos_customers AS c (store_id, name, phone, email, user_id, visits, last_visit_at)
    SELECT DISTINCT ON (shop_phone(coalesce(o.contact_phone, o.ship_phone)))
           o.store_id, o.ship_name, shop_phone(coalesce(o.contact_phone, o.ship_phone)), o.contact_email,
           o.customer_id, 0, o.created_at
      FROM orders o
     WHERE o.store_id = s AND o.channel = 'ONLINE' AND shop_phone(coalesce(o.contact_phone, o.ship_phone)) IS NOT NULL
     ORDER BY shop_phone(coalesce(o.contact_phone, o.ship_phone)), o.created_at DESC
    ON CONFLICT (store_id, phone) DO UPDATE SET
      user_id = coalesce(c.user_id, excluded.user_id),
      email = coalesce(c.email, excluded.email),
      last_visit_at = greatest(c.last_visit_at, excluded.last_visit_at);
    UPDATE orders o SET shop_customer_id = c.id
      FROM pos_customers c
     WHERE o.store_id = s AND c.store_id = s AND o.shop_customer_id IS NULL
       AND c.phone = shop_phone(coalesce(o.contact_phone, o.ship_phone));
  END LOOP;
  PERFORM set_config('app.store_id', '', true);
END
$$;
--> statement-breakpoint
-- The list's order (latest visit first) and its search by name or phone digits through a trigram index.
CREATE INDEX "pos_customers_recent_idx" ON "pos_customers" ("store_id", "last_visit_at" DESC NULLS LAST, "id");
--> statement-breakpoint
CREATE INDEX "pos_customers_search_trgm_idx" ON "pos_customers"
  USING gin ("store_id", (lower("name") || ' ' || "phone") gin_trgm_ops);
--> statement-breakpoint
-- Under forced row-level security LIKE (not leakproof) is never tested inside an index scan, so, like
-- order_search_ids (0039), the matches are found by the migrating role through the trigram index for the
-- transaction's own shop (app_store_id(), never a parameter); the list reads them again under the policy.
-- NULL when the index cannot help (a term under 3 characters) or more than p_cap customers match.
CREATE FUNCTION customer_search_ids(p_term text, p_cap int) RETURNS uuid[]
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public SET plan_cache_mode = force_custom_plan
  SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off AS $$
DECLARE
  s uuid := app_store_id();
  pat text;
  found uuid[];
BEGIN
  IF s IS NULL OR length(coalesce(p_term, '')) < 3 OR p_cap < 1 THEN
    RETURN NULL;
  END IF;
  pat := '%' || replace(replace(replace(lower(p_term), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  found := ARRAY(SELECT c.id FROM pos_customers c
                  WHERE c.store_id = s AND (lower(c.name) || ' ' || c.phone) LIKE pat
                  LIMIT p_cap + 1);
  IF cardinality(found) > p_cap THEN
    RETURN NULL;
  END IF;
  RETURN found;
END
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION customer_search_ids(text, int) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION customer_search_ids(text, int) TO haat_app;
