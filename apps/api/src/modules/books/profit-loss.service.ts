import { type ProfitLoss, type ProfitLossQuery, paiseToRupees } from '@haat/contracts';
import { withStore } from '@haat/db';
import type { ShopContext } from '../../lib/context.ts';
import * as repo from './profit-loss.repository.ts';

/*
 * The monthly profit and loss (issue 38). Every figure is whole paise until the wire, and each total is made of
 * the figures shown beside it: net sales = gross - discounts - refunds, gross margin = net sales - cost of goods
 * sold, net profit = gross margin - expenses. Net sales is the dashboard's Revenue for the same days (the orders
 * placed in them, GST and delivery included, after discounts, less refunds on them); both read order_day_stats.
 */

const DAY = 86_400_000;
const IST = 5.5 * 3_600_000;
const istToday = (now: Date) => new Date(now.getTime() + IST).toISOString().slice(0, 10);
const istStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - IST);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/** The first day of the month `k` months from the month of `day` (YYYY-MM-DD). */
export function monthStart(day: string, k: number) {
  const [y = 2000, m = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + k, 1)).toISOString().slice(0, 10);
}

/** The period asked for: by default this month so far (India time). */
export function periodOf(q: ProfitLossQuery, now: Date) {
  const today = istToday(now);
  const from = q.from ?? monthStart(q.to ?? today, 0);
  const to = q.to ?? (from > today ? from : today);
  return { from, to };
}

const plural = (count: number, word: string) =>
  `${count.toLocaleString('en-IN')} ${word}${count === 1 ? '' : 's'}`;

export const basisText = (from: string, to: string) =>
  `Net sales: orders placed from ${from} to ${to}, online and at the counter, GST and delivery charges included, ` +
  'after discounts, less refunds on them; cancelled, returned and RTO orders are not counted. This is the ' +
  "dashboard's Revenue for the same days. Expenses include the GST paid on them.";

export const costNote = (lines: number) =>
  lines
    ? `${plural(lines, 'item')} sold without a cost price (order lines): their cost is not in the cost of goods ` +
      'sold, so the gross margin is higher than it really is. Add cost prices in Inventory.'
    : null;

interface Sums {
  netSalesPaise: number;
  refundedPaise: number;
  orders: number;
  profitPaise: number;
  costPaise: number;
  restockedPaise: number;
  linesWithoutCost: number;
}
const zero = (): Sums => ({
  netSalesPaise: 0,
  refundedPaise: 0,
  orders: 0,
  profitPaise: 0,
  costPaise: 0,
  restockedPaise: 0,
  linesWithoutCost: 0,
});
function add(s: Sums, d: repo.PlDay) {
  s.netSalesPaise += d.revenuePaise;
  s.refundedPaise += d.refundedPaise;
  s.orders += d.countedOrders;
  s.profitPaise += d.profitPaise;
  s.costPaise += d.costPaise;
  s.restockedPaise += d.restockedCostPaise;
  s.linesWithoutCost += d.linesWithoutCost;
}
/** The cost of goods sold in paise: every costed unit sold, less those that went back to stock. */
const cogsOf = (s: Sums) => Math.round(s.costPaise) - s.restockedPaise;

/** The chart's months: the 12 ending with the period's last month, each with its own sums. */
function monthSeries(days: repo.PlDay[], expenses: repo.ExpenseSum[], to: string) {
  const months = Array.from({ length: 12 }, (_, i) => monthStart(to, i - 11).slice(0, 7));
  const sums = new Map(months.map((m) => [m, zero()]));
  for (const d of days) {
    const s = sums.get(d.day.slice(0, 7));
    if (s) add(s, d);
  }
  const spent = new Map(expenses.map((e) => [e.key, e.amountPaise]));
  return months.map((month) => {
    const s = sums.get(month) ?? zero();
    const cogs = cogsOf(s);
    const margin = s.netSalesPaise - cogs;
    const exp = spent.get(month) ?? 0;
    return {
      month,
      net_sales: paiseToRupees(s.netSalesPaise),
      cost_of_goods_sold: paiseToRupees(cogs),
      gross_margin: paiseToRupees(margin),
      expenses: paiseToRupees(exp),
      net_profit: paiseToRupees(margin - exp),
    };
  });
}

/** The five reads of the profit and loss, in one transaction of the shop. */
function readBooks(ctx: ShopContext, from: string, to: string) {
  const chartFrom = monthStart(to, -11);
  const first = from < chartFrom ? from : chartFrom;
  const storeId = ctx.store.id;
  return withStore(ctx.deps.db, storeId, (tx) =>
    Promise.all([
      repo.plDays(tx, storeId, { from: first, to, fromTs: istStart(first), toTs: istStart(nextDay(to)) }),
      repo.channelSales(tx, storeId, { from, to }),
      repo.expenseSums(tx, storeId, { from, to, by: 'category' }),
      repo.expenseSums(tx, storeId, { from: chartFrom, to, by: 'month' }),
      repo.stockAtCost(tx, storeId),
    ]),
  );
}

/** The profit and loss of a period (days in India time), its 12 months for the chart and the stock at cost. */
export async function profitAndLoss(ctx: ShopContext, q: ProfitLossQuery): Promise<ProfitLoss> {
  const { from, to } = periodOf(q, ctx.now());
  const [days, channels, byCategory, byMonth, stock] = await readBooks(ctx, from, to);
  const s = zero();
  for (const d of days) if (d.day >= from && d.day <= to) add(s, d);
  const cogs = cogsOf(s);
  const margin = s.netSalesPaise - cogs;
  const expensesPaise = byCategory.reduce((sum, e) => sum + e.amountPaise, 0);
  const afterDiscounts = s.netSalesPaise + s.refundedPaise;
  const rupees = paiseToRupees;
  return {
    from,
    to,
    basis: basisText(from, to),
    gst_included: true,
    sales: {
      orders: s.orders,
      gross: rupees(afterDiscounts + channels.discountsPaise),
      discounts: rupees(channels.discountsPaise),
      online: rupees(channels.onlinePaise),
      counter: rupees(channels.counterPaise),
      refunds: rupees(s.refundedPaise),
      net: rupees(s.netSalesPaise),
    },
    cost_of_goods_sold: rupees(cogs),
    gross_margin: rupees(margin),
    gross_margin_percent: s.netSalesPaise ? Math.round((margin / s.netSalesPaise) * 1000) / 10 : null,
    expenses: {
      total: rupees(expensesPaise),
      gst_input: rupees(byCategory.reduce((sum, e) => sum + e.gstPaise, 0)),
      count: byCategory.reduce((sum, e) => sum + e.count, 0),
      by_category: byCategory.map((e) => ({
        category: e.key,
        amount: rupees(e.amountPaise),
        count: e.count,
      })),
    },
    net_profit: rupees(margin - expensesPaise),
    lines_without_cost: s.linesWithoutCost,
    cost_note: costNote(s.linesWithoutCost),
    dashboard_profit: rupees(Math.round(s.profitPaise)),
    months: monthSeries(days, byMonth, to),
    stock: {
      value: rupees(stock.valuePaise),
      units: stock.units,
      variants_without_cost: stock.variantsWithoutCost,
      products_without_cost: stock.productsWithoutCost,
    },
  };
}
