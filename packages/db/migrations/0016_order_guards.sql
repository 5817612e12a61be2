-- A sale takes stock, and a coupon counts a use, in statements that fail when they cannot: an order's writes can
-- then go out with its COMMIT in one round trip (PostgreSQL rolls the whole transaction back on the failure), and
-- no row stays locked while the server decides. Errors carry SQLSTATE HS001 (stock; DETAIL is the product id
-- and HINT the stock left, 0 for a product no longer sold) and HS002 (coupon used up).
CREATE FUNCTION take_stock(p_store uuid, p_product uuid, p_quantity int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  left_after int;
  left_now int;
BEGIN
  UPDATE products
     SET quantity = quantity - p_quantity, units_sold = units_sold + p_quantity, updated_at = now()
   WHERE store_id = p_store AND id = p_product AND status = 'ACTIVE' AND quantity >= p_quantity
  RETURNING quantity INTO left_after;
  IF NOT FOUND THEN
    SELECT CASE WHEN status = 'ACTIVE' THEN quantity ELSE 0 END INTO left_now
      FROM products WHERE store_id = p_store AND id = p_product;
    RAISE EXCEPTION 'not enough stock' USING ERRCODE = 'HS001', DETAIL = p_product::text,
      HINT = coalesce(left_now, 0)::text;
  END IF;
  RETURN left_after;
END
$$;
--> statement-breakpoint
CREATE FUNCTION use_coupon(p_store uuid, p_coupon uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE coupons SET used_count = used_count + 1
   WHERE store_id = p_store AND id = p_coupon AND (usage_limit IS NULL OR used_count < usage_limit);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'coupon used up' USING ERRCODE = 'HS002', DETAIL = p_coupon::text;
  END IF;
END
$$;
