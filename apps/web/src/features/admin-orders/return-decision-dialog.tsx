import { returnDecisionBody } from '@haat/contracts';
import { CheckboxField, TextAreaField } from '../../components/ui/fields.tsx';
import { validate } from '../../lib/form-errors.ts';
import { formatAmount } from '../../lib/format.ts';
import type { AdminOrderDetails } from './admin-orders-api.ts';
import { DialogForm, type Outcome, useDialogForm } from './dialog-form.tsx';

type Request = NonNullable<AdminOrderDetails['return_request']>;

/** What accepting does, in words: the whole order back, some units back, or an exchange. */
function acceptText(order: AdminOrderDetails, r: Request | null, chosen: string[]) {
  if (!r?.items.length) return `${order.order_number} becomes Returned and its items go back into stock.`;
  if (r.kind === 'EXCHANGE')
    return 'The chosen items are exchanged: send the same again. The order stays Delivered.';
  const lines = r.items.filter((l) => chosen.includes(l.item_id));
  const due = lines.reduce((n, l) => n + l.amount, 0);
  return `The chosen units go back into stock and ${formatAmount(due)} is due back to the customer; the others are declined.`;
}

/**
 * Accept a return or exchange, all of it or the lines ticked (issue 40), or decline it with a reason for the
 * customer. `byLine`: the vendor's own Accept (not the RTO's Received back).
 */
export function ReturnDialog({
  open,
  decision,
  byLine = false,
  onClose,
  order,
  busy,
  onSave,
}: {
  open: boolean;
  decision: 'ACCEPT' | 'DECLINE';
  byLine?: boolean;
  onClose: () => void;
  order: AdminOrderDetails;
  busy: boolean;
  onSave: (note: string, itemIds?: string[]) => Promise<Outcome>;
}) {
  const r = order.return_request;
  const lines = byLine && r ? r.items : [];
  const f = useDialogForm(open, () => ({ note: '', chosen: lines.map((l) => l.item_id) }));
  const accept = decision === 'ACCEPT';
  const submit = async () => {
    const itemIds = accept && lines.length ? f.values.chosen : undefined;
    const checked = validate(
      returnDecisionBody.safeParse({
        decision,
        note: f.values.note.trim() || undefined,
        item_ids: itemIds,
        version: order.version,
      }),
    );
    if (checked.errors) return f.setErrors(checked.errors);
    f.show(await onSave(f.values.note.trim(), itemIds));
  };
  const toggle = (id: string, on: boolean) =>
    f.set({ chosen: on ? [...f.values.chosen, id] : f.values.chosen.filter((x) => x !== id) });
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title={accept ? 'Accept return' : 'Decline return'}
      description={
        accept
          ? acceptText(order, byLine ? r : null, f.values.chosen)
          : `${order.order_number} stays Delivered; the customer is told why.`
      }
      submitLabel={accept ? 'Accept return' : 'Decline return'}
      busy={busy}
      problem={f.problem}
      danger={!accept}
      onSubmit={submit}
    >
      {r ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">The customer said: “{r.reason}”</p>
      ) : null}
      {accept && lines.length ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Lines to accept</legend>
          {lines.map((l) => (
            <CheckboxField
              key={l.item_id}
              checked={f.values.chosen.includes(l.item_id)}
              onChange={(on) => toggle(l.item_id, on)}
            >
              {l.quantity} × {l.variant ? `${l.name} (${l.variant})` : l.name}
              {r?.kind === 'RETURN' ? ` · ${formatAmount(l.amount)}` : ''}
            </CheckboxField>
          ))}
          {f.errors.item_ids ? <p className="text-sm text-red-700">{f.errors.item_ids}</p> : null}
        </fieldset>
      ) : null}
      <TextAreaField
        label={accept ? 'Note to the customer (optional)' : 'Reason for the customer'}
        value={f.values.note}
        onChange={(e) => f.set({ note: e.target.value })}
        error={f.errors.note}
        rows={3}
        data-autofocus
      />
    </DialogForm>
  );
}
