import { supplierBillBody } from '@haat/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert, TextField } from '../../components/ui/fields.tsx';
import { MoneyField } from '../../components/ui/money-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { type FieldErrors, serverFieldErrors, validate } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { rupees } from './purchase-parts.tsx';
import { purchasesApi, usePurchaseWrite } from './purchases-api.ts';

export interface BillFor {
  supplierId: string;
  supplierName: string;
  orderId?: string;
  receiptId?: string;
  /** The amounts to start from (the order's or receipt's), rupees. */
  taxable?: number;
  tax?: number;
}

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

function useBillForm(b: BillFor, open: boolean, onClose: () => void) {
  const add = usePurchaseWrite(purchasesApi.addBill);
  const [v, setV] = useState({ number: '', date: '', due: '', taxable: '', tax: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!open) return;
    setV({
      number: '',
      date: today(),
      due: '',
      taxable: b.taxable ? String(b.taxable) : '',
      tax: b.tax ? String(b.tax) : '',
    });
    setErrors({});
    setProblem(null);
  }, [open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      supplier_id: b.supplierId,
      bill_number: v.number,
      bill_date: v.date,
      due_date: v.due || null,
      purchase_order_id: b.orderId ?? null,
      goods_receipt_id: b.receiptId ?? null,
      taxable_amount: v.taxable === '' ? undefined : Number(v.taxable),
      tax_amount: v.tax === '' ? 0 : Number(v.tax),
    };
    const checked = validate(supplierBillBody.safeParse(body));
    if (checked.errors) return setErrors(checked.errors);
    add.mutate(body as Parameters<typeof purchasesApi.addBill>[1], {
      onSuccess: (bill) => {
        toast.success(`Bill ${bill.bill_number} recorded`, {
          description: `${rupees(bill.total)} owed to ${b.supplierName}`,
        });
        onClose();
      },
      onError: (err) => {
        setErrors(serverFieldErrors(err));
        setProblem(err instanceof ApiError ? err.message : 'The bill could not be recorded.');
      },
    });
  };
  return { v, setV, errors, problem, submit, busy: add.isPending };
}

/** Add the supplier's bill: its own number and date, an optional due date, taxable value and GST. */
export function BillDialog({ b, open, onClose }: { b: BillFor; open: boolean; onClose: () => void }) {
  const f = useBillForm(b, open, onClose);
  const set = (k: keyof typeof f.v) => (value: string) => f.setV((x) => ({ ...x, [k]: value }));
  return (
    <Dialog open={open} onClose={onClose} title="Add the supplier's bill" description={b.supplierName}>
      <form onSubmit={f.submit} noValidate className="space-y-4">
        <TextField
          label="Bill number"
          value={f.v.number}
          onChange={(e) => set('number')(e.target.value)}
          error={f.errors.bill_number}
          data-autofocus
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Bill date"
            type="date"
            value={f.v.date}
            onChange={(e) => set('date')(e.target.value)}
            error={f.errors.bill_date}
          />
          <TextField
            label="Due date (optional)"
            type="date"
            value={f.v.due}
            onChange={(e) => set('due')(e.target.value)}
            error={f.errors.due_date}
          />
          <MoneyField
            label="Taxable value"
            value={f.v.taxable}
            onValue={set('taxable')}
            error={f.errors.taxable_amount}
          />
          <MoneyField label="GST" value={f.v.tax} onValue={set('tax')} error={f.errors.tax_amount} />
        </div>
        {f.problem ? <FormAlert>{f.problem}</FormAlert> : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={f.busy}>
            {f.busy ? <Spinner /> : null} Add bill
          </button>
        </div>
      </form>
    </Dialog>
  );
}
