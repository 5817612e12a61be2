import type { AdminOrderStatusBody } from '@haat/contracts';
import { FileText, Pencil, Printer } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import type { AdminOrderDetails } from './admin-orders-api.ts';
import { OrderStatusBadge } from './order-badges.tsx';
import { attempt, type useChanges } from './order-changes.ts';
import { CancelDialog, PaymentDialog } from './order-decision-dialogs.tsx';
import { EditOrderDialog, ShipDialog } from './order-dialogs.tsx';
import type { Dialog } from './order-panels.tsx';
import { ReturnDialog } from './return-decision-dialog.tsx';
import { RtoDialog, RtoReceivedDialog } from './rto-dialogs.tsx';

/** The order's number, status and date, with Print, Invoice (for money roles) and Edit Order (for managers). */
export function OrderHeader({
  order,
  busy,
  onPrint,
  onInvoice,
  onEdit,
}: {
  order: AdminOrderDetails;
  busy: string | null;
  onPrint: () => void;
  onInvoice: (() => void) | null;
  onEdit: (() => void) | null;
}) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {order.order_number}
          </h1>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="mt-1 text-sm text-slate-600">Placed on {formatDateTime(order.created_at)}</p>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <button type="button" className={buttonStyles.secondary} onClick={onPrint} disabled={busy !== null}>
          {busy === 'print' ? <Spinner /> : <Printer aria-hidden className="size-4" />}
          Print
        </button>
        {order.invoice_number && onInvoice ? (
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={onInvoice}
            disabled={busy !== null}
          >
            <FileText aria-hidden className="size-4" />
            Invoice
          </button>
        ) : null}
        {onEdit ? (
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={onEdit}
            disabled={!order.can_edit}
            title={order.can_edit ? undefined : 'Only orders not yet shipped can be edited'}
          >
            <Pencil aria-hidden className="size-4" />
            Edit Order
          </button>
        ) : null}
      </div>
    </header>
  );
}

type Move = (
  status: AdminOrderStatusBody['status'],
  extra?: Partial<AdminOrderStatusBody>,
) => Promise<unknown>;

/** The order page's dialogs, one open at a time. */
export function OrderDialogs({
  dialog,
  close,
  order,
  c,
  move,
}: {
  dialog: Dialog | null;
  close: () => void;
  order: AdminOrderDetails;
  c: ReturnType<typeof useChanges>;
  move: Move;
}) {
  const withReason = (status: AdminOrderStatusBody['status']) => (reason: string) =>
    attempt(() => move(status, reason ? { reason } : {}), close);
  // What every dialog here takes: whether it is open, the order, how it closes and whether it is saving.
  const shown = (open: boolean, busy: boolean) => ({ open, onClose: close, order, busy });
  const decideReturn = (note: string, itemIds?: string[]) =>
    attempt(
      () =>
        dialog === 'process-return'
          ? move('RETURNED', note ? { reason: note } : {})
          : c.decide.mutateAsync({
              decision: dialog === 'decline' ? 'DECLINE' : 'ACCEPT',
              note: note || undefined,
              item_ids: itemIds,
            }),
      close,
    );
  return (
    <>
      <ShipDialog
        {...shown(
          dialog === 'ship' || dialog === 'edit-shipping',
          c.status.isPending || c.shipping.isPending,
        )}
        correcting={dialog === 'edit-shipping'}
        onSave={(s) =>
          attempt(() => (dialog === 'ship' ? move('SHIPPED', s) : c.shipping.mutateAsync(s)), close)
        }
      />
      <EditOrderDialog
        {...shown(dialog === 'edit', c.edit.isPending)}
        onSave={(v) => attempt(() => c.edit.mutateAsync(v), close)}
      />
      <PaymentDialog
        {...shown(dialog === 'payment', c.payment.isPending)}
        onSave={(utr) => attempt(() => c.payment.mutateAsync(utr), close)}
      />
      <CancelDialog {...shown(dialog === 'cancel', c.status.isPending)} onConfirm={withReason('CANCELLED')} />
      <RtoDialog {...shown(dialog === 'rto', c.status.isPending)} onConfirm={withReason('RTO')} />
      <RtoReceivedDialog
        {...shown(dialog === 'rto-received', c.status.isPending)}
        onConfirm={withReason('RETURNED')}
      />
      <ReturnDialog
        {...shown(
          dialog === 'accept' || dialog === 'decline' || dialog === 'process-return',
          c.decide.isPending || c.status.isPending,
        )}
        decision={dialog === 'decline' ? 'DECLINE' : 'ACCEPT'}
        byLine={dialog === 'accept'}
        onSave={decideReturn}
      />
    </>
  );
}
