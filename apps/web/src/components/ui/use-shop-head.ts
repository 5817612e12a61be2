// Kit: the tab title and meta description of a shop's pages, made by the function the server writes them with.
import type { PageHead } from '@haat/contracts/seo';
import { useEffect } from 'react';

/** Writes a page's title and meta description into the document. */
export function applyHead(head: PageHead) {
  document.title = head.title;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (meta) meta.content = head.description;
}

/**
 * Sets the page's head after every render while the calling page is shown (null: leaves it): the shop face puts
 * back the shop's own head on each navigation, in a layout effect, before this runs.
 */
export function useShopHead(head: PageHead | null) {
  useEffect(() => {
    if (head) applyHead(head);
  });
}
