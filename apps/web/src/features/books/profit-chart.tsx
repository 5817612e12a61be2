import type { ProfitLossMonth } from '@haat/contracts';
import { useRef } from 'react';
import { bucketSplits, CHART_AXIS, useUPlot } from '../../components/ui/uplot-chart.ts';
import { formatAmount, formatINRCompact } from '../../lib/format.ts';
import { monthName } from './books-dates.ts';
import { SERIES } from './profit-chart-series.ts';

const HEIGHT = 260;

/**
 * Sales, gross margin, expenses and net profit per month as lines (uPlot on a canvas, as the dashboard draws its
 * chart; this file is its own chunk). Pointing at a month reads its figures out above the chart; the same numbers
 * are in the table under it.
 */
export default function ProfitChart({ months }: { months: ProfitLossMonth[] }) {
  const box = useRef<HTMLDivElement>(null);
  const hover = useUPlot(
    box,
    HEIGHT,
    (onHover) => ({
      options: {
        legend: { show: false },
        cursor: { y: false, drag: { x: false, y: false, setScale: false } },
        scales: { x: { time: false, range: [-0.3, months.length - 0.7] } },
        axes: [
          {
            ...CHART_AXIS,
            grid: { show: false },
            size: 28,
            splits: bucketSplits(months.length, 64),
            values: (_u, splits) => splits.map((i) => monthName(months[i]?.month ?? '').split(' ')[0] ?? ''),
          },
          {
            ...CHART_AXIS,
            size: 60,
            grid: { stroke: '#e2e8f0', width: 1 },
            values: (_u, s) => s.map((v) => formatINRCompact(v)),
          },
        ],
        series: [
          {},
          ...SERIES.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { size: 5 } })),
        ],
        hooks: { setCursor: [(u) => onHover(u.cursor.idx ?? null)] },
      },
      data: [months.map((_, i) => i), ...SERIES.map((s) => months.map((m) => m[s.key]))],
    }),
    months,
  );
  const m = hover === null ? null : months[hover];
  return (
    <div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden>
        {SERIES.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-4 rounded" style={{ backgroundColor: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
      <p className="mt-1 min-h-5 text-sm text-slate-600" aria-hidden>
        {m
          ? `${monthName(m.month)}: sales ${formatAmount(m.net_sales)}, margin ${formatAmount(m.gross_margin)}, expenses ${formatAmount(m.expenses)}, net ${formatAmount(m.net_profit)}`
          : 'Point at a month to see its figures'}
      </p>
      <div ref={box} aria-hidden className="mt-2 w-full" data-testid="profit-chart" />
    </div>
  );
}
