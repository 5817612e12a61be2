import type { CustomerOrder } from '@haat/contracts';
import { ArrowLeft, BadgeCheck, PackageSearch } from 'lucide-react';
import { useEffect } from 'react';
import { paths } from '../../app/paths.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isNotFound } from '../../lib/api.ts';
import { formatAmount, formatDate } from '../../lib/format.ts';
import { Link, useLocation } from '../../lib/router.tsx';
import { ProductThumb } from '../products/index.ts';
import { CodConfirm } from './cod-confirm.tsx';
import { KeepAccount } from './keep-account.tsx';
import { OrderActions, OrderNotes } from './order-actions.tsx';
import { OrderFacts } from './order-facts.tsx';
import { OrderShare } from './order-share.tsx';
import { itemsText, OrderStatusBadge, orderDateLine, orderTitle } from './order-status.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { useOrder } from './orders-api.ts';
import { TotalsList } from './totals-list.tsx';
import { UpiPayment } from './upi-payment.tsx';

/** An unknown order, or another customer's: the shop's not-found look. */
export function OrderNotFound({ base }: { base: string }) {
  return (
    <div className="mx-auto flex min-h-[50dvh] max-w-md flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <PackageSearch aria-hidden className="size-12 text-brand-600" />
      <h1 className="text-2xl font-bold text-slate-900">Order not found</h1>
      <p className="text-slate-600">We couldn't find this order among the orders of your account.</p>
      <Link to={paths.shop.orders(base)} className={buttonStyles.primary}>
        Your Orders
      </Link>
    </div>
  );
}

function Items({ order, base }: { order: CustomerOrder; base: string }) {
  return (
    <ul aria-label="Items in this order" className="divide-y divide-slate-100">
      {order.product.items.map((item) => (
        <li key={item.id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
          <div className="size-16 shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
            <ProductThumb src={item.image} alt="" />
          </div>
          <div className="min-w-0 flex-1">
            <Link
              to={paths.shop.product(base, item.product_id)}
              className="line-clamp-2 font-medium text-slate-900 hover:text-brand-700 hover:underline"
            >
              {item.name}
            </Link>
            {item.variant ? (
              <p className="text-sm text-slate-700">
                {item.variant}
                {item.sku ? <span className="text-slate-500"> · SKU {item.sku}</span> : null}
              </p>
            ) : null}
            <p className="text-sm text-slate-600">
              {item.quantity} × {formatAmount(item.unit_price)}
            </p>
            {item.reviewed ? (
              <p className="mt-0.5 inline-flex items-center gap-1 text-xs font-medium text-green-700">
                <BadgeCheck aria-hidden className="size-3.5" /> Reviewed
              </p>
            ) : null}
          </div>
          <p className="shrink-0 font-semibold text-slate-900 tabular-nums">
            {formatAmount(item.line_total)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** /orders/{id}: status and timeline, items, address, delivery, payment, totals, tracking and the actions. */
export function OrderDetail({ slug, base, id }: { slug: string; base: string; id: string }) {
  const query = useOrder(slug, id);
  const order = query.data;
  const { hash } = useLocation();

  // Track Order / Track Package land here with #timeline.
  const loaded = !!order;
  useEffect(() => {
    if (!loaded || hash !== '#timeline') return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document
      .getElementById('timeline')
      ?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, [loaded, hash]);

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
        <h1 className="text-xl font-bold text-slate-900">We couldn't load this order</h1>
        <button type="button" onClick={() => query.refetch()} className={`${buttonStyles.primary} mt-4`}>
          Try again
        </button>
      </div>
    );
  }

  const dateLine = orderDateLine(order);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
      <Link
        to={paths.shop.orders(base)}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Your Orders
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{orderTitle(order)}</h1>
          <p className="text-sm text-slate-600">
            Placed on <time dateTime={order.created_at}>{formatDate(order.created_at)}</time> ·{' '}
            {itemsText(order.total_items)}
          </p>
          {dateLine ? <p className="mt-1 text-sm font-medium text-slate-800">{dateLine}</p> : null}
        </div>
        <OrderStatusBadge status={order.status} />
      </header>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <UpiPayment order={order} />
          <CodConfirm order={order} slug={slug} />
          <section
            id="timeline"
            aria-labelledby="timeline-title"
            className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
          >
            <h2 id="timeline-title" className="mb-4 text-lg font-bold text-slate-900">
              Order status
            </h2>
            <OrderTimeline steps={order.timeline} />
          </section>
          <section
            aria-labelledby="items-title"
            className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
          >
            <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
              <h2 id="items-title" className="text-lg font-bold text-slate-900">
                Items
              </h2>
              <OrderShare order={order} base={base} />
            </div>
            <Items order={order} base={base} />
          </section>
          <div className="space-y-3">
            <OrderNotes order={order} />
            <OrderActions order={order} slug={slug} base={base} onOrderPage />
          </div>
          <KeepAccount slug={slug} />
        </div>
        <aside aria-label="Order information" className="space-y-4">
          <OrderFacts order={order} slug={slug} />
          <section aria-labelledby="totals-title" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="totals-title" className="mb-3 text-lg font-bold text-slate-900">
              Order total
            </h2>
            <TotalsList
              subtotal={order.subtotal}
              discount={order.discount}
              couponCode={order.coupon_code}
              delivery={order.shipping_charge}
              codFee={order.cod_fee}
              gst={order.tax}
              total={order.total_amount}
            />
          </section>
        </aside>
      </div>
    </div>
  );
}
