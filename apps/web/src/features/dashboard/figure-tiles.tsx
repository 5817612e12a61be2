import {
  DASHBOARD_PERIOD_LABELS,
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  type DashboardStats,
  FIGURES,
} from '@haat/contracts';
import {
  AlertTriangle,
  Boxes,
  IndianRupee,
  MousePointerClick,
  PiggyBank,
  ReceiptText,
  ShoppingBag,
  Undo2,
  Users,
} from 'lucide-react';
import { formatINR, formatINRCompact } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import { CodTiles } from './cod-tiles.tsx';
import { Growth } from './growth.tsx';
import { formatCount, PERIOD_TEXT } from './period-text.ts';
import { StatTile } from './stat-tile.tsx';

const percent = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
const percent2 = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const note = 'text-xs text-slate-500';

/** Every figure of the dashboard (02 §2 Admin dashboard) for the selected period, from the server's numbers. */
export function FigureTiles({ data, period }: { data: DashboardStats; period: DashboardPeriod }) {
  const { previous } = PERIOD_TEXT[period];
  const orders = data.total_order[period];
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <RevenueTile data={data} period={period} />

      <StatTile
        title="Total Orders"
        icon={ShoppingBag}
        tone="bg-sky-50 text-sky-600"
        value={formatCount(orders.value)}
      >
        <Growth figure={orders} against={previous} />
        <p className={`mt-auto ${note}`}>
          {orders.value === 0 ? 'No orders yet' : 'Every order placed, cancelled ones included'}
        </p>
      </StatTile>

      <ProfitTile data={data} />

      <StatTile
        title="Active Customers"
        icon={Users}
        tone="bg-violet-50 text-violet-600"
        value={formatCount(data.active_customers.value)}
      >
        <Growth figure={data.active_customers} against={previous} />
        <p className={`mt-auto ${note}`}>Customers who placed an order</p>
      </StatTile>

      <InventoryTile data={data} />

      <ConversionTile data={data} period={period} />
      <CodTiles data={data} period={period} />

      <StatTile
        title="Avg Order Value"
        icon={ReceiptText}
        tone="bg-teal-50 text-teal-600"
        value={formatINR(data.avg_order_value.value, { paise: true })}
      >
        <Growth figure={data.avg_order_value} against={previous} />
        <p className={`mt-auto ${note}`}>Revenue per order, cancelled and returned left out</p>
      </StatTile>

      <StatTile
        title="Return Rate"
        icon={Undo2}
        tone="bg-rose-50 text-rose-600"
        value={data.return_rate.value === null ? '–' : `${percent.format(data.return_rate.value)}%`}
      >
        <p className={`mt-auto ${note}`}>
          {data.return_rate.delivered === 0
            ? 'No delivered orders yet'
            : `${formatCount(data.return_rate.returned)} return${data.return_rate.returned === 1 ? '' : 's'} (done or asked for) among ${formatCount(data.return_rate.delivered)} delivered orders`}
        </p>
      </StatTile>

      <LowStockTile data={data} />
    </div>
  );
}

/** Orders placed per storefront visit in the period (visits counted on the server, decision 0010). */
function ConversionTile({ data, period }: { data: DashboardStats; period: DashboardPeriod }) {
  const c = data.conversion_rate;
  return (
    <StatTile
      title="Conversion Rate"
      icon={MousePointerClick}
      tone="bg-indigo-50 text-indigo-600"
      value={c.value === null ? '–' : `${percent2.format(c.value)}%`}
    >
      <p className={note}>
        {c.previous === null
          ? `No visits in the ${PERIOD_TEXT[period].previous}`
          : `${percent2.format(c.previous)}% in the ${PERIOD_TEXT[period].previous}`}
      </p>
      <p className={`mt-auto ${note}`}>
        {c.visits === 0
          ? 'No storefront visits yet'
          : `${formatCount(c.orders)} order${c.orders === 1 ? '' : 's'} from ${formatCount(c.visits)} storefront visit${c.visits === 1 ? '' : 's'}`}
      </p>
    </StatTile>
  );
}

