// Kit: writes a shop page's head from shopPageHead (loaded after the first page, see use-shop-head.ts).
import { type PageHead, shopPageHead } from '@haat/contracts/seo';

export type MakeHead = (seo: { shopPageHead: typeof shopPageHead }) => PageHead | null;

/** Writes the title and meta description `make` gives (null: leaves them). */
export function applyHead(make: MakeHead) {
  const head = make({ shopPageHead });
  if (!head) return;
  document.title = head.title;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (meta) meta.content = head.description;
}
