import { History } from 'lucide-react';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import type { LedgerPage, LedgerReason } from './inventory-api.ts';
import { controlClass } from './inventory-filters.tsx';

export const REASON_LABELS: Record<LedgerReason, string> = {
  INITIAL: 'Opening stock',
  ADJUSTMENT: 'Adjustment',
  SALE: 'Sale',
  CANCELLATION: 'Order cancelled',
  RETURN: 'Return',
  IMPORT: 'CSV import',
  PURCHASE: 'Goods received',
};
const qty = new Intl.NumberFormat('en-IN', { signDisplay: 'exceptZero' });
const plain = new Intl.NumberFormat('en-IN');
const timeIST = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short', timeZone: 'Asia/Kolkata' });

type Entry = LedgerPage['results'][number];

function Change({ n }: { n: number }) {
  const tone = n > 0 ? 'text-emerald-700' : n < 0 ? 'text-red-700' : 'text-slate-600';
  return <span className={`font-semibold tabular-nums ${tone}`}>{qty.format(n)}</span>;
}

function Note({ e }: { e: Entry }) {
  if (e.note) return <span className="break-words">{e.note}</span>;
  if (e.order_id)
    return (
      <span title={e.order_id}>
        Order <span className="font-mono text-xs">{e.order_id.slice(0, 8).toUpperCase()}</span>
      </span>
    );
  return <span className="text-slate-500">Not added</span>;
}

/** One of the history's filters: a labelled select whose first choice is "all". */
export function HistorySelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string | null }[];
}) {
  return (
    <div className="w-full sm:w-56">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={controlClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The stock changes as a table, from md up. */
export function HistoryTable({ rows, unit }: { rows: Entry[]; unit: string }) {
  return (
    <div className="hidden overflow-x-auto rounded-lg ring-1 ring-slate-200 md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Stock changes, newest first</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2.5 font-semibold">
              Date
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-semibold">
              Change
            </th>
            <th scope="col" className="px-3 py-2.5 text-right font-semibold">
              Stock after
            </th>
            <th scope="col" className="px-3 py-2.5 font-semibold">
              Reason
            </th>
            <th scope="col" className="px-3 py-2.5 font-semibold">
              Note / order
            </th>
            <th scope="col" className="px-3 py-2.5 font-semibold">
              By
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((e) => (
            <tr key={e.id}>
              <td className="px-3 py-2.5 whitespace-nowrap text-slate-700">
                <span className="block">{formatDate(e.created_at)}</span>
                <span className="block text-xs text-slate-500">{timeIST.format(new Date(e.created_at))}</span>
              </td>
              <td className="px-3 py-2.5 text-right">
                <Change n={e.change} />
              </td>
              <td className="px-3 py-2.5 text-right text-slate-900 tabular-nums">
                {plain.format(e.quantity_after)} <span className="text-xs text-slate-500">{unit}</span>
              </td>
              <td className="px-3 py-2.5 text-slate-800">
                {REASON_LABELS[e.reason]}
                {e.variant ? <span className="block text-xs text-slate-500">{e.variant}</span> : null}
              </td>
              <td className="px-3 py-2.5 text-slate-700">
                <Note e={e} />
              </td>
              <td className="px-3 py-2.5 text-slate-700">{e.actor_name ?? 'System'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The stock changes as cards, on a phone. */
export function HistoryCards({ rows, unit }: { rows: Entry[]; unit: string }) {
  return (
    <ul aria-label="Stock changes, newest first" className="space-y-2 md:hidden">
      {rows.map((e) => (
        <li key={e.id} className="rounded-lg p-3 ring-1 ring-slate-200">
          <div className="flex items-baseline justify-between gap-2">
            <span className="font-medium text-slate-900">
              {REASON_LABELS[e.reason]}
              {e.variant ? ` · ${e.variant}` : ''}
            </span>
            <Change n={e.change} />
          </div>
          <p className="mt-0.5 text-xs text-slate-500">
            {formatDateTime(e.created_at)} · {e.actor_name ?? 'System'}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            Stock after: {plain.format(e.quantity_after)} {unit}
          </p>
          <p className="mt-0.5 text-sm text-slate-700">
            <Note e={e} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The history's placeholders while it loads, why it could not, that there is none, or the changes. */
export function HistoryBody({
  loading,
  failed,
  rows,
  reason,
  unit,
}: {
  loading: boolean;
  failed: boolean;
  rows: Entry[];
  reason: LedgerReason | '';
  unit: string;
}) {
  return loading ? (
    <div aria-hidden className="space-y-2">
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="h-10 animate-pulse rounded-lg bg-slate-100" />
      ))}
    </div>
  ) : failed ? (
    <p role="alert" className="text-sm text-slate-600">
      The stock history could not be loaded.
    </p>
  ) : rows.length === 0 ? (
    <div className="flex flex-col items-center gap-2 rounded-lg bg-slate-50 px-4 py-10 text-center text-sm text-slate-600">
      <History aria-hidden className="size-6 text-slate-400" />
      {reason ? `No stock changes of the kind "${REASON_LABELS[reason]}".` : 'No stock changes yet.'}
    </div>
  ) : (
    <>
      <HistoryTable rows={rows} unit={unit} />
      <HistoryCards rows={rows} unit={unit} />
    </>
  );
}
