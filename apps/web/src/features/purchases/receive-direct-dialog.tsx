import { Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FieldError, FormAlert, inputClass } from '../../components/ui/fields.tsx';
import { moneyText } from '../../components/ui/money-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { type FieldErrors, serverFieldErrors } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { ProductSearch } from './product-search.tsx';
import {
  type PurchaseProduct,
  purchasesApi,
  type SupplierBalance,
  usePurchaseWrite,
} from './purchases-api.ts';

interface Row {
  p: PurchaseProduct;
  quantity: string;
  unit_cost: string;
}

function useDirectReceipt(s: SupplierBalance, open: boolean, onClose: () => void) {
  const receive = usePurchaseWrite(purchasesApi.receive);
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setRows([]);
    setErrors({});
    setProblem(null);
  }, [open]);
  const add = (p: PurchaseProduct) =>
    setRows((rs) =>
      rs.some((r) => r.p.variant_id === p.variant_id)
        ? rs
        : [...rs, { p, quantity: '1', unit_cost: p.unit_cost == null ? '' : String(p.unit_cost) }],
    );
  const set = (i: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const remove = (i: number) => setRows((rs) => rs.filter((_, j) => j !== i));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!rows.length) return setProblem('Add what arrived: search for a product.');
    const lines = rows.map((r) => ({
      variant_id: r.p.variant_id,
      quantity: Number(r.quantity),
      ...(r.unit_cost.trim() === '' ? {} : { unit_cost: Number(r.unit_cost) }),
    }));
    receive.mutate(
      { supplier_id: s.id, lines },
      {
        onSuccess: (g) => {
          toast.success(`Goods received: ${g.number}`);
          onClose();
        },
        onError: (err) => {
          setErrors(serverFieldErrors(err));
          setProblem(err instanceof ApiError ? err.message : 'The goods could not be received.');
        },
      },
    );
  };
  return { rows, add, set, remove, errors, problem, submit, busy: receive.isPending };
}

/** Goods that came from the supplier without a purchase order: each product, how many, at what cost. */
export function ReceiveDirectDialog({
  s,
  open,
  onClose,
}: {
  s: SupplierBalance;
  open: boolean;
  onClose: () => void;
}) {
  const f = useDirectReceipt(s, open, onClose);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Receive goods without an order"
      description={s.company_name}
      size="max-w-2xl"
    >
      <form onSubmit={f.submit} noValidate className="space-y-4">
        <ProductSearch onPick={f.add} />
        <ul className="divide-y divide-slate-100" aria-label="Goods received">
          {f.rows.map((r, i) => (
            <li
              key={r.p.variant_id}
              className="grid grid-cols-[1fr_1fr_auto] gap-2 py-2 sm:grid-cols-[1fr_6rem_8rem_auto]"
            >
              <p className="col-span-3 text-sm font-medium text-slate-900 sm:col-span-1">
                {r.p.name}
                {r.p.variant_label ? ` · ${r.p.variant_label}` : ''}
              </p>
              <label className="text-xs font-medium text-slate-700">
                Quantity
                <input
                  inputMode="numeric"
                  value={r.quantity}
                  onChange={(e) => f.set(i, { quantity: e.target.value.replace(/[^\d-]/g, '') })}
                  className={inputClass(!!f.errors[`lines.${i}.quantity`])}
                  aria-invalid={!!f.errors[`lines.${i}.quantity`]}
                  aria-label={`Quantity received of ${r.p.name}`}
                />
                <FieldError id={`dq-${i}`} error={f.errors[`lines.${i}.quantity`]} />
              </label>
              <label className="text-xs font-medium text-slate-700">
                Cost / unit (₹)
                <input
                  inputMode="decimal"
                  value={r.unit_cost}
                  onChange={(e) => f.set(i, { unit_cost: moneyText(e.target.value) })}
                  className={inputClass(!!f.errors[`lines.${i}.unit_cost`])}
                  aria-invalid={!!f.errors[`lines.${i}.unit_cost`]}
                  aria-label={`Cost received of ${r.p.name}`}
                />
                <FieldError id={`dc-${i}`} error={f.errors[`lines.${i}.unit_cost`]} />
              </label>
              <button
                type="button"
                onClick={() => f.remove(i)}
                className="self-end rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700"
                aria-label={`Remove ${r.p.name}`}
              >
                <Trash2 aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
        {f.problem ? <FormAlert>{f.problem}</FormAlert> : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={f.busy}>
            {f.busy ? <Spinner /> : null} Receive
          </button>
        </div>
      </form>
    </Dialog>
  );
}
