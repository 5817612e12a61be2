// Only the type: the contract's values live beside its schemas, and the listing must not load zod to read a list.
import type { PRODUCT_SORTS } from '@haat/contracts';
import { PRODUCT_PAGE_SIZES } from '@haat/contracts/constants';

/** Page-size choices of the listing (01 §2). */
export const PAGE_SIZES = PRODUCT_PAGE_SIZES;

export type Sort = (typeof PRODUCT_SORTS)[number];

export const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Relevance',
  price_asc: 'Price low to high',
  price_desc: 'Price high to low',
  rating: 'Customer Rating',
  newest: 'Newest First',
  best_selling: 'Best Selling',
};
/** Every sort the server knows (SORT_LABELS must name each one, so this stays the contract's list). */
const SORTS = Object.keys(SORT_LABELS) as Sort[];

/** Listing defaults (01 §9): price 0 to 10000, any rating, no category. */
export const PRICE_DEFAULTS = { min: 0, max: 10_000 } as const;
export const RATING_CHOICES = [4, 3, 2, 1] as const;

/** The price range's problem in the shopper's words (the server's own words for min above max), or null. */
export function priceRangeError(
  min: number | null | undefined,
  max: number | null | undefined,
): string | null {
  if ((min != null && !(min >= 0)) || (max != null && !(max >= 0))) return 'Enter prices of 0 or more';
  if (min != null && max != null && min > max) return 'The lowest price must not be above the highest';
  return null;
}

export interface ListingState {
  q: string;
  category: string;
  /** Only set when the shopper changed them; otherwise the server does not filter by price. */
  min: number | null;
  max: number | null;
  rating: number;
  /** Sizes, colours or packs in stock, as the server reads them: "Size:M,Colour:Blue"; '' for any. */
  option: string;
  sort: Sort;
  size: number;
  page: number;
}

const num = (raw: string | null) => {
  if (raw == null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** Reads the listing from the address bar (every choice lives there, so Back restores it). */
export function readListing(params: URLSearchParams): ListingState {
  const sort = params.get('sort') as Sort | null;
  const size = Number(params.get('size'));
  const rating = Number(params.get('rating'));
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.trim() ?? '',
    category: params.get('category') ?? '',
    min: num(params.get('min')),
    max: num(params.get('max')),
    rating: RATING_CHOICES.includes(rating as 4) ? rating : 0,
    option: params.get('option')?.trim() ?? '',
    sort: sort && SORTS.includes(sort) ? sort : 'relevance',
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0],
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address-bar form of a listing, leaving defaults out so links stay short. */
export function writeListing(s: ListingState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.q) p.set('q', s.q);
  if (s.category) p.set('category', s.category);
  if (s.min != null) p.set('min', String(s.min));
  if (s.max != null) p.set('max', String(s.max));
  if (s.rating) p.set('rating', String(s.rating));
  if (s.option) p.set('option', s.option);
  if (s.sort !== 'relevance') p.set('sort', s.sort);
  if (s.size !== PAGE_SIZES[0]) p.set('size', String(s.size));
  if (s.page > 1) p.set('page', String(s.page));
  return p;
}

/** The server query for a listing state. */
export const toServerQuery = (s: ListingState) => ({
  search: s.q || undefined,
  category: s.category || undefined,
  min_price: s.min ?? undefined,
  max_price: s.max ?? undefined,
  rating: s.rating || undefined,
  ...(s.option ? { option: s.option } : {}),
  sort: s.sort,
  limit: s.size,
  offset: (s.page - 1) * s.size,
});

/** "Size:M,Colour:Blue" as a map of option name to the chosen value. */
export const chosenOptions = (raw: string) =>
  new Map(
    raw
      .split(',')
      .map((pair) => pair.split(':').map((x) => x.trim()))
      .filter((x): x is [string, string] => x.length === 2 && !!x[0] && !!x[1]),
  );

/** The filter after choosing (or, chosen again, clearing) one value of one option. */
export function toggleOption(raw: string, name: string, value: string) {
  const chosen = chosenOptions(raw);
  if (chosen.get(name) === value) chosen.delete(name);
  else chosen.set(name, value);
  return [...chosen].map(([n, v]) => `${n}:${v}`).join(',');
}
