import { EXPENSE_METHOD_NAMES } from '@haat/contracts';
import { Paperclip } from 'lucide-react';
import type { Column } from '../../components/ui/data-table.tsx';
import { formatAmount, formatDate } from '../../lib/format.ts';
import type { Expense } from './books-api.ts';

/** The expense list's columns; the cards at 360 px come from the same definitions. */
export const EXPENSE_COLUMNS: Column<Expense>[] = [
  {
    key: 'category',
    header: 'Expense',
    card: 'title',
    cell: (x) => (
      <div>
        <p className="font-semibold text-slate-900">{x.category}</p>
        <p className="text-xs text-slate-500">{formatDate(`${x.spent_on}T12:00:00+05:30`)}</p>
      </div>
    ),
  },
  {
    key: 'payee',
    header: 'Paid to',
    cell: (x) => (
      <div className="min-w-0">
        <p className="text-slate-800">{x.payee ?? '—'}</p>
        {x.description ? <p className="text-xs text-slate-500">{x.description}</p> : null}
      </div>
    ),
  },
  {
    key: 'method',
    header: 'Paid by',
    cell: (x) => (
      <span>
        {EXPENSE_METHOD_NAMES[x.method]}
        {x.from_register ? <span className="block text-xs text-slate-500">From the cash drawer</span> : null}
      </span>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (x) => (
      <div>
        <p className="font-semibold text-slate-900">{formatAmount(x.amount)}</p>
        {x.gst > 0 ? <p className="text-xs text-slate-500">GST {formatAmount(x.gst)}</p> : null}
      </div>
    ),
  },
  {
    key: 'receipt',
    header: 'Receipt',
    cell: (x) =>
      x.receipt_image ? (
        <a
          href={x.receipt_image}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <Paperclip aria-hidden className="size-4" />
          View receipt
        </a>
      ) : (
        <span className="text-slate-400">None</span>
      ),
  },
];
