// Imported by a shopper's first pages through `@haat/contracts/seo`: keep this file free of zod (scripts/js-budget.ts).

/** What a shop page's title and description are made from: the shop, and on a product page the product. */
export interface HeadShop {
  store_name: string;
  short_description: string | null;
  description: string | null;
}
export interface HeadProduct {
  product_name: string;
  product_description: string | null;
}
export type ShopHeadPage = 'home' | 'listing' | { product: HeadProduct };

export interface PageHead {
  title: string;
  description: string;
}

/** Text of a description that may be HTML (a product's is): tags dropped, whitespace collapsed, clipped. */
export function plainText(s: string | null | undefined, max = 160): string | undefined {
  if (!s) return undefined;
  const text = s
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The tab title and meta description of a shop's page: the server writes them into the HTML (apps/api's
 * plugins/seo.ts) and the web app sets the same after hydration and on every page it shows, so they always agree.
 */
export function shopPageHead(shop: HeadShop, page: ShopHeadPage): PageHead {
  const shopText =
    plainText(shop.short_description) ?? plainText(shop.description) ?? `Shop online at ${shop.store_name}.`;
  if (page === 'home') return { title: shop.store_name, description: shopText };
  if (page === 'listing') return { title: `All Products | ${shop.store_name}`, description: shopText };
  const p = page.product;
  return {
    title: `${p.product_name} | ${shop.store_name}`,
    description: plainText(p.product_description) ?? `Buy ${p.product_name} from ${shop.store_name}.`,
  };
}
