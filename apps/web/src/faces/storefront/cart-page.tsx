import { CartView } from '../../features/cart/cart-view.tsx';

/** /cart (customers only: the route wraps it in RequireRole CUSTOMER). */
export function CartPage({ base }: { base: string }) {
  return <CartView base={base} />;
}
