import { SHOP_CATEGORIES } from '@haat/contracts/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from '../../lib/router.tsx';
import type { CategoryFilter } from './use-store-list.ts';

export const SEARCH_DEBOUNCE_MS = 300;
export const CATEGORY_CHOICES: readonly CategoryFilter[] = ['All', ...SHOP_CATEGORIES];

const parseCategory = (value: string | null): CategoryFilter =>
  CATEGORY_CHOICES.find((c) => c.toLowerCase() === value?.toLowerCase()) ?? 'All';
const parsePage = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
};

type Key = 'q' | 'category' | 'city' | 'page';

/**
 * Shop-discovery filters live in the URL (?q=&category=&city=&page=). On the landing page they are written with
 * replace, so Back leaves the page instead of stepping through every change; the All Shops page pushes, so
 * Back returns to the previous filter or page. Any filter change goes back to page 1. The search box is
 * debounced before it reaches the URL (and so the server).
 */
export function useShopFilters({ history = 'replace' }: { history?: 'replace' | 'push' } = {}) {
  const [params, setParams] = useSearchParams();
  const search = params.get('q')?.trim() ?? '';
  const category = parseCategory(params.get('category'));
  const city = params.get('city')?.trim() ?? '';
  const page = parsePage(params.get('page'));
  const [searchText, setSearchTextState] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const write = useCallback(
    (changes: Partial<Record<Key, string | null>>, opts: { replace?: boolean } = {}) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          // A new filter starts again from the first page.
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: opts.replace ?? history === 'replace', preventScrollReset: true },
      ),
    [setParams, history],
  );

  // The URL changed from outside (Back, a link): show its search in the box.
  useEffect(() => {
    setSearchTextState((current) => (current.trim() === search ? current : search));
  }, [search]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const setSearchText = (text: string) => {
    setSearchTextState(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (text.trim() !== search) write({ q: text.trim() || null });
    }, SEARCH_DEBOUNCE_MS);
  };

  const setCategory = (next: CategoryFilter) => write({ category: next === 'All' ? null : next });
  const setCity = (next: string) => write({ city: next || null });
  const setPage = (next: number, opts?: { replace?: boolean }) =>
    write({ page: next > 1 ? String(next) : null }, opts);

  const clearFilters = () => {
    clearTimeout(timer.current);
    setSearchTextState('');
    write({ q: null, category: null, city: null });
  };

  const filtered = search !== '' || category !== 'All' || city !== '';
  return {
    search,
    category,
    city,
    page,
    searchText,
    filtered,
    setSearchText,
    setCategory,
    setCity,
    setPage,
    clearFilters,
  };
}

export type ShopFilters = ReturnType<typeof useShopFilters>;
