import { TextAreaField } from '../../components/ui/fields.tsx';
import type { AdminOrderDetails } from './admin-orders-api.ts';
import { DialogForm, type Outcome, useDialogForm } from './dialog-form.tsx';

/* RTO on the order page (decision 0014): a shipped parcel refused or undeliverable, and the parcel received back. */

interface Props {
  open: boolean;
  onClose: () => void;
  order: AdminOrderDetails;
  busy: boolean;
  onConfirm: (reason: string) => Promise<Outcome>;
}

/** Mark as RTO: the courier is bringing the parcel back; an optional reason goes on the timeline and to the customer. */
export function RtoDialog({ open, onClose, order, busy, onConfirm }: Props) {
  const f = useDialogForm(open, () => ({ reason: '' }));
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title="Mark as RTO"
      description={`${order.order_number} was refused or could not be delivered and is going back to you.`}
      submitLabel="Mark as RTO"
      busy={busy}
      problem={f.problem}
      danger
      onSubmit={async () => f.show(await onConfirm(f.values.reason.trim()))}
    >
      <p className="text-sm text-slate-600">
        The stock comes back when you mark the parcel received. The customer gets a mail.
      </p>
      <TextAreaField
        label="Reason (optional, e.g. refused at the door)"
        value={f.values.reason}
        onChange={(e) => f.set({ reason: e.target.value })}
        error={f.errors.reason}
        rows={2}
      />
    </DialogForm>
  );
}

/** Received back (RTO): the parcel is on the shelf again, its stock is restored. */
export function RtoReceivedDialog({ open, onClose, order, busy, onConfirm }: Props) {
  const f = useDialogForm(open, () => ({ reason: '' }));
  const units = order.order_item.reduce((n, i) => n + i.quantity, 0);
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title="Received back (RTO)"
      description={`Is the parcel of ${order.order_number} back with you?`}
      submitLabel="Yes, received back"
      busy={busy}
      problem={f.problem}
      onSubmit={async () => f.show(await onConfirm(f.values.reason.trim()))}
    >
      <p className="text-sm text-slate-600">
        {units} unit{units === 1 ? '' : 's'} go back into stock and the order becomes Returned.
      </p>
      <TextAreaField
        label="Note (optional, e.g. the parcel's condition)"
        value={f.values.reason}
        onChange={(e) => f.set({ reason: e.target.value })}
        error={f.errors.reason}
        rows={2}
      />
    </DialogForm>
  );
}
