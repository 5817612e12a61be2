import { type DashboardStats, type ProfitLoss, posTotals, rupeesToPaise } from '@haat/contracts';
import { rowsOf, withStore } from '@haat/db';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';

/*
 * The profit and loss reconciles: its net sales and profit are the dashboard's for the same days, its cost of goods
 * sold is the sale lines' recorded cost times the units not put back (read here straight from the tables), every
 * total is made of the figures beside it to the paisa, and the CSV says the same as the JSON.
 */

const { t, shops, vendor } = await demoSuite();

const IST = 5.5 * 3_600_000;
const DAY = 86_400_000;
const dayText = (ms: number) => new Date(ms + IST).toISOString().slice(0, 10);
const today = () => dayText(Date.now());
const p = (rupees: number) => rupeesToPaise(rupees);

const pl = async (from: string, to: string): Promise<ProfitLoss> => {
  const res = await vendor.call('GET', `/api/admin/profit-loss/?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const dashboard = async (period: string): Promise<DashboardStats> =>
  (await vendor.call('GET', `/api/admin/dashboard/?period=${period}`)).json().data;

/** Every total is the sum of its parts, in whole paise. */
function expectWhole(x: ProfitLoss) {
  expect(p(x.sales.net)).toBe(p(x.sales.gross) - p(x.sales.discounts) - p(x.sales.refunds));
  expect(p(x.sales.online) + p(x.sales.counter)).toBe(p(x.sales.net) + p(x.sales.refunds));
  expect(p(x.gross_margin)).toBe(p(x.sales.net) - p(x.cost_of_goods_sold));
  expect(p(x.expenses.total)).toBe(x.expenses.by_category.reduce((s, e) => s + p(e.amount), 0));
  expect(p(x.net_profit)).toBe(p(x.gross_margin) - p(x.expenses.total));
  for (const m of x.months) {
    expect(p(m.gross_margin)).toBe(p(m.net_sales) - p(m.cost_of_goods_sold));
    expect(p(m.net_profit)).toBe(p(m.gross_margin) - p(m.expenses));
  }
}

/** The same figures straight from orders, refunds, order lines and expenses. */
async function fromTables(storeId: string, from: string, to: string) {
  const [row] = await withStore(t.owner, storeId, async (tx) =>
    rowsOf<Record<string, string>>(
      await tx.execute(sql`
        with o as (
          select * from orders where store_id = ${storeId} and status not in ('CANCELLED', 'RETURNED', 'RTO')
             and order_stats_day(created_at) between ${from}::date and ${to}::date)
        select (select coalesce(sum(total_paise), 0) from o) as sales,
               (select coalesce(sum(discount_paise), 0) from o) as discounts,
               (select coalesce(sum(f.amount_paise), 0) from refunds f join o on o.id = f.order_id) as refunds,
               (select coalesce(sum(i.cost_paise::bigint * (i.quantity - i.restocked_quantity)), 0)
                  from order_items i join o on o.id = i.order_id where i.cost_paise is not null) as cogs,
               (select count(*) from order_items i join o on o.id = i.order_id where i.cost_paise is null) as uncosted,
               (select coalesce(sum(amount_paise), 0) from expenses
                 where store_id = ${storeId} and spent_on between ${from}::date and ${to}::date) as expenses`),
    ),
  );
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    net: n('sales') - n('refunds'),
    discounts: n('discounts'),
    refunds: n('refunds'),
    cogs: n('cogs'),
    uncosted: n('uncosted'),
    expenses: n('expenses'),
  };
}

describe('the profit and loss', () => {
  it("agrees with the dashboard's revenue and profit for its last 30 days and its year, and with the tables", async () => {
    const now = Date.now();
    const local = new Date(now + IST);
    const yearFrom = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 11, 1)).toISOString();
    for (const [period, from] of [
      ['monthly', dayText(now - 29 * DAY)],
      ['yearly', yearFrom.slice(0, 10)],
    ] as const) {
      const [x, dash] = [await pl(from, today()), await dashboard(period)];
      expect(x.sales.net, period).toBe(dash.revenue[period].value);
      expect(x.dashboard_profit, period).toBe(dash.profit.value);
      expect(x.lines_without_cost, period).toBe(dash.profit.lines_without_cost);
      expect(x.sales.orders, period).toBeGreaterThan(0);
      expectWhole(x);
      const truth = await fromTables(shops.a.id, from, today());
      expect(p(x.sales.net), period).toBe(truth.net);
      expect(p(x.sales.discounts), period).toBe(truth.discounts);
      expect(p(x.sales.refunds), period).toBe(truth.refunds);
      expect(p(x.cost_of_goods_sold), period).toBe(truth.cogs);
      expect(x.lines_without_cost, period).toBe(truth.uncosted);
      expect(p(x.expenses.total), period).toBe(truth.expenses);
      expect(x.expenses.count, period).toBeGreaterThan(0);
    }
  });

  it('gives the chart 12 months ending with the period, each agreeing with a P&L of that month', async () => {
    const x = await pl(`${today().slice(0, 7)}-01`, today());
    expect(x.months).toHaveLength(12);
    expect(x.months.at(-1)?.month).toBe(today().slice(0, 7));
    const last = x.months.at(-1);
    expect(last?.net_sales).toBe(x.sales.net);
    expect(last?.net_profit).toBe(x.net_profit);
    const first = x.months[0];
    const month = await pl(`${first?.month}-01`, `${first?.month}-28`);
    expect(month.months.at(-1)?.month).toBe(first?.month);
    expect(x.stock.value).toBeGreaterThan(0);
  });

  it('a sale, a refund with restock and an expense move net sales, cost of goods and net profit by exactly their amounts', async () => {
    const day = today();
    const before = await pl(day, day);
    const sku = `PL-${Date.now().toString(36)}`.toUpperCase();
    const [category] = (await vendor.call('GET', '/api/admin/category/')).json().data as { id: string }[];
    const made = await vendor.call('POST', '/api/admin/product/', {
      product_name: `Books test ${sku}`,
      sku,
      original_price: 40,
      product_price: 100,
      unit: 'Piece',
      product_quantity: 10,
      shipping_charge: 0,
      tax_percentage: 5,
      category_id: category?.id,
    });
    expect(made.statusCode, made.body).toBe(201);
    const productId = made.json().data.id as string;
    const tot = posTotals([{ unitPricePaise: 10_000, quantity: 3, ratePercent: 5 }], {
      type: 'FIXED',
      value: 0,
    });
    const sale = await vendor.call('POST', '/api/admin/order/pos-checkout/', {
      name: 'Meena Iyer',
      phone: '9812345670',
      product_id: [{ product_id: productId, quantity: 3 }],
      discount_type: 'FIXED',
      discount_value: 0,
      sub_total: tot.subtotalPaise / 100,
      discount_amount: 0,
      tax: tot.taxPaise / 100,
      total_bill_amount: tot.totalPaise / 100,
      total_items: tot.items,
      payment: { method: 'CASH', amount_received: 400 },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const refunded = await vendor.call(
      'POST',
      `/api/admin/transaction/${sale.json().data.transaction_id}/refund/`,
      {
        amount: 100,
        reason: 'One came back',
        method: 'CASH',
        restock: [{ product_id: productId, quantity: 1 }],
      },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    const spent = await vendor.call('POST', '/api/admin/expense/', {
      category: 'Packaging',
      spent_on: day,
      amount: 1234.5,
      gst: 188.31,
      method: 'UPI',
    });
    expect(spent.statusCode, spent.body).toBe(201);

    const after = await pl(day, day);
    expect(p(after.sales.net) - p(before.sales.net)).toBe(30_000 - 10_000);
    expect(p(after.sales.counter) - p(before.sales.counter)).toBe(30_000);
    expect(p(after.sales.refunds) - p(before.sales.refunds)).toBe(10_000);
    expect(p(after.cost_of_goods_sold) - p(before.cost_of_goods_sold)).toBe(2 * 4_000);
    expect(p(after.expenses.total) - p(before.expenses.total)).toBe(123_450);
    expect(p(after.expenses.gst_input) - p(before.expenses.gst_input)).toBe(18_831);
    expect(p(after.net_profit) - p(before.net_profit)).toBe(20_000 - 8_000 - 123_450);
    expectWhole(after);
    expect((await dashboard('monthly')).revenue.monthly.value).toBe(
      (await pl(dayText(Date.now() - 29 * DAY), day)).sales.net,
    );
  });

  it("the CSV's lines are the JSON's figures and add up to its net profit", async () => {
    const from = dayText(Date.now() - 89 * DAY);
    const x = await pl(from, today());
    const res = await vendor.call('GET', `/api/admin/profit-loss/export.csv?from=${from}&to=${today()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`profit-loss-${from}-to-${today()}.csv`);
    const rows = parse(res.body, { bom: true, relax_column_count: true }) as string[][];
    const amount = (line: string) => Number(rows.find((r) => r[0] === line)?.[1]);
    expect(amount('Net sales')).toBe(x.sales.net);
    expect(amount('Gross margin')).toBe(x.gross_margin);
    expect(amount('Net profit')).toBe(x.net_profit);
    expect(amount('Expenses total')).toBe(-x.expenses.total);
    const start = rows.findIndex((r) => r[0] === 'Line');
    const end = rows.findIndex((r) => r[0] === 'Net sales');
    const sales = rows.slice(start + 1, end).reduce((s, r) => s + p(Number(r[1])), 0);
    expect(sales).toBe(p(x.sales.net));
    const costs = rows.filter((r) => r[0]?.startsWith('Expenses: ')).reduce((s, r) => s + p(Number(r[1])), 0);
    expect(p(x.gross_margin) + costs).toBe(p(x.net_profit));
  });

  it('refuses a bad period naming the field', async () => {
    for (const [q, field] of [
      ['from=2026-02-30', 'from'],
      ['from=2026-05-01&to=2026-04-01', 'to'],
      ['from=2020-01-01&to=2026-01-01', 'to'],
    ] as const) {
      const res = await vendor.call('GET', `/api/admin/profit-loss/?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.issues[0].path, q).toBe(field);
    }
  });
});
