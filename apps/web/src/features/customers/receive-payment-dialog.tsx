import { KHATA_PAYMENT_METHODS, type KhataPaymentMethod, khataPaymentBody } from '@haat/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { AdvanceQuestion } from '../../components/ui/advance-question.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert, SelectField, TextField } from '../../components/ui/fields.tsx';
import { MoneyField } from '../../components/ui/money-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { type FieldErrors, serverFieldErrors, validate } from '../../lib/form-errors.ts';
import { formatINR } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { type CustomerDetail, useReceivePayment } from './customers-api.ts';

const METHOD_TEXT: Record<KhataPaymentMethod, string> = {
  CASH: 'Cash',
  UPI: 'UPI',
  CARD: 'Card',
  BANK: 'Bank transfer',
};

/** The payment's fields; a payment above the balance comes back asking, and is sent again kept as an advance. */
function usePaymentForm(c: CustomerDetail, open: boolean, onClose: () => void) {
  const pay = useReceivePayment(c.id);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<KhataPaymentMethod>('CASH');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [advance, setAdvance] = useState<{ message: string; amount: number } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!open) return;
    setAmount(c.balance > 0 ? String(c.balance) : '');
    setMethod('CASH');
    setReference('');
    setErrors({});
    setProblem(null);
    setAdvance(null);
  }, [open]);

  const send = (confirmAdvance: boolean) => {
    const body = {
      amount: amount.trim() === '' ? undefined : Number(amount),
      method,
      reference: reference.trim() || undefined,
      ...(confirmAdvance ? { confirm_advance: true } : {}),
    };
    const checked = validate(khataPaymentBody.safeParse(body));
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    pay.mutate(checked.data, {
      onSuccess: (r) => {
        toast.success('Payment recorded', {
          description:
            r.balance < 0
              ? `${formatINR(-r.balance, { paise: true })} held as an advance`
              : `Balance now ${formatINR(r.balance, { paise: true })}`,
        });
        onClose();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.envelope?.error.reason === 'ADVANCE_NOT_CONFIRMED')
          return setAdvance({
            message: err.message,
            amount: Number(err.envelope.error.details?.advance ?? 0),
          });
        const fields = serverFieldErrors(err);
        if (Object.keys(fields).length) setErrors(fields);
        else setProblem(err instanceof ApiError ? err.message : 'The payment could not be recorded.');
      },
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(false);
  };
  return {
    pay,
    amount,
    setAmount,
    method,
    setMethod,
    reference,
    setReference,
    errors,
    problem,
    advance,
    send,
    submit,
  };
}

/** Receive payment: an amount, how it was paid, a reference; cash goes into the cashier's open register. */
export function ReceivePaymentDialog({
  open,
  onClose,
  c,
}: {
  open: boolean;
  onClose: () => void;
  c: CustomerDetail;
}) {
  const f = usePaymentForm(c, open, onClose);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Receive payment"
      description={`${c.name} · balance ${formatINR(c.balance, { paise: true })}`}
    >
      <form onSubmit={f.submit} noValidate className="space-y-4">
        <MoneyField
          label="Amount"
          value={f.amount}
          onValue={f.setAmount}
          error={f.errors.amount}
          data-autofocus
        />
        <SelectField
          label="Paid by"
          value={f.method}
          onChange={(e) => f.setMethod(e.target.value as KhataPaymentMethod)}
          error={f.errors.method}
        >
          {KHATA_PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {METHOD_TEXT[m]}
            </option>
          ))}
        </SelectField>
        {f.method !== 'CASH' ? (
          <TextField
            label="Reference (UTR, card slip or bank reference)"
            value={f.reference}
            onChange={(e) => f.setReference(e.target.value)}
            error={f.errors.reference}
            autoComplete="off"
          />
        ) : null}
        {f.problem ? <FormAlert>{f.problem}</FormAlert> : null}
        {f.advance ? (
          <AdvanceQuestion
            message={f.advance.message}
            amount={formatINR(f.advance.amount)}
            busy={f.pay.isPending}
            onKeep={() => f.send(true)}
          />
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={f.pay.isPending}>
            {f.pay.isPending ? <Spinner /> : null} Record payment
          </button>
        </div>
      </form>
    </Dialog>
  );
}
