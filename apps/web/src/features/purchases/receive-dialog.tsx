import { type FormEvent, useEffect, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FieldError, FormAlert, inputClass } from '../../components/ui/fields.tsx';
import { moneyText } from '../../components/ui/money-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { type FieldErrors, serverFieldErrors } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { rupees } from './purchase-parts.tsx';
import { type PurchaseOrderDetail, purchasesApi, usePurchaseWrite } from './purchases-api.ts';

type Line = PurchaseOrderDetail['lines'][number];
interface Row {
  quantity: string;
  unit_cost: string;
}

/** The server names the lines as sent (those left at 0 are not): each issue goes back to its order line's row. */
const onRows = (errors: FieldErrors, rows: number[]): FieldErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([k, m]) => [
      k.replace(/^lines\.(\d+)\./, (_, n: string) => `lines.${rows[Number(n)] ?? n}.`),
      m,
    ]),
  );

/** Each line's quantity (what is left to receive) and cost; over-receipt comes back asking to confirm. */
function useReceiveForm(o: PurchaseOrderDetail, open: boolean, onClose: () => void) {
  const receive = usePurchaseWrite(purchasesApi.receive);
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [over, setOver] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!open) return;
    setRows(
      o.lines.map((l) => ({
        quantity: String(Math.max(0, l.quantity - l.received_quantity)),
        unit_cost: String(l.unit_cost),
      })),
    );
    setErrors({});
    setOver(null);
    setProblem(null);
  }, [open]);
  const send = (confirm: boolean) => {
    const sent = o.lines.flatMap((l, i) => {
      const r = rows[i];
      if (!r || r.quantity.trim() === '' || Number(r.quantity) === 0) return [];
      const line = {
        purchase_order_line_id: l.id,
        quantity: Number(r.quantity),
        unit_cost: Number(r.unit_cost),
      };
      return [{ row: i, line }];
    });
    const lines = sent.map((x) => x.line);
    if (!lines.length) return setProblem('Enter a quantity received on at least one line.');
    receive.mutate(
      { purchase_order_id: o.id, lines, ...(confirm ? { confirm_over_receipt: true } : {}) },
      {
        onSuccess: (g) => {
          toast.success(`Goods received: ${g.number}`);
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.envelope?.error.reason === 'OVER_RECEIPT')
            return setOver(err.message);
          setErrors(
            onRows(
              serverFieldErrors(err),
              sent.map((x) => x.row),
            ),
          );
          setProblem(err instanceof ApiError ? err.message : 'The goods could not be received.');
        },
      },
    );
  };
  const set = (i: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return { rows, set, errors, over, problem, send, busy: receive.isPending };
}

function ReceiveRow({ l, i, f }: { l: Line; i: number; f: ReturnType<typeof useReceiveForm> }) {
  const r = f.rows[i];
  const err = (k: string) => f.errors[`lines.${i}.${k}`];
  return (
    <li className="grid grid-cols-2 gap-2 py-3 sm:grid-cols-[1fr_6rem_8rem]">
      <div className="col-span-2 sm:col-span-1">
        <p className="font-medium text-slate-900">
          {l.name}
          {l.variant_label ? ` · ${l.variant_label}` : ''}
        </p>
        <p className="text-xs text-slate-500">
          Ordered {l.quantity}, received {l.received_quantity} · {rupees(l.unit_cost)} each
        </p>
      </div>
      <label className="text-xs font-medium text-slate-700">
        Received now
        <input
          inputMode="numeric"
          value={r?.quantity ?? ''}
          onChange={(e) => f.set(i, { quantity: e.target.value.replace(/[^\d-]/g, '') })}
          className={inputClass(!!err('quantity'))}
          aria-label={`Quantity received of ${l.name}`}
        />
        <FieldError id={`rq-${i}`} error={err('quantity')} />
      </label>
      <label className="text-xs font-medium text-slate-700">
        Cost / unit (₹)
        <input
          inputMode="decimal"
          value={r?.unit_cost ?? ''}
          onChange={(e) => f.set(i, { unit_cost: moneyText(e.target.value) })}
          className={inputClass(!!err('unit_cost'))}
          aria-label={`Cost received of ${l.name}`}
        />
        <FieldError id={`rc-${i}`} error={err('unit_cost')} />
      </label>
    </li>
  );
}

/** Receive goods against the order: stock goes up and the cost moves to the weighted average. */
export function ReceiveDialog({
  o,
  open,
  onClose,
}: {
  o: PurchaseOrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const f = useReceiveForm(o, open, onClose);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    f.send(false);
  };
  return (
    <Dialog open={open} onClose={onClose} title={`Receive goods · ${o.number}`} size="max-w-2xl">
      <form onSubmit={submit} noValidate className="space-y-4">
        <ul className="divide-y divide-slate-100">
          {o.lines.map((l, i) => (
            <ReceiveRow key={l.id} l={l} i={i} f={f} />
          ))}
        </ul>
        {f.problem ? <FormAlert>{f.problem}</FormAlert> : null}
        {f.over ? (
          <div className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="alert">
            <p>{f.over}</p>
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => f.send(true)}
              disabled={f.busy}
            >
              Receive more than ordered
            </button>
          </div>
        ) : null}
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
