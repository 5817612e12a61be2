import type { CustomerOrder } from '@haat/contracts';
import type { ReturnKind } from '@haat/contracts/order-reasons';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert, TextAreaField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formFailureMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import { formatAmount } from '../../lib/format.ts';
import type { useOrderActions } from './orders-api.ts';

type ReturnMutation = ReturnType<typeof useOrderActions>['requestReturn'];
type Item = CustomerOrder['product']['items'][number];

/** Return or exchange (issue 40): which items and how many of each, money back or the same again, and why. */
export function ReturnDialog({
  order,
  onClose,
  requestReturn,
}: {
  order: CustomerOrder;
  onClose: () => void;
  requestReturn: ReturnMutation;
}) {
  const items = order.product.items;
  // One line alone is chosen from the start; with several the shopper picks.
  const [counts, setCounts] = useState<Record<string, number>>(() =>
    items.length === 1 && items[0] ? { [items[0].id]: items[0].quantity } : {},
  );
  const [kind, setKind] = useState<ReturnKind>('RETURN');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const chosen = items
    .filter((i) => (counts[i.id] ?? 0) > 0)
    .map((i) => ({ item_id: i.id, quantity: counts[i.id] ?? 0 }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!chosen.length) found.items = 'Choose at least one item to return';
    if (reason.trim().length < 3) found.reason = 'Tell us why you are returning it';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    requestReturn.mutate(
      { id: order.id, reason: reason.trim(), kind, items: chosen },
      {
        onSuccess: onClose,
        onError: (err) => {
          const fields = serverFieldErrors(err);
          const itemError = Object.entries(fields).find(([k]) => k.startsWith('items'))?.[1];
          if (fields.reason || itemError) setErrors({ reason: fields.reason ?? '', items: itemError ?? '' });
          else setFailure(formFailureMessage(err));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title="Return or exchange" description={`For ${order.order_number}`}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormAlert>{failure}</FormAlert>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Items to send back</legend>
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
            {items.map((i) => (
              <ReturnLineRow
                key={i.id}
                item={i}
                count={counts[i.id] ?? 0}
                onChange={(n) => setCounts((c) => ({ ...c, [i.id]: n }))}
              />
            ))}
          </ul>
          {errors.items ? (
            <p role="alert" className="mt-1.5 text-sm text-red-700">
              {errors.items}
            </p>
          ) : null}
        </fieldset>
        <KindChoice kind={kind} onChange={setKind} />
        <TextAreaField
          label="Reason"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason || undefined}
          placeholder="For example: the size does not fit"
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonStyles.secondary}>
            Cancel
          </button>
          <button type="submit" disabled={requestReturn.isPending} className={buttonStyles.primary}>
            {requestReturn.isPending ? <Spinner /> : null}
            {kind === 'EXCHANGE' ? 'Request Exchange' : 'Request Return'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** A line: ticked to send it back, and how many of its units (0 to what was delivered). */
function ReturnLineRow({
  item,
  count,
  onChange,
}: {
  item: Item;
  count: number;
  onChange: (n: number) => void;
}) {
  const name = item.variant ? `${item.name} (${item.variant})` : item.name;
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <label className="flex min-w-0 flex-1 items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={count > 0}
          onChange={(e) => onChange(e.target.checked ? item.quantity : 0)}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
        />
        <span className="min-w-0">
          <span className="block font-medium break-words">{name}</span>
          <span className="text-slate-500">
            {item.quantity} × {formatAmount(item.unit_price)}
          </span>
        </span>
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        Quantity
        <select
          aria-label={`Quantity of ${name} to return`}
          value={count}
          onChange={(e) => onChange(Number(e.target.value))}
          className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
        >
          {Array.from({ length: item.quantity + 1 }, (_, n) => String(n)).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    </li>
  );
}

/** Money back, or the same again. */
function KindChoice({ kind, onChange }: { kind: ReturnKind; onChange: (k: ReturnKind) => void }) {
  const options: { value: ReturnKind; label: string }[] = [
    { value: 'RETURN', label: 'Return for a refund' },
    { value: 'EXCHANGE', label: 'Exchange for the same item' },
  ];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">What would you like?</legend>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-4">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="return-kind"
              checked={kind === o.value}
              onChange={() => onChange(o.value)}
              className="size-4 accent-brand-600"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
