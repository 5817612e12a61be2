-- The DPDP Act 2023's part of issue 40 (decision 0032). A shop's customer row (users, created at the shopper's first
-- sign-in there, decision 0029) holds only the email until the shopper shares their name, phone and address with
-- that shop by placing an order there (the line at checkout says so): shared_at is that moment, per shop. A deleted
-- Haat account leaves each shop's row anonymised (erased_at), kept only because orders still point at it.
ALTER TABLE "users" ADD COLUMN "shared_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;
--> statement-breakpoint
-- Rows from before: shared at their first order at their shop (orders are read shop by shop: row-level security
-- applies to the migrating role too). Rows without an order stay unshared.
DO $$
DECLARE s uuid;
BEGIN
  FOR s IN SELECT id FROM stores LOOP
    PERFORM set_config('app.store_id', s::text, true);
    UPDATE users u SET shared_at = f.first_at
      FROM (SELECT o.customer_id, min(o.created_at) AS first_at
              FROM orders o
             WHERE o.store_id = s AND o.customer_id IS NOT NULL
             GROUP BY o.customer_id) f
     WHERE u.id = f.customer_id AND u.store_id = s AND u.role = 'CUSTOMER' AND u.shared_at IS NULL;
  END LOOP;
  PERFORM set_config('app.store_id', '', true);
END
$$;
