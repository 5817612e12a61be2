-- Wishlist across shops (issue 40): a shopper's saved products, kept per shop like a cart (the shop's customer row,
-- the product and the variant chosen, if any, and the price to pay when saved, for "₹200 less than when you saved
-- it"). The wishlist page reads the rows of every shop the shopper's Haat account is linked to shop by shop, under
-- each shop's row-level security (decision 0029). A tenant table under forced row-level security.
CREATE TABLE "wishlist_items" (
	"store_id" uuid NOT NULL REFERENCES "public"."stores"("id") ON DELETE cascade,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"price_at_save_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "wishlist_items_product_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade,
	CONSTRAINT "wishlist_items_variant_fk" FOREIGN KEY ("store_id","variant_id") REFERENCES "public"."product_variants"("store_id","id") ON DELETE cascade,
	CONSTRAINT "wishlist_items_price_nonneg" CHECK ("price_at_save_paise" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_uq" ON "wishlist_items" ("store_id","customer_id","product_id");
--> statement-breakpoint
ALTER TABLE wishlist_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE wishlist_items FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON wishlist_items USING (store_id = app_store_id()) WITH CHECK (store_id = app_store_id());
