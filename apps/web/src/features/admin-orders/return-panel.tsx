import { RotateCcw, XCircle } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { DetailPanel } from '../../components/ui/detail-panel.tsx';
import { formatDate, formatDateTime, formatINR } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import { useCan } from '../../lib/shop-role.ts';
import type { AdminOrderDetails } from './admin-orders-api.ts';
import type { Dialog } from './order-panels.tsx';

/* The order page's after-sale panels (issue 40): the return or exchange asked for, line by line, the money due
   back once accepted, and why a cancelled order was cancelled. */

/**
 * After a return is accepted, the money: what is due back (a partial return's accepted lines, or the whole order's
 * payment) and a way straight to Process Refund on the payment's page (for people who may refund).
 */
export function RefundPrompt({ order }: { order: AdminOrderDetails }) {
  const canRefund = useCan('refunds');
  const { id, refundable } = order.payment;
  const r = order.return_request;
  const partial = order.status === 'DELIVERED' && r?.status === 'COMPLETED' && r.refund_amount > 0;
  if ((order.status !== 'RETURNED' && !partial) || !canRefund || !id || refundable <= 0) return null;
  const due = partial && r ? Math.min(r.refund_amount, refundable) : refundable;
  return (
    <section
      aria-label="Refund"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-amber-900">
        {partial ? 'The accepted items are back. ' : 'The goods are back. '}
        <strong>{formatINR(due, { paise: true })}</strong>{' '}
        {partial ? 'is due back to the customer.' : "of the customer's payment has not been refunded yet."}
      </p>
      <Link to={`/transaction/${id}?refund=1`} className={buttonStyles.primary}>
        Process Refund
      </Link>
    </section>
  );
}

const OUTCOME: Record<string, string> = {
  APPROVED: 'Accepted',
  COMPLETED: 'Accepted',
  REJECTED: 'Declined',
};
const LINE_OUTCOME = { REQUESTED: '', ACCEPTED: 'accepted', REJECTED: 'declined' } as const;

/** The customer's request: return or exchange, each line and its units, why, and the shop's answer. */
export function ReturnPanel({ order, onOpen }: { order: AdminOrderDetails; onOpen: (d: Dialog) => void }) {
  const r = order.return_request;
  if (!r) return null;
  const open = r.status === 'REQUESTED';
  const word = r.kind === 'EXCHANGE' ? 'Exchange' : 'Return';
  return (
    <DetailPanel title={`${word} request`}>
      <p className="text-sm text-slate-700">
        Asked on {formatDateTime(r.created_at)}: “{r.reason}”
      </p>
      <ul aria-label={`${word} lines`} className="mt-2 space-y-1 text-sm text-slate-900">
        {r.items.map((l) => (
          <li key={l.item_id} className="flex flex-wrap items-center gap-x-2">
            <RotateCcw aria-hidden className="size-4 shrink-0 text-slate-500" />
            <span className="font-medium">
              {l.quantity} × {l.variant ? `${l.name} (${l.variant})` : l.name}
            </span>
            {r.kind === 'RETURN' ? (
              <span className="text-slate-600">{formatINR(l.amount, { paise: true })}</span>
            ) : null}
            {LINE_OUTCOME[l.status] ? (
              <span className="text-slate-600">· {LINE_OUTCOME[l.status]}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {open ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={buttonStyles.primary} onClick={() => onOpen('accept')}>
            Accept {word.toLowerCase()}
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={() => onOpen('decline')}>
            Decline
          </button>
        </div>
      ) : (
        <p className="mt-2 text-sm font-medium text-slate-900">
          {OUTCOME[r.status] ?? r.status}
          {r.decided_at ? ` on ${formatDate(r.decided_at)}` : ''}
          {r.decision_note ? `: ${r.decision_note}` : ''}
          {r.refund_amount > 0 ? ` · ${formatINR(r.refund_amount, { paise: true })} due back` : ''}
        </p>
      )}
    </DetailPanel>
  );
}

/** Why a cancelled order was cancelled: the customer's choice and words, or the shop's reason. */
export function CancelReason({ order }: { order: AdminOrderDetails }) {
  if (order.status !== 'CANCELLED' || !order.cancel_reason) return null;
  return (
    <DetailPanel title="Cancellation">
      <p className="flex items-start gap-2 text-sm text-slate-900">
        <XCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-red-600" />
        <span>
          Reason: <strong>{order.cancel_reason}</strong>
          {order.cancelledDate ? ` (${formatDateTime(order.cancelledDate)})` : ''}
        </span>
      </p>
    </DetailPanel>
  );
}
