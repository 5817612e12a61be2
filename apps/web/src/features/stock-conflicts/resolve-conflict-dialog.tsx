import { type PosConflictResolveBody, posConflictResolveBody } from '@haat/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert, TextField } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { type FieldErrors, serverFieldErrors, validate } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { conflictItem } from './conflict-text.ts';
import { type PosStockConflict, useResolveConflict } from './conflicts-api.ts';

type Resolution = PosConflictResolveBody['resolution'];

/** What will happen, asked once more before it is sent. */
function confirmText(c: PosStockConflict, body: PosConflictResolveBody) {
  return body.resolution === 'COUNTED'
    ? `The stock of ${conflictItem(c)} becomes ${body.counted_stock} (now ${c.stock_now}). ` +
        'The difference is written in the stock ledger as an adjustment.'
    : `The stock of ${conflictItem(c)} stays at ${c.stock_now} and the conflict is closed.`;
}

function useResolveForm(c: PosStockConflict, open: boolean, onClose: () => void) {
  const resolve = useResolveConflict();
  const [resolution, setResolution] = useState<Resolution>('COUNTED');
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState<PosConflictResolveBody | null>(null);
  useEffect(() => {
    if (!open) return;
    setResolution('COUNTED');
    setCounted('');
    setNote('');
    setErrors({});
    setProblem(null);
    setReady(null);
  }, [open]);

  const review = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      resolution,
      ...(resolution === 'COUNTED' && counted.trim() !== '' ? { counted_stock: Number(counted) } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    const checked = validate(posConflictResolveBody.safeParse(body));
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    setProblem(null);
    setReady(body);
  };
  const send = () => {
    if (!ready) return;
    resolve.mutate(
      { id: c.id, body: ready },
      {
        onSuccess: () => {
          toast.success('Stock conflict resolved', { description: confirmText(c, ready) });
          onClose();
        },
        onError: (err) => {
          setReady(null);
          const fields = serverFieldErrors(err);
          if (Object.keys(fields).length) setErrors(fields);
          else setProblem(err instanceof ApiError ? err.message : 'The conflict could not be resolved.');
        },
      },
    );
  };
  return {
    resolve,
    resolution,
    setResolution,
    counted,
    setCounted,
    note,
    setNote,
    errors,
    problem,
    ready,
    setReady,
    review,
    send,
  };
}

const CHOICES: { value: Resolution; label: string; hint: string }[] = [
  { value: 'COUNTED', label: 'I counted the stock', hint: 'Set the stock to what is on the shelf.' },
  { value: 'ACCEPTED', label: 'Accept as is', hint: 'Leave the stock as it is (e.g. goods on their way).' },
];

/** Resolve: the counted stock (an adjustment in the ledger) or accepted as is, confirmed before it is sent. */
export function ResolveConflictDialog({
  open,
  onClose,
  c,
}: {
  open: boolean;
  onClose: () => void;
  c: PosStockConflict;
}) {
  const f = useResolveForm(c, open, onClose);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Resolve stock conflict"
      description={`${conflictItem(c)} · sold ${c.quantity_sold} · stock now ${c.stock_now}`}
    >
      {f.ready ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{confirmText(c, f.ready)}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={buttonStyles.secondary} onClick={() => f.setReady(null)}>
              Back
            </button>
            <button
              type="button"
              className={buttonStyles.primary}
              onClick={f.send}
              disabled={f.resolve.isPending}
            >
              {f.resolve.isPending ? <Spinner /> : null} Confirm
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={f.review} noValidate className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">How do you resolve it?</legend>
            {CHOICES.map((o) => (
              <label key={o.value} className="flex items-start gap-3 rounded-lg p-3 ring-1 ring-slate-200">
                <input
                  type="radio"
                  name="resolution"
                  value={o.value}
                  checked={f.resolution === o.value}
                  onChange={() => f.setResolution(o.value)}
                  className="mt-1"
                />
                <span>
                  <span className="block text-sm font-semibold text-slate-900">{o.label}</span>
                  <span className="block text-xs text-slate-500">{o.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {f.resolution === 'COUNTED' ? (
            <TextField
              label="Counted stock"
              type="number"
              inputMode="numeric"
              min={0}
              value={f.counted}
              onChange={(e) => f.setCounted(e.target.value)}
              error={f.errors.counted_stock}
              data-autofocus
            />
          ) : null}
          <TextField
            label="Note (optional)"
            value={f.note}
            onChange={(e) => f.setNote(e.target.value)}
            error={f.errors.note}
            maxLength={300}
          />
          {f.problem ? <FormAlert>{f.problem}</FormAlert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={buttonStyles.secondary} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={buttonStyles.primary}>
              Review
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
