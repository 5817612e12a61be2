import { type ProfitLoss, rupeesToPaise } from '@haat/contracts';
import { rowsOf, withStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { expenseSpans } from './profit-loss.repository.ts';

/*
 * expense_month_stats (migration 0064) is kept by statement triggers on expenses, and the profit and loss reads whole
 * months from it and the edge days from expenses: after records, edits that move an expense to another month and
 * category, deletes, and multi-row statements, the kept sums are the expenses' own, and every period (whole months,
 * cut mid-month, inside one month, across a month's edge) gives the categories and the chart the expenses give.
 */

const { t, shops, vendor } = await demoSuite();

type Row = Record<string, string>;
const read = (q: ReturnType<typeof sql>) =>
  withStore(t.owner, shops.a.id, async (tx) => rowsOf<Row>(await tx.execute(q)));
const kept = () =>
  read(sql`select to_char(month, 'YYYY-MM') as month, category, amount_paise::text as amount,
                  gst_paise::text as gst, expenses::text as n
             from expense_month_stats where store_id = ${shops.a.id} and expenses <> 0 order by 1, 2`);
const truth = () =>
  read(sql`select to_char(spent_on, 'YYYY-MM') as month, category, sum(amount_paise)::text as amount,
                  sum(gst_paise)::text as gst, count(*)::text as n
             from expenses where store_id = ${shops.a.id} group by 1, 2 order by 1, 2`);

const pl = async (from: string, to: string): Promise<ProfitLoss> => {
  const res = await vendor.call('GET', `/api/admin/profit-loss/?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const record = async (category: string, spent_on: string, amount: number) => {
  const res = await vendor.call('POST', '/api/admin/expense/', {
    category,
    spent_on,
    amount,
    gst: 0,
    method: 'BANK',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
};

/** The period's categories and the chart's months, straight from expenses. */
async function expectPeriod(from: string, to: string) {
  const x = await pl(from, to);
  const cats = await read(sql`select category, sum(amount_paise)::text as amount, count(*)::text as n
      from expenses where store_id = ${shops.a.id} and spent_on between ${from}::date and ${to}::date
     group by 1`);
  const got = x.expenses.by_category.map((c) => [c.category, rupeesToPaise(c.amount), c.count]).sort();
  expect(got, `${from}..${to}`).toEqual(cats.map((c) => [c.category, Number(c.amount), Number(c.n)]).sort());
  const months =
    await read(sql`select to_char(spent_on, 'YYYY-MM') as month, sum(amount_paise)::text as amount
      from expenses where store_id = ${shops.a.id}
       and spent_on >= date_trunc('month', ${to}::date - interval '11 months') and spent_on <= ${to}::date
     group by 1`);
  const spent = new Map(months.map((m) => [m.month, Number(m.amount)]));
  for (const m of x.months) expect(rupeesToPaise(m.expenses), m.month).toBe(spent.get(m.month) ?? 0);
}

describe('the expenses kept by month (expense_month_stats)', () => {
  it('cuts a period at whole months', () => {
    expect(expenseSpans('2026-10-01', '2026-10-31')).toEqual({
      from: '2026-10-01',
      a: '2026-10-01',
      b: '2026-11-01',
      end: '2026-11-01',
    });
    expect(expenseSpans('2026-09-15', '2026-12-10')).toEqual({
      from: '2026-09-15',
      a: '2026-10-01',
      b: '2026-12-01',
      end: '2026-12-11',
    });
    expect(expenseSpans('2026-10-02', '2026-10-30')).toMatchObject({ a: '2026-10-31', b: '2026-10-31' });
    expect(expenseSpans('2026-12-31', '2027-01-01')).toMatchObject({ a: '2027-01-02', b: '2027-01-02' });
  });

  it('agree with the expenses after records, edits across months and categories, deletes and multi-row writes', async () => {
    expect(await kept()).toEqual(await truth());
    const ids = [
      await record('Courier', '2026-09-30', 410.5),
      await record('Courier', '2026-10-01', 99.99),
      await record('Rent', '2026-10-15', 18000),
      await record('Packaging', '2026-10-31', 250),
      await record('Packaging', '2026-11-01', 75.25),
    ];
    const moved = await vendor.call('PUT', `/api/admin/expense/${ids[2]}/`, {
      category: 'Repairs',
      spent_on: '2026-11-03',
      amount: 17500,
      gst: 0,
      method: 'BANK',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await vendor.call('DELETE', `/api/admin/expense/${ids[4]}/`)).statusCode).toBe(200);
    expect(await kept()).toEqual(await truth());

    await withStore(t.owner, shops.a.id, async (tx) => {
      await tx.execute(sql`update expenses set spent_on = spent_on + 20, amount_paise = amount_paise + 1
                            where store_id = ${shops.a.id} and spent_on between '2026-10-01' and '2026-10-31'`);
      await tx.execute(sql`insert into expenses (store_id, category, spent_on, amount_paise, method)
                           select ${shops.a.id}, 'Courier', d::date, 1000 + extract(day from d)::int, 'CASH'
                             from generate_series('2026-09-25'::date, '2026-10-05'::date, '1 day') d`);
      await tx.execute(sql`delete from expenses where store_id = ${shops.a.id} and id = ${ids[0]}`);
    });
    expect(await kept()).toEqual(await truth());

    for (const [from, to] of [
      ['2026-09-01', '2026-11-30'],
      ['2026-09-15', '2026-11-10'],
      ['2026-10-01', '2026-10-31'],
      ['2026-10-02', '2026-10-30'],
      ['2026-09-30', '2026-10-01'],
      ['2026-10-21', '2026-10-21'],
    ] as const) {
      await expectPeriod(from, to);
    }
  });
});
