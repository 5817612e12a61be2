import {
  type DealItem,
  discountPercent,
  legibleSection,
  NEW_PRODUCT_DAYS,
  type ProductCard,
  type ProductListQuery,
  paiseToRupees,
  type StoreHome,
  type StoreSection,
  sectionRank,
  stockStatus,
  storeSection,
} from '@haat/contracts';
import { readInStore } from '@haat/db';
import type { Deps, Origin } from '../../lib/deps.ts';

import { describeStore, type StoreRow } from '../stores/index.ts';

import type { ProductCardRow } from './catalog.repository.ts';
import * as repo from './catalog.repository.ts';

const FEATURED_LIMIT = 8;
const DAY_MS = 86_400_000;

/** Maps a product row to the card shape the storefront shows (prices in rupees). */
/** How the shop shows a price range: "₹499 – ₹649", or "From ₹499". */
export type PriceDisplay = 'RANGE' | 'FROM';

export function toProductCard(
  r: ProductCardRow,
  now = Date.now(),
  display: PriceDisplay = 'RANGE',
): ProductCard {
  const price = paiseToRupees(r.pricePaise);
  const pays = paiseToRupees(r.effectivePricePaise);
  const discounted = r.effectivePricePaise < r.pricePaise;
  return {
    id: r.id,
    slug: r.slug,
    product_name: r.name,
    product_price: price,
    discount_price: discounted ? pays : null,
    discount_percentage: discounted ? discountPercent(price, pays) : 0,
    max_price: display === 'RANGE' ? maxPrice(r) : null,
    has_variants: r.hasVariants,
    price_from: display === 'FROM' && maxPrice(r) !== null,
    average_rating: r.averageRating,
    total_reviews: r.reviewCount,
    product_quantity: r.quantity,
    stock_status: stockStatus(r.quantity, r.lowStockThreshold),
    free_shipping: r.freeShipping,
    shipping_charge: r.freeShipping ? 0 : paiseToRupees(r.shippingChargePaise),
    thumbnail: r.images[0] ?? null,
    is_new: now - r.createdAt.getTime() < NEW_PRODUCT_DAYS * DAY_MS,
    category: r.categoryId && r.categoryName ? { id: r.categoryId, name: r.categoryName } : null,
    sub_category:
      r.subCategoryId && r.subCategoryName ? { id: r.subCategoryId, name: r.subCategoryName } : null,
  };
}

/**
 * The dearest variant's price now, when variants make a range: its sale price less the amount a live deal takes
 * off every variant (the deal's share of the cheapest).
 */
function maxPrice(r: ProductCardRow) {
  if (r.priceMaxPaise == null) return null;
  const base = Math.min(r.pricePaise, r.salePricePaise ?? r.pricePaise);
  const max = r.priceMaxPaise - Math.max(0, base - r.effectivePricePaise);
  return max > r.effectivePricePaise ? paiseToRupees(max) : null;
}

type DealRow = ProductCardRow & {
  dealId: string | null;
  dealTitle: string | null;
  dealPricePaise: number | null;
  dealStartsAt: Date | null;
  dealEndsAt: Date | null;
};

function toDeal(r: DealRow, now: number, display: PriceDisplay): DealItem | null {
  if (!r.dealId || r.dealPricePaise == null || !r.dealStartsAt || !r.dealEndsAt || !r.dealTitle) return null;
  const product = toProductCard(r, now, display);
  const price = paiseToRupees(r.pricePaise);
  const dealPrice = paiseToRupees(r.dealPricePaise);
  return {
    id: r.dealId,
    title: r.dealTitle,
    deal: { start_time: r.dealStartsAt.toISOString(), end_time: r.dealEndsAt.toISOString() },
    product,
    discount_price: dealPrice,
    discount_percentage: discountPercent(price, dealPrice),
  };
}

/** A page of the shop's products. */
export async function listProducts(deps: Deps, store: StoreRow, q: ProductListQuery) {
  const now = Date.now();
  // One plan per connection (its shape does not depend on the values): PostgreSQL otherwise planned a search
  // again on every request, which cost it more than running it.
  // A read in one round trip (readInStore): the connection is free as soon as the answer arrives.
  const [{ rows, total }] = await readInStore(
    deps.db,
    store.id,
    (tx) => [repo.listProductCards(tx, store.id, q)] as const,
    { genericPlans: true },
  );
  return { results: rows.map((r) => toProductCard(r, now, store.priceDisplay)), total };
}

