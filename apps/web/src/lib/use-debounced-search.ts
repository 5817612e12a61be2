import { useEffect, useRef, useState } from 'react';

/**
 * A search box's text and its change handler: `onSearch` gets the trimmed text `delayMs` after the last key, and
 * at once through `flush` (Enter). The text follows `value` when it changes another way (Back, Clear filters).
 */
export function useDebouncedSearch(value: string, onSearch: (s: string) => void, delayMs = 500) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    text,
    onChange: (next: string) => {
      setText(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(next.trim()), delayMs);
    },
    flush: () => {
      clearTimeout(timer.current);
      latest.current(text.trim());
    },
  };
}
