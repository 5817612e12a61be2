import { useRef } from 'react';
import uPlot from 'uplot';
import { bucketSplits, CHART_AXIS, useUPlot } from '../../components/ui/uplot-chart.ts';
import { formatINR } from '../../lib/format.ts';
import { formatCount, formatINRCompact } from './period-text.ts';

export interface ChartPoint {
  /** Short axis label ("22 Nov", "Nov"). */
  label: string;
  /** What the bucket is, in words ("Sun, 22 Nov"). */
  long: string;
  revenue: number;
  orders: number;
}

const HEIGHT = 240;

/**
 * Revenue per bucket as bars (uPlot on a canvas; this file is its own chunk, so only the dashboard loads it).
 * Pointing at a bar reads its figures out above the chart; the same numbers are in the card's table.
 */
export default function RevenueChart({ points }: { points: ChartPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  const hover = useUPlot(
    box,
    HEIGHT,
    (onHover) => ({
      options: {
        legend: { show: false },
        cursor: { y: false, points: { show: false }, drag: { x: false, y: false, setScale: false } },
        scales: {
          x: { time: false, range: [-0.5, points.length - 0.5] },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [
          {
            ...CHART_AXIS,
            grid: { show: false },
            gap: 4,
            size: 28,
            splits: bucketSplits(points.length, 56),
            values: (_u, splits) => splits.map((i) => points[i]?.label ?? ''),
          },
          {
            ...CHART_AXIS,
            size: 56,
            grid: { stroke: '#e2e8f0', width: 1 },
            values: (_u, splits) => splits.map((v) => formatINRCompact(v)),
          },
        ],
        series: [
          {},
          {
            label: 'Revenue',
            fill: 'rgba(234, 88, 12, 0.85)',
            stroke: '#ea580c',
            width: 0,
            points: { show: false },
            paths: uPlot.paths.bars?.({ size: [0.7, 40], gap: 1 }),
          },
        ],
        hooks: { setCursor: [(u) => onHover(u.cursor.idx ?? null)] },
      },
      data: [points.map((_, i) => i), points.map((p) => p.revenue)],
    }),
    points,
  );

  const p = hover === null ? null : points[hover];
  return (
    <div>
      <p className="h-5 truncate text-sm text-slate-600" aria-hidden>
        {p
          ? `${p.long}: ${formatINR(p.revenue)} from ${formatCount(p.orders)} order${p.orders === 1 ? '' : 's'}`
          : 'Point at a bar to see its figures'}
      </p>
      <div ref={box} aria-hidden className="mt-2 w-full" data-testid="revenue-chart" />
    </div>
  );
}
