/**
 * Kit: the form fields. Every control has a visible label, its error beside it (linked by aria-describedby
 * and marked aria-invalid) and an optional hint. Text, password (show/hide), phone (+91), select, textarea,
 * checkbox, and a form-level alert. No business rules: callers validate and pass `error`.
 */
import { Eye, EyeOff } from 'lucide-react';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';

/** The look of a text control (border, focus ring, error state); for controls that need their own markup. */
export const inputClass = (invalid: boolean) =>
  `w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:ring-2 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500 read-only:bg-slate-100 read-only:text-slate-600 ${
    invalid
      ? 'border-red-500 focus:ring-red-100'
      : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
  }`;

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1.5 text-sm text-red-600">
      {error}
    </p>
  ) : null;
}

/** What a control inside a FieldShell receives: its id and the attributes that tie it to the label and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled field: label above, the control, a hint (when there is no error) and the error below. */
export function FieldShell({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      {hint && !error ? <p className="mt-1.5 text-xs text-slate-500">{hint}</p> : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  ...input
}: InputProps & { label: string; error?: string; hint?: ReactNode }) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(control) => <input {...control} className={`mt-1.5 ${inputClass(!!error)}`} {...input} />}
    </FieldShell>
  );
}

/** A native select in the look of the text fields. */
export function SelectField({
  label,
  error,
  children,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <FieldShell label={label} error={error}>
      {(control) => (
        <select
          {...control}
          // A select counts as :read-only in CSS; only a disabled one should look greyed out.
          className={`mt-1.5 ${inputClass(!!error).replace(/read-only:\S+/g, '')}`}
          {...select}
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  ...area
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(control) => <textarea {...control} className={`mt-1.5 ${inputClass(!!error)}`} {...area} />}
    </FieldShell>
  );
}

export function PasswordField({
  label,
  error,
  hint,
  ...input
}: InputProps & { label: string; error?: string; hint?: ReactNode }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass(!!error)} pr-12`}
          {...input}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={`${shown ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {shown ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
        </button>
      </div>
      {hint && !error ? <p className="mt-1.5 text-xs text-slate-500">{hint}</p> : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** Keeps the 10 digits of an Indian mobile number from whatever was typed or pasted (+91, spaces, dashes). */
export function phoneDigits(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.length > 10 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length > 10 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, 10);
}

export function PhoneField({
  label = 'Phone',
  value,
  onValue,
  error,
}: {
  label?: string;
  value: string;
  onValue: (digits: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div
        className={`mt-1.5 flex rounded-lg border bg-white focus-within:ring-2 ${
          error
            ? 'border-red-500 focus-within:ring-red-100'
            : 'border-slate-300 focus-within:border-brand-500 focus-within:ring-brand-100'
        }`}
      >
        <span className="flex items-center rounded-l-lg border-r border-slate-200 bg-slate-50 px-3 text-base text-slate-600">
          +91
        </span>
        <input
          id={id}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={value}
          placeholder="98765 43210"
          // No maxLength: it would cut "+91 98765 43210" (autofill) before the prefix is dropped.
          onChange={(e) => {
            const raw = e.target.value;
            onValue(raw.trim().startsWith('+') ? phoneDigits(raw) : raw.replace(/\D/g, '').slice(0, 10));
          }}
          onPaste={(e) => {
            e.preventDefault();
            const el = e.currentTarget;
            const start = el.selectionStart ?? value.length;
            const end = el.selectionEnd ?? value.length;
            const pasted = phoneDigits(e.clipboardData.getData('text'));
            onValue(phoneDigits(value.slice(0, start) + pasted + value.slice(end)));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-full min-w-0 rounded-r-lg bg-transparent px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:outline-none"
        />
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function CheckboxField({
  checked,
  onChange,
  children,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="flex items-start gap-2 text-sm text-slate-700">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
        />
        <span>{children}</span>
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A form-level message (the server's answer) announced to screen readers. */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'info' }) {
  if (!children) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg px-4 py-3 text-sm ${
        tone === 'error'
          ? 'bg-red-50 text-red-700 ring-1 ring-red-200'
          : 'bg-brand-50 text-brand-700 ring-1 ring-brand-100'
      }`}
    >
      {children}
    </p>
  );
}
