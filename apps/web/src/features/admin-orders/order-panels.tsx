import type { AdminOrderStatusBody } from '@haat/contracts';
import { formatPhone } from '@haat/contracts/phone';
import { Check, ExternalLink, Pencil } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { DetailPanel, DetailRow } from '../../components/ui/detail-panel.tsx';
import { EmailText } from '../../components/ui/email-text.tsx';
import { formatDate, formatDateTime, formatINR } from '../../lib/format.ts';
import { useCan } from '../../lib/shop-role.ts';
import type { AdminOrderDetails } from './admin-orders-api.ts';
import { PaymentStatusBadge } from './order-badges.tsx';
import { actionText, METHOD_TEXT } from './order-labels.ts';

/* The panels of the order page (02 §2 Admin order detail): items, status actions, return, payment and shipping,
   customer, timeline. They show the order and hand clicks to the page; the page owns the dialogs. */

const rupees = (n: number) => formatINR(n, { paise: true });

export function OrderItems({ order }: { order: AdminOrderDetails }) {
  // A role without money (a Packer, issue 15) sees what to pack, not prices.
  const money = useCan('money');
  return (
    <DetailPanel title="Order Items">
      <ul className="divide-y divide-slate-100">
        {order.order_item.map((i) => (
          <li key={i.id} className="flex items-center gap-3 py-3">
            {i.image ? (
              <img
                src={i.image}
                alt=""
                className="size-12 shrink-0 rounded-lg object-cover ring-1 ring-slate-200"
              />
            ) : (
              <span className="size-12 shrink-0 rounded-lg bg-slate-100" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">
                {i.product_name}
                {i.variant ? <span className="font-normal text-slate-700">, {i.variant}</span> : null}
              </p>
              <p className="text-xs text-slate-500">
                SKU {i.sku ?? '—'}
                {i.category ? ` · ${i.category}` : ''}
              </p>
            </div>
            {money ? (
              <div className="text-right text-sm">
                <p className="font-semibold text-slate-900">{rupees(i.line_total)}</p>
                <p className="text-xs text-slate-500">
                  {i.quantity} × {rupees(i.product_price)}
                </p>
              </div>
            ) : (
              <p className="text-sm font-semibold text-slate-900">× {i.quantity}</p>
            )}
          </li>
        ))}
      </ul>
      {money ? (
        <dl className="mt-2 border-t border-slate-200 pt-2">
          <DetailRow label="Subtotal">{rupees(order.subtotal)}</DetailRow>
          <DetailRow label="Shipping">
            {order.shipping_charge ? rupees(order.shipping_charge) : 'Free'}
          </DetailRow>
          {order.cod_fee ? <DetailRow label="COD fee">{rupees(order.cod_fee)}</DetailRow> : null}
          <DetailRow label="Tax (GST included)">{rupees(order.tax)}</DetailRow>
          {order.discount ? (
            <DetailRow label={`Discount${order.coupon_code ? ` (${order.coupon_code})` : ''}`}>
              −{rupees(order.discount)}
            </DetailRow>
          ) : null}
          <div className="mt-1 flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-slate-900">
            <span>Total</span>
            <span>{rupees(order.total_amount)}</span>
          </div>
        </dl>
      ) : null}
    </DetailPanel>
  );
}

export type Dialog =
  | 'ship'
  | 'edit-shipping'
  | 'edit'
  | 'payment'
  | 'cancel'
  | 'accept'
  | 'decline'
  | 'process-return'
  | 'rto'
  | 'rto-received';

export function StatusActions({
  order,
  busy,
  onMove,
  onOpen,
}: {
  order: AdminOrderDetails;
  busy: boolean;
  onMove: (status: AdminOrderStatusBody['status']) => void;
  onOpen: (d: Dialog) => void;
}) {
  const money = useCan('money');
  if (!order.next_statuses.length) {
    return (
      <DetailPanel title="Update Order Status">
        <p className="text-sm text-slate-600">
          This order is {order.status.toLowerCase()}; there is nothing further to do with it.
        </p>
      </DetailPanel>
    );
  }
  return (
    <DetailPanel title="Update Order Status">
      <div className="flex flex-wrap gap-2">
        {order.next_statuses.map((s) => {
          const label = actionText(order.status, s);
          if (s === 'CANCELLED') {
            return (
              <button key={s} type="button" className={buttonStyles.danger} onClick={() => onOpen('cancel')}>
                {label}
              </button>
            );
          }
          const dialog: Dialog | null =
            s === 'SHIPPED'
              ? 'ship'
              : s === 'RTO'
                ? 'rto'
                : s === 'RETURNED'
                  ? order.status === 'RTO'
                    ? 'rto-received'
                    : 'process-return'
                  : null;
          return (
            <button
              key={s}
              type="button"
              disabled={busy}
              className={s === 'RTO' ? buttonStyles.secondary : buttonStyles.primary}
              onClick={() => (dialog ? onOpen(dialog) : onMove(s as AdminOrderStatusBody['status']))}
            >
              {label}
            </button>
          );
        })}
      </div>
      {order.payment_method === 'COD' && order.next_statuses.includes('DELIVERED') ? (
        <p className="mt-3 text-sm text-slate-600">
          Marking it delivered records {money ? rupees(order.total_amount) : 'the amount'} as collected in
          cash.
        </p>
      ) : null}
    </DetailPanel>
  );
}

export function PaymentShipping({
  order,
  onOpen,
  canShip = true,
}: {
  order: AdminOrderDetails;
  onOpen: (d: Dialog) => void;
  /** The person's role may change the shipment (issue 15): Edit tracking shows. */
  canShip?: boolean;
}) {
  const shipped = order.trackingNumber !== null;
  const money = useCan('money');
  return (
    <DetailPanel title="Payment & Shipping">
      <dl>
        <DetailRow label="Payment status">
          <PaymentStatusBadge status={order.payment_status} />
        </DetailRow>
        <DetailRow label="Method">{METHOD_TEXT[order.payment_method]}</DetailRow>
        <DetailRow label="Transaction ID">{order.transactionId ?? '—'}</DetailRow>
        {money ? <DetailRow label="Amount">{rupees(order.payment.amount)}</DetailRow> : null}
        {order.payment.utr ? <DetailRow label="UTR">{order.payment.utr}</DetailRow> : null}
        {order.payment.received_at ? (
          <DetailRow label={order.payment_method === 'COD' ? 'Cash collected' : 'Received'}>
            {formatDateTime(order.payment.received_at)}
            {order.payment.received_by ? ` by ${order.payment.received_by}` : ''}
          </DetailRow>
        ) : null}
      </dl>
      {order.can_record_payment ? (
        <button
          type="button"
          className={`${buttonStyles.secondary} mt-3 w-full`}
          onClick={() => onOpen('payment')}
        >
          Record UPI payment
        </button>
      ) : null}
      <dl className="mt-4 border-t border-slate-200 pt-3">
        <DetailRow label="Delivery">{order.delivery_type.name}</DetailRow>
        <DetailRow label="Carrier">{order.carrier ?? '—'}</DetailRow>
        <DetailRow label="Tracking number">{order.trackingNumber ?? 'Not generated yet'}</DetailRow>
        {order.tracking_url ? (
          <DetailRow label="Tracking link">
            <a
              href={order.tracking_url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-brand-700 underline"
            >
              Track
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          </DetailRow>
        ) : null}
        <DetailRow label="Estimated delivery">
          {order.expected_delivery ? formatDate(order.expected_delivery) : order.delivery_type.estimated_time}
        </DetailRow>
        {money ? (
          <DetailRow label="Shipping cost">
            {order.shipping_charge ? rupees(order.shipping_charge) : 'Free'}
          </DetailRow>
        ) : null}
      </dl>
      {canShip && shipped && ['SHIPPED', 'DELIVERED'].includes(order.status) ? (
        <button
          type="button"
          className={`${buttonStyles.secondary} mt-3 w-full`}
          onClick={() => onOpen('edit-shipping')}
        >
          <Pencil aria-hidden className="size-4" />
          Edit tracking
        </button>
      ) : null}
    </DetailPanel>
  );
}

export function CustomerInfo({ order }: { order: AdminOrderDetails }) {
  const a = order.shipping_address;
  return (
    <DetailPanel title="Customer Information">
      <p className="font-semibold text-slate-900">
        {order.user.first_name} {order.user.last_name}
      </p>
      {order.user.email ? (
        <p className="text-sm break-words text-slate-600">
          <EmailText email={order.user.email} />
        </p>
      ) : null}
      {order.user.phone ? <p className="text-sm text-slate-600">{formatPhone(order.user.phone)}</p> : null}
      <h3 className="mt-4 text-xs font-semibold tracking-wide text-slate-500 uppercase">Shipping address</h3>
      <address className="mt-1 text-sm text-slate-700 not-italic">
        {a.full_name}
        <br />
        {a.address_line1}
        {a.address_line2 ? (
          <>
            <br />
            {a.address_line2}
          </>
        ) : null}
        <br />
        {a.city}, {a.state} {a.postal_code}
        <br />
        {a.country}
        {a.phone_number ? (
          <>
            <br />
            Phone: {formatPhone(a.phone_number)}
          </>
        ) : null}
      </address>
      {order.customer_note ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Note to customer: {order.customer_note}
        </p>
      ) : null}
    </DetailPanel>
  );
}

export function Timeline({ order }: { order: AdminOrderDetails }) {
  const last = order.timeline.length - 1;
  return (
    <DetailPanel title="Order Timeline">
      <ol className="space-y-4" aria-label="Order timeline">
        {order.timeline.map((e, i) => (
          <li key={`${e.status}-${e.at}`} className="flex gap-3">
            {/* Every step here has happened: a filled, ticked circle; the latest one ringed. */}
            <span
              aria-hidden
              className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white ${
                i === last ? 'ring-4 ring-brand-100' : ''
              }`}
            >
              <Check className="size-3.5" strokeWidth={3} />
            </span>
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                <span className="sr-only">{i === last ? 'Latest step, done: ' : 'Done: '}</span>
                {e.label}
              </p>
              <p className="text-xs text-slate-500">
                {formatDateTime(e.at)}
                {e.by ? ` · ${e.by}` : ''}
              </p>
              {e.note ? <p className="mt-0.5 text-sm break-words text-slate-700">{e.note}</p> : null}
            </div>
          </li>
        ))}
      </ol>
    </DetailPanel>
  );
}
