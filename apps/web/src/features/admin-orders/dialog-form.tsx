import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { type FieldErrors, serverFieldErrors } from '../../lib/form-errors.ts';

/** What every dialog of the order page shares: its form frame, its state, and how a failed change is shown. */

/** What a dialog's submit hands back: nothing when it went through, or the field errors and a sentence. */
export type Outcome = { fields: FieldErrors; message: string | null } | null;

/** Turns a failed change into errors beside the fields, or one sentence above the buttons. */
export function outcomeOf(err: unknown): Outcome {
  const fields = serverFieldErrors(err);
  if (Object.keys(fields).length) return { fields, message: null };
  return { fields: {}, message: err instanceof ApiError ? err.message : 'The change could not be saved.' };
}

export function DialogForm({
  open,
  onClose,
  title,
  description,
  submitLabel,
  busy,
  problem,
  onSubmit,
  children,
  danger = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  busy: boolean;
  problem: string | null;
  onSubmit: () => void;
  children: ReactNode;
  danger?: boolean;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {children}
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonStyles.secondary}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy || undefined}
            className={danger ? buttonStyles.danger : buttonStyles.primary}
          >
            {busy ? <Spinner /> : null}
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The state every dialog keeps: its values, field errors and a sentence; reset each time it opens. */
export function useDialogForm<T>(open: boolean, initial: () => T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!open) return;
    setValues(initial());
    setErrors({});
    setProblem(null);
  }, [open]);
  const set = (patch: Partial<T>) => setValues((v) => ({ ...v, ...patch }));
  const show = (o: Outcome) => {
    setErrors(o?.fields ?? {});
    setProblem(o?.message ?? null);
  };
  return { values, set, errors, setErrors, problem, show };
}
