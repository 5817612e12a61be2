import { formatPhone } from '@haat/contracts/phone';
import { Eye } from 'lucide-react';
import { formatDate, formatINR, formatTime } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import { useCan } from '../../lib/shop-role.ts';
import type { AdminOrderRow } from './admin-orders-api.ts';
import { AwaitingConfirmationBadge } from './cod-confirmation.tsx';
import { RiskFlag } from './cod-risk.tsx';
import { OrderStatusBadge, PaymentStatusBadge, ReturnRequestedBadge } from './order-badges.tsx';
import { METHOD_TEXT } from './order-labels.ts';

export const orderPath = (id: string) => `/admin-orders/${id}`;
const NO_TRACKING = 'Not generated yet';

interface ListProps {
  orders: AdminOrderRow[];
  loading: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (on: boolean) => void;
}

const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`;
const customer = (o: AdminOrderRow) =>
  `${o.user.first_name} ${o.user.last_name}`.trim() || o.shipping_address.full_name;

function Check({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
}) {
  return (
    <input
      type="checkbox"
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      aria-label={label}
      className="size-4 rounded border-slate-300 accent-brand-700"
    />
  );
}

/** Order Management's table (02 §2 columns), for wider screens; phones get `OrderCards`. */
export function OrderTable({ orders, loading, selected, onToggle, onToggleAll }: ListProps) {
  const all = orders.length > 0 && orders.every((o) => selected.has(o.id));
  // A role without money (a Packer, issue 15) sees the items, not the amounts.
  const money = useCan('money');
  return (
    <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 lg:block">
      <table className={`w-full text-left text-sm ${loading ? 'opacity-60' : ''}`}>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-10 px-2.5 py-3">
              <Check checked={all} onChange={onToggleAll} label="Select all orders on this page" />
            </th>
            <th scope="col" className="px-2.5 py-3">
              Order ID
            </th>
            <th scope="col" className="px-2.5 py-3">
              Customer Details
            </th>
            <th scope="col" className="px-2.5 py-3 text-right">
              {money ? 'Amount' : 'Items'}
            </th>
            <th scope="col" className="px-2.5 py-3">
              Order Status
            </th>
            <th scope="col" className="px-2.5 py-3">
              Payment Status
            </th>
            <th scope="col" className="px-2.5 py-3">
              Payment Method
            </th>
            <th scope="col" className="px-2.5 py-3">
              Tracking
            </th>
            <th scope="col" className="px-2.5 py-3">
              Shipping
            </th>
            <th scope="col" className="px-2.5 py-3">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {orders.map((o) => (
            <tr key={o.id} className="align-top hover:bg-slate-50">
              <td className="px-2.5 py-3">
                <Check
                  checked={selected.has(o.id)}
                  onChange={() => onToggle(o.id)}
                  label={`Select order ${o.order_number}`}
                />
              </td>
              <td className="px-2.5 py-3 whitespace-nowrap">
                <Link to={orderPath(o.id)} className="font-semibold text-slate-900 hover:text-brand-700">
                  {o.order_number}
                </Link>
                <p className="text-xs text-slate-500">{formatDate(o.created_at)}</p>
                <p className="text-xs text-slate-500">{formatTime(o.created_at)}</p>
              </td>
              <td className="max-w-44 px-2.5 py-3">
                <p className="font-medium text-slate-900">{customer(o)}</p>
                {o.user.email ? <p className="truncate text-xs text-slate-500">{o.user.email}</p> : null}
                {o.user.phone ? <p className="text-xs text-slate-500">{formatPhone(o.user.phone)}</p> : null}
              </td>
              <td className="px-2.5 py-3 text-right whitespace-nowrap">
                {money ? (
                  <p className="font-semibold text-slate-900">{formatINR(o.total_amount, { paise: true })}</p>
                ) : null}
                <p className="text-xs text-slate-500">{items(o.total_items)}</p>
              </td>
              <td className="space-y-1 px-2.5 py-3">
                <OrderStatusBadge status={o.status} />
                {o.return_requested ? (
                  <div>
                    <ReturnRequestedBadge />
                  </div>
                ) : null}
                <RiskFlag reasons={o.cod_risk} />
                <AwaitingConfirmationBadge confirmation={o.cod_confirmation} />
              </td>
              <td className="px-2.5 py-3">
                <PaymentStatusBadge status={o.payment_status} />
              </td>
              <td className="max-w-24 px-2.5 py-3 text-slate-700">{METHOD_TEXT[o.payment_method]}</td>
              <td className="max-w-28 px-2.5 py-3 text-slate-700">
                {o.trackingNumber ? (
                  <>
                    <p className="text-xs font-medium break-all">{o.trackingNumber}</p>
                    <p className="text-xs text-slate-500">{o.carrier}</p>
                  </>
                ) : (
                  <span className="text-xs text-slate-500">{NO_TRACKING}</span>
                )}
              </td>
              <td className="max-w-32 px-2.5 py-3 text-slate-700">
                {o.shipping_address.city}, {o.shipping_address.state}
              </td>
              <td className="px-2.5 py-3">
                <Link
                  to={orderPath(o.id)}
                  aria-label={`View order ${o.order_number}`}
                  className="inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-brand-700"
                >
                  <Eye aria-hidden className="size-4" />
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The same orders as cards, for phones and tablets. */
export function OrderCards({ orders, loading, selected, onToggle }: ListProps) {
  const money = useCan('money');
  return (
    <ul className={`space-y-3 lg:hidden ${loading ? 'opacity-60' : ''}`} aria-label="Orders">
      {orders.map((o) => (
        <li key={o.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="flex items-start gap-3">
            <Check
              checked={selected.has(o.id)}
              onChange={() => onToggle(o.id)}
              label={`Select order ${o.order_number}`}
            />
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-2">
                <div>
                  <Link to={orderPath(o.id)} className="font-semibold text-slate-900">
                    {o.order_number}
                  </Link>
                  <p className="text-xs text-slate-500">{formatDate(o.created_at)}</p>
                </div>
                <p className="text-right font-semibold text-slate-900">
                  {money ? formatINR(o.total_amount, { paise: true }) : null}
                  <span className="block text-xs font-normal text-slate-500">{items(o.total_items)}</span>
                </p>
              </div>
              <p className="mt-2 text-sm font-medium text-slate-900">{customer(o)}</p>
              <p className="text-xs break-all text-slate-500">
                {[o.user.phone && formatPhone(o.user.phone), o.shipping_address.city]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <div className="mt-2 flex flex-wrap gap-1.5">
                <OrderStatusBadge status={o.status} />
                <PaymentStatusBadge status={o.payment_status} />
                {o.return_requested ? <ReturnRequestedBadge /> : null}
                <AwaitingConfirmationBadge confirmation={o.cod_confirmation} />
              </div>
              {o.cod_risk.length ? (
                <div className="mt-2">
                  <RiskFlag reasons={o.cod_risk} />
                </div>
              ) : null}
              <p className="mt-2 text-xs text-slate-600">
                {METHOD_TEXT[o.payment_method]} ·{' '}
                {o.trackingNumber ? `${o.carrier} ${o.trackingNumber}` : NO_TRACKING}
              </p>
              <Link
                to={orderPath(o.id)}
                className="mt-3 inline-flex h-9 items-center gap-1.5 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-700"
              >
                <Eye aria-hidden className="size-4" />
                View order
              </Link>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
