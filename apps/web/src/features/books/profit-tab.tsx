import type { ProfitLoss } from '@haat/contracts';
import { AlertTriangle, Boxes, Download, IndianRupee, TrendingDown, TrendingUp, Wallet } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { filterControlClass } from '../../components/ui/filter-bar.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { formatAmount } from '../../lib/format.ts';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import { booksApi, useProfitLoss } from './books-api.ts';
import { istMonth, monthDays } from './books-dates.ts';
import { ProfitMonths } from './profit-months.tsx';
import { ProfitStatement } from './profit-statement.tsx';

const ProfitChart = lazy(() => import('./profit-chart.tsx'));

/** The profit and loss of a month (or any range of days), its 12 months as a chart, the CSV and the stock value. */
export function ProfitTab() {
  const [range, setRange] = useState(() => monthDays(istMonth()));
  const pl = useProfitLoss(range);
  const p = pl.data;
  return (
    <section aria-label="Profit and loss" className="space-y-5">
      <PeriodBar range={range} onRange={setRange} />
      {!p ? (
        pl.isError ? (
          <p className="text-sm text-red-700">The profit and loss could not be loaded.</p>
        ) : (
          <PageLoading />
        )
      ) : (
        <>
          <p
            className="rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200"
            data-testid="pl-basis"
          >
            {p.basis}
          </p>
          <Figures p={p} />
          {p.cost_note ? (
            <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
              {p.cost_note}
            </p>
          ) : null}
          <div className="grid gap-5 lg:grid-cols-2">
            <ProfitStatement p={p} />
            <div className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
              <h2 className="text-base font-semibold text-slate-900">The last 12 months</h2>
              <Suspense fallback={<div className="h-[280px]" />}>
                <ProfitChart months={p.months} />
              </Suspense>
              <ProfitMonths months={p.months} />
            </div>
          </div>
        </>
      )}
    </section>
  );
}

/** The month (or the days) the statement covers, and its CSV. */
function PeriodBar({
  range,
  onRange,
}: {
  range: { from: string; to: string };
  onRange: (r: { from: string; to: string }) => void;
}) {
  const { busy, run } = useAdminDownload();
  const set = (k: 'from' | 'to', v: string) => v && onRange({ ...range, [k]: v });
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:flex-wrap sm:items-end sm:p-4">
      <label className="block text-sm font-medium text-slate-800 sm:w-44">
        Month
        <input
          type="month"
          value={range.from.slice(0, 7) === range.to.slice(0, 7) ? range.from.slice(0, 7) : ''}
          onChange={(e) => e.target.value && onRange(monthDays(e.target.value))}
          className={filterControlClass}
        />
      </label>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <label className="block text-sm font-medium text-slate-800 sm:w-40">
          From
          <input
            type="date"
            value={range.from}
            onChange={(e) => set('from', e.target.value)}
            className={filterControlClass}
          />
        </label>
        <label className="block text-sm font-medium text-slate-800 sm:w-40">
          To
          <input
            type="date"
            value={range.to}
            onChange={(e) => set('to', e.target.value)}
            className={filterControlClass}
          />
        </label>
      </div>
      <button
        type="button"
        className={`${buttonStyles.secondary} sm:ml-auto`}
        disabled={busy === 'csv'}
        onClick={() => run('csv', (req) => booksApi.profitLossCsv(range, req))}
      >
        {busy === 'csv' ? <Spinner /> : <Download aria-hidden className="size-4" />}
        Download CSV
      </button>
    </div>
  );
}

/** An amount that never breaks after its minus sign. */
const Amount = ({ rupees }: { rupees: number }) => (
  <span className="whitespace-nowrap">{formatAmount(rupees)}</span>
);

function Figures({ p }: { p: ProfitLoss }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
      <StatCard
        label="Net sales"
        icon={IndianRupee}
        value={<Amount rupees={p.sales.net} />}
        hint="GST included, after refunds"
      />
      <StatCard
        label="Gross margin"
        icon={TrendingUp}
        tone="success"
        value={<Amount rupees={p.gross_margin} />}
        hint={p.gross_margin_percent === null ? 'No sales' : `${p.gross_margin_percent}% of net sales`}
      />
      <StatCard
        label="Expenses"
        icon={Wallet}
        tone="warning"
        value={<Amount rupees={p.expenses.total} />}
        hint={`${p.expenses.count} recorded`}
      />
      <StatCard
        label="Net profit"
        icon={p.net_profit < 0 ? TrendingDown : TrendingUp}
        tone={p.net_profit < 0 ? 'danger' : 'success'}
        value={<Amount rupees={p.net_profit} />}
        hint="Gross margin less expenses"
      />
      <StatCard
        label="Stock at cost"
        icon={Boxes}
        tone="neutral"
        value={<Amount rupees={p.stock.value} />}
        hint={
          p.stock.products_without_cost
            ? `${p.stock.products_without_cost} products without a cost price not counted`
            : `${p.stock.units.toLocaleString('en-IN')} units in stock`
        }
      />
    </div>
  );
}
