import { OrderSuccess } from '../../features/orders/order-success.tsx';
import { useSearchParams } from '../../lib/router.tsx';

/** /order/success?orderId= (customers only). */
export function OrderSuccessPage({ slug, base }: { slug: string; base: string }) {
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  return <OrderSuccess key={orderId} slug={slug} base={base} orderId={orderId} />;
}
