import { SHOP_CATEGORIES } from '@haat/contracts/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CategoryFilter } from './use-store-list.ts';

export const SEARCH_DEBOUNCE_MS = 300;
export const CATEGORY_CHOICES: readonly CategoryFilter[] = ['All', ...SHOP_CATEGORIES];

const parseCategory = (value: string | null): CategoryFilter =>
  CATEGORY_CHOICES.find((c) => c.toLowerCase() === value?.toLowerCase()) ?? 'All';

/**
 * Shop-discovery filters live in the URL (?q=&category=), written with replace so Back leaves the
 * page instead of stepping through every keystroke. The search box is debounced before it reaches
 * the URL (and so the server).
 */
export function useShopFilters() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q')?.trim() ?? '';
  const category = parseCategory(params.get('category'));
  const [searchText, setSearchTextState] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const writeParam = useCallback(
    (key: 'q' | 'category', value: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  // The URL changed from outside (Back, a link): show its search in the box.
  useEffect(() => {
    setSearchTextState((current) => (current.trim() === search ? current : search));
  }, [search]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const setSearchText = (text: string) => {
    setSearchTextState(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => writeParam('q', text.trim() || null), SEARCH_DEBOUNCE_MS);
  };

  const setCategory = (next: CategoryFilter) => writeParam('category', next === 'All' ? null : next);

  const clearFilters = () => {
    clearTimeout(timer.current);
    setSearchTextState('');
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('q');
        next.delete('category');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return { search, category, searchText, setSearchText, setCategory, clearFilters };
}
