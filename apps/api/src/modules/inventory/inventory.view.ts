import { type AdminProduct, paiseToRupees, stockStatus } from '@haat/contracts';
import type * as repo from './inventory.repository.ts';

/** products.stock_state (one of its variants low makes the product low). */
const STOCK_BY_STATE = ['OUT_OF_STOCK', 'LOW_STOCK', 'IN_STOCK'] as const;

import { toAdminVariant } from './variants.service.ts';

/** What shoppers pay now and why (the storefront's rule: the lowest of list, sale and a live deal's price). */
function priceNow(listPaise: number, salePaise: number | null, deal: repo.AdminRow['liveDeal']) {
  const sale = salePaise != null && salePaise < listPaise ? salePaise : null;
  const dealPaise = deal ? Number(deal.price_paise) : null;
  if (deal && dealPaise != null && dealPaise < (sale ?? listPaise))
    return {
      price_now: paiseToRupees(dealPaise),
      price_now_reason: 'DEAL' as const,
      live_deal: {
        title: deal.title,
        deal_price: paiseToRupees(dealPaise),
        ends_at: new Date(deal.ends_at).toISOString(),
      },
    };
  return {
    price_now: paiseToRupees(sale ?? listPaise),
    price_now_reason: sale != null ? ('SALE' as const) : ('LIST' as const),
    live_deal: deal
      ? {
          title: deal.title,
          deal_price: paiseToRupees(Number(deal.price_paise)),
          ends_at: new Date(deal.ends_at).toISOString(),
        }
      : null,
  };
}

export function toAdminProduct(r: repo.AdminRow): AdminProduct {
  const x = r.product;
  const selling = x.salePricePaise ?? x.pricePaise;
  return {
    ...priceNow(x.pricePaise, x.salePricePaise, r.liveDeal),
    id: x.id,
    product_name: x.name,
    slug: x.slug,
    sku: x.sku,
    barcode: x.barcode,
    product_serial_no: x.serialNo,
    product_description: x.description,
    images: x.images,
    product_price: paiseToRupees(x.pricePaise),
    original_price: x.costPaise == null ? null : paiseToRupees(x.costPaise),
    discount_price: x.salePricePaise == null ? null : paiseToRupees(x.salePricePaise),
    unit: x.unit,
    product_quantity: x.quantity,
    low_stock_threshold: x.lowStockThreshold,
    max_stock: x.maxStock,
    reorder_point: x.reorderPoint,
    tags: x.tags,
    stock_status: STOCK_BY_STATE[x.stockState ?? 2] ?? stockStatus(x.quantity, x.lowStockThreshold),
    shipping_charge: paiseToRupees(x.shippingChargePaise),
    free_shipping: x.freeShipping,
    tax_percentage: Number(x.taxPercent),
    hsn_code: x.hsnCode,
    category: x.categoryId && r.categoryName ? { id: x.categoryId, name: r.categoryName } : null,
    category_id: x.categoryId,
    supplier: x.supplierId && r.supplierName ? { id: x.supplierId, supplier_name: r.supplierName } : null,
    supplier_id: x.supplierId,
    brand: x.brand,
    color: x.color,
    warranty: x.warranty,
    location: x.location,
    weight: x.weightKg == null ? null : Number(x.weightKg),
    dimensions: x.dimensions,
    is_featured: x.isFeatured,
    status: x.status,
    units_sold: r.unitsSold,
    profit_margin:
      x.costPaise == null || selling <= 0
        ? null
        : Math.round(((selling - x.costPaise) / selling) * 1000) / 10,
    total_profit: paiseToRupees(r.totalProfitPaise),
    stock_value: paiseToRupees(Math.max(x.quantity, 0) * selling),
    stock_cost_value: x.costPaise == null ? null : paiseToRupees(Math.max(x.quantity, 0) * x.costPaise),
    options: x.options,
    variants: r.variants.map(toAdminVariant),
    created_at: x.createdAt.toISOString(),
    updated_at: x.updatedAt.toISOString(),
  };
}
