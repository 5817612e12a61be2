import { SUPPLIER_PAYMENT_METHODS, supplierPaymentBody } from '@haat/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { AdvanceQuestion } from '../../components/ui/advance-question.tsx';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { CheckboxField, FormAlert, SelectField, TextField } from '../../components/ui/fields.tsx';
import { MoneyField } from '../../components/ui/money-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { type FieldErrors, serverFieldErrors, validate } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { rupees } from './purchase-parts.tsx';
import { purchasesApi, type SupplierBalance, usePurchaseWrite } from './purchases-api.ts';

type Method = (typeof SUPPLIER_PAYMENT_METHODS)[number];
const METHOD_TEXT: Record<Method, string> = { CASH: 'Cash', UPI: 'UPI', BANK: 'Bank transfer' };
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

function usePaymentForm(s: SupplierBalance, billId: string | undefined, open: boolean, onClose: () => void) {
  const pay = usePurchaseWrite(purchasesApi.pay);
  const [v, setV] = useState({ amount: '', method: 'UPI' as Method, date: '', reference: '', drawer: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [advance, setAdvance] = useState<{ message: string; amount: number } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!open) return;
    setV({
      amount: s.balance > 0 ? String(s.balance) : '',
      method: 'UPI',
      date: today(),
      reference: '',
      drawer: false,
    });
    setErrors({});
    setProblem(null);
    setAdvance(null);
  }, [open]);
  const send = (confirmAdvance: boolean) => {
    const body = {
      supplier_id: s.id,
      bill_id: billId ?? null,
      amount: v.amount === '' ? undefined : Number(v.amount),
      method: v.method,
      paid_on: v.date,
      reference: v.reference || null,
      from_register: v.method === 'CASH' && v.drawer,
      ...(confirmAdvance ? { confirm_advance: true } : {}),
    };
    const checked = validate(supplierPaymentBody.safeParse(body));
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    pay.mutate(body as Parameters<typeof purchasesApi.pay>[1], {
      onSuccess: (r) => {
        toast.success('Payment recorded', { description: `Balance now ${rupees(r.balance)}` });
        onClose();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.envelope?.error.reason === 'ABOVE_BALANCE')
          return setAdvance({
            message: err.message,
            amount: Number(err.envelope.error.details?.advance ?? 0),
          });
        setErrors(serverFieldErrors(err));
        setProblem(err instanceof ApiError ? err.message : 'The payment could not be recorded.');
      },
    });
  };
  return { v, setV, errors, problem, advance, send, busy: pay.isPending };
}

/** Record a payment to the supplier: amount, how, when, a reference; cash may come from the counter's drawer. */
export function SupplierPaymentDialog({
  s,
  billId,
  open,
  onClose,
}: {
  s: SupplierBalance;
  /** The bill the payment is for (from an order's page). */
  billId?: string;
  open: boolean;
  onClose: () => void;
}) {
  const f = usePaymentForm(s, billId, open, onClose);
  const set = <K extends keyof typeof f.v>(k: K, value: (typeof f.v)[K]) =>
    f.setV((x) => ({ ...x, [k]: value }));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Record payment"
      description={`${s.company_name} · balance ${rupees(s.balance)}`}
    >
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          f.send(false);
        }}
        noValidate
        className="space-y-4"
      >
        <MoneyField
          label="Amount"
          value={f.v.amount}
          onValue={(a) => set('amount', a)}
          error={f.errors.amount}
          data-autofocus
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Paid by"
            value={f.v.method}
            onChange={(e) => set('method', e.target.value as Method)}
            error={f.errors.method}
          >
            {SUPPLIER_PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {METHOD_TEXT[m]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Paid on"
            type="date"
            value={f.v.date}
            onChange={(e) => set('date', e.target.value)}
            error={f.errors.paid_on}
          />
        </div>
        <TextField
          label="Reference (UTR, cheque or bank reference)"
          value={f.v.reference}
          onChange={(e) => set('reference', e.target.value)}
          error={f.errors.reference}
          autoComplete="off"
        />
        {f.v.method === 'CASH' ? (
          <CheckboxField
            checked={f.v.drawer}
            onChange={(c) => set('drawer', c)}
            error={f.errors.from_register}
          >
            Paid from the counter's cash drawer
          </CheckboxField>
        ) : null}
        {f.problem ? <FormAlert>{f.problem}</FormAlert> : null}
        {f.advance ? (
          <AdvanceQuestion
            message={f.advance.message}
            amount={rupees(f.advance.amount)}
            busy={f.busy}
            onKeep={() => f.send(true)}
          />
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={f.busy}>
            {f.busy ? <Spinner /> : null} Record payment
          </button>
        </div>
      </form>
    </Dialog>
  );
}
