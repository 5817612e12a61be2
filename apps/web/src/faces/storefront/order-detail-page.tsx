import { OrderDetail } from '../../features/orders/order-detail.tsx';
import { useParams } from '../../lib/router.tsx';

/** /orders/{id} (customers only): one order. */
export function OrderDetailPage({ slug, base }: { slug: string; base: string }) {
  const { id = '' } = useParams();
  return <OrderDetail key={id} slug={slug} base={base} id={id} />;
}
