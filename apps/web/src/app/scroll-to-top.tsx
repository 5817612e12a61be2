import { useEffect } from 'react';
import { useLocation, useNavigationType } from '../lib/router.tsx';

/**
 * A new page opens at its top (after Place Order, the success page would otherwise open where checkout was
 * scrolled to). Back and forward keep the browser's own restoration; a change of query only (filters) stays put.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page (path) changes
  useEffect(() => {
    if (type !== 'POP') window.scrollTo({ top: 0 });
  }, [pathname]);
  return null;
}
