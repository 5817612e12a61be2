import { recordPaymentBody } from '@haat/contracts';
import { TextAreaField, TextField } from '../../components/ui/fields.tsx';
import { validate } from '../../lib/form-errors.ts';
import type { AdminOrderDetails } from './admin-orders-api.ts';
import { DialogForm, type Outcome, useDialogForm } from './dialog-form.tsx';

/* The order page's decisions: a UPI payment received, a cancellation (a return's: return-decision-dialog.tsx). */

export function PaymentDialog({
  open,
  onClose,
  order,
  busy,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  order: AdminOrderDetails;
  busy: boolean;
  onSave: (utr: string) => Promise<Outcome>;
}) {
  const f = useDialogForm(open, () => ({ utr: '' }));
  const submit = async () => {
    const checked = validate(recordPaymentBody.safeParse({ utr: f.values.utr, version: order.version }));
    if (checked.errors) return f.setErrors(checked.errors);
    f.show(await onSave(checked.data.utr));
  };
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title="Record UPI payment"
      description={`Find the payment for ${order.order_number} in your bank app and type its UTR (12 digits).`}
      submitLabel="Mark as Paid"
      busy={busy}
      problem={f.problem}
      onSubmit={submit}
    >
      <TextField
        label="UTR"
        value={f.values.utr}
        onChange={(e) => f.set({ utr: e.target.value.replace(/\D/g, '').slice(0, 12) })}
        error={f.errors.utr}
        inputMode="numeric"
        autoComplete="off"
        data-autofocus
      />
    </DialogForm>
  );
}

/** Cancel (02 §4: 'Are you sure you want to cancel this order?'), with a reason the customer is told. */
export function CancelDialog({
  open,
  onClose,
  order,
  busy,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  order: AdminOrderDetails;
  busy: boolean;
  onConfirm: (reason: string) => Promise<Outcome>;
}) {
  const f = useDialogForm(open, () => ({ reason: '' }));
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title="Cancel order"
      description="Are you sure you want to cancel this order?"
      submitLabel="Yes, cancel order"
      busy={busy}
      problem={f.problem}
      danger
      onSubmit={async () => f.show(await onConfirm(f.values.reason.trim()))}
    >
      <p className="text-sm text-slate-600">
        {order.order_number}: its stock goes back on the shelf and the customer gets a mail.
      </p>
      <TextAreaField
        label="Reason (optional, told to the customer)"
        value={f.values.reason}
        onChange={(e) => f.set({ reason: e.target.value })}
        error={f.errors.reason}
        rows={2}
      />
    </DialogForm>
  );
}
