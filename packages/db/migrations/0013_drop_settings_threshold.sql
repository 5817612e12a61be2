-- Free delivery is the delivery options' business (free_above_paise); product pages compute the threshold from them.
ALTER TABLE "store_settings" DROP COLUMN "free_shipping_threshold_paise";