import {
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  type DashboardStats,
  type PeriodFigure,
  paiseToRupees,
  RECENT_ACTIVITY_LIMIT,
  SERIES_GRANULARITY,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { Deps } from '../../lib/deps.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

import { stockFigures } from '../inventory/index.ts';
import type { StoreRow } from '../stores/index.ts';
import { visitDays } from '../visits/index.ts';
import { describeActivity, plural } from './activity.ts';
import { type CodFigures, codFigures } from './cod-figures.repository.ts';
import * as repo from './dashboard.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const IST = 5.5 * HOUR;

/** A run of whole days in India time, as day numbers (days since 1970-01-01), both ends included. */
export interface DayRange {
  from: number;
  to: number;
}

export interface PeriodWindows {
  current: DayRange;
  previous: DayRange;
  /** First day of each chart bucket, ascending; the first is the window's first day. */
  buckets: number[];
}

/** The day number of an instant in India time. */
export const istDay = (t: number) => Math.floor((t + IST) / DAY);
/** Midnight in India starting a day. */
export const istMidnight = (day: number) => new Date(day * DAY - IST);
const dayOf = (text: string) => Date.parse(`${text}T00:00:00Z`) / DAY;
const dayText = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/**
 * The windows of each period at `now`, in whole days of India time (today counts so far). Monthly: the last
 * 30 days by day, against the 30 days before. Quarterly: the last 13 weeks (91 days) by week, against the 91
 * days before. Yearly: this month and the 11 before it by month, against the 12 months before those.
 */
export function periodWindows(now: Date): Record<DashboardPeriod, PeriodWindows> {
  const today = istDay(now.getTime());
  const local = new Date(now.getTime() + IST);
  const monthStart = (k: number) => Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + k, 1) / DAY;
  const days = (count: number, step: number): PeriodWindows => {
    const length = count * step;
    const from = today - length + 1;
    return {
      current: { from, to: today },
      previous: { from: from - length, to: from - 1 },
      buckets: Array.from({ length: count }, (_, i) => from + i * step),
    };
  };
  return {
    monthly: days(30, 1),
    quarterly: days(13, 7),
    yearly: {
      current: { from: monthStart(-11), to: today },
      previous: { from: monthStart(-23), to: monthStart(-11) - 1 },
      buckets: Array.from({ length: 12 }, (_, i) => monthStart(i - 11)),
    },
  };
}

interface Totals {
  orders: number;
  counted: number;
  revenuePaise: number;
  delivered: number;
  returned: number;
  profitPaise: number;
  costedRevenuePaise: number;
  linesWithoutCost: number;
}
const zero = (): Totals => ({
  orders: 0,
  counted: 0,
  revenuePaise: 0,
  delivered: 0,
  returned: 0,
  profitPaise: 0,
  costedRevenuePaise: 0,
  linesWithoutCost: 0,
});
function add(t: Totals, d: repo.DayFigures) {
  t.orders += d.orders;
  t.counted += d.countedOrders;
  t.revenuePaise += d.revenuePaise;
  t.delivered += d.deliveredOrders;
  t.returned += d.returnedOrders;
  t.profitPaise += d.profitPaise;
  t.costedRevenuePaise += d.costedRevenuePaise;
  t.linesWithoutCost += d.linesWithoutCost;
}
const within = (day: number, r: DayRange) => day >= r.from && day <= r.to;

const round1 = (x: number) => Math.round(x * 10) / 10;
/** Orders per visit in percent with two decimals; null without visits. */
const ordersPerVisit = (orders: number, visits: number) =>
  visits ? Math.round((orders / visits) * 10_000) / 100 : null;

/** A figure with its growth against the previous period (null growth when there is nothing to compare with). */
export function figure(value: number, previous: number): PeriodFigure {
  return {
    value,
    previous,
    growth: previous > 0 ? round1(((value - previous) / previous) * 100) : null,
    isPositive: value >= previous,
  };
}

/** COD's share of the period's orders, its RTO rate and what RTO cost (decision 0014). */
function codView(c: CodFigures, orders: number): DashboardStats['cod'] {
  return {
    share: orders ? round1((c.codOrders / orders) * 100) : null,
    cod_orders: c.codOrders,
    orders,
    rto_rate: c.shipped ? round1((c.rto / c.shipped) * 100) : null,
    rto_orders: c.rto,
    shipped_cod_orders: c.shipped,
    rto_cost: paiseToRupees(c.rtoCostPaise),
  };
}

