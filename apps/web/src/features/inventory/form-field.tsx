import { type ReactNode, useId } from 'react';
import { FieldError, inputClass } from '../../components/ui/fields.tsx';

export { inputClass };

/** Selects match :read-only in CSS, which greys the account inputs' style: keep them white. */
export const selectClass = (invalid: boolean) =>
  inputClass(invalid).replace('read-only:bg-slate-100 read-only:text-slate-600', '');

export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

/**
 * A labelled field of the back-office forms: the label (with a * for required fields, not read out: the control
 * says aria-required), the control, a hint or a warning while there is no error, and the error below.
 */
export function Field({
  label,
  required = false,
  error,
  hint,
  warning,
  className,
  children,
}: {
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  warning?: ReactNode;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const note = error ? `${id}-error` : warning ? `${id}-warning` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <div className="flex items-baseline gap-1 text-sm font-medium">
        <label htmlFor={id} className="text-slate-800">
          {label}
        </label>
        {/* Outside the label, so the field is named exactly by its label; aria-required says it is required. */}
        {required ? (
          <span aria-hidden className="text-red-600">
            *
          </span>
        ) : null}
      </div>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': note,
        'aria-required': required ? true : undefined,
      })}
      {!error && warning ? (
        <p id={`${id}-warning`} className="mt-1.5 text-xs font-medium text-amber-700">
          {warning}
        </p>
      ) : null}
      {!error && !warning && hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** The text of a form-level failure, announced to screen readers. */
export function FormProblem({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700 ring-1 ring-red-200">
      {children}
    </p>
  );
}