/**
 * The listing page's reads in one round trip on one reader (plugins/page-data.ts): a page of cards with the total,
 * the categories and the size/colour/pack options for its filters. Three reads of their own took three readers and
 * three round trips per rendered listing (issue 37).
 */
export async function loadListingPage(deps: Deps, store: StoreRow, q: ProductListQuery) {
  const now = Date.now();
  const [{ rows, total }, categories, options] = await readInStore(
    deps.db,
    store.id,
    (tx) =>
      [
        repo.listProductCards(tx, store.id, q),
        repo.listProductCategories(tx),
        repo.listShopOptions(tx),
      ] as const,
    { genericPlans: true },
  );
  return { results: rows.map((r) => toProductCard(r, now, store.priceDisplay)), total, categories, options };
}

/** Deals running now in the shop. */
export async function listDeals(deps: Deps, store: StoreRow) {
  const now = Date.now();
  const [rows] = await readInStore(deps.db, store.id, (tx) => [repo.listLiveDeals(tx)] as const);
  return rows.map((r) => toDeal(r, now, store.priceDisplay)).filter((x): x is DealItem => x !== null);
}

export const listProductCategories = (deps: Deps, store: StoreRow) =>
  readInStore(deps.db, store.id, (tx) => [repo.listProductCategories(tx)] as const).then(([r]) => r);

/** The sizes, colours and packs the shop's products come in, for the listing's filters. */
export const listShopOptions = (deps: Deps, store: StoreRow) =>
  readInStore(deps.db, store.id, (tx) => [repo.listShopOptions(tx)] as const).then(([r]) => r);

/**
 * Everything the storefront home renders: one transaction, two statements after the context and the COMMIT, sent
 * together.
 * Public and hot, so it is kept for `STOREFRONT_CACHE_MS` per shop (writers clear it with `forgetStorefront`).
 */
export async function loadStoreHome(deps: Deps, store: StoreRow, origin: Origin): Promise<StoreHome> {
  const key = `${store.id}|${origin.protocol}|${origin.port ?? ''}`;
  const cached = deps.storefrontCache.get(key);
  if (cached) return cached as StoreHome;
  const home = await buildStoreHome(deps, store, origin);
  if (deps.config.STOREFRONT_CACHE_MS > 0)
    deps.storefrontCache.set(key, home, deps.config.STOREFRONT_CACHE_MS);
  return home;
}

async function buildStoreHome(deps: Deps, store: StoreRow, origin: Origin): Promise<StoreHome> {
  const now = Date.now();
  const [bundle, rows] = await readInStore(
    deps.db,
    store.id,
    (tx) => [repo.findSectionsAndAddressBook(tx), repo.listFeaturedAndDeals(tx, FEATURED_LIMIT)] as const,
  );
  const featured = new Map<string, ProductCard>();
  const deals: DealItem[] = [];
  const upcoming: DealItem[] = [];
  for (const r of rows) {
    if (r.isFeatured && featured.size < FEATURED_LIMIT && !featured.has(r.id))
      featured.set(r.id, toProductCard(r, now, store.priceDisplay));
    const deal = toDeal(r, now, store.priceDisplay);
    if (!deal) continue;
    (new Date(deal.deal.start_time).getTime() > now ? upcoming : deals).push(deal);
  }
  deals.sort((a, b) => a.deal.end_time.localeCompare(b.deal.end_time));
  return {
    store: describeStore(deps, store, origin, bundle),
    sections: parseSections(bundle.sections),
    featured: [...featured.values()],
    deals,
    upcoming_sales: upcoming,
  };
}

/**
 * Stored sections in storefront order, with the shop's text colours made legible where they sit (a shopper gets
 * 4.5:1, decision in contracts/legible.ts); a section whose stored config no longer parses is left out.
 */
function parseSections(raw: { name: string; position: number; config: unknown }[]): StoreSection[] {
  return raw
    .map((s) => storeSection.safeParse(s))
    .flatMap((r) => (r.success ? [legibleSection(r.data)] : []))
    .sort((a, b) => sectionRank(a.name) - sectionRank(b.name) || a.position - b.position);
}
