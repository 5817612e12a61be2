import type { CustomerOrder } from '@haat/contracts';
import { Smartphone } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { formatAmount } from '../../lib/format.ts';

/** Whether the order still waits for its UPI payment (the server only sends `upi` then). */
export const awaitsUpi = (order: CustomerOrder) => !!order.upi && order.payment_status === 'PENDING';

/**
 * Pay ₹X by UPI: the exact-amount link (opens a UPI app on a phone) and its QR code to scan from another
 * device. The QR is an SVG the server drew from fixed data; it is shown as an image, never as markup.
 */
export function UpiPayment({ order }: { order: CustomerOrder }) {
  if (!order.upi || !awaitsUpi(order)) return null;
  const amount = formatAmount(order.total_amount);
  return (
    <section
      aria-labelledby="upi-title"
      className="rounded-xl border border-brand-100 bg-brand-50 p-4 sm:p-5"
      data-testid="upi-payment"
    >
      <h2 id="upi-title" className="text-lg font-bold text-slate-900">
        Pay {amount} by UPI
      </h2>
      <div className="mt-3 flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(order.upi.qr_svg)}`}
          alt={`UPI QR code to pay ${amount} to ${order.upi.upi_id}`}
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-lg bg-white p-2 ring-1 ring-slate-200"
        />
        <div className="min-w-0 space-y-3 text-sm text-slate-700">
          <p>Scan the QR code with any UPI app, or on this phone open the payment link.</p>
          <a href={order.upi.link} className={buttonStyles.primary}>
            <Smartphone aria-hidden className="size-4" />
            Open in UPI app
          </a>
          <p className="break-all">
            UPI ID: <span className="font-medium text-slate-900">{order.upi.upi_id}</span>
          </p>
          <p>The shop confirms your payment when it arrives; the order then shows the payment as received.</p>
        </div>
      </div>
    </section>
  );
}
