import type { DashboardPeriod, DashboardStats } from '@haat/contracts';
import { Banknote, PackageX, Truck } from 'lucide-react';
import { formatINR } from '../../lib/format.ts';
import { formatCount, PERIOD_TEXT } from './period-text.ts';
import { StatTile } from './stat-tile.tsx';

/* Cash on delivery for the period (decision 0014): its share of orders, the RTO rate and what RTO cost. */

const percent = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
const note = 'text-xs text-slate-500';
const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

export function CodTiles({ data, period }: { data: DashboardStats; period: DashboardPeriod }) {
  const c = data.cod;
  const window = PERIOD_TEXT[period].window;
  return (
    <>
      <StatTile
        title="COD Share"
        icon={Banknote}
        tone="bg-lime-50 text-lime-700"
        value={c.share === null ? '–' : `${percent.format(c.share)}%`}
      >
        <p className={`mt-auto ${note}`}>
          {c.orders === 0
            ? `No orders in the ${window}`
            : `${plural(c.cod_orders, 'cash-on-delivery order')} of ${formatCount(c.orders)}`}
        </p>
      </StatTile>

      <StatTile
        title="RTO Rate"
        icon={Truck}
        tone="bg-orange-50 text-orange-600"
        value={c.rto_rate === null ? '–' : `${percent.format(c.rto_rate)}%`}
      >
        <p className={`mt-auto ${note}`}>
          {c.shipped_cod_orders === 0
            ? `No COD orders shipped in the ${window}`
            : `${plural(c.rto_orders, 'parcel')} refused or undelivered of ${plural(c.shipped_cod_orders, 'shipped COD order')}`}
        </p>
      </StatTile>

      <StatTile title="RTO Cost" icon={PackageX} tone="bg-red-50 text-red-600" value={formatINR(c.rto_cost)}>
        <p className={`mt-auto ${note}`}>
          {c.rto_orders === 0
            ? 'No parcels came back'
            : 'Shipping both ways on returned parcels, as your delivery options price it'}
        </p>
      </StatTile>
    </>
  );
}
