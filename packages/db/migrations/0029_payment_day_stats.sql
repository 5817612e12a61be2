-- Transaction Management's 4 stat cards and the count of its list (issue 13) for any range of India-time days
-- without reading the payments: one row per shop, day (order_stats_day, 0011), payment status and mode with the
-- number of payments, the sum of their amounts and of what was refunded of them, kept by statement triggers on
-- payment_transactions in the same transaction as every insert, change and delete. Every write path changes the
-- order before its payment, so order_day_stats and order_status_day_stats rows are always locked before these.
CREATE TABLE "payment_day_stats" (
	"store_id" uuid NOT NULL,
	"day" date NOT NULL,
	"payment_status" text NOT NULL,
	"payment_mode" text NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	"refunded_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_day_stats_pk" PRIMARY KEY("store_id","day","payment_status","payment_mode")
);
--> statement-breakpoint
ALTER TABLE "payment_day_stats" ADD CONSTRAINT "payment_day_stats_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE payment_day_stats ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payment_day_stats FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payment_day_stats USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
--> statement-breakpoint
-- New payments: one grouped upsert per statement, in key order (two transactions lock the rows in the same order).
CREATE FUNCTION payment_day_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_day_stats AS s (store_id, day, payment_status, payment_mode, payments, amount_paise, refunded_paise)
  SELECT store_id, order_stats_day(created_at), payment_status, payment_mode, count(*), sum(amount_paise),
         sum(refunded_paise)
    FROM new_payments
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (store_id, day, payment_status, payment_mode) DO UPDATE SET
    payments = s.payments + excluded.payments,
    amount_paise = s.amount_paise + excluded.amount_paise,
    refunded_paise = s.refunded_paise + excluded.refunded_paise;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payment_day_stats_insert AFTER INSERT ON payment_transactions
  REFERENCING NEW TABLE AS new_payments FOR EACH STATEMENT EXECUTE FUNCTION payment_day_stats_insert();
--> statement-breakpoint
-- Changed payments: each payment whose day, status, mode, amount or refunded sum changed leaves its old row and
-- joins its new one (a refund, a payment received, failed or cancelled).
CREATE FUNCTION payment_day_stats_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_day_stats AS s (store_id, day, payment_status, payment_mode, payments, amount_paise, refunded_paise)
  SELECT store_id, day, payment_status, payment_mode, sum(sg), sum(sg * amount_paise), sum(sg * refunded_paise)
    FROM (
      SELECT -1 AS sg, o.store_id, order_stats_day(o.created_at) AS day, o.payment_status, o.payment_mode,
             o.amount_paise::bigint AS amount_paise, o.refunded_paise::bigint AS refunded_paise
        FROM old_payments o JOIN new_payments n ON n.store_id = o.store_id AND n.id = o.id
       WHERE (o.created_at, o.payment_status, o.payment_mode, o.amount_paise, o.refunded_paise)
             IS DISTINCT FROM (n.created_at, n.payment_status, n.payment_mode, n.amount_paise, n.refunded_paise)
      UNION ALL
      SELECT 1, n.store_id, order_stats_day(n.created_at), n.payment_status, n.payment_mode,
             n.amount_paise::bigint, n.refunded_paise::bigint
        FROM old_payments o JOIN new_payments n ON n.store_id = o.store_id AND n.id = o.id
       WHERE (o.created_at, o.payment_status, o.payment_mode, o.amount_paise, o.refunded_paise)
             IS DISTINCT FROM (n.created_at, n.payment_status, n.payment_mode, n.amount_paise, n.refunded_paise)
    ) c
   GROUP BY 1, 2, 3, 4
  HAVING sum(sg) <> 0 OR sum(sg * amount_paise) <> 0 OR sum(sg * refunded_paise) <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (store_id, day, payment_status, payment_mode) DO UPDATE SET
    payments = s.payments + excluded.payments,
    amount_paise = s.amount_paise + excluded.amount_paise,
    refunded_paise = s.refunded_paise + excluded.refunded_paise;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payment_day_stats_update AFTER UPDATE ON payment_transactions
  REFERENCING OLD TABLE AS old_payments NEW TABLE AS new_payments
  FOR EACH STATEMENT EXECUTE FUNCTION payment_day_stats_update();
--> statement-breakpoint
-- Deleted payments (with their order or their shop): only existing rows change, so a shop being deleted (whose
-- rows here may already be gone) never gets new ones.
CREATE FUNCTION payment_day_stats_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payment_day_stats s SET
    payments = s.payments - d.n,
    amount_paise = s.amount_paise - d.amount,
    refunded_paise = s.refunded_paise - d.refunded
    FROM (SELECT store_id, order_stats_day(created_at) AS day, payment_status, payment_mode, count(*) AS n,
                 sum(amount_paise) AS amount, sum(refunded_paise) AS refunded
            FROM old_payments GROUP BY 1, 2, 3, 4) d
   WHERE s.store_id = d.store_id AND s.day = d.day AND s.payment_status = d.payment_status
     AND s.payment_mode = d.payment_mode;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payment_day_stats_delete AFTER DELETE ON payment_transactions
  REFERENCING OLD TABLE AS old_payments FOR EACH STATEMENT EXECUTE FUNCTION payment_day_stats_delete();
--> statement-breakpoint
-- The figures of payments already written, shop by shop (row-level security applies to the migrating role too).
DO $$
DECLARE s uuid;
BEGIN
  FOR s IN SELECT id FROM stores LOOP
    PERFORM set_config('app.store_id', s::text, true);
    INSERT INTO payment_day_stats (store_id, day, payment_status, payment_mode, payments, amount_paise, refunded_paise)
    SELECT store_id, order_stats_day(created_at), payment_status, payment_mode, count(*), sum(amount_paise),
           sum(refunded_paise)
      FROM payment_transactions WHERE store_id = s GROUP BY 1, 2, 3, 4;
  END LOOP;
  PERFORM set_config('app.store_id', '', true);
END
$$;
--> statement-breakpoint
-- The list's page ids walk (store_id, created_at, id) and check a status or mode filter on the index entry, and
-- a search's count reads the range's entries with the reference; it replaces payment_transactions_created_idx.
CREATE INDEX "payment_transactions_created_cover_idx" ON "payment_transactions" USING btree ("store_id","created_at","id") INCLUDE ("payment_status","payment_mode","order_id","reference");
--> statement-breakpoint
DROP INDEX "payment_transactions_created_idx";
