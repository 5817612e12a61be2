import type { CustomerOrder } from '@haat/contracts';
import { BadgeCheck, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { paths } from '../../app/paths.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatAmount, formatDate } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import { CancelDialog } from './cancel-dialog.tsx';
import { useOrderActions } from './orders-api.ts';
import { ReturnDialog } from './return-dialog.tsx';
import { ReviewDialog } from './review-dialog.tsx';

/** The order page, scrolled to its timeline. */
export const trackingPath = (base: string, id: string) => `${paths.shop.order(base, id)}#timeline`;

/** A note under an order: a requested return, and which items have been reviewed. */
export function OrderNotes({ order }: { order: CustomerOrder }) {
  const items = order.product.items;
  const reviewed = items.filter((i) => i.reviewed);
  const cancelled = order.status === 'CANCELLED' && order.cancel_reason;
  if (!order.return_request && reviewed.length === 0 && !cancelled) return null;
  return (
    <div className="space-y-1 text-sm">
      {cancelled ? <p className="text-slate-700">Cancellation reason: {order.cancel_reason}</p> : null}
      {order.return_request ? <ReturnNote request={order.return_request} /> : null}
      {reviewed.length > 0 ? (
        <p className="flex items-start gap-1.5 font-medium text-green-700">
          <BadgeCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          {items.length === 1 ? 'Reviewed' : `Reviewed: ${reviewed.map((i) => i.name).join(', ')}`}
        </p>
      ) : null}
    </div>
  );
}

/** A return request and, once the shop has answered, its answer (accepted, or declined with the reason). */
function ReturnNote({ request }: { request: NonNullable<CustomerOrder['return_request']> }) {
  const declined = request.status === 'REJECTED';
  const accepted = request.status === 'APPROVED' || request.status === 'COMPLETED';
  const tone = declined ? 'text-red-700' : accepted ? 'text-green-700' : 'text-amber-800';
  const word = request.kind === 'EXCHANGE' ? 'Exchange' : 'Return';
  return (
    <div className={`font-medium ${tone}`}>
      <p className="flex items-center gap-1.5">
        <RotateCcw aria-hidden className="size-4 shrink-0" />
        {declined
          ? `${word} declined${request.decided_at ? ` on ${formatDate(request.decided_at)}` : ''}`
          : accepted
            ? `${word} accepted${request.decided_at ? ` on ${formatDate(request.decided_at)}` : ''}`
            : `${word} requested on ${formatDate(request.created_at)}`}
      </p>
      <ul className="ml-5.5 font-normal text-slate-700">
        {request.items.map((l) => (
          <li key={l.item_id}>
            {l.quantity} × {l.variant ? `${l.name} (${l.variant})` : l.name}
            {l.status === 'ACCEPTED' ? ': accepted' : l.status === 'REJECTED' ? ': declined' : ''}
          </li>
        ))}
      </ul>
      {request.refund_amount > 0 ? (
        <p className="ml-5.5 font-normal">{formatAmount(request.refund_amount)} due back to you</p>
      ) : null}
      {request.decision_note ? <p className="ml-5.5 font-normal">{request.decision_note}</p> : null}
    </div>
  );
}

/**
 * What the customer can do with an order (02 §2): review and return once delivered, track once shipped,
 * cancel while it has not shipped, buy the same again, and open the order page (on cards).
 */
export function OrderActions({
  order,
  slug,
  base,
  onOrderPage = false,
}: {
  order: CustomerOrder;
  slug: string;
  base: string;
  onOrderPage?: boolean;
}) {
  const { cancel, requestReturn, review, buyAgain } = useOrderActions(slug, base);
  const [dialog, setDialog] = useState<'review' | 'return' | 'cancel' | null>(null);
  const close = () => setDialog(null);
  const canReview =
    order.status === 'DELIVERED' && order.can_review && order.product.items.some((i) => !i.reviewed);

  return (
    <div className="flex flex-wrap gap-2">
      {canReview ? (
        <button type="button" onClick={() => setDialog('review')} className={buttonStyles.primary}>
          Write a Review
        </button>
      ) : null}
      {order.can_return && !order.return_request ? (
        <button type="button" onClick={() => setDialog('return')} className={buttonStyles.secondary}>
          Return or Exchange
        </button>
      ) : null}
      {order.status === 'SHIPPED' && !onOrderPage ? (
        <Link to={trackingPath(base, order.id)} className={buttonStyles.primary}>
          Track Package
        </Link>
      ) : null}
      {order.can_cancel ? (
        <button type="button" onClick={() => setDialog('cancel')} className={buttonStyles.secondary}>
          Cancel Order
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => buyAgain.mutate(order)}
        disabled={buyAgain.isPending}
        aria-busy={buyAgain.isPending}
        className={buttonStyles.secondary}
      >
        {buyAgain.isPending ? <Spinner /> : null}
        Buy Again
      </button>
      {onOrderPage ? null : (
        <Link to={paths.shop.order(base, order.id)} className={buttonStyles.ghost}>
          View Order Details
        </Link>
      )}

      {dialog === 'review' ? <ReviewDialog order={order} onClose={close} review={review} /> : null}
      {dialog === 'return' ? (
        <ReturnDialog order={order} onClose={close} requestReturn={requestReturn} />
      ) : null}
      {dialog === 'cancel' ? <CancelDialog order={order} onClose={close} cancel={cancel} /> : null}
    </div>
  );
}
