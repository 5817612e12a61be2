import type { CustomerOrder } from '@haat/contracts';
import { formatPhone } from '@haat/contracts/phone';
import { knownCarrier } from '@haat/contracts/tracking';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format.ts';
import { InvoiceDownload } from './invoice-download.tsx';

/** The tracking number is given when the shop ships the order. */
export const NO_TRACKING = 'Not generated yet it will be generated soon';

export const PAYMENT_METHOD_LABELS: Record<CustomerOrder['payment_method'], string> = {
  COD: 'Cash on Delivery',
  CASH: 'Cash',
  CARD: 'Card',
  UPI: 'UPI',
  CREDIT: 'Pay later (khata)',
  ONLINE: 'Online payment',
};
const PAYMENT_STATUS_LABELS: Record<CustomerOrder['payment_status'], string> = {
  PENDING: 'Pending',
  SUCCESS: 'Paid',
  FAILED: 'Failed',
  PARTIALLY_REFUNDED: 'Partially refunded',
  REFUNDED: 'Refunded',
  CANCELLED: 'Cancelled',
};

const ARRIVING: readonly CustomerOrder['status'][] = ['PENDING', 'CONFIRMED', 'PROCESSING', 'SHIPPED'];

/** Expected delivery as the customer reads it (the date and the option's usual time); null once it is over. */
export function estimatedDelivery(order: CustomerOrder): string | null {
  if (!ARRIVING.includes(order.status)) return null;
  const time = order.delivery_type.estimated_time;
  return order.expected_delivery ? `${formatDate(order.expected_delivery)} (${time})` : time;
}

export function FactCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
      <div className="mt-2 space-y-1 text-sm text-slate-800">{children}</div>
    </section>
  );
}

/** Where it goes, how it travels, how it is paid and its tracking: the order page's side cards. */
export function OrderFacts({ order, slug }: { order: CustomerOrder; slug: string }) {
  const a = order.shipping_address;
  const estimate = estimatedDelivery(order);
  // A known carrier (issue 40): its name as it writes it, and whether its page takes the number in the link.
  const carrier = order.carrier ? knownCarrier(order.carrier) : null;
  return (
    <>
      <FactCard title="Delivery address">
        <p className="font-semibold text-slate-900">{a.full_name}</p>
        <p>{a.address_line1}</p>
        {a.address_line2 ? <p>{a.address_line2}</p> : null}
        <p>
          {a.city}, {a.state} {a.postal_code}
        </p>
        <p>{a.country}</p>
        {a.phone_number ? <p>Phone: {formatPhone(a.phone_number)}</p> : null}
      </FactCard>
      <FactCard title="Delivery">
        <p className="font-semibold text-slate-900">{order.delivery_type.name}</p>
        {estimate ? <p>Estimated delivery: {estimate}</p> : null}
        {order.shippedDate ? <p>Shipped on {formatDate(order.shippedDate)}</p> : null}
        {order.deliveryDate ? <p>Delivered on {formatDate(order.deliveryDate)}</p> : null}
      </FactCard>
      <FactCard title="Payment">
        <p className="font-semibold text-slate-900">{PAYMENT_METHOD_LABELS[order.payment_method]}</p>
        <p>Payment status: {PAYMENT_STATUS_LABELS[order.payment_status]}</p>
      </FactCard>
      <FactCard title="Tracking">
        <p>
          Tracking number:{' '}
          <span className="font-medium break-all text-slate-900">{order.trackingNumber ?? NO_TRACKING}</span>
        </p>
        {order.carrier ? <p>Carrier: {order.carrier}</p> : null}
        {order.tracking_url ? (
          <p>
            <a
              href={order.tracking_url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-700 underline"
            >
              Track your package{carrier ? ` on ${carrier.name}` : ''}
            </a>
            {carrier && !carrier.numberInLink ? (
              <span className="block text-slate-600">Enter the tracking number there.</span>
            ) : null}
          </p>
        ) : null}
        {order.invoice_number ? (
          <p>
            <InvoiceDownload slug={slug} orderId={order.id} number={order.invoice_number} />
          </p>
        ) : null}
        <p>
          <a
            href={whatsAppShare(order)}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-green-700 underline"
          >
            Share on WhatsApp
          </a>
        </p>
      </FactCard>
      {order.customer_note ? (
        <FactCard title="Note from the shop">
          <p>{order.customer_note}</p>
        </FactCard>
      ) : null}
    </>
  );
}

/** A WhatsApp share of the order: its number, status and tracking (number and link when shipped). */
function whatsAppShare(order: CustomerOrder) {
  const lines = [`My order ${order.order_number}: ${order.status.toLowerCase()}`];
  if (order.trackingNumber)
    lines.push(`Tracking: ${order.carrier ?? ''} ${order.trackingNumber}`.replace('  ', ' '));
  if (order.tracking_url) lines.push(order.tracking_url);
  return `https://wa.me/?text=${encodeURIComponent(lines.join('\n'))}`;
}
