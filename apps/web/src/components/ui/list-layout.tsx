/**
 * Kit: a back-office list page's body, one shape for every list: the filter bar (a slot), then the list as a
 * DataTable (a table on wide screens, cards on phones) or the caller's own view, the pager under it, and the
 * states around it: skeleton rows while loading, an error with Try again, an empty state. A page asked for past
 * the end (the last row deleted, an old link) moves to the last page. No business rules, no fetching.
 */
import { type ReactNode, useEffect } from 'react';
import { useOnline } from '../../lib/use-online.ts';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { ListPager, pageCount } from './pager.tsx';

/** What the layout reads of a list query (TanStack Query's result has all of it). */
export interface ListQueryState {
  data?: unknown;
  isPending: boolean;
  isPlaceholderData?: boolean;
  isFetching?: boolean;
  isError?: boolean;
  refetch?: () => unknown;
}

export interface ListPaging {
  page: number;
  pageSize: number;
  total: number;
  /** More match than `total` (a search not counted past its page): one page more is offered while they do. */
  more?: boolean;
  /** Singular and plural: ['order', 'orders']. */
  noun: readonly [string, string];
  onPage: (page: number, opts?: { replace?: boolean }) => void;
}

type TableProps<T> = Omit<DataTableProps<T>, 'rows' | 'loading' | 'empty'>;

export function ListLayout<T>({
  label,
  filters,
  toolbar,
  query,
  rows,
  paging,
  table,
  view,
  empty,
  errorText,
  footer,
}: {
  /** Names the list's region, e.g. "Order list". */
  label: string;
  /** The FilterBar (or nothing). */
  filters?: ReactNode;
  /** Above the rows once there are any: a sort select, a selection count. */
  toolbar?: ReactNode;
  query: ListQueryState;
  rows: T[];
  paging: ListPaging;
  /** The rows as a DataTable (table and cards from one set of columns)... */
  table?: TableProps<T>;
  /** ...or the caller's own view of them, told whether skeletons stand in for the rows. */
  view?: (loading: boolean) => ReactNode;
  /** Shown when the list is empty and nothing failed (an EmptyState). */
  empty: ReactNode;
  /** "The orders could not be loaded." */
  errorText: string;
  /** Under the pager (a note about the count). */
  footer?: ReactNode;
}) {
  const loading = query.isPending || !!query.isPlaceholderData;
  // Offline, a list not loaded yet waits for the connection (decision 0035): no skeletons, no error.
  const offline = !useOnline() && !query.data && (query.isPending || !!query.isError);
  usePageInRange(query, paging);
  const lastPage = pageCount(paging.total, paging.pageSize, paging.more);
  const body = offline ? (
    <p role="status" className="rounded-xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200">
      This list needs the connection: it loads when you are back online.
    </p>
  ) : !loading && rows.length === 0 ? (
    query.isError ? (
      <LoadError text={errorText} retry={query.refetch} />
    ) : (
      empty
    )
  ) : (
    <>
      {toolbar}
      {table ? <DataTable {...table} rows={rows} loading={loading} /> : view?.(loading)}
      {query.data && paging.total > 0 ? (
        <ListPager
          page={Math.min(paging.page, lastPage)}
          pageSize={paging.pageSize}
          total={paging.total}
          more={paging.more}
          noun={paging.total === 1 && !paging.more ? paging.noun[0] : paging.noun[1]}
          onPage={(page) => {
            paging.onPage(page);
            document.getElementById('main')?.scrollIntoView?.({ block: 'start' });
          }}
        />
      ) : null}
      {footer}
    </>
  );
  return (
    <>
      {filters}
      <section aria-label={label} aria-busy={query.isFetching || undefined} className="space-y-3">
        {body}
      </section>
    </>
  );
}

/** A page past the end goes to the last page, replacing the address (Back does not return to the empty page). */
function usePageInRange(query: ListQueryState, paging: ListPaging) {
  const ready = !!query.data && !query.isPlaceholderData;
  const lastPage = pageCount(paging.total, paging.pageSize, paging.more);
  const { page, onPage } = paging;
  useEffect(() => {
    if (ready && page > lastPage) onPage(lastPage, { replace: true });
  }, [ready, page, lastPage, onPage]);
}

function LoadError({ text, retry }: { text: string; retry?: () => unknown }) {
  return (
    <p role="alert" className="rounded-xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200">
      {text}{' '}
      {retry ? (
        <button type="button" onClick={() => retry()} className="font-semibold text-brand-700 underline">
          Try again
        </button>
      ) : null}
    </p>
  );
}
