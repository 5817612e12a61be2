-- The whole shop (issue 38): buying stock (purchase orders, goods receipts, supplier bills and payments), the day at
-- the counter (registers with their float, cash in and out, close), customers on credit (khata) and expenses.
-- Tenant tables like every other: keys led by store_id, foreign keys that include it, forced row-level security.
-- Money in paise; every amount a person types is checked for its sign here as well as in the contracts.

-- Per-shop number series that are not tax documents: purchase orders (PO-1001), goods receipts (GRN-1001).
CREATE TABLE "shop_counters" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "shop_counters_pk" PRIMARY KEY("store_id","kind"),
	CONSTRAINT "shop_counters_kind" CHECK ("kind" IN ('PURCHASE_ORDER', 'GOODS_RECEIPT'))
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"supplier_id" uuid NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"expected_on" date,
	"note" text,
	-- Cost without GST, the GST on it, and their sum, from the lines (kept by the service in the same transaction).
	"taxable_paise" integer DEFAULT 0 NOT NULL,
	"tax_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_by" uuid REFERENCES "public"."users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "purchase_orders_supplier_fk" FOREIGN KEY ("store_id","supplier_id") REFERENCES "public"."suppliers"("store_id","id"),
	CONSTRAINT "purchase_orders_status" CHECK ("status" IN ('DRAFT', 'SENT', 'PARTIAL', 'RECEIVED', 'CANCELLED')),
	CONSTRAINT "purchase_orders_amounts" CHECK ("taxable_paise" >= 0 AND "tax_paise" >= 0 AND "total_paise" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_uq" ON "purchase_orders" ("store_id","number");
--> statement-breakpoint
CREATE INDEX "purchase_orders_created_idx" ON "purchase_orders" ("store_id","created_at");
--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" ("store_id","supplier_id","created_at");
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"variant_label" text,
	"sku" text,
	"quantity" integer NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	-- Cost per unit without GST, and the GST rate charged on it (an input tax credit).
	"unit_cost_paise" integer NOT NULL,
	"tax_percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "purchase_order_lines_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "purchase_order_lines_order_fk" FOREIGN KEY ("store_id","purchase_order_id") REFERENCES "public"."purchase_orders"("store_id","id") ON DELETE cascade,
	CONSTRAINT "purchase_order_lines_product_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id"),
	CONSTRAINT "purchase_order_lines_quantity" CHECK ("quantity" > 0 AND "received_quantity" >= 0),
	CONSTRAINT "purchase_order_lines_cost" CHECK ("unit_cost_paise" >= 0 AND "tax_percent" >= 0 AND "tax_percent" <= 100)
);
--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" ("store_id","purchase_order_id","position");
--> statement-breakpoint
CREATE INDEX "purchase_order_lines_product_idx" ON "purchase_order_lines" ("store_id","product_id");
--> statement-breakpoint
-- Stock that arrived, with what it cost: against a purchase order (partly or whole) or without one.
CREATE TABLE "goods_receipts" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"supplier_id" uuid NOT NULL,
	"purchase_order_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	"taxable_paise" integer DEFAULT 0 NOT NULL,
	"tax_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" integer DEFAULT 0 NOT NULL,
	"created_by" uuid REFERENCES "public"."users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_receipts_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "goods_receipts_supplier_fk" FOREIGN KEY ("store_id","supplier_id") REFERENCES "public"."suppliers"("store_id","id"),
	CONSTRAINT "goods_receipts_order_fk" FOREIGN KEY ("store_id","purchase_order_id") REFERENCES "public"."purchase_orders"("store_id","id"),
	CONSTRAINT "goods_receipts_amounts" CHECK ("taxable_paise" >= 0 AND "tax_paise" >= 0 AND "total_paise" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "goods_receipts_number_uq" ON "goods_receipts" ("store_id","number");
--> statement-breakpoint
CREATE INDEX "goods_receipts_received_idx" ON "goods_receipts" ("store_id","received_at");
--> statement-breakpoint
CREATE INDEX "goods_receipts_order_idx" ON "goods_receipts" ("store_id","purchase_order_id");
--> statement-breakpoint
CREATE TABLE "goods_receipt_lines" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"goods_receipt_id" uuid NOT NULL,
	"purchase_order_line_id" uuid,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"variant_label" text,
	"quantity" integer NOT NULL,
	"unit_cost_paise" integer NOT NULL,
	"tax_percent" numeric(5, 2) NOT NULL,
	-- The variant's weighted average cost before and after this line (the cost of goods sold follows it).
	"average_cost_before_paise" integer,
	"average_cost_after_paise" integer NOT NULL,
	CONSTRAINT "goods_receipt_lines_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "goods_receipt_lines_receipt_fk" FOREIGN KEY ("store_id","goods_receipt_id") REFERENCES "public"."goods_receipts"("store_id","id") ON DELETE cascade,
	CONSTRAINT "goods_receipt_lines_order_line_fk" FOREIGN KEY ("store_id","purchase_order_line_id") REFERENCES "public"."purchase_order_lines"("store_id","id"),
	CONSTRAINT "goods_receipt_lines_product_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id"),
	CONSTRAINT "goods_receipt_lines_quantity" CHECK ("quantity" > 0),
	CONSTRAINT "goods_receipt_lines_cost" CHECK ("unit_cost_paise" >= 0 AND "tax_percent" >= 0 AND "tax_percent" <= 100)
);
--> statement-breakpoint
CREATE INDEX "goods_receipt_lines_receipt_idx" ON "goods_receipt_lines" ("store_id","goods_receipt_id");
--> statement-breakpoint
CREATE INDEX "goods_receipt_lines_product_idx" ON "goods_receipt_lines" ("store_id","product_id");
--> statement-breakpoint
-- The stock ledger names the receipt a PURCHASE row came from.
ALTER TABLE "stock_ledger" ADD COLUMN "goods_receipt_id" uuid;
--> statement-breakpoint
-- A supplier's bill (its own number and date), what the shop owes; payments to the supplier reduce it.
CREATE TABLE "supplier_bills" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"bill_number" text NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date,
	"purchase_order_id" uuid,
	"goods_receipt_id" uuid,
	"taxable_paise" integer NOT NULL,
	"tax_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" integer NOT NULL,
	"note" text,
	"created_by" uuid REFERENCES "public"."users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_bills_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "supplier_bills_supplier_fk" FOREIGN KEY ("store_id","supplier_id") REFERENCES "public"."suppliers"("store_id","id"),
	CONSTRAINT "supplier_bills_order_fk" FOREIGN KEY ("store_id","purchase_order_id") REFERENCES "public"."purchase_orders"("store_id","id"),
	CONSTRAINT "supplier_bills_receipt_fk" FOREIGN KEY ("store_id","goods_receipt_id") REFERENCES "public"."goods_receipts"("store_id","id"),
	CONSTRAINT "supplier_bills_amounts" CHECK ("taxable_paise" >= 0 AND "tax_paise" >= 0 AND "total_paise" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_bills_number_uq" ON "supplier_bills" ("store_id","supplier_id",lower("bill_number"));
--> statement-breakpoint
CREATE INDEX "supplier_bills_date_idx" ON "supplier_bills" ("store_id","bill_date");
--> statement-breakpoint
-- The day at the counter: a register opened with its float by a cashier, closed with the cash counted.
CREATE TABLE "register_sessions" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"register_name" text DEFAULT 'Counter 1' NOT NULL,
	"cashier_id" uuid REFERENCES "public"."users"("id") ON DELETE set null,
	"cashier_name" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opening_float_paise" integer NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid REFERENCES "public"."users"("id") ON DELETE set null,
	-- Set together at the close: what the books expect in the drawer, what was counted, and counted - expected.
	"expected_paise" integer,
	"counted_paise" integer,
	"difference_paise" integer,
	"close_note" text,
	CONSTRAINT "register_sessions_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "register_sessions_float" CHECK ("opening_float_paise" >= 0),
	CONSTRAINT "register_sessions_counted" CHECK ("counted_paise" IS NULL OR "counted_paise" >= 0),
	CONSTRAINT "register_sessions_closed_whole" CHECK (
		("closed_at" IS NULL AND "counted_paise" IS NULL AND "expected_paise" IS NULL AND "difference_paise" IS NULL)
		OR ("closed_at" IS NOT NULL AND "counted_paise" IS NOT NULL AND "expected_paise" IS NOT NULL AND "difference_paise" = "counted_paise" - "expected_paise"))
);
--> statement-breakpoint
-- One open register per cashier, and one open session per named register.
CREATE UNIQUE INDEX "register_sessions_open_cashier_uq" ON "register_sessions" ("store_id","cashier_id") WHERE "closed_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "register_sessions_open_name_uq" ON "register_sessions" ("store_id",lower("register_name")) WHERE "closed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "register_sessions_opened_idx" ON "register_sessions" ("store_id","opened_at");
--> statement-breakpoint
CREATE TABLE "register_movements" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid REFERENCES "public"."users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "register_movements_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "register_movements_session_fk" FOREIGN KEY ("store_id","session_id") REFERENCES "public"."register_sessions"("store_id","id") ON DELETE cascade,
	CONSTRAINT "register_movements_kind" CHECK ("kind" IN ('IN', 'OUT')),
	CONSTRAINT "register_movements_amount" CHECK ("amount_paise" > 0)
);
--> statement-breakpoint
CREATE INDEX "register_movements_session_idx" ON "register_movements" ("store_id","session_id","created_at");
--> statement-breakpoint
-- Cash that moved through a register: counter sales, refunds, khata receipts and payments made from the drawer.
ALTER TABLE "orders" ADD COLUMN "register_session_id" uuid;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_register_fk" FOREIGN KEY ("store_id","register_session_id") REFERENCES "public"."register_sessions"("store_id","id");
--> statement-breakpoint
CREATE INDEX "orders_register_idx" ON "orders" ("store_id","register_session_id") WHERE "register_session_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "register_session_id" uuid;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_register_fk" FOREIGN KEY ("store_id","register_session_id") REFERENCES "public"."register_sessions"("store_id","id");
--> statement-breakpoint
CREATE INDEX "refunds_register_idx" ON "refunds" ("store_id","register_session_id") WHERE "register_session_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "supplier_payments" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"bill_id" uuid,
	"amount_paise" integer NOT NULL,
	"method" text NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"note" text,
	"register_session_id" uuid,
	"created_by" uuid REFERENCES "public"."users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_payments_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "supplier_payments_supplier_fk" FOREIGN KEY ("store_id","supplier_id") REFERENCES "public"."suppliers"("store_id","id"),
	CONSTRAINT "supplier_payments_bill_fk" FOREIGN KEY ("store_id","bill_id") REFERENCES "public"."supplier_bills"("store_id","id"),
	CONSTRAINT "supplier_payments_register_fk" FOREIGN KEY ("store_id","register_session_id") REFERENCES "public"."register_sessions"("store_id","id"),
	CONSTRAINT "supplier_payments_amount" CHECK ("amount_paise" > 0),
	CONSTRAINT "supplier_payments_method" CHECK ("method" IN ('CASH', 'UPI', 'BANK'))
);
--> statement-breakpoint
CREATE INDEX "supplier_payments_supplier_idx" ON "supplier_payments" ("store_id","supplier_id","paid_on");
--> statement-breakpoint
-- Customers on credit (khata): a limit and a balance on the shop's customer (positive: the customer owes the shop;
-- negative: an advance), each change a signed entry with the balance after it.
ALTER TABLE "pos_customers" ADD COLUMN "credit_limit_paise" integer;
--> statement-breakpoint
ALTER TABLE "pos_customers" ADD COLUMN "balance_paise" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "pos_customers" ADD CONSTRAINT "pos_customers_credit_limit" CHECK ("credit_limit_paise" IS NULL OR "credit_limit_paise" >= 0);
--> statement-breakpoint
CREATE TABLE "khata_entries" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	-- Signed: a credit sale raises what the customer owes (+), a payment lowers it (-).
	"amount_paise" integer NOT NULL,
	"balance_after_paise" integer NOT NULL,
	"order_id" uuid,
	"method" text,
	"reference" text,
	"note" text,
	"register_session_id" uuid,
	"created_by" uuid REFERENCES "public"."users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "khata_entries_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "khata_entries_customer_fk" FOREIGN KEY ("store_id","customer_id") REFERENCES "public"."pos_customers"("store_id","id") ON DELETE cascade,
	CONSTRAINT "khata_entries_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id"),
	CONSTRAINT "khata_entries_register_fk" FOREIGN KEY ("store_id","register_session_id") REFERENCES "public"."register_sessions"("store_id","id"),
	CONSTRAINT "khata_entries_kind" CHECK ("kind" IN ('SALE', 'PAYMENT', 'RETURN')),
	CONSTRAINT "khata_entries_sign" CHECK (("kind" = 'SALE' AND "amount_paise" > 0) OR ("kind" IN ('PAYMENT', 'RETURN') AND "amount_paise" < 0)),
	CONSTRAINT "khata_entries_method" CHECK ("method" IS NULL OR "method" IN ('CASH', 'UPI', 'CARD', 'BANK'))
);
--> statement-breakpoint
CREATE INDEX "khata_entries_customer_idx" ON "khata_entries" ("store_id","customer_id","created_at");
--> statement-breakpoint
CREATE INDEX "khata_entries_register_idx" ON "khata_entries" ("store_id","register_session_id") WHERE "register_session_id" IS NOT NULL;
--> statement-breakpoint
-- A counter sale on the customer's account: paid later (its payment stays PENDING until the khata covers it).
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_valid";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_valid" CHECK ("payment_method" IN ('COD', 'UPI', 'CASH', 'CARD', 'CREDIT'));
--> statement-breakpoint
-- The shop's customer a sale belongs to (counter customers, and online customers matched by phone).
ALTER TABLE "orders" ADD COLUMN "shop_customer_id" uuid;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_customer_fk" FOREIGN KEY ("store_id","shop_customer_id") REFERENCES "public"."pos_customers"("store_id","id") ON DELETE set null ("shop_customer_id");
--> statement-breakpoint
CREATE INDEX "orders_shop_customer_idx" ON "orders" ("store_id","shop_customer_id","created_at") WHERE "shop_customer_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "pos_customers" ADD COLUMN "user_id" uuid REFERENCES "public"."users"("id") ON DELETE set null;
--> statement-breakpoint
-- Expenses: rent, salaries, electricity, courier; with the GST paid on them (input tax) and a receipt image.
CREATE TABLE "expenses" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"spent_on" date NOT NULL,
	"amount_paise" integer NOT NULL,
	"gst_paise" integer DEFAULT 0 NOT NULL,
	"payee" text,
	"payee_gstin" text,
	"description" text,
	"method" text NOT NULL,
	"receipt_image" text,
	"register_session_id" uuid,
	"created_by" uuid REFERENCES "public"."users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "expenses_register_fk" FOREIGN KEY ("store_id","register_session_id") REFERENCES "public"."register_sessions"("store_id","id"),
	CONSTRAINT "expenses_amount" CHECK ("amount_paise" > 0 AND "gst_paise" >= 0 AND "gst_paise" <= "amount_paise"),
	CONSTRAINT "expenses_method" CHECK ("method" IN ('CASH', 'UPI', 'CARD', 'BANK'))
);
--> statement-breakpoint
CREATE INDEX "expenses_spent_idx" ON "expenses" ("store_id","spent_on");
--> statement-breakpoint
CREATE INDEX "expenses_category_idx" ON "expenses" ("store_id","category","spent_on");
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['shop_counters', 'purchase_orders', 'purchase_order_lines', 'goods_receipts',
    'goods_receipt_lines', 'supplier_bills', 'supplier_payments', 'register_sessions', 'register_movements',
    'khata_entries', 'expenses'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id())', t);
  END LOOP;
END
$$;