/*
 * Customers of days that are over are settled: orders are placed now, never back-dated, so who ordered on a past
 * day does not change. Each instance keeps them per shop and window until India's midnight moves the window
 * (the day is in the key), and a request then reads only today's orders for Active Customers, however long the
 * period. (A customer account deleted since keeps counting until then.)
 */
const pastCustomers = new TtlCache<Set<string>>(DAY, 2_000);
const pastCustomerCounts = new TtlCache<number>(DAY, 2_000);

/** Distinct customers of the selected window and the one before, and the window's open return requests. */
async function customerFigures(tx: Tx, storeId: string, w: PeriodWindows, today: number) {
  const setKey = `${storeId}|${w.current.from}|${today}`;
  const countKey = `${storeId}|${w.previous.from}|${w.previous.to}`;
  const cachedSet = pastCustomers.get(setKey);
  const cachedCount = pastCustomerCounts.get(countKey);
  const [past, previous, recent] = await Promise.all([
    cachedSet ??
      repo
        .customersBetween(tx, storeId, istMidnight(w.current.from), istMidnight(today))
        .then((ids) => new Set(ids)),
    cachedCount ??
      repo.customerCount(tx, storeId, istMidnight(w.previous.from), istMidnight(w.previous.to + 1)),
    repo.todayAndReturns(tx, storeId, istMidnight(today), istMidnight(w.current.from)),
  ]);
  if (!cachedSet) pastCustomers.set(setKey, past);
  if (cachedCount === undefined) pastCustomerCounts.set(countKey, previous);
  const customers = past.size + recent.todayCustomers.filter((id) => !past.has(id)).length;
  return { customers, previousCustomers: previous, returnRequested: recent.returnRequested };
}

/**
 * Every dashboard figure of one shop for a period, from the database, in one transaction of six statements
 * (seven when the settled customers of past days are not kept yet): the daily order figures of the last two
 * years, today's customers and the open return requests, the stock, the recent activity, and the storefront
 * visits of the period and the one before (Conversion Rate, decision 0010), and the COD figures (decision 0014).
 */
export async function getDashboard(
  deps: Deps,
  store: StoreRow,
  period: DashboardPeriod,
  now = new Date(),
): Promise<DashboardStats> {
  const windows = periodWindows(now);
  const selected = windows[period];
  const from = istMidnight(selected.current.from);
  const [days, people, stock, activity, visits, cod] = await readFigures(deps, store, {
    windows,
    period,
    now,
  });
  const { totals, buckets } = sumDays(days, windows, selected);
  const cur = totals[period].current;
  const returned = cur.returned + people.returnRequested;
  return {
    period,
    range: {
      from: from.toISOString(),
      to: now.toISOString(),
      previous_from: istMidnight(selected.previous.from).toISOString(),
      previous_to: istMidnight(selected.previous.to + 1).toISOString(),
    },
    revenue: byPeriod(totals, (t) => paiseToRupees(t.revenuePaise)),
    total_order: byPeriod(totals, (t) => t.orders),
    total_inventory: {
      units: stock.units,
      value: paiseToRupees(stock.valuePaise),
      products: stock.products,
      valued_at_price: stock.valuedAtPrice,
    },
    profit: profitView(cur),
    active_customers: figure(people.customers, people.previousCustomers),
    avg_order_value: figure(aov(cur), aov(totals[period].previous)),
    return_rate: {
      value: cur.delivered ? round1((returned / cur.delivered) * 100) : null,
      returned,
      delivered: cur.delivered,
    },
    conversion_rate: conversionView(totals[period], visits, selected),
    cod: codView(cod, cur.orders),
    low_stock: { count: stock.low, out_of_stock: stock.outOfStock },
    revenue_series: seriesView(period, selected, buckets, now),
    recent_activity: activity.map(describeActivity),
  };
}

