import { DASHBOARD_PERIOD_LABELS, DASHBOARD_PERIODS, type DashboardPeriod } from '@haat/contracts';
import { useId } from 'react';

/** Monthly, Quarterly, Yearly (02 §9) as one radio group: arrow keys move between them. */
export function PeriodSelect({
  value,
  onChange,
}: {
  value: DashboardPeriod;
  onChange: (period: DashboardPeriod) => void;
}) {
  const name = useId();
  return (
    <fieldset className="inline-flex rounded-lg bg-slate-200/70 p-1">
      <legend className="sr-only">Period</legend>
      {DASHBOARD_PERIODS.map((p) => (
        <label key={p} className="relative">
          <input
            type="radio"
            name={name}
            value={p}
            checked={value === p}
            onChange={() => onChange(p)}
            className="peer sr-only"
          />
          <span className="block cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 transition-colors peer-checked:bg-white peer-checked:text-slate-900 peer-checked:shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-brand-500 hover:text-slate-900 sm:px-4">
            {DASHBOARD_PERIOD_LABELS[p]}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
