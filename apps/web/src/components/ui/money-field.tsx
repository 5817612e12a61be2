/**
 * Kit: a rupee amount field with a fixed ₹ prefix. The value stays the text typed (digits and at most two
 * decimals) so the caller decides how to parse and validate it; label, hint, error and aria-invalid as in fields.tsx.
 */
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { FieldError } from './fields.tsx';

/**
 * Keeps what an amount in rupees may hold: digits, one decimal point and at most two decimals (paise). A leading
 * minus sign stays, so the form can say a negative amount is refused (dropping it turned -10 into a ₹10 refund).
 */
export function moneyText(raw: string): string {
  const minus = /^\s*[-−]/.test(raw) ? '-' : '';
  const clean = raw.replace(/[^\d.]/g, '');
  const dot = clean.indexOf('.');
  if (dot === -1) return minus + clean;
  return `${minus}${clean.slice(0, dot)}.${clean
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, 2)}`;
}

export function MoneyField({
  label,
  value,
  onValue,
  error,
  hint,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'value' | 'onChange' | 'type'> & {
  label: string;
  /** The amount as typed, e.g. "499" or "449.10"; "" when empty. */
  value: string;
  onValue: (text: string) => void;
  error?: string;
  hint?: ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const showHint = hint && !error;
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
        <span
          aria-hidden
          className="flex items-center rounded-l-lg border-r border-slate-200 bg-slate-50 px-3 text-base text-slate-600"
        >
          ₹
        </span>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => onValue(moneyText(e.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : showHint ? hintId : undefined}
          className="w-full min-w-0 rounded-r-lg bg-transparent px-3.5 py-2.5 text-base text-slate-900 tabular-nums placeholder:text-slate-400 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500"
          {...input}
        />
      </div>
      {showHint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
