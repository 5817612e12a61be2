import { OrdersView } from '../../features/orders/orders-view.tsx';

/** /orders and /order (customers only): Your Orders. */
export function OrdersPage({ slug, base }: { slug: string; base: string }) {
  return <OrdersView slug={slug} base={base} />;
}
