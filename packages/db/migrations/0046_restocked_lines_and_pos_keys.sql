-- Stock goes back only as far as it was sold (issue 35): each order line counts its units that went back to stock
-- (a cancellation, a return or an RTO parcel received back, a refund that restocks), raised in the transaction that
-- moves the stock; the CHECK keeps it between 0 and the quantity sold whatever a caller does.
ALTER TABLE "order_items" ADD COLUMN "restocked_quantity" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- What existing lines already put back: the order's CANCELLATION and RETURN ledger rows of the line's product and
-- variant, spread over the order's lines of that variant in id order, each line at most its quantity. (A line the
-- old refunds restocked more than once counts as fully restocked; the extra units stay, as the ledger shows.)
WITH back AS (
  SELECT store_id, order_id, product_id, variant_id, sum(change) AS units
    FROM stock_ledger
   WHERE order_id IS NOT NULL AND reason IN ('CANCELLATION', 'RETURN') AND change > 0
   GROUP BY store_id, order_id, product_id, variant_id
), lines AS (
  SELECT i.store_id, i.id, i.quantity, b.units,
         coalesce(sum(i.quantity) OVER (
           PARTITION BY i.store_id, i.order_id, i.product_id, i.variant_id ORDER BY i.id
           ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS earlier
    FROM order_items i
    JOIN back b ON b.store_id = i.store_id AND b.order_id = i.order_id AND b.product_id = i.product_id
               AND b.variant_id IS NOT DISTINCT FROM i.variant_id
)
UPDATE order_items o SET restocked_quantity = least(l.quantity, l.units - l.earlier)
  FROM lines l
 WHERE o.store_id = l.store_id AND o.id = l.id AND l.units > l.earlier;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_restocked_within_sold" CHECK ("restocked_quantity" >= 0 AND "restocked_quantity" <= "quantity");
--> statement-breakpoint
-- A counter sale's Idempotency-Key names one sale of the shop, whoever sends it (issue 35). Its row says it was a
-- counter sale's, and a unique index on (shop, key) among those makes a second claim, by anyone, wait for the first
-- and then find it. An online order's key stays the customer's own (the primary key).
ALTER TABLE "order_requests" ADD COLUMN "channel" text DEFAULT 'ONLINE' NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_channel" CHECK ("channel" IN ('ONLINE', 'POS'));
--> statement-breakpoint
UPDATE order_requests r SET channel = 'POS'
  FROM orders o
 WHERE o.store_id = r.store_id AND o.id = r.order_id AND o.channel = 'POS';
--> statement-breakpoint
-- A key two people of a shop already used for two sales stays with the first sale (the later claims were the fault).
DELETE FROM order_requests r
 USING order_requests f
 WHERE r.channel = 'POS' AND f.channel = 'POS' AND f.store_id = r.store_id AND f.key = r.key
   AND (f.created_at, f.customer_id) < (r.created_at, r.customer_id);
--> statement-breakpoint
CREATE UNIQUE INDEX "order_requests_pos_key_uq" ON "order_requests" USING btree ("store_id","key") WHERE "channel" = 'POS';
