import type { ProfitLoss } from '@haat/contracts';
import { csvText } from '../../lib/csv.ts';

/*
 * The profit and loss as CSV, through the shared writer: the period's lines with their amounts in rupees (a cost
 * or an expense with a minus sign, so the column adds up to the net profit), then the 12 months of the chart.
 * Every amount is the JSON's own figure, so the file's totals are the page's.
 */

export const PROFIT_LOSS_COLUMNS = ['Line', 'Amount (Rs)'];

/** The period's lines: each total below the lines it is made of. */
function periodRows(p: ProfitLoss): unknown[][] {
  return [
    ['Gross sales (orders placed, GST included)', p.sales.gross],
    ['Discounts', -p.sales.discounts],
    ['Refunds', -p.sales.refunds],
    ['Net sales', p.sales.net],
    ['Cost of goods sold', -p.cost_of_goods_sold],
    ['Gross margin', p.gross_margin],
    ...p.expenses.by_category.map((e) => [`Expenses: ${e.category}`, -e.amount]),
    ['Expenses total', -p.expenses.total],
    ['Net profit', p.net_profit],
  ];
}

/** What the figures are, for the reader of the file (not part of the sums). */
function noteRows(p: ProfitLoss): unknown[][] {
  return [
    ['Online sales (after discounts, before refunds)', p.sales.online],
    ['Counter sales (after discounts, before refunds)', p.sales.counter],
    ['GST input in expenses', p.expenses.gst_input],
    ['Order lines sold without a cost price', p.lines_without_cost],
    ['Stock at cost now', p.stock.value],
    ['Basis', p.basis],
  ];
}

export function profitLossCsv(p: ProfitLoss): string {
  const head = csvText([[`Profit and loss ${p.from} to ${p.to}`, ''], PROFIT_LOSS_COLUMNS, ...periodRows(p)]);
  const notes = csvText([[], ...noteRows(p)]);
  const months = csvText([
    [],
    ['Month', 'Net sales', 'Cost of goods sold', 'Gross margin', 'Expenses', 'Net profit'],
    ...p.months.map((m) => [
      m.month,
      m.net_sales,
      m.cost_of_goods_sold,
      m.gross_margin,
      m.expenses,
      m.net_profit,
    ]),
  ]);
  // One BOM, at the start of the file.
  return head + notes.replace(/^\uFEFF/, '') + months.replace(/^\uFEFF/, '');
}
