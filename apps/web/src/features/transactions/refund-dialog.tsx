import { REFUND_METHODS, refundBody } from '@haat/contracts';
import { type Dispatch, type FormEvent, type SetStateAction, useEffect, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../components/ui/fields.tsx';
import { MoneyField } from '../../components/ui/money-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { type FieldErrors, serverFieldErrors, validate } from '../../lib/form-errors.ts';
import { formatINR } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { type TransactionDetails, useRefund } from './transactions-api.ts';

const METHOD_TEXT: Record<(typeof REFUND_METHODS)[number], string> = {
  CASH: 'Cash',
  UPI: 'UPI',
  CARD: 'Back to the card',
  BANK: 'Bank transfer',
  GATEWAY: 'Through Razorpay, to what the customer paid with',
};
/** A payment made online goes back through its gateway; any other never does. */
const methodsFor = (t: TransactionDetails) =>
  t.payment_mode === 'ONLINE' ? (['GATEWAY'] as const) : REFUND_METHODS.filter((m) => m !== 'GATEWAY');

type Line = TransactionDetails['order_details']['items'][number];
/** An order line: one variant of a product (two sizes of one kurta are two lines). */
const lineKey = (i: Line) => i.variant_id ?? i.product_id;
const lineName = (i: Line) => (i.variant ? `${i.product_name} (${i.variant})` : i.product_name);

/** The refund's fields, emptied when the dialog opens, checked against the contract and what is left, then sent. */
function useRefundForm(t: TransactionDetails, open: boolean, onClose: () => void) {
  const refund = useRefund(t.id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<(typeof REFUND_METHODS)[number]>(
    t.payment_mode === 'ONLINE' ? 'GATEWAY' : t.payment_mode === 'UPI' ? 'UPI' : 'CASH',
  );
  const [reference, setReference] = useState('');
  const [restock, setRestock] = useState<Record<string, number>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!open) return;
    setAmount(String(t.refundable));
    setReason('');
    setReference('');
    setRestock({});
    setErrors({});
    setProblem(null);
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      // The number typed, sign and all: the contract refuses a negative amount with a message on the field.
      amount: amount.trim() === '' ? undefined : Number(amount),
      reason,
      method,
      reference: reference.trim() || undefined,
      // One entry per order line: a size or colour goes back to its own stock.
      restock: t.order_details.items.flatMap((i) => {
        const quantity = restock[lineKey(i)] ?? 0;
        return quantity > 0
          ? [{ product_id: i.product_id, ...(i.variant_id ? { variant_id: i.variant_id } : {}), quantity }]
          : [];
      }),
    };
    const checked = validate(refundBody.safeParse(body));
    if (checked.errors) return setErrors(checked.errors);
    if (Number(amount) > t.refundable) {
      return setErrors({ amount: `At most ${formatINR(t.refundable, { paise: true })} is left to refund` });
    }
    setErrors({});
    refund.mutate(
      { ...body, amount: Number(amount) },
      {
        onSuccess: () => {
          toast.success('Success', { description: 'Refund recorded' });
          onClose();
        },
        onError: (err) => {
          const fields = serverFieldErrors(err);
          if (Object.keys(fields).length) setErrors(fields);
          else setProblem(err instanceof ApiError ? err.message : 'The refund could not be recorded.');
        },
      },
    );
  };

  return {
    refund,
    amount,
    setAmount,
    reason,
    setReason,
    method,
    setMethod,
    reference,
    setReference,
    restock,
    setRestock,
    errors,
    problem,
    submit,
  };
}

/**
 * Process Refund: the amount (at most what is left), a reason for the customer, how the money goes back, and
 * which items go back on the shelf. An online payment goes back through its gateway; otherwise the vendor returns the money and Haat records it.
 */
export function RefundDialog({
  open,
  onClose,
  t,
}: {
  open: boolean;
  onClose: () => void;
  t: TransactionDetails;
}) {
  const f = useRefundForm(t, open, onClose);
  const { refund, amount, setAmount, reason, setReason, method, setMethod, reference, setReference } = f;
  const { restock, setRestock, errors, problem, submit } = f;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Process Refund"
      description={`${t.transaction_id} · ${t.order_number}`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t.payment_mode === 'ONLINE'
            ? 'Razorpay gives the money back to the card, UPI or bank account the customer paid with; the refund shows as pending until Razorpay confirms it. Haat issues a credit note and tells the customer.'
            : 'You give the money back to the customer yourself, and Haat records the refund, issues a credit note and tells the customer.'}
        </p>
        <MoneyField
          label="Amount"
          value={amount}
          onValue={setAmount}
          error={errors.amount}
          hint={`Up to ${formatINR(t.refundable, { paise: true })}`}
          data-autofocus
        />
        <TextAreaField
          label="Reason (the customer sees it)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
          rows={2}
        />
        <SelectField
          label="How the money goes back"
          value={method}
          onChange={(e) => setMethod(e.target.value as typeof method)}
          error={errors.method}
        >
          {methodsFor(t).map((m) => (
            <option key={m} value={m}>
              {METHOD_TEXT[m]}
            </option>
          ))}
        </SelectField>
        {method !== 'CASH' && method !== 'GATEWAY' ? (
          <TextField
            label="Reference (UTR, card or bank reference)"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            error={errors.reference}
            autoComplete="off"
          />
        ) : null}
        <RestockLines
          items={t.order_details.items}
          restock={restock}
          onRestock={setRestock}
          error={errors.restock}
        />
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <RefundActions onCancel={onClose} busy={refund.isPending} />
      </form>
    </Dialog>
  );
}

/** Which items go back on the shelf: a quantity per order line, at most what was ordered. */
function RestockLines({
  items,
  restock,
  onRestock,
  error,
}: {
  items: Line[];
  restock: Record<string, number>;
  onRestock: Dispatch<SetStateAction<Record<string, number>>>;
  error: string | undefined;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Back to stock</legend>
      <ul className="mt-2 space-y-2">
        {items.map((i) => (
          <li key={lineKey(i)} className="flex items-center justify-between gap-3 text-sm">
            <span className="min-w-0 text-slate-700">{lineName(i)}</span>
            <label className="flex shrink-0 items-center gap-2 text-slate-600">
              Qty
              <input
                type="number"
                min={0}
                max={i.quantity}
                value={restock[lineKey(i)] ?? 0}
                onChange={(e) =>
                  onRestock((r) => ({
                    ...r,
                    [lineKey(i)]: Math.max(0, Math.min(i.quantity, Number(e.target.value) || 0)),
                  }))
                }
                aria-label={`Quantity of ${lineName(i)} back to stock`}
                className="w-16 rounded-lg border border-slate-300 px-2 py-1 text-right"
              />
              <span>of {i.quantity}</span>
            </label>
          </li>
        ))}
      </ul>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}

function RefundActions({ onCancel, busy }: { onCancel: () => void; busy: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
        Cancel
      </button>
      <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonStyles.primary}>
        {busy ? <Spinner /> : null}
        Record Refund
      </button>
    </div>
  );
}
