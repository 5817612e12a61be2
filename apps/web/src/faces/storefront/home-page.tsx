import { StorefrontHomePage } from '../../features/storefront-home/storefront-home-page.tsx';

/** A shop's home: a page chunk of its own, so the listing and the product page do not carry its sections. */
export function HomePage(props: { slug: string; base: string; storeName: string }) {
  return <StorefrontHomePage {...props} />;
}
