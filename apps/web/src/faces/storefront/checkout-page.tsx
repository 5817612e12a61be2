import { CheckoutView } from '../../features/checkout/checkout-view.tsx';

/** /checkout (customers only: the route wraps it in RequireRole CUSTOMER). */
export function CheckoutPage({ slug, base }: { slug: string; base: string }) {
  return <CheckoutView slug={slug} base={base} />;
}
