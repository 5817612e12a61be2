import type { PeriodFigure } from '@haat/contracts';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';

const percent = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/**
 * The change against the previous period: an arrow and the percentage, or plain words when there is nothing to
 * compare with. `against` names the previous period ("previous 30 days").
 */
export function Growth({ figure, against }: { figure: PeriodFigure; against: string }) {
  if (figure.growth === null) {
    return (
      <p className="text-xs text-slate-500">
        {figure.value > 0 ? `Nothing in the ${against} to compare with` : `None in the ${against} either`}
      </p>
    );
  }
  const { growth } = figure;
  const tone =
    growth > 0
      ? 'bg-emerald-50 text-emerald-700'
      : growth < 0
        ? 'bg-red-50 text-red-700'
        : 'bg-slate-100 text-slate-600';
  const Icon = growth > 0 ? ArrowUpRight : growth < 0 ? ArrowDownRight : Minus;
  const words = growth > 0 ? 'Up' : growth < 0 ? 'Down' : 'No change';
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-500">
      <span className={`inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 font-semibold ${tone}`}>
        <Icon aria-hidden className="size-3.5" />
        <span className="sr-only">{words} </span>
        {growth === 0 ? '0%' : `${percent.format(Math.abs(growth))}%`}
      </span>
      <span>vs {against}</span>
    </p>
  );
}
