-- Stock held during checkout (issue 40, decision 0030): a shopper who starts checkout holds the units of their cart
-- for 10 minutes. A hold is a row with its expiry; nothing has to run for it to end: every query counts only holds
-- whose expires_at is after the time it is asked at (the app's clock, passed in), and an expired row is simply
-- ignored until hold_stock clears it. One hold per shopper and variant. A tenant table under forced row-level
-- security.
CREATE TABLE "stock_holds" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_holds_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "stock_holds_product_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade,
	CONSTRAINT "stock_holds_variant_fk" FOREIGN KEY ("store_id","variant_id") REFERENCES "public"."product_variants"("store_id","id") ON DELETE cascade,
	CONSTRAINT "stock_holds_quantity_positive" CHECK ("quantity" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_holds_uq" ON "stock_holds" ("store_id","customer_id","variant_id");
--> statement-breakpoint
CREATE INDEX "stock_holds_variant_idx" ON "stock_holds" ("store_id","variant_id","expires_at");
--> statement-breakpoint
CREATE INDEX "stock_holds_product_idx" ON "stock_holds" ("store_id","product_id","expires_at");
--> statement-breakpoint
ALTER TABLE stock_holds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stock_holds FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON stock_holds USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
--> statement-breakpoint
-- How many units of a variant of stock p_stock a shopper may take at p_now (p_customer null: a shopper without a
-- hold). Holds are served oldest first: the shopper's own hold counts as far as the stock left after the holds that
-- began before it covers it (all of it, unless the shop's counter or a stock count took held units), plus the stock
-- no hold covers. Without holds: p_stock.
CREATE FUNCTION stock_allowed(p_store uuid, p_variant uuid, p_customer uuid, p_now timestamptz, p_stock int)
RETURNS int LANGUAGE sql STABLE AS $$
  WITH h AS (
    SELECT customer_id, quantity, created_at, id FROM stock_holds
     WHERE store_id = p_store AND variant_id = p_variant AND expires_at > p_now
  ), own AS (
    SELECT quantity, created_at, id FROM h WHERE customer_id = p_customer
  )
  SELECT (coalesce((SELECT least(own.quantity, greatest(p_stock - coalesce((
             SELECT sum(x.quantity) FROM h x
              WHERE x.customer_id <> p_customer AND (x.created_at, x.id) < (own.created_at, own.id)), 0), 0))
           FROM own), 0)
         + greatest(p_stock - coalesce((SELECT sum(quantity) FROM h), 0), 0))::int
$$;
--> statement-breakpoint
-- Holds p_quantity units of a variant for a shopper until p_until, or raises: SQLSTATE HS001 when the shop has too
-- few (or no longer sells it), HS060 when the units are there but held by other shoppers; DETAIL is the variant,
-- HINT how many this shopper could hold. The variant's row is locked first (the order sales lock it in), and the
-- holds are read by a later statement, so they include every hold committed before the lock was granted: two
-- shoppers holding the last unit queue on the variant, and the second finds the first's hold. A shopper who already
-- holds this quantity keeps the hold and its expiry (reopening checkout does not restart the countdown). Clears the
-- variant's expired holds on the way.
CREATE FUNCTION hold_stock(p_store uuid, p_customer uuid, p_variant uuid, p_quantity int, p_now timestamptz,
                           p_until timestamptz)
RETURNS timestamptz LANGUAGE plpgsql AS $$
DECLARE
  v_stock int;
  v_product uuid;
  v_status text;
  v_kept timestamptz;
  v_allowed int;
BEGIN
  SELECT v.quantity, v.product_id INTO v_stock, v_product FROM product_variants v
   WHERE v.store_id = p_store AND v.id = p_variant FOR NO KEY UPDATE;
  SELECT p.status INTO v_status FROM products p WHERE p.store_id = p_store AND p.id = v_product;
  IF v_stock IS NULL OR v_status IS DISTINCT FROM 'ACTIVE' THEN
    RAISE EXCEPTION 'not enough stock' USING ERRCODE = 'HS001', DETAIL = p_variant::text, HINT = '0';
  END IF;
  DELETE FROM stock_holds WHERE store_id = p_store AND variant_id = p_variant AND expires_at <= p_now;
  SELECT expires_at INTO v_kept FROM stock_holds
   WHERE store_id = p_store AND customer_id = p_customer AND variant_id = p_variant AND quantity = p_quantity;
  IF v_kept IS NOT NULL THEN
    RETURN v_kept;
  END IF;
  DELETE FROM stock_holds WHERE store_id = p_store AND customer_id = p_customer AND variant_id = p_variant;
  v_allowed := stock_allowed(p_store, p_variant, p_customer, p_now, v_stock);
  IF v_allowed < p_quantity AND v_stock < p_quantity THEN
    RAISE EXCEPTION 'not enough stock' USING ERRCODE = 'HS001', DETAIL = p_variant::text, HINT = v_allowed::text;
  ELSIF v_allowed < p_quantity THEN
    RAISE EXCEPTION 'held by other shoppers' USING ERRCODE = 'HS060', DETAIL = p_variant::text,
      HINT = v_allowed::text;
  END IF;
  INSERT INTO stock_holds (store_id, customer_id, product_id, variant_id, quantity, created_at, expires_at)
  VALUES (p_store, p_customer, v_product, p_variant, p_quantity, p_now, p_until);
  RETURN p_until;
END
$$;
--> statement-breakpoint
-- An online order's stock (checkout/place-order-send.ts): take_variant_stock (0022) as before, which locks the
-- variant and then its product, and then, with the variant locked, a check that the sale left other shoppers' holds
-- covered: a shopper may take their own held units and the units nobody holds, never units another holds (HS060,
-- the variant and how many this shopper may take; the transaction rolls back). Without others' holds the check is
-- one index probe.
CREATE FUNCTION take_order_stock(p_store uuid, p_variant uuid, p_quantity int, p_customer uuid, p_now timestamptz)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  left_after int;
  v_allowed int;
BEGIN
  left_after := take_variant_stock(p_store, p_variant, p_quantity);
  IF NOT EXISTS (SELECT 1 FROM stock_holds WHERE store_id = p_store AND variant_id = p_variant
                    AND expires_at > p_now AND customer_id <> p_customer) THEN
    RETURN left_after;
  END IF;
  v_allowed := stock_allowed(p_store, p_variant, p_customer, p_now, left_after + p_quantity);
  IF v_allowed < p_quantity THEN
    RAISE EXCEPTION 'held by other shoppers' USING ERRCODE = 'HS060', DETAIL = p_variant::text,
      HINT = v_allowed::text;
  END IF;
  RETURN left_after;
END
$$;
--> statement-breakpoint
-- Shop pages show stock net of holds (catalog's cards and product page): a hold that moves what a page says about
-- a product's stock (out of stock, "Only N left") raises the shop's content version (0047) like a sale does, so a
-- kept page is rendered again. A hold that merely expires raises nothing: kept pages are at most
-- PAGE_CACHE_MAX_AGE_MS old.
CREATE FUNCTION stock_hold_shown() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
DECLARE
  r stock_holds;
  v_net int;
  v_threshold int;
  v_change int := 0;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_OP <> 'DELETE' AND NEW.expires_at > now() THEN v_change := v_change + NEW.quantity; END IF;
  IF TG_OP <> 'INSERT' AND OLD.expires_at > now() THEN v_change := v_change - OLD.quantity; END IF;
  IF v_change = 0 THEN RETURN NULL; END IF;
  SELECT p.quantity - coalesce((SELECT sum(h.quantity) FROM stock_holds h WHERE h.store_id = p.store_id
                                   AND h.product_id = p.id AND h.expires_at > now()), 0),
         p.low_stock_threshold
    INTO v_net, v_threshold FROM products p WHERE p.store_id = r.store_id AND p.id = r.product_id;
  IF FOUND AND stock_shown(v_net, v_threshold) <> stock_shown(v_net + v_change, v_threshold) THEN
    PERFORM content_version_bump(r.store_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deferred to the commit: a checkout holding several lines takes the shop's version row after every variant's lock,
-- not between them (where it could deadlock with an order of the same products).
CREATE CONSTRAINT TRIGGER stock_hold_shown AFTER INSERT OR UPDATE OR DELETE ON stock_holds
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION stock_hold_shown();
--> statement-breakpoint
-- The marketplace (0011) spans shops and reads its own read model, which holds do not write: its search asks this
-- for each product on the page, and shows one whose stock is all held as not in stock. Without live holds of the
-- product: one index probe. A cross-shop read of a tenant table, so it runs as its owner, like
-- due_stock_alert_stores (0058); it answers a yes or no and nothing else.
CREATE FUNCTION product_held_out(p_store uuid, p_product uuid) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public AS $$
  SELECT EXISTS (SELECT 1 FROM stock_holds h WHERE h.store_id = p_store AND h.product_id = p_product
                    AND h.expires_at > now())
     AND coalesce((SELECT p.quantity FROM products p WHERE p.store_id = p_store AND p.id = p_product), 0)
         <= (SELECT coalesce(sum(h.quantity), 0) FROM stock_holds h WHERE h.store_id = p_store
                AND h.product_id = p_product AND h.expires_at > now())
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION product_held_out(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION product_held_out(uuid, uuid) TO haat_app;
