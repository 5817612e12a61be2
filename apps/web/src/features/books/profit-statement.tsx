import type { ProfitLoss } from '@haat/contracts';
import { formatAmount } from '../../lib/format.ts';

/** An amount with its sign: costs and expenses are shown as what they take away. */
const minus = (rupees: number) => (rupees ? `−${formatAmount(rupees)}` : formatAmount(0));

type Row = { label: string; amount: string; total?: boolean; indent?: boolean; testId?: string };

function rowsOf(p: ProfitLoss): Row[] {
  return [
    { label: 'Gross sales (orders placed, GST included)', amount: formatAmount(p.sales.gross) },
    { label: 'Discounts', amount: minus(p.sales.discounts), indent: true },
    { label: 'Refunds', amount: minus(p.sales.refunds), indent: true },
    { label: 'Net sales', amount: formatAmount(p.sales.net), total: true, testId: 'pl-net-sales' },
    { label: 'Cost of goods sold', amount: minus(p.cost_of_goods_sold), indent: true },
    { label: 'Gross margin', amount: formatAmount(p.gross_margin), total: true, testId: 'pl-gross-margin' },
    ...p.expenses.by_category.map((e) => ({
      label: `${e.category} (${e.count})`,
      amount: minus(e.amount),
      indent: true,
    })),
    { label: 'Expenses', amount: minus(p.expenses.total), total: true, testId: 'pl-expenses' },
    { label: 'Net profit', amount: formatAmount(p.net_profit), total: true, testId: 'pl-net-profit' },
  ];
}

/** The period's profit and loss as a statement: each total under the lines it is made of. */
export function ProfitStatement({ p }: { p: ProfitLoss }) {
  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-sm">
        <caption className="px-4 pt-4 text-left text-base font-semibold text-slate-900 sm:px-5">
          Profit and loss, {p.from} to {p.to}
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {rowsOf(p).map((r) => (
            <tr
              key={r.label}
              className={
                r.total ? 'border-t border-slate-200 font-semibold text-slate-900' : 'text-slate-700'
              }
            >
              <th
                scope="row"
                className={`py-2 text-left ${r.total ? 'font-semibold' : 'font-normal'} ${r.indent ? 'pl-8 sm:pl-10' : 'pl-4 sm:pl-5'}`}
              >
                {r.label}
              </th>
              <td
                className="py-2 pr-4 text-right tabular-nums whitespace-nowrap sm:pr-5"
                data-testid={r.testId}
              >
                {r.amount}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="border-t border-slate-100 px-4 py-3 text-xs text-slate-500 sm:px-5">
        Online {formatAmount(p.sales.online)} and counter {formatAmount(p.sales.counter)} before refunds;{' '}
        {p.sales.orders.toLocaleString('en-IN')} orders. GST input in the expenses:{' '}
        {formatAmount(p.expenses.gst_input)}.
      </p>
    </div>
  );
}
