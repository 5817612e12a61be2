import { Hourglass } from 'lucide-react';
import { formatDateTime } from '../../lib/format.ts';
import type { AdminOrderRow } from './admin-orders-api.ts';

/* A COD order waiting for its customer's confirmation (decision 0015): it stays Pending and cannot move on. */

type Confirmation = AdminOrderRow['cod_confirmation'];

const pill =
  'inline-flex items-center gap-1 rounded-lg bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200 ring-inset';

/** In Order Management's rows and cards. */
export function AwaitingConfirmationBadge({ confirmation }: { confirmation: Confirmation }) {
  if (confirmation?.status !== 'AWAITING') return null;
  return (
    <span
      className={pill}
      title={`Cancels itself at ${formatDateTime(confirmation.confirm_by)} if not confirmed`}
    >
      <Hourglass aria-hidden className="size-3" />
      Awaiting COD confirmation
    </span>
  );
}

/** On the order page: why the order cannot be confirmed or shipped yet, and until when the customer has. */
export function AwaitingConfirmationNotice({ confirmation }: { confirmation: Confirmation }) {
  if (!confirmation) return null;
  if (confirmation.status === 'CONFIRMED') {
    return (
      <p className="rounded-xl bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200">
        The customer confirmed this cash-on-delivery order
        {confirmation.confirmed_at ? ` on ${formatDateTime(confirmation.confirmed_at)}` : ''}.
      </p>
    );
  }
  if (confirmation.status !== 'AWAITING') return null;
  return (
    <section
      aria-label="Awaiting COD confirmation"
      className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200"
    >
      <h2 className="flex items-center gap-2 text-sm font-semibold text-amber-950">
        <Hourglass aria-hidden className="size-4" />
        Waiting for the customer to confirm cash on delivery
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        We emailed them a code and a link. Until they confirm, the order stays Pending and can only be
        cancelled; if they do not confirm by {formatDateTime(confirmation.confirm_by)}, it cancels itself and
        its stock comes back.
      </p>
    </section>
  );
}