/** The six (or seven) statements of the dashboard, in one transaction of the shop. */
function readFigures(
  deps: Deps,
  store: StoreRow,
  {
    windows,
    period,
    now,
  }: { windows: Record<DashboardPeriod, PeriodWindows>; period: DashboardPeriod; now: Date },
) {
  const selected = windows[period];
  const earliest = Math.min(...DASHBOARD_PERIODS.map((p) => windows[p].previous.from));
  const from = istMidnight(selected.current.from);
  const today = istDay(now.getTime());
  return withStore(deps.db, store.id, (tx) =>
    Promise.all([
      repo.dayFigures(tx, store.id, dayText(earliest)),
      customerFigures(tx, store.id, selected, today),
      stockFigures(tx).then((s) => ({ ...s, products: s.total })),
      repo.recentActivity(tx, store.id, RECENT_ACTIVITY_LIMIT),
      visitDays(tx, store.id, dayText(selected.previous.from)),
      codFigures(tx, store.id, from),
    ]),
  );
}

type PeriodTotals = Record<DashboardPeriod, { current: Totals; previous: Totals }>;

/** The daily figures summed per period (this window and the one before) and per bucket of the selected window. */
function sumDays(
  days: repo.DayFigures[],
  windows: Record<DashboardPeriod, PeriodWindows>,
  selected: PeriodWindows,
) {
  const totals = {} as PeriodTotals;
  for (const p of DASHBOARD_PERIODS) totals[p] = { current: zero(), previous: zero() };
  const buckets = selected.buckets.map(() => zero());
  for (const d of days) {
    const day = dayOf(d.day);
    for (const p of DASHBOARD_PERIODS) {
      if (within(day, windows[p].current)) add(totals[p].current, d);
      else if (within(day, windows[p].previous)) add(totals[p].previous, d);
    }
    if (within(day, selected.current)) {
      const i = selected.buckets.findLastIndex((start) => start <= day);
      const bucket = buckets[i];
      if (bucket) add(bucket, d);
    }
  }
  return { totals, buckets };
}

/** One figure for every period, with its previous window's. */
function byPeriod(totals: PeriodTotals, pick: (t: Totals) => number) {
  const out = {} as Record<DashboardPeriod, PeriodFigure>;
  for (const p of DASHBOARD_PERIODS) out[p] = figure(pick(totals[p].current), pick(totals[p].previous));
  return out;
}

/** Average order value in rupees. */
const aov = (t: Totals) => (t.counted ? paiseToRupees(t.revenuePaise / t.counted) : 0);

/** Profit and margin of the lines with a cost price, and a note naming the lines without one. */
function profitView(cur: Totals): DashboardStats['profit'] {
  const profitPaise = Math.round(cur.profitPaise);
  const lines = cur.linesWithoutCost;
  return {
    value: paiseToRupees(profitPaise),
    margin_percent: cur.costedRevenuePaise ? round1((cur.profitPaise / cur.costedRevenuePaise) * 100) : null,
    lines_without_cost: lines,
    profit_note: lines
      ? `${plural(lines, 'sold line')} without a cost price ${lines === 1 ? 'is' : 'are'} not counted. Add cost prices in Inventory to include them.`
      : null,
  };
}

/** Orders per storefront visit in the window and the one before (decision 0010). */
function conversionView(
  t: { current: Totals; previous: Totals },
  visits: { day: string; visits: number }[],
  selected: PeriodWindows,
): DashboardStats['conversion_rate'] {
  const visitsIn = (r: DayRange) =>
    visits.reduce((sum, v) => (within(dayOf(v.day), r) ? sum + v.visits : sum), 0);
  const visitsNow = visitsIn(selected.current);
  const visitsBefore = visitsIn(selected.previous);
  return {
    value: ordersPerVisit(t.current.orders, visitsNow),
    previous: ordersPerVisit(t.previous.orders, visitsBefore),
    orders: t.current.orders,
    visits: visitsNow,
  };
}

/** The selected window's revenue and orders per bucket, the last one ending now. */
function seriesView(
  period: DashboardPeriod,
  selected: PeriodWindows,
  buckets: Totals[],
  now: Date,
): DashboardStats['revenue_series'] {
  return {
    granularity: SERIES_GRANULARITY[period],
    points: selected.buckets.map((start, i) => {
      const next = selected.buckets[i + 1];
      const b = buckets[i] ?? zero();
      return {
        start: istMidnight(start).toISOString(),
        end: (next === undefined ? now : istMidnight(next)).toISOString(),
        revenue: paiseToRupees(b.revenuePaise),
        orders: b.orders,
      };
    }),
  };
}
