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

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowLabel,
  sort,
  onSort,
  selection,
  loading = false,
  skeletonRows = 5,
  empty,
  actions,
}: {
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
}) {
  if (!loading && rows.length === 0 && empty) return <>{empty}</>;
  const label = (row: T) => rowLabel?.(row) ?? rowKey(row);
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
  const placeholders = Array.from({ length: skeletonRows }, (_, i) => `skeleton-${i}`);
  const titleColumn = columns.find((c) => c.card === 'title');
  const cardColumns = columns.filter((c) => c.card !== 'title' && c.card !== 'hidden');

  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 sm:block">
        <table className="w-full text-left text-sm" aria-busy={loading || undefined}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              {selection ? (
                <th scope="col" className="w-10 py-3 pl-4">
                  <input
                    type="checkbox"
                    aria-label="Select all rows on this page"
                    checked={allSelected}
                    ref={(el) => {
                      if (el) el.indeterminate = someSelected && !allSelected;
                    }}
                    onChange={toggleAll}
                    className="size-4 rounded border-slate-300 accent-brand-600"
                  />
                </th>
              ) : null}
              {columns.map((c) => (
                <HeaderCell key={c.key} column={c} sort={sort} onSort={onSort} />
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
              ? placeholders.map((k) => (
                  <tr key={k} aria-hidden>
                    {selection ? <td className="py-3 pl-4" /> : null}
                    {columns.map((c) => (
                      <td key={c.key} className="px-3 py-3">
                        <span className="block h-4 w-3/4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
                      </td>
                    ))}
                    {actions ? <td className="px-3 py-3" /> : null}
                  </tr>
                ))
              : rows.map((row) => {
                  const key = rowKey(row);
                  const checked = selection?.selected.has(key) ?? false;
                  return (
                    <tr key={key} className={checked ? 'bg-brand-50/60' : 'hover:bg-slate-50'}>
                      {selection ? (
                        <td className="py-3 pl-4">
                          <input
                            type="checkbox"
                            aria-label={`Select ${label(row)}`}
                            checked={checked}
                            onChange={() => toggle(key)}
                            className="size-4 rounded border-slate-300 accent-brand-600"
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
                })}
          </tbody>
        </table>
      </div>

      <ul aria-label={caption} aria-busy={loading || undefined} className="space-y-3 sm:hidden">
        {loading
          ? placeholders.map((k) => (
              <li
                key={k}
                aria-hidden
                className="h-32 animate-pulse rounded-xl bg-white ring-1 ring-slate-200 motion-reduce:animate-none"
              />
            ))
          : rows.map((row) => {
              const key = rowKey(row);
              const checked = selection?.selected.has(key) ?? false;
              return (
                <li
                  key={key}
                  className={`rounded-xl bg-white p-4 shadow-sm ${checked ? 'ring-2 ring-brand-500' : 'ring-1 ring-slate-200'}`}
                >
                  <div className="flex items-start gap-3">
                    {selection ? (
                      <input
                        type="checkbox"
                        aria-label={`Select ${label(row)}`}
                        checked={checked}
                        onChange={() => toggle(key)}
                        className="mt-1 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
                      />
                    ) : null}
                    <div className="min-w-0 flex-1">
                      {titleColumn ? (
                        <div className="font-semibold text-slate-900">{titleColumn.cell(row)}</div>
                      ) : null}
                      <dl
                        className={`grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm ${titleColumn ? 'mt-2' : ''}`}
                      >
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
                    <div className="mt-3 flex justify-end gap-1 border-t border-slate-100 pt-2">
                      {actions(row)}
                    </div>
                  ) : null}
                </li>
              );
            })}
      </ul>
    </>
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
