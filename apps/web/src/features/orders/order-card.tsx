import type { CustomerOrder } from '@haat/contracts';
import { useId } from 'react';
import { formatAmount, formatDate } from '../../lib/format.ts';
import { ProductThumb } from '../products/index.ts';
import { OrderActions, OrderNotes } from './order-actions.tsx';
import { itemsText, OrderStatusBadge, orderDateLine, orderTitle } from './order-status.tsx';

/** One order in Your Orders (02 §2): number, date, status, first product, items, address, total, actions. */
export function OrderCard({ order, slug, base }: { order: CustomerOrder; slug: string; base: string }) {
  const titleId = useId();
  const { product, shipping_address: address } = order;
  const more = product.items.length - 1;
  const dateLine = orderDateLine(order);

  return (
    <article
      aria-labelledby={titleId}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="order-card"
    >
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 bg-slate-50 px-4 py-3">
        <div className="min-w-0">
          <h2 id={titleId} className="font-bold text-slate-900">
            {orderTitle(order)}
          </h2>
          <p className="text-sm text-slate-600">
            Placed on <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>
      <div className="flex gap-3 p-4 sm:gap-4">
        <div className="size-20 shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-50 sm:size-24">
          <ProductThumb src={product.image} alt="" />
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <p className="line-clamp-2 font-medium text-slate-900">{product.name}</p>
          {product.items[0]?.variant ? (
            <p className="text-sm text-slate-700">
              {product.items[0].variant}
              {product.items[0].sku ? (
                <span className="text-slate-500"> · SKU {product.items[0].sku}</span>
              ) : null}
            </p>
          ) : null}
          {more > 0 ? (
            <p className="text-sm text-slate-600">
              and {more} more {more === 1 ? 'item' : 'items'}
            </p>
          ) : null}
          <p className="text-sm text-slate-600">{itemsText(order.total_items)}</p>
          {dateLine ? <p className="text-sm font-medium text-slate-800">{dateLine}</p> : null}
        </div>
      </div>
      <dl className="grid gap-3 px-4 pb-4 text-sm sm:grid-cols-[minmax(0,1fr)_auto]">
        <div className="min-w-0">
          <dt className="text-slate-500">Deliver to</dt>
          <dd className="truncate text-slate-800">
            {address.full_name}, {address.address_line1}, {address.city}
          </dd>
        </div>
        <div className="sm:text-right">
          <dt className="text-slate-500">Total</dt>
          <dd className="text-base font-bold text-slate-900 tabular-nums">
            {formatAmount(order.total_amount)}
          </dd>
        </div>
      </dl>
      <div className="space-y-3 border-t border-slate-100 px-4 py-3">
        <OrderNotes order={order} />
        <OrderActions order={order} slug={slug} base={base} />
      </div>
    </article>
  );
}
