import type { ProfitLossMonth } from '@haat/contracts';
import { formatAmount } from '../../lib/format.ts';
import { monthName } from './books-dates.ts';
import { SERIES } from './profit-chart-series.ts';

/** The chart's figures as a table (what a screen reader reads, and the exact numbers). */
export function ProfitMonths({ months }: { months: ProfitLossMonth[] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">The months as a table</summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full min-w-[32rem] text-right tabular-nums">
          <thead className="text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-1 text-left font-medium">
                Month
              </th>
              {SERIES.map((s) => (
                <th key={s.key} scope="col" className="py-1 font-medium">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month} className="border-t border-slate-100">
                <th scope="row" className="py-1 text-left font-normal">
                  {monthName(m.month)}
                </th>
                {SERIES.map((s) => (
                  <td key={s.key} className="py-1">
                    {formatAmount(m[s.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
