import type { AdminOrderStatusBody } from '@haat/contracts';
import { TextField } from '../../components/ui/fields.tsx';
import { formatINR } from '../../lib/format.ts';
import { useCan } from '../../lib/shop-role.ts';
import type { AdminOrderDetails } from './admin-orders-api.ts';
import { DialogForm, type Outcome, useDialogForm } from './dialog-form.tsx';

/*
 * Mark Delivered when money is still open (issue 42): cash on delivery asks for the amount collected, which the
 * server checks against the amount due; a UPI payment still pending is delivered only after a warning.
 */

/** Whether marking this order delivered needs the dialog: its cash or UPI payment is still pending. */
export const deliveryNeedsDialog = (order: AdminOrderDetails) =>
  order.payment_status === 'PENDING' && (order.payment_method === 'COD' || order.payment_method === 'UPI');

export function DeliverDialog({
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
  onSave: (extra: Partial<AdminOrderStatusBody>) => Promise<Outcome>;
}) {
  const money = useCan('money');
  const cod = order.payment_method === 'COD';
  const f = useDialogForm(open, () => ({ amount: '' }));
  const due = formatINR(order.total_amount);
  const submit = async () => {
    if (!cod) return f.show(await onSave({ payment_pending_acknowledged: true }));
    // What was typed is checked as typed: a minus sign or a letter is refused with a reason, never dropped.
    const typed = f.values.amount.trim();
    if (typed.startsWith('-'))
      return f.setErrors({ amount_collected: 'Amount collected cannot be negative' });
    if (!/^\d+(\.\d{1,2})?$/.test(typed)) {
      return f.setErrors({ amount_collected: 'Enter the cash collected in rupees, e.g. 1249.50' });
    }
    f.show(await onSave({ amount_collected: Number(typed) }));
  };
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title="Mark as delivered"
      description={
        cod
          ? `Confirm that ${order.order_number} was delivered and its cash collected.`
          : `Confirm that ${order.order_number} was delivered.`
      }
      submitLabel={cod ? 'Confirm delivery and cash' : 'Deliver without payment'}
      busy={busy}
      problem={f.problem}
      onSubmit={submit}
    >
      {cod ? (
        <TextField
          label="Amount collected (₹)"
          value={f.values.amount}
          onChange={(e) => f.set({ amount: e.target.value })}
          maxLength={12}
          error={f.errors.amount_collected}
          hint={money ? `Amount due: ${due}` : 'The cash the courier or you collected'}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
        />
      ) : (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          The UPI payment{money ? ` of ${due}` : ''} has not been received yet. Record its UTR with Record
          Payment first, or mark the order delivered knowing it is still unpaid.
        </p>
      )}
    </DialogForm>
  );
}
