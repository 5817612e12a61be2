import { type PosCustomer, type PosProduct, paiseToRupees, posStockBadge } from '@haat/contracts';
import { withStore } from '@haat/db';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { qrSvg } from '../../lib/qr-svg.ts';

import { findSettings } from '../orders/index.ts';
import * as paymentsRepo from '../payments/index.ts';
import type { StoreRow } from '../stores/index.ts';

import * as repo from './pos.repository.ts';

/* The point of sale's look-ups (issue 14): products by name, SKU or barcode, returning customers, the counter. */
function productView(r: repo.SellableRow): PosProduct {
  return {
    product_id: r.productId,
    variant_id: r.variantId,
    name: r.name,
    variant_label: r.variantLabel,
    sku: r.sku,
    barcode: r.barcode,
    price: paiseToRupees(r.pricePaise),
    tax_percentage: Number(r.taxPercent),
    stock: r.stock,
    stock_status: posStockBadge(r.stock),
    unit: r.unit,
    image: r.image,
  };
}

export async function searchProducts(deps: Deps, store: StoreRow, q: { search?: string; limit: number }) {
  const rows = await withStore(deps.db, store.id, (tx) => repo.searchSellables(tx, q.search, q.limit));
  return rows.map(productView);
}

export async function productByBarcode(deps: Deps, store: StoreRow, code: string) {
  const row = await withStore(deps.db, store.id, (tx) => repo.findByBarcode(tx, code));
  if (!row) throw notFound('Product not found with this barcode');
  return productView(row);
}

export async function findCustomer(deps: Deps, store: StoreRow, phone: string): Promise<PosCustomer | null> {
  const c = await withStore(deps.db, store.id, (tx) => repo.findCustomer(tx, store.id, phone));
  if (!c) return null;
  return {
    name: c.name,
    phone: c.phone,
    email: c.email,
    address: c.address,
    gst_number: c.gstNumber,
    visits: c.visits,
    last_visit_at: c.lastVisitAt ? c.lastVisitAt.toISOString() : null,
  };
}

/** What the counter screen needs of its shop: the UPI id, whether GST is charged, the receipt's header. */
export async function counter(deps: Deps, store: StoreRow) {
  const { settings, profile, shop } = await withStore(deps.db, store.id, async (tx) => {
    const [settings, profile, shop] = await Promise.all([
      findSettings(tx),
      paymentsRepo.shopTaxProfile(tx),
      repo.shopCounter(tx),
    ]);
    return { settings, profile, shop };
  });
  return {
    shop_name: store.storeName,
    upi_id: settings?.upiId ?? null,
    gst_registered: !!profile.gstin,
    gstin: profile.gstin,
    legal_name: profile.legalName,
    address: profile.address,
    phone: shop.phone,
  };
}

/** An exact-amount UPI request to the shop's UPI id, with its QR code (SVG), for the customer to scan. */
export async function upiRequest(deps: Deps, store: StoreRow, amount: number) {
  const { upi_id } = await counter(deps, store);
  if (!upi_id) {
    throw badRequest('This shop has no UPI id. Add one in Settings, Payments.', [
      { path: 'amount', message: 'This shop has no UPI id' },
    ]);
  }
  const q = new URLSearchParams({
    pa: upi_id,
    pn: store.storeName,
    am: amount.toFixed(2),
    cu: 'INR',
    tn: `Bill at ${store.storeName}`,
  });
  const link = `upi://pay?${q.toString()}`;
  const svg = await qrSvg(link, { margin: 1, errorCorrectionLevel: 'M' });
  return { upi_id, upi_link: link, qr_svg: svg, amount };
}
