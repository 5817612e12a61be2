import { FIGURES } from '@haat/contracts';
import { formatINR } from '../../lib/format.ts';
import { useCan } from '../../lib/shop-role.ts';
import type { AdminOrderList } from './admin-orders-api.ts';

const count = new Intl.NumberFormat('en-IN');

/** The 7 stat cards (02 §9) and RTO (decision 0014) for the chosen date range, from the server. */
export function OrderStats({
  stats,
  loading,
}: {
  stats: AdminOrderList['order_stats'] | undefined;
  loading: boolean;
}) {
  // Revenue is money: a role that may not see it (a Cashier or Packer, issues 15 and 42) gets the counts; the
  // server sends it null to them.
  const money = useCan('money');
  const all: [string, string][] = stats
    ? [
        ['Total Orders', count.format(stats.total_order)],
        ['Pending', count.format(stats.total_pending_order)],
        ['Processing', count.format(stats.total_process)],
        ['Shipped', count.format(stats.total_shipped)],
        ['Delivered', count.format(stats.total_deliverd)],
        ['Cancelled', count.format(stats.total_cancelled)],
        ['RTO', count.format(stats.total_rto)],
        [FIGURES.orderValue.label, stats.total_revenue === null ? '—' : formatINR(stats.total_revenue)],
      ]
    : [
        'Total Orders',
        'Pending',
        'Processing',
        'Shipped',
        'Delivered',
        'Cancelled',
        'RTO',
        FIGURES.orderValue.label,
      ].map((l) => [l, '—']);
  const cards = money ? all : all.slice(0, 7);
  return (
    <dl
      className={`grid grid-cols-2 gap-3 sm:grid-cols-4 ${money ? '2xl:grid-cols-8' : 'xl:grid-cols-7'}`}
      aria-busy={loading || undefined}
    >
      {cards.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
          {label === FIGURES.orderValue.label ? (
            <dd className="mt-1 text-xs text-slate-600">{FIGURES.orderValue.note}</dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}
