import { Download, PackageSearch, SearchX } from 'lucide-react';
import { type Dispatch, type SetStateAction, useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ListLayout } from '../../components/ui/list-layout.tsx';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useCan } from '../../lib/shop-role.ts';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import {
  type AdminOrderRow,
  type BulkResult,
  type OrderListQuery,
  useOrderList,
} from './admin-orders-api.ts';
import { BulkBar, NotMoved } from './bulk-bar.tsx';
import { openPackingSlips, saveOrdersCsv } from './order-files.ts';
import { OrderFiltersBar } from './order-filters.tsx';
import { OrderCards, OrderTable } from './order-list.tsx';
import { useOrderParams } from './order-params.ts';
import { OrderStats } from './order-stats.tsx';

const headerButton = `${buttonStyles.secondary} px-3.5`;

function NoOrders({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <EmptyState
      icon={
        filtered ? (
          <SearchX aria-hidden className="size-6" />
        ) : (
          <PackageSearch aria-hidden className="size-6" />
        )
      }
      title={filtered ? 'No orders match these filters' : 'No orders yet'}
      description={
        filtered
          ? 'Try another search, status or date range.'
          : 'When customers order from your shop, their orders appear here.'
      }
      action={
        filtered ? (
          <button type="button" onClick={onClear} className={buttonStyles.secondary}>
            Clear filters
          </button>
        ) : undefined
      }
    />
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

/** Ticking orders on this page: one, or all of them. */
function selectionOf(orders: AdminOrderRow[], setSelected: Dispatch<SetStateAction<Set<string>>>) {
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
  return { toggle, toggleAll };
}

/** The title and, for a role that sees money, the CSV export of the filtered orders. */
function OrdersHeader({
  shopName,
  query,
  files,
}: {
  shopName: string;
  query: OrderListQuery;
  files: ReturnType<typeof useAdminDownload>;
}) {
  const seesMoney = useCan('money');
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Order Management</h1>
        <p className="mt-1 text-sm text-slate-600">
          Find, pack, ship and follow up the orders of {shopName}.
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
  );
}

/** With orders ticked: move them together or print their packing slips; what could not move is listed. */
function BulkActions({
  selected,
  onClear,
  files,
}: {
  selected: ReadonlySet<string>;
  onClear: () => void;
  files: ReturnType<typeof useAdminDownload>;
}) {
  const [notMoved, setNotMoved] = useState<BulkResult | null>(null);
  return (
    <>
      {selected.size > 0 ? (
        <BulkBar
          ids={[...selected]}
          onDone={(r) => {
            onClear();
            setNotMoved(r.skipped.length ? r : null);
          }}
          onClear={onClear}
          printing={files.busy === 'print'}
          onPrint={() => files.run('print', (req) => openPackingSlips([...selected], req))}
        />
      ) : null}
      {notMoved ? <NotMoved result={notMoved} onDismiss={() => setNotMoved(null)} /> : null}
    </>
  );
}

/**
 * Order Management (02 §2 Admin order list): the 7 stats for the date range, search and filters in the address,
 * a server-paged list (table on desktop, cards on phones), bulk moves, packing slips and CSV export.
 */
export function OrderManagementPage() {
  useDocumentTitle('Orders · Admin Panel');
  const { shop, loading } = useSelectedShop();
  const params = useOrderParams();
  const { filters, query, update, active, clear } = params;
  const list = useOrderList(query);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const files = useAdminDownload();

  const total = list.data?.count ?? 0;
  if (!shop) return loading ? <PageLoading /> : <NoShop />;

  const orders: AdminOrderRow[] = list.data?.order_list ?? [];
  const { toggle, toggleAll } = selectionOf(orders, setSelected);
  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <OrdersHeader shopName={shop.store_name} query={query} files={files} />

      <OrderStats stats={list.data?.order_stats} loading={list.isPending} />

      <ListLayout
        label="Order list"
        filters={
          <>
            <OrderFiltersBar filters={filters} onChange={update} active={active} onClear={clear} />
            <BulkActions selected={selected} onClear={() => setSelected(new Set())} files={files} />
          </>
        }
        toolbar={
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="hidden text-sm text-slate-600 sm:block">
              {selected.size > 0
                ? `${selected.size} selected`
                : 'Select orders to move or print them together.'}
            </p>
            <SortSelect value={filters.sort} onChange={(v) => update({ sort: v as typeof filters.sort })} />
          </div>
        }
        query={list}
        rows={orders}
        paging={{
          page: params.page,
          pageSize: params.pageSize,
          total,
          noun: ['order', 'orders'],
          onPage: params.setPage,
        }}
        view={(loading) => (
          <>
            <OrderTable
              orders={orders}
              loading={loading}
              selected={selected}
              onToggle={toggle}
              onToggleAll={toggleAll}
            />
            <OrderCards
              orders={orders}
              loading={loading}
              selected={selected}
              onToggle={toggle}
              onToggleAll={toggleAll}
            />
          </>
        )}
        errorText="The orders could not be loaded."
        empty={<NoOrders filtered={active} onClear={clear} />}
      />
    </div>
  );
}
