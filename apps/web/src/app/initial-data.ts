import type { ProductCard, ProductDetail, ProductOption, StoreHome } from '@haat/contracts';
import { createContext, use } from 'react';

/**
 * The first data of a shop page, sent by the server inside the HTML (`<script id="haat-data">`,
 * apps/api/src/plugins/page-data.ts): the answers of the page's first API calls, so the page paints as soon as
 * the app runs instead of after another round trip. Each part is handed out once, to the query it answers, and
 * only for the shop it was made for; a query finding nothing here asks the API as usual.
 *
 * The server renders a shop page with the same data (entry-server.tsx), so the browser's first render (hydration)
 * finds in its queries exactly what the server rendered. One `PageStart` per page load in the browser, one per
 * request on the server, handed down by context: nothing here is shared between requests.
 */
export interface InitialData {
  slug: string;
  /** When the server rendered the page (ms since the epoch): what its countdowns showed. */
  now?: number;
  home?: StoreHome;
  listing?: { query: Record<string, unknown>; items: ProductCard[]; total: number };
  categories?: { id: string; name: string; sub_categories: { id: string; name: string }[] }[];
  options?: ProductOption[];
  product?: ProductDetail;
}

export interface PageStart {
  /** When the page (and so its data) arrived: the data is as fresh as an API answer at that moment. */
  at: number;
  /** The time the server rendered the page with: the first render (and hydration) shows times as of then. */
  clock: number | null;
  /** The page's origin (`https://shop.example`) while it is rendered on the server and hydrated. */
  origin: string;
  home(slug: string): StoreHome | undefined;
  categories(slug: string): InitialData['categories'];
  options(slug: string): InitialData['options'];
  product(slug: string, id: string): ProductDetail | undefined;
  /** The listing page for `query`, if the server sent that very page (same search, filters, sort and page). */
  listing(slug: string, query: Record<string, unknown>): { items: ProductCard[]; total: number } | undefined;
}

/** A page's start from the data sent with it (null: none), at `at`, on `origin`. */
export function pageStart(sent: InitialData | null, at: number, origin: string): PageStart {
  // A copy: parts are removed as they are handed out, the caller's object stays as it was.
  const data: InitialData | null = sent ? { ...sent } : null;
  const take = <K extends 'home' | 'categories' | 'options' | 'product' | 'listing'>(
    slug: string,
    key: K,
  ) => {
    if (!data || data.slug !== slug) return undefined;
    const value = data[key];
    delete data[key];
    return value as InitialData[K];
  };
  return {
    at,
    clock: sent?.now ?? null,
    origin,
    home: (slug) => take(slug, 'home'),
    categories: (slug) => take(slug, 'categories'),
    options: (slug) => take(slug, 'options'),
    product: (slug, id) => (data?.product?.id === id ? take(slug, 'product') : undefined),
    listing(slug, query) {
      const listed = data?.listing;
      if (!listed) return undefined;
      const keys = new Set([...Object.keys(query), ...Object.keys(listed.query)]);
      for (const k of keys) if ((query[k] ?? null) !== (listed.query[k] ?? null)) return undefined;
      const listing = take(slug, 'listing');
      return listing && { items: listing.items, total: listing.total };
    },
  };
}

/** The data this page was sent with, read once from the document (the browser's side). */
export function readSentData(): InitialData | null {
  const el = typeof document === 'undefined' ? null : document.getElementById('haat-data');
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as InitialData;
  } catch {
    return null; // Unreadable: the queries ask the API.
  }
}

const PageStartContext = createContext<PageStart>(pageStart(null, 0, ''));

/** Provides the page's start (main.tsx in the browser, entry-server.tsx per request on the server). */
export const PageStartProvider = PageStartContext;

export const usePageStart = () => use(PageStartContext);