/** The period's revenue, its growth, and the three periods side by side. */
function RevenueTile({ data, period }: { data: DashboardStats; period: DashboardPeriod }) {
  const { previous } = PERIOD_TEXT[period];
  return (
    <StatTile
      title={FIGURES.sales.label}
      icon={IndianRupee}
      tone="bg-brand-50 text-brand-600"
      value={formatINR(data.revenue[period].value)}
    >
      <Growth figure={data.revenue[period]} against={previous} />
      <p className={note}>{FIGURES.sales.note}</p>
      <dl className="mt-auto grid grid-cols-3 gap-2 border-t border-slate-100 pt-2">
        {DASHBOARD_PERIODS.map((p) => (
          <div key={p} className="min-w-0">
            <dt className={`text-[11px] ${p === period ? 'font-semibold text-slate-700' : 'text-slate-500'}`}>
              {DASHBOARD_PERIOD_LABELS[p]}
            </dt>
            <dd
              className="truncate text-xs font-semibold text-slate-900 tabular-nums"
              title={formatINR(data.revenue[p].value)}
            >
              {formatINRCompact(data.revenue[p].value)}
            </dd>
          </div>
        ))}
      </dl>
    </StatTile>
  );
}

/** Profit with its margin, and why it may be incomplete. */
function ProfitTile({ data }: { data: DashboardStats }) {
  return (
    <StatTile
      title="Profit"
      icon={PiggyBank}
      tone="bg-emerald-50 text-emerald-600"
      value={formatINR(data.profit.value)}
    >
      <p className={note}>
        {data.profit.margin_percent === null
          ? 'No items sold yet'
          : `${percent.format(data.profit.margin_percent)}% margin on items sold`}
      </p>
      <p className={`mt-auto ${note}`}>Selling price minus cost price, after coupon discounts</p>
      {data.profit.profit_note ? (
        <p className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-800">{data.profit.profit_note}</p>
      ) : null}
    </StatTile>
  );
}

/** Units in stock and their value at cost. */
function InventoryTile({ data }: { data: DashboardStats }) {
  const inventory = data.total_inventory;
  return (
    <StatTile
      title="Total Inventory"
      icon={Boxes}
      tone="bg-amber-50 text-amber-600"
      value={`${formatCount(inventory.units)} units`}
    >
      {inventory.products === 0 ? (
        <p className={note}>
          No products yet.{' '}
          <Link to="/inventory/" className="font-semibold text-brand-700 hover:underline">
            Add products
          </Link>
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            <span className="font-semibold tabular-nums">{formatINR(inventory.value)}</span> at cost
          </p>
          <p className={`mt-auto ${note}`}>
            {formatCount(inventory.products)} active product{inventory.products === 1 ? '' : 's'}
            {inventory.valued_at_price
              ? `; ${formatCount(inventory.valued_at_price)} without a cost price valued at selling price`
              : ''}
          </p>
        </>
      )}
    </StatTile>
  );
}

/** Products at or below their minimum stock, with the way to them. */
function LowStockTile({ data }: { data: DashboardStats }) {
  return (
    <StatTile
      title="Low Stock Alert"
      icon={AlertTriangle}
      tone={data.low_stock.count ? 'bg-amber-100 text-amber-700' : 'bg-slate-100 text-slate-500'}
      value={formatCount(data.low_stock.count)}
    >
      <p className={note}>
        {data.low_stock.count === 0
          ? 'No product at or below its minimum stock'
          : `product${data.low_stock.count === 1 ? '' : 's'} at or below minimum stock, or with a variant that is`}
        {data.low_stock.out_of_stock ? `; ${formatCount(data.low_stock.out_of_stock)} out of stock` : ''}
      </p>
      <Link
        to="/inventory/?stock=low_stock"
        className="mt-auto text-sm font-semibold text-brand-700 hover:underline"
      >
        View low stock products
      </Link>
    </StatTile>
  );
}
