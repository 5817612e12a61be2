import {
  closeRegisterBody,
  DENOMINATIONS,
  type DenominationCounts,
  denominationTotalPaise,
  paiseToRupees,
  type RegisterReport,
} from '@haat/contracts';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert, TextAreaField } from '../../components/ui/fields.tsx';
import { MoneyField } from '../../components/ui/money-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { type FieldErrors, validate } from '../../lib/form-errors.ts';
import { formatAmount } from '../../lib/format.ts';
import { type RegisterSession, useCloseRegister } from './register-api.ts';
import { failureOf, typed } from './register-dialogs.tsx';
import { ReportActions, ReportFigures } from './register-report.tsx';

/**
 * Close register: the cashier counts the drawer (the amount, or notes and coins) without seeing what is expected
 * (a blind count); the server then works out the expected cash, and the dialog shows it with the difference in red
 * or green, the closing report, Print (80 mm) and PDF.
 */
export function CloseRegisterDialog({
  session,
  open,
  onClose,
}: {
  session: RegisterSession;
  open: boolean;
  onClose: () => void;
}) {
  const [report, setReport] = useState<RegisterReport | null>(null);
  return (
    <Dialog
      open={open}
      onClose={() => {
        setReport(null);
        onClose();
      }}
      title={report ? `${report.session.register_name} closed` : 'Close register'}
      description={report ? `Counted by ${report.session.cashier_name}` : 'Count the cash in the drawer.'}
    >
      {report ? (
        <ClosedView
          report={report}
          onDone={() => {
            setReport(null);
            onClose();
          }}
        />
      ) : null}
      {!report && open ? <CountForm session={session} onClosed={setReport} /> : null}
    </Dialog>
  );
}

function ClosedView({ report, onDone }: { report: RegisterReport; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-slate-200 p-3">
        <ReportFigures report={report} />
      </div>
      <ReportActions report={report} />
      <button type="button" className={`${buttonStyles.primary} w-full`} onClick={onDone} data-autofocus>
        Done
      </button>
    </div>
  );
}

function CountForm({
  session,
  onClosed,
}: {
  session: RegisterSession;
  onClosed: (r: RegisterReport) => void;
}) {
  const close = useCloseRegister();
  const [byNotes, setByNotes] = useState(false);
  const [counted, setCounted] = useState('');
  const [counts, setCounts] = useState<DenominationCounts>({});
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      ...(byNotes ? { denominations: counts } : { counted_cash: typed(counted) }),
      note: note.trim() || undefined,
    };
    const checked = validate(closeRegisterBody.safeParse(body));
    if (checked.errors) return setErrors(checked.errors);
    close.mutate(
      { id: session.id, body },
      {
        onSuccess: onClosed,
        onError: (err) => {
          const f = failureOf(err, 'The register could not be closed.');
          setErrors(f.errors);
          setProblem(f.problem);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={byNotes} onChange={(e) => setByNotes(e.target.checked)} />
        Count by notes and coins
      </label>
      {byNotes ? (
        <DenominationGrid
          counts={counts}
          onCounts={setCounts}
          error={errors.counted_cash ?? errors.denominations}
        />
      ) : (
        <MoneyField
          label="Counted cash"
          value={counted}
          onValue={setCounted}
          error={errors.counted_cash}
          data-autofocus
        />
      )}
      <TextAreaField
        label="Note (optional)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        rows={2}
        error={errors.note}
      />
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={close.isPending}>
        {close.isPending ? <Spinner /> : null} Close register
      </button>
    </form>
  );
}

/** How many of each note and coin, with the total they make (the server sums them again). */
function DenominationGrid({
  counts,
  onCounts,
  error,
}: {
  counts: DenominationCounts;
  onCounts: (c: DenominationCounts) => void;
  error?: string;
}) {
  const total = paiseToRupees(denominationTotalPaise(counts));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Notes and coins</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {DENOMINATIONS.map((d) => (
          <label key={d} className="flex items-center gap-1.5 text-sm">
            <span className="w-12 shrink-0 text-right tabular-nums">₹{d} ×</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              aria-label={`Number of ₹${d}`}
              value={counts[`${d}`] ?? ''}
              onChange={(e) =>
                onCounts({ ...counts, [`${d}`]: e.target.value === '' ? undefined : Number(e.target.value) })
              }
              className="w-full min-w-0 rounded-lg border border-slate-300 px-2 py-1.5"
            />
          </label>
        ))}
      </div>
      <p className="text-sm font-semibold text-slate-900">Counted: {formatAmount(total)}</p>
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}
