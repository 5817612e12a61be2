// Kit: the tab title and meta description of a shop's pages, made by the function the server writes them with.
import { useEffect } from 'react';
import type { MakeHead } from './shop-head.ts';

let loading: Promise<typeof import('./shop-head.ts')> | undefined;

/**
 * Sets the head `make` gives with shopPageHead, loaded after the first page: the server wrote that page's head
 * already, and the first page stays within its JavaScript budget (scripts/js-budget.ts). One promise, so heads
 * apply in the order asked.
 */
export function setShopHead(make: MakeHead) {
  loading ??= import('./shop-head.ts');
  void loading.then((m) => m.applyHead(make));
}

/**
 * Sets the page's head after every render while the calling page is shown: the shop face puts back the shop's own
 * head on each navigation, in a layout effect, before this runs.
 */
export function useShopHead(make: MakeHead) {
  useEffect(() => setShopHead(make));
}
