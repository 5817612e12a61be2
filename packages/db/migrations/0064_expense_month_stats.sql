-- The profit and loss (issue 38: p95 <= 100 ms at 20 connections) read every expense of the chart's 12 months to sum
-- them by month (a shop with 5,000 expenses a year: a scan of 4,800 rows and to_char on each, 2.4 ms of PostgreSQL
-- per request, the largest of its five reads). expense_month_stats keeps, per shop, month and category, the sums and
-- the count of expenses, in statement triggers on expenses (the same transaction as every insert, edit and delete).
-- The profit and loss reads whole months from it and only the days at a period's edges from expenses.
CREATE TABLE "expense_month_stats" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	"gst_paise" bigint DEFAULT 0 NOT NULL,
	"expenses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "expense_month_stats_pk" PRIMARY KEY ("store_id", "month", "category")
);
--> statement-breakpoint
ALTER TABLE expense_month_stats ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE expense_month_stats FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON expense_month_stats USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
--> statement-breakpoint
-- Adds signed rows (sg: 1 for a new row, -1 for a removed one) in key order, so two writers never wait on each
-- other's month rows in opposite orders.
CREATE FUNCTION expense_month_stats_add(rows jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO expense_month_stats AS k (store_id, month, category, amount_paise, gst_paise, expenses)
  SELECT (r->>'store_id')::uuid, date_trunc('month', (r->>'spent_on')::date)::date, r->>'category',
         sum((r->>'sg')::int * (r->>'amount_paise')::bigint), sum((r->>'sg')::int * (r->>'gst_paise')::bigint),
         sum((r->>'sg')::int)
    FROM jsonb_array_elements(rows) r
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (store_id, month, category) DO UPDATE SET
    amount_paise = k.amount_paise + excluded.amount_paise,
    gst_paise = k.gst_paise + excluded.gst_paise,
    expenses = k.expenses + excluded.expenses
$$;
--> statement-breakpoint
CREATE FUNCTION expense_month_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM expense_month_stats_add(coalesce(jsonb_agg(to_jsonb(n) || '{"sg": 1}'), '[]')) FROM new_expenses n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION expense_month_stats_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM expense_month_stats_add(coalesce(jsonb_agg(to_jsonb(o) || '{"sg": -1}'), '[]')) FROM old_expenses o;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION expense_month_stats_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM expense_month_stats_add(coalesce(jsonb_agg(r), '[]')) FROM (
    SELECT to_jsonb(o) || '{"sg": -1}' AS r FROM old_expenses o
    UNION ALL
    SELECT to_jsonb(n) || '{"sg": 1}' FROM new_expenses n
  ) x;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER expense_month_stats_insert AFTER INSERT ON expenses
  REFERENCING NEW TABLE AS new_expenses FOR EACH STATEMENT EXECUTE FUNCTION expense_month_stats_insert();
--> statement-breakpoint
CREATE TRIGGER expense_month_stats_delete AFTER DELETE ON expenses
  REFERENCING OLD TABLE AS old_expenses FOR EACH STATEMENT EXECUTE FUNCTION expense_month_stats_delete();
--> statement-breakpoint
CREATE TRIGGER expense_month_stats_update AFTER UPDATE ON expenses
  REFERENCING OLD TABLE AS old_expenses NEW TABLE AS new_expenses FOR EACH STATEMENT
  EXECUTE FUNCTION expense_month_stats_update();
--> statement-breakpoint
-- The expenses already kept, shop by shop (row-level security applies to the migrating role too).
DO $$
DECLARE s uuid;
BEGIN
  FOR s IN SELECT id FROM stores LOOP
    PERFORM set_config('app.store_id', s::text, true);
    INSERT INTO expense_month_stats (store_id, month, category, amount_paise, gst_paise, expenses)
    SELECT s, date_trunc('month', spent_on)::date, category, sum(amount_paise), sum(gst_paise), count(*)
      FROM expenses WHERE store_id = s GROUP BY 2, 3;
  END LOOP;
  PERFORM set_config('app.store_id', '', true);
END
$$;
