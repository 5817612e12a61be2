import { ProductListingPage } from '../../features/product-listing/product-listing-page.tsx';

/** /products on a shop: the All Products listing. */
export function ProductsPage({ slug, base }: { slug: string; base: string }) {
  return <ProductListingPage slug={slug} base={base} />;
}
