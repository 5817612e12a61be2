/**
 * Kit: a list of records as a table on wide screens and as a stack of cards below 640 px (sm), from one set of
 * column definitions. Optional sortable headers (aria-sort), row selection for bulk actions, a loading state
 * and an empty state. Only one of the two layouts is displayed, so assistive technology meets one list.
 * No business rules: columns say how to show a row, the caller fetches, sorts and pages.
 */
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

export interface Column<T> {
  /** Unique per table; also the sort key passed to onSort. */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Classes for the table cells of this column (e.g. 'w-32', 'whitespace-nowrap'). */
  className?: string;
  /** Header becomes a sort button. */
  sortable?: boolean;
  /** On cards: 'title' is the card's heading line, 'hidden' leaves the column out, default shows "header: value". */
  card?: 'title' | 'hidden' | 'default';
}

export interface TableSort {
  key: string;
  direction: SortDirection;
}

export interface TableSelection {
  /** Keys (rowKey) of the selected rows. */
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}

const ALIGN = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;

export interface DataTableProps<T> {
  /** Names the table for screen readers (visually hidden), e.g. "Orders". */
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** How a row is named in its checkbox and actions, e.g. the order number. */
  rowLabel?: (row: T) => string;
  sort?: TableSort;
  /** Called with the column key; the caller flips or sets the direction. */
  onSort?: (key: string) => void;
  selection?: TableSelection;
  /** Grey placeholder rows in place of the rows. */
  loading?: boolean;
  skeletonRows?: number;
  /** Shown instead of the table when there are no rows and nothing is loading (e.g. an <EmptyState>). */
  empty?: ReactNode;
  /** Per-row actions (buttons, links): the last column of the table, the footer of a card. */
  actions?: (row: T) => ReactNode;
}

/** The selection's helpers for one page of rows. */
function rowSelection<T>(rows: T[], rowKey: (row: T) => string, selection?: TableSelection) {
  const allSelected = !!selection && rows.length > 0 && rows.every((r) => selection.selected.has(rowKey(r)));
  const someSelected = !!selection && rows.some((r) => selection.selected.has(rowKey(r)));
  const toggle = (key: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const r of rows) {
      if (allSelected) next.delete(rowKey(r));
      else next.add(rowKey(r));
    }
    selection.onChange(next);
  };
  return { allSelected, someSelected, toggle, toggleAll };
}

type ViewProps<T> = DataTableProps<T> & {
  label: (row: T) => string;
  picks: ReturnType<typeof rowSelection<T>>;
  placeholders: string[];
};

export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, rowKey, rowLabel, selection, loading = false, skeletonRows = 5, empty } = props;
  if (!loading && rows.length === 0 && empty) return <>{empty}</>;
  const view: ViewProps<T> = {
    ...props,
    loading,
    label: (row: T) => rowLabel?.(row) ?? rowKey(row),
    picks: rowSelection(rows, rowKey, selection),
    placeholders: Array.from({ length: skeletonRows }, (_, i) => `skeleton-${i}`),
  };
  return (
    <>
      <TableView {...view} />
      <CardsView {...view} />
    </>
  );
}

const checkboxClass = 'size-4 rounded border-slate-300 accent-brand-600';

