/**
 * Kit: a date range (From, To) as two native date inputs in one labelled group, for filter bars and reports.
 * Values are `YYYY-MM-DD` strings ('' when open-ended); "To" cannot be set before "From". No business rules.
 */
import { useId } from 'react';
import { FieldError, inputClass } from './fields.tsx';

export interface DateRange {
  /** First day, `YYYY-MM-DD`, or '' for no lower bound. */
  from: string;
  /** Last day (inclusive), `YYYY-MM-DD`, or '' for no upper bound. */
  to: string;
}

export function DateRangeField({
  label,
  value,
  onChange,
  error,
  min,
  max,
  fromLabel = 'From',
  toLabel = 'To',
  compact = false,
}: {
  /** Names the group, e.g. "Order date". */
  label: string;
  value: DateRange;
  onChange: (next: DateRange) => void;
  error?: string;
  /** Earliest and latest selectable days, `YYYY-MM-DD`. */
  min?: string;
  max?: string;
  fromLabel?: string;
  toLabel?: string;
  /** Smaller controls for a filter bar (text-sm, tighter padding). */
  compact?: boolean;
}) {
  const id = useId();
  const control = compact
    ? `mt-1 block w-full rounded-lg border px-3 py-2 text-base text-slate-900 focus:ring-2 focus:outline-none sm:text-sm ${
        error
          ? 'border-red-500 focus:ring-red-100'
          : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
      }`
    : `mt-1 ${inputClass(!!error)}`;
  const described = error ? `${id}-error` : undefined;
  return (
    <fieldset aria-describedby={described} className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className={`mt-1 grid gap-2 ${compact ? 'grid-cols-2' : 'grid-cols-1 min-[400px]:grid-cols-2'}`}>
        <label className="block text-xs text-slate-600">
          {fromLabel}
          <input
            type="date"
            value={value.from}
            min={min}
            max={value.to || max}
            onChange={(e) => onChange({ ...value, from: e.target.value })}
            aria-invalid={error ? true : undefined}
            className={control}
          />
        </label>
        <label className="block text-xs text-slate-600">
          {toLabel}
          <input
            type="date"
            value={value.to}
            min={value.from || min}
            max={max}
            onChange={(e) => onChange({ ...value, to: e.target.value })}
            aria-invalid={error ? true : undefined}
            className={control}
          />
        </label>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
