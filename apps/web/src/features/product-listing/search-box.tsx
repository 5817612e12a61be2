import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 400;

/** The listing's search: applies on Enter at once, or 400 ms after the shopper stops typing. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  // The address bar is the truth: Back or Clear filters put its words back in the box.
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text.trim() === value) return;
    const t = setTimeout(() => onSearchRef.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, value]);

  return (
    <search className="relative flex-1">
      <form
        className="relative"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim() !== value) onSearch(text.trim());
        }}
      >
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          aria-label="Search products"
          placeholder="Search products"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          className="w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-3 pl-9 text-sm text-slate-900 focus:outline-2 focus:outline-brand-500"
        />
      </form>
    </search>
  );
}
