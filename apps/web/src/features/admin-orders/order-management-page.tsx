import { Download, PackageSearch, SearchX } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { ListPager } from '../../components/ui/pager.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useCan } from '../../lib/shop-role.ts';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import { type AdminOrderRow, type BulkResult, useOrderList } from './admin-orders-api.ts';
import { BulkBar, NotMoved } from './bulk-bar.tsx';
import { openPackingSlips, saveOrdersCsv } from './order-files.ts';
import { OrderFiltersBar } from './order-filters.tsx';
import { OrderCards, OrderTable } from './order-list.tsx';
import { PAGE_SIZE, useOrderParams } from './order-params.ts';
import { OrderStats } from './order-stats.tsx';

const headerButton = `${buttonStyles.secondary} px-3.5`;

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="rounded-xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-slate-200">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        {filtered ? (
          <SearchX aria-hidden className="size-6" />
        ) : (
          <PackageSearch aria-hidden className="size-6" />
        )}
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">
        {filtered ? 'No orders match these filters' : 'No orders yet'}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {filtered
          ? 'Try another search, status or date range.'
          : 'When customers order from your shop, their orders appear here.'}
      </p>
      {filtered ? (
        <button type="button" onClick={onClear} className={`${buttonStyles.secondary} mt-5`}>
          Clear filters
        </button>
      ) : null}
    </div>
  );
}

function SortSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="ml-auto flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm text-slate-600">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-sm"
      >
        <option value="date_desc">Newest first</option>
        <option value="date_asc">Oldest first</option>
        <option value="amount_desc">Amount: high to low</option>
        <option value="amount_asc">Amount: low to high</option>
      </select>
    </div>
  );
}

/**
 * Order Management (02 §2 Admin order list): the 7 stats for the date range, search and filters in the address,
 * a server-paged list (table on desktop, cards on phones), bulk moves, packing slips and CSV export.
 */
export function OrderManagementPage() {
  useDocumentTitle('Orders · Admin Panel');
  const { shop, loading } = useSelectedShop();
  const { filters, query, update, active, clear } = useOrderParams();
  const list = useOrderList(query);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const files = useAdminDownload();
  const seesMoney = useCan('money');
  const [notMoved, setNotMoved] = useState<BulkResult | null>(null);

  const total = list.data?.count ?? 0;
  const lastPage = list.data ? Math.max(1, Math.ceil(total / PAGE_SIZE)) : null;
  useEffect(() => {
    if (lastPage !== null && !list.isPlaceholderData && filters.page > lastPage)
      update({ page: lastPage }, { replace: true });
  }, [lastPage, list.isPlaceholderData, filters.page, update]);

  if (!shop) return loading ? <PageLoading /> : <NoShop />;

  const orders: AdminOrderRow[] = list.data?.order_list ?? [];
  const showSkeleton = list.isPending || list.isPlaceholderData;
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = (on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const o of orders) {
        if (on) next.add(o.id);
        else next.delete(o.id);
      }
      return next;
    });
  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Order Management</h1>
          <p className="mt-1 text-sm text-slate-600">
            Find, pack, ship and follow up the orders of {shop.store_name}.
          </p>
        </div>
        {seesMoney ? (
          <button
            type="button"
            disabled={files.busy !== null}
            aria-busy={files.busy === 'export' || undefined}
            onClick={() => files.run('export', (req) => saveOrdersCsv(query, req))}
            className={headerButton}
          >
            {files.busy === 'export' ? <Spinner /> : <Download aria-hidden className="size-4" />}
            Export
          </button>
        ) : null}
      </header>

      <OrderStats stats={list.data?.order_stats} loading={list.isPending} />

      <OrderFiltersBar filters={filters} onChange={update} active={active} onClear={clear} />

      {selected.size > 0 ? (
        <BulkBar
          ids={[...selected]}
          onDone={(r) => {
            setSelected(new Set());
            setNotMoved(r.skipped.length ? r : null);
          }}
          onClear={() => setSelected(new Set())}
          printing={files.busy === 'print'}
          onPrint={() => files.run('print', (req) => openPackingSlips([...selected], req))}
        />
      ) : null}

      {notMoved ? <NotMoved result={notMoved} onDismiss={() => setNotMoved(null)} /> : null}

      <section aria-label="Order list" aria-busy={list.isFetching || undefined} className="space-y-3">
        {!showSkeleton && orders.length === 0 ? (
          list.isError ? (
            <p
              role="alert"
              className="rounded-xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200"
            >
              The orders could not be loaded.{' '}
              <button
                type="button"
                onClick={() => list.refetch()}
                className="font-semibold text-brand-700 underline"
              >
                Try again
              </button>
            </p>
          ) : (
            <EmptyState filtered={active} onClear={clear} />
          )
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="hidden text-sm text-slate-600 sm:block">
                {selected.size > 0
                  ? `${selected.size} selected`
                  : 'Select orders to move or print them together.'}
              </p>
              <SortSelect value={filters.sort} onChange={(v) => update({ sort: v as typeof filters.sort })} />
            </div>
            <OrderTable
              orders={orders}
              loading={showSkeleton}
              selected={selected}
              onToggle={toggle}
              onToggleAll={toggleAll}
            />
            <OrderCards
              orders={orders}
              loading={showSkeleton}
              selected={selected}
              onToggle={toggle}
              onToggleAll={toggleAll}
            />
            {list.data ? (
              <ListPager
                page={Math.min(filters.page, lastPage ?? 1)}
                pageSize={PAGE_SIZE}
                total={total}
                noun={total === 1 ? 'order' : 'orders'}
                onPage={(page) => {
                  update({ page });
                  document.getElementById('main')?.scrollIntoView({ block: 'start' });
                }}
              />
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
