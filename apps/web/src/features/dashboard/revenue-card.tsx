import type { DashboardPeriod, DashboardStats } from '@haat/contracts';
import { ChartColumnBig } from 'lucide-react';
import { lazy, Suspense, useId, useMemo } from 'react';
import { formatINR } from '../../lib/format.ts';
import { formatCount, PERIOD_TEXT } from './period-text.ts';
import type { ChartPoint } from './revenue-chart.tsx';

const RevenueChart = lazy(() => import('./revenue-chart.tsx'));

const IST = { timeZone: 'Asia/Kolkata' } as const;
const dayShort = new Intl.DateTimeFormat('en-IN', { ...IST, day: 'numeric', month: 'short' });
const dayLong = new Intl.DateTimeFormat('en-IN', {
  ...IST,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const monthShort = new Intl.DateTimeFormat('en-IN', { ...IST, month: 'short' });
const monthLong = new Intl.DateTimeFormat('en-IN', { ...IST, month: 'long', year: 'numeric' });

function toPoints(series: DashboardStats['revenue_series']): ChartPoint[] {
  return series.points.map((p) => {
    const start = new Date(p.start);
    const label = series.granularity === 'month' ? monthShort.format(start) : dayShort.format(start);
    const long =
      series.granularity === 'month'
        ? monthLong.format(start)
        : series.granularity === 'week'
          ? `Week from ${dayShort.format(start)}`
          : dayLong.format(start);
    return { label, long, revenue: p.revenue, orders: p.orders };
  });
}

/** Revenue over the period as a bar chart (loaded on demand) with the same figures as a table; or why there is none. */
export function RevenueCard({ data, period }: { data: DashboardStats; period: DashboardPeriod }) {
  const id = useId();
  const points = useMemo(() => toPoints(data.revenue_series), [data.revenue_series]);
  const text = PERIOD_TEXT[period];
  const empty = points.every((p) => p.orders === 0);
  const never = data.total_order.yearly.value === 0 && data.total_order.quarterly.value === 0;
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          Revenue over time
        </h2>
        <p className="text-xs text-slate-500">
          By {text.bucket}, {text.window}
        </p>
      </div>
      {empty ? (
        <div className="mt-4 flex h-60 flex-col items-center justify-center rounded-lg bg-slate-50 px-6 text-center">
          <ChartColumnBig aria-hidden className="size-8 text-slate-400" />
          <p className="mt-3 font-semibold text-slate-800">
            {never ? 'No orders yet' : `No orders in the ${text.window}`}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {never
              ? 'When customers order, your revenue shows here day by day.'
              : 'Pick a longer period to see earlier orders.'}
          </p>
        </div>
      ) : (
        <div className="mt-3">
          <Suspense
            fallback={
              <div className="mt-7 h-60 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />
            }
          >
            <RevenueChart points={points} />
          </Suspense>
        </div>
      )}
      {empty ? null : (
        <RevenueTable points={points} starts={data.revenue_series.points} bucket={text.bucket} />
      )}
    </section>
  );
}

/** The chart's figures as a table, folded away. */
function RevenueTable({
  points,
  starts,
  bucket,
}: {
  points: ReturnType<typeof toPoints>;
  starts: DashboardStats['revenue_series']['points'];
  bucket: string;
}) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700 hover:underline">Show as table</summary>
      <div className="mt-2 max-h-72 overflow-auto rounded-lg ring-1 ring-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Revenue and orders by {bucket}</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {bucket.charAt(0).toUpperCase() + bucket.slice(1)}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Revenue
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Orders
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {points.map((p, i) => (
              <tr key={starts[i]?.start ?? i}>
                <th scope="row" className="px-3 py-1.5 font-normal text-slate-700">
                  {p.long}
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatINR(p.revenue)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(p.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
