/**
 * Kit: a rupee amount field with a fixed ₹ prefix. The value stays the text typed (less a rupee sign, spaces and
 * grouping commas) so the caller decides how to parse and validate it; label, hint, error and aria-invalid as in fields.tsx.
 */
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { FieldError } from './fields.tsx';

/**
 * The amount as typed, less what only formats it: a rupee sign or "Rs"/"INR" before it, spaces and grouping commas
 * (a pasted "₹ 1,25,000.50" is 125000.50). Nothing else is changed: a minus sign stays (dropping it turned -10 into a
 * ₹10 refund), and a third decimal, a second point or a letter stay as typed for the form's schema to refuse with
 * its message (cutting "12.345" to "12.34" changed the amount without a word).
 */
export function moneyText(raw: string): string {
  return raw
    .replace(/^\s*([-−]?)\s*(?:₹|rs\.?|inr)?\s*/i, '$1')
    .replace(/[,\s]/g, '')
    .replace(/^−/, '-');
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
