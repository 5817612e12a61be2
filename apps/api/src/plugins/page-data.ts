import {
  type HostInfo,
  PRODUCT_SORTS,
  type ProductCard,
  type ProductDetail,
  productCard,
  productCategory,
  productDetail,
  productListQuery,
  type StoreHome,
  shopOptions,
  storeHome,
} from '@haat/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../lib/deps.ts';

import {
  listProductCategories,
  listShopOptions,
  loadListingPage,
  loadStoreHome,
} from '../modules/catalog/index.ts';
import { findStoreBySlug, isOpen, originOf } from '../modules/stores/index.ts';

/**
 * The data a shop page's first render needs, sent inside its HTML (`<script id="haat-data">`, read by
 * apps/web/src/app/initial-data.ts), so the page paints without waiting for its API calls after the app loads.
 * Each part is what the matching public API call answers for this host's own shop, put through the same response
 * schema, so nothing the API would leave out gets in.
 */
export interface InitialData {
  /** The shop it belongs to: the app uses it only for this slug. */
  slug: string;
  /** When the server rendered the page (plugins/ssr.ts): hydration shows its countdowns as of then. */
  now?: number;
  /** GET stores/home/ (the home page, and every page's footer). */
  home?: StoreHome;
  /** GET stores/product with `query` (the listing): one page and the X-Total-Count. */
  listing?: { query: ListingQuery; items: ProductCard[]; total: number };
  /** GET stores/product/get-store-product-category/ (the listing's filters). */
  categories?: z.infer<typeof productCategory>[];
  /** GET stores/product/product-options/ (the listing's size, colour and pack filters). */
  options?: z.infer<typeof shopOptions>;
  /** GET stores/product/{id} (the product page). */
  product?: ProductDetail;
}

/** The listing's server query exactly as the web app builds it from the address (toServerQuery there). */
type ListingQuery = {
  search?: string;
  category?: string;
  min_price?: number;
  max_price?: number;
  rating?: number;
  sort: string;
  limit: number;
  offset: number;
};

export type ShopRoute = 'home' | 'listing' | 'product' | 'other';

export interface PageData {
  route: ShopRoute;
  data: InitialData | null;
  /** The images the first screen shows largest (banner, first listing row): fetched with the HTML. */
  images: string[];
}

const PAGE_SIZES = [12, 24, 48];
const RATINGS = [4, 3, 2, 1];
/** Images of the listing's first row on a phone (two columns), which the app also loads first. */
const FIRST_ROW = 2;

/** Which shop page a path is, under the shop's base ('' on its own host, /store/{slug} on the main domain). */
export function shopRoute(host: HostInfo, path: string): ShopRoute {
  const base = host.via === 'path' && host.storeSlug ? `/store/${host.storeSlug}` : '';
  if (!path.startsWith(base)) return 'other';
  const rest = path.slice(base.length).replace(/\/+$/, '');
  if (rest === '') return 'home';
  if (rest === '/products') return 'listing';
  if (/^\/product\/[^/]+$/.test(rest)) return 'product';
  return 'other';
}

/** The web app's listing state from the address (readListing there), as its server query. */
export function listingQuery(params: URLSearchParams): ListingQuery {
  const num = (raw: string | null) => {
    if (raw == null || raw.trim() === '') return undefined;
    const n = Number(raw);
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const sort = params.get('sort') ?? '';
  const size = Number(params.get('size'));
  const rating = Number(params.get('rating'));
  const page = Number(params.get('page'));
  const limit = PAGE_SIZES.includes(size) ? size : (PAGE_SIZES[0] ?? 12);
  const q = params.get('q')?.trim() ?? '';
  return {
    search: q || undefined,
    category: params.get('category') || undefined,
    min_price: num(params.get('min')),
    max_price: num(params.get('max')),
    rating: RATINGS.includes(rating) ? rating : undefined,
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort) ? sort : 'relevance',
    limit,
    offset: ((Number.isInteger(page) && page > 1 ? page : 1) - 1) * limit,
  };
}

/** What the API would send: the response schema's output (unknown fields dropped), or nothing if it does not fit. */
const asSent = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> | undefined => {
  const r = z.safeEncode(schema, value as z.output<S>);
  return r.success ? (r.data as z.output<S>) : undefined;
};
const sentHome = new WeakMap<object, StoreHome | undefined>();
const cardList = z.array(productCard);
const categoryList = z.array(productCategory);

/**
 * The first data of an open shop's home, listing or product page (`product`: the product page's product, being
 * loaded for its meta tags). Anything that fails is left out: the app then asks the API as it would without this.
 */
export async function loadPageData(
  deps: Deps,
  req: FastifyRequest,
  host: HostInfo,
  path: string,
  product?: Promise<ProductDetail | undefined>,
): Promise<PageData> {
  const route = host.face === 'storefront' ? shopRoute(host, path) : 'other';
  const none: PageData = { route, data: null, images: [] };
  const slug = host.store?.slug;
  if (host.face !== 'storefront' || !slug) return none;
  const row = await findStoreBySlug(deps, slug);
  if (!row || !isOpen(row.onlineStatus)) return none;

  // The listing's cards, categories and options in one round trip (loadListingPage); its filters alone when the
  // address's query does not parse (e.g. a reversed price range: the app shows the API's answer for the cards).
  const listing = async () => {
    if (route !== 'listing') return undefined;
    const query = listingQuery(new URLSearchParams(req.url.split('?')[1] ?? ''));
    const parsed = productListQuery.safeParse(query);
    if (!parsed.success) {
      const [categories, options] = await Promise.all([
        settle(listProductCategories(deps, row)),
        settle(listShopOptions(deps, row)),
      ]);
      return { categories, options };
    }
    const { results, total, categories, options } = await loadListingPage(deps, row, parsed.data);
    const items = asSent(cardList, results);
    return { list: items ? { query, items, total } : undefined, categories, options };
  };
  const settle = <T>(p: Promise<T>) => p.catch(() => undefined);
  const [home, listed, detail] = await Promise.all([
    settle(loadStoreHome(deps, row, originOf(req))),
    settle(listing()),
    route === 'product' && product ? settle(product) : undefined,
  ]);
  const list = listed && 'list' in listed ? listed.list : undefined;
  const categories = listed?.categories;
  const options = listed?.options;

  const data: InitialData = { slug };
  if (home) {
    // The home bundle is cached for a moment and shared by every page of the shop: encode each one once.
    if (!sentHome.has(home)) sentHome.set(home, asSent(storeHome, home));
    data.home = sentHome.get(home);
  }
  if (list) data.listing = list;
  if (categories) data.categories = asSent(categoryList, categories);
  if (options) data.options = asSent(shopOptions, options);
  if (detail) data.product = asSent(productDetail, detail);

  const images: string[] = [];
  if (route === 'home' && data.home) {
    const first = data.home.sections.find((s) => s.name !== 'filter' && s.name !== 'footer');
    if (first?.name === 'banner' && first.config.banner.bannerImage)
      images.push(first.config.banner.bannerImage);
  }
  if (route === 'listing' && data.listing) {
    for (const p of data.listing.items.slice(0, FIRST_ROW)) if (p.thumbnail) images.push(p.thumbnail);
  }
  return { route, data, images };
}
