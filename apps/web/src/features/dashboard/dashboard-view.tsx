import { DASHBOARD_PERIODS, type DashboardPeriod } from '@haat/contracts';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { useSearchParams } from '../../lib/router.tsx';
import type { OwnedShop } from '../../lib/selected-shop.tsx';
import { useDashboard } from './dashboard-api.ts';
import { FigureTiles } from './figure-tiles.tsx';
import { PeriodSelect } from './period-select.tsx';
import { PERIOD_TEXT } from './period-text.ts';
import { RecentActivity } from './recent-activity.tsx';
import { RevenueCard } from './revenue-card.tsx';
import { TileSkeleton } from './stat-tile.tsx';

const isPeriod = (v: string | null): v is DashboardPeriod => DASHBOARD_PERIODS.includes(v as DashboardPeriod);

/**
 * The dashboard of the selected shop: the period selector (kept in the address, `?period=quarterly`), every
 * figure, the revenue chart (with `children` below it) and the recent activity. Everything shown comes from the server; while the first
 * answer loads the tiles are grey placeholders, never numbers.
 */
export function DashboardView({ shop, children }: { shop: OwnedShop; children?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period: DashboardPeriod = isPeriod(asked) ? asked : 'monthly';
  const dashboard = useDashboard(shop.slug, period);
  const data = dashboard.data;
  const shown = data?.period ?? period;

  const choose = (p: DashboardPeriod) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (p === 'monthly') next.delete('period');
        else next.set('period', p);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-5" aria-busy={dashboard.isFetching || undefined}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          Figures for <span className="font-semibold text-slate-800">{shop.store_name}</span>,{' '}
          {PERIOD_TEXT[period].window}
        </p>
        <PeriodSelect value={period} onChange={choose} />
      </div>

      {data ? (
        <>
          <section aria-label="Figures">
            <FigureTiles data={data} period={shown} />
          </section>
          {/* Phones: chart, activity, then the rest; wide screens: the rest goes under the chart. */}
          <div className="grid items-start gap-4 lg:grid-cols-5 lg:grid-rows-[auto_1fr]">
            <div className="min-w-0 lg:col-span-3">
              <RevenueCard data={data} period={shown} />
            </div>
            <div className="min-w-0 lg:col-span-2 lg:col-start-4 lg:row-span-2 lg:row-start-1">
              <RecentActivity items={data.recent_activity} />
            </div>
            {children ? <div className="min-w-0 lg:col-span-3 lg:row-start-2">{children}</div> : null}
          </div>
        </>
      ) : dashboard.isError ? (
        <div role="alert" className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="font-semibold text-slate-900">The dashboard could not be loaded</p>
          <p className="mt-1 text-sm text-slate-600">{dashboard.error.message}</p>
          <button
            type="button"
            onClick={() => dashboard.refetch()}
            className={`${buttonStyles.secondary} mt-4`}
          >
            <RefreshCw aria-hidden className="size-4" />
            Try again
          </button>
        </div>
      ) : (
        <div
          role="status"
          aria-label="Loading the dashboard"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {Array.from({ length: 9 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <TileSkeleton key={i} />
          ))}
        </div>
      )}
      {data ? null : children}
    </div>
  );
}