function TableView<T>(p: ViewProps<T>) {
  const { columns, selection, actions, picks, loading } = p;
  return (
    <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 sm:block">
      <table className="w-full text-left text-sm" aria-busy={loading || undefined}>
        <caption className="sr-only">{p.caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            {selection ? (
              <th scope="col" className="w-10 py-3 pl-4">
                <input
                  type="checkbox"
                  aria-label="Select all rows on this page"
                  checked={picks.allSelected}
                  ref={(el) => {
                    if (el) el.indeterminate = picks.someSelected && !picks.allSelected;
                  }}
                  onChange={picks.toggleAll}
                  className={checkboxClass}
                />
              </th>
            ) : null}
            {columns.map((c) => (
              <HeaderCell key={c.key} column={c} sort={p.sort} onSort={p.onSort} />
            ))}
            {actions ? (
              <th scope="col" className="px-3 py-3 text-right font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {loading
            ? p.placeholders.map((k) => <SkeletonRow key={k} {...p} />)
            : p.rows.map((row) => <Row key={p.rowKey(row)} row={row} {...p} />)}
        </tbody>
      </table>
    </div>
  );
}

function SkeletonRow<T>({ columns, selection, actions }: ViewProps<T>) {
  return (
    <tr aria-hidden>
      {selection ? <td className="py-3 pl-4" /> : null}
      {columns.map((c) => (
        <td key={c.key} className="px-3 py-3">
          <span className="block h-4 w-3/4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
        </td>
      ))}
      {actions ? <td className="px-3 py-3" /> : null}
    </tr>
  );
}

function Row<T>({ row, columns, selection, actions, rowKey, label, picks }: ViewProps<T> & { row: T }) {
  const key = rowKey(row);
  const checked = selection?.selected.has(key) ?? false;
  return (
    <tr className={checked ? 'bg-brand-50/60' : 'hover:bg-slate-50'}>
      {selection ? (
        <td className="py-3 pl-4">
          <input
            type="checkbox"
            aria-label={`Select ${label(row)}`}
            checked={checked}
            onChange={() => picks.toggle(key)}
            className={checkboxClass}
          />
        </td>
      ) : null}
      {columns.map((c) => (
        <td
          key={c.key}
          className={`px-3 py-3 text-slate-700 ${ALIGN[c.align ?? 'left']} ${c.className ?? ''}`}
        >
          {c.cell(row)}
        </td>
      ))}
      {actions ? <td className="px-3 py-2 text-right">{actions(row)}</td> : null}
    </tr>
  );
}

function CardsView<T>(p: ViewProps<T>) {
  const { loading } = p;
  return (
    <ul aria-label={p.caption} aria-busy={loading || undefined} className="space-y-3 sm:hidden">
      {loading
        ? p.placeholders.map((k) => (
            <li
              key={k}
              aria-hidden
              className="h-32 animate-pulse rounded-xl bg-white ring-1 ring-slate-200 motion-reduce:animate-none"
            />
          ))
        : p.rows.map((row) => <Card key={p.rowKey(row)} row={row} {...p} />)}
    </ul>
  );
}

function Card<T>({ row, columns, selection, actions, rowKey, label, picks }: ViewProps<T> & { row: T }) {
  const key = rowKey(row);
  const checked = selection?.selected.has(key) ?? false;
  const titleColumn = columns.find((c) => c.card === 'title');
  const cardColumns = columns.filter((c) => c.card !== 'title' && c.card !== 'hidden');
  return (
    <li
      className={`rounded-xl bg-white p-4 shadow-sm ${checked ? 'ring-2 ring-brand-500' : 'ring-1 ring-slate-200'}`}
    >
      <div className="flex items-start gap-3">
        {selection ? (
          <input
            type="checkbox"
            aria-label={`Select ${label(row)}`}
            checked={checked}
            onChange={() => picks.toggle(key)}
            className={`mt-1 shrink-0 ${checkboxClass}`}
          />
        ) : null}
        <div className="min-w-0 flex-1">
          {titleColumn ? <div className="font-semibold text-slate-900">{titleColumn.cell(row)}</div> : null}
          <dl className={`grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm ${titleColumn ? 'mt-2' : ''}`}>
            {cardColumns.map((c) => (
              <div key={c.key} className="contents">
                <dt className="text-slate-500">{c.header}</dt>
                <dd className="min-w-0 text-right text-slate-800">{c.cell(row)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      {actions ? (
        <div className="mt-3 flex justify-end gap-1 border-t border-slate-100 pt-2">{actions(row)}</div>
      ) : null}
    </li>
  );
}

function HeaderCell<T>({
  column,
  sort,
  onSort,
}: {
  column: Column<T>;
  sort?: TableSort;
  onSort?: (key: string) => void;
}) {
  const align = ALIGN[column.align ?? 'left'];
  if (!column.sortable || !onSort) {
    return (
      <th scope="col" className={`px-3 py-3 font-semibold whitespace-nowrap ${align}`}>
        {column.header}
      </th>
    );
  }
  const active = sort?.key === column.key;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={`px-3 py-3 font-semibold whitespace-nowrap ${align}`}
    >
      <button
        type="button"
        onClick={() => onSort(column.key)}
        className="inline-flex items-center gap-1 rounded tracking-wide uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {column.header}
        <Icon aria-hidden className={`size-3.5 ${active ? 'text-brand-600' : 'text-slate-400'}`} />
      </button>
    </th>
  );
}
