import type { ProductCard, ProductDetail, StoreHome } from '@haat/contracts';

/**
 * The first data of a shop page, sent by the server inside the HTML (`<script id="haat-data">`,
 * apps/api/src/plugins/page-data.ts): the answers of the page's first API calls, so the page paints as soon as
 * the app runs instead of after another round trip. Each part is handed out once, to the query it answers, and
 * only for the shop it was made for; a query finding nothing here asks the API as usual.
 */
interface InitialData {
  slug: string;
  home?: StoreHome;
  listing?: { query: Record<string, unknown>; items: ProductCard[]; total: number };
  categories?: { id: string; name: string; sub_categories: { id: string; name: string }[] }[];
  product?: ProductDetail;
}

let data: InitialData | null | undefined;
/** When the page (and so its data) arrived: the data is as fresh as an API answer at that moment. */
export const initialDataAt = Date.now();

function read(): InitialData | null {
  if (data !== undefined) return data;
  data = null;
  const el = typeof document === 'undefined' ? null : document.getElementById('haat-data');
  if (el?.textContent) {
    try {
      data = JSON.parse(el.textContent) as InitialData;
    } catch {
      // Unreadable: the queries ask the API.
    }
  }
  return data;
}

function take<K extends Exclude<keyof InitialData, 'slug'>>(slug: string, key: K): InitialData[K] {
  const d = read();
  if (!d || d.slug !== slug) return undefined;
  const value = d[key];
  delete d[key];
  return value;
}

export const initialHome = (slug: string) => take(slug, 'home');
export const initialCategories = (slug: string) => take(slug, 'categories');
export const initialProduct = (slug: string, id: string) => {
  const d = read();
  return d?.product?.id === id ? take(slug, 'product') : undefined;
};

/** The listing page for `query`, if the server sent that very page (same search, filters, sort and page). */
export function initialListing(slug: string, query: Record<string, unknown>) {
  const sent = read()?.listing;
  if (!sent) return undefined;
  const keys = new Set([...Object.keys(query), ...Object.keys(sent.query)]);
  for (const k of keys) if ((query[k] ?? null) !== (sent.query[k] ?? null)) return undefined;
  const listing = take(slug, 'listing');
  return listing && { items: listing.items, total: listing.total };
}
