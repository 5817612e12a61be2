import { type ProductDetail, paiseToRupees, stockStatus, variantLabel, wholeShares } from '@haat/contracts';
import { readInStore } from '@haat/db';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

import type { StoreRow } from '../stores/index.ts';
import { toProductCard } from './catalog.service.ts';
import * as repo from './product.repository.ts';

/** An id that is not a UUID names no product: Not Found, like another shop's product. */
const requireUuid = (id: string) => {
  if (!isUuid(id)) throw notFound('Product not found');
};

/** A product's page: the card, its description and images, its live deal, and offers from the shop's settings. */
export async function getProduct(deps: Deps, store: StoreRow, id: string): Promise<ProductDetail> {
  requireUuid(id);
  // A read in one round trip (readInStore); a key lookup's plan is made once per connection.
  const [row] = await readInStore(deps.db, store.id, (tx) => [repo.findProductDetail(tx, id)] as const, {
    genericPlans: true,
  });
  if (!row) throw notFound('Product not found');
  const s = row.settings;
  return {
    ...toProductCard(row, Date.now(), store.priceDisplay),
    product_description: row.description,
    images: row.images,
    sku: row.sku,
    tax_percentage: Number(row.taxPercent),
    low_stock_threshold: row.lowStockThreshold,
    options: row.options,
    held_quantity: row.held,
    variants: row.variants.map((v) => ({
      id: v.id,
      options: v.options,
      label: variantLabel(v.options),
      sku: v.sku,
      price: paiseToRupees(v.price),
      price_now: paiseToRupees(v.now),
      quantity: v.quantity,
      stock_status: stockStatus(v.quantity, v.threshold),
      held: v.held,
      image: v.image,
    })),
    deal: row.deal
      ? {
          id: row.deal.id,
          title: row.deal.title,
          discount_price: paiseToRupees(row.deal.price),
          end_time: new Date(row.deal.ends).toISOString(),
        }
      : null,
    offers: {
      free_shipping_above:
        s?.free_shipping_threshold_paise == null ? null : paiseToRupees(s.free_shipping_threshold_paise),
      return_days: s?.return_days ?? null,
      warranty: s?.warranty_text ?? null,
      payment_methods: s?.payment_methods ?? ['COD'],
    },
  };
}

export async function listReviews(
  deps: Deps,
  store: StoreRow,
  { id, limit, offset }: { id: string; limit: number; offset: number },
) {
  requireUuid(id);
  const [exists, rows] = await readInStore(
    deps.db,
    store.id,
    (tx) => [repo.productExists(tx, id), repo.listReviews(tx, id, limit, offset)] as const,
  );
  if (!exists) throw notFound('Product not found');
  return {
    total: rows[0]?.total ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      name: r.name,
      start_rating: r.rating,
      description: r.description,
      created_at: r.createdAt.toISOString(),
      is_verified_customer: r.verified,
    })),
  };
}

export async function reviewAnalytics(deps: Deps, store: StoreRow, id: string) {
  requireUuid(id);
  const [c] = await readInStore(deps.db, store.id, (tx) => [repo.reviewCounts(tx, id)] as const);
  if (!c) throw notFound('Product not found');
  const total = c.five + c.four + c.three + c.two + c.one;
  const [five, four, three, two, one] = wholeShares([c.five, c.four, c.three, c.two, c.one]);
  const avg = total
    ? Math.round(((5 * c.five + 4 * c.four + 3 * c.three + 2 * c.two + c.one) / total) * 10) / 10
    : 0;
  return {
    average_rating: avg,
    total_reviews: total,
    five_star_percentage: five ?? 0,
    four_star_percentage: four ?? 0,
    three_star_percentage: three ?? 0,
    two_star_percentage: two ?? 0,
    one_star_percentage: one ?? 0,
    counts: { 5: c.five, 4: c.four, 3: c.three, 2: c.two, 1: c.one },
  };
}

export async function listSimilar(deps: Deps, store: StoreRow, id: string, limit: number) {
  requireUuid(id);
  const now = Date.now();
  // Both statements in one round trip (readInStore); their plans are made once per connection (the category comes
  // from the product, so no value chooses the plan).
  const [exists, rows] = await readInStore(
    deps.db,
    store.id,
    (tx) => [repo.productExists(tx, id), repo.listSimilar(tx, id, limit)] as const,
    { genericPlans: true },
  );
  if (!exists) throw notFound('Product not found');
  return rows.map((r) => toProductCard(r, now, store.priceDisplay));
}
