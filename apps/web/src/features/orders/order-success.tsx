import { ONLINE_PAYMENT_MINUTES } from '@haat/contracts/constants';
import { CircleCheck, CreditCard } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { paths } from '../../app/paths.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isNotFound } from '../../lib/api.ts';
import { formatAmount } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import { CodConfirm } from './cod-confirm.tsx';
import { celebrate } from './confetti.ts';
import { KeepAccount } from './keep-account.tsx';
import { trackingPath } from './order-actions.tsx';
import { OrderNotFound } from './order-detail.tsx';
import { estimatedDelivery, NO_TRACKING } from './order-facts.tsx';
import { itemsText, OrderStatusBadge } from './order-status.tsx';
import { useOrder } from './orders-api.ts';
import { awaitsUpi, UpiPayment } from './upi-payment.tsx';

export const CONFETTI_MS = 5000;
/** Paying online (issue 44): loaded only for an order paid that way. */
const OnlinePaymentPanel = lazy(() => import('./online-payment.tsx'));

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 font-medium break-words text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}

/** The screen's head: thanks for an order placed, or, for one paid online and not paid yet, what is left to do. */
function SuccessHead({ unpaid }: { unpaid: boolean }) {
  const Icon = unpaid ? CreditCard : CircleCheck;
  return (
    <div className="text-center">
      <div
        className={`mx-auto flex size-16 items-center justify-center rounded-full ${unpaid ? 'bg-amber-50 text-amber-700' : 'bg-green-50 text-green-600'}`}
      >
        <Icon aria-hidden className="size-9" />
      </div>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">
        {unpaid ? 'Your order is waiting for payment' : 'Thank you for your order!'}
      </h1>
      <p className="mt-2 text-slate-600">
        {unpaid
          ? `The shop confirms it once your payment goes through. If it is not paid within ${ONLINE_PAYMENT_MINUTES} minutes, it is cancelled.`
          : "We've sent the details to your email. The shop will start preparing your order soon."}
      </p>
    </div>
  );
}

/** /order/success?orderId=: the thank-you screen with the order's key facts and, for UPI, how to pay. */
export function OrderSuccess({ slug, base, orderId }: { slug: string; base: string; orderId: string }) {
  const query = useOrder(slug, orderId, 'success');
  const order = query.data;
  const found = !!order;
  // An order paid online is only confirmed once the payment is (issue 44): no thanks and no confetti before that.
  const unpaid = order?.payment_method === 'ONLINE' && order.payment_status !== 'SUCCESS';

  useEffect(() => (found && !unpaid ? celebrate(CONFETTI_MS) : undefined), [found, unpaid]);

  if (!orderId) return <OrderNotFound base={base} />;
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 px-4 py-20 text-slate-600">
        <Spinner /> Loading your order..
      </p>
    );
  }
  if (!order) {
    if (isNotFound(query.error)) return <OrderNotFound base={base} />;
    return (
      <div className="mx-auto max-w-md px-6 py-16 text-center">
        <h1 className="text-xl font-bold text-slate-900">We couldn't load your order</h1>
        <button type="button" onClick={() => query.refetch()} className={`${buttonStyles.primary} mt-4`}>
          Try again
        </button>
      </div>
    );
  }

  const a = order.shipping_address;
  const estimate = estimatedDelivery(order);
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <SuccessHead unpaid={unpaid} />

      <section
        aria-labelledby="success-summary"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="success-summary" className="sr-only">
          Order summary
        </h2>
        <dl className="divide-y divide-slate-100" data-testid="success-facts">
          <Fact label="Order number">{order.order_number}</Fact>
          <Fact label="Total amount">{formatAmount(order.total_amount)}</Fact>
          <Fact label="Items">{itemsText(order.total_items)}</Fact>
          <Fact label="Tracking number">{order.trackingNumber ?? NO_TRACKING}</Fact>
          {estimate ? <Fact label="Estimated delivery">{estimate}</Fact> : null}
          <Fact label="Delivery address">
            {a.address_line1}, {a.city}
          </Fact>
          <Fact label="Status">
            <OrderStatusBadge status={order.status} />
          </Fact>
        </dl>
      </section>

      <div className="mt-6 empty:hidden">
        <CodConfirm order={order} slug={slug} />
      </div>
      <div className="mt-6 empty:hidden">
        <KeepAccount slug={slug} />
      </div>
      {order.payment_method === 'ONLINE' ? (
        <div className="mt-6">
          <Suspense fallback={null}>
            <OnlinePaymentPanel order={order} slug={slug} />
          </Suspense>
        </div>
      ) : null}
      {awaitsUpi(order) ? (
        <div className="mt-6">
          <UpiPayment order={order} />
        </div>
      ) : null}

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={trackingPath(base, order.id)} className={buttonStyles.primary}>
          Track Order
        </Link>
        <Link to={paths.shop.order(base, order.id)} className={buttonStyles.secondary}>
          View Order Details
        </Link>
        <Link to={paths.shop.products(base)} className={buttonStyles.ghost}>
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}
