import { PURCHASE_ORDER_STATUSES, type PurchaseOrderSummary } from '@haat/contracts';
import { Plus, Truck, Wallet } from 'lucide-react';
import { z } from 'zod';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import type { Column } from '../../components/ui/data-table.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FilterBar, FilterSelect } from '../../components/ui/filter-bar.tsx';
import { ListLayout } from '../../components/ui/list-layout.tsx';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { formatDate } from '../../lib/format.ts';
import { listParam, useListParams } from '../../lib/list-params.ts';
import { Link } from '../../lib/router.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { OrderStatus, orderPath, rupees, STATUS_OPTIONS, suppliersPath } from './purchase-parts.tsx';
import { usePurchaseOrders, useSupplierOptions } from './purchases-api.ts';

const PAGE_SIZE = 20;
const paramsSchema = z.object({
  status: listParam.anyOf(PURCHASE_ORDER_STATUSES),
  supplier: listParam.id(),
  page: listParam.page(),
});

const COLUMNS: Column<PurchaseOrderSummary>[] = [
  {
    key: 'number',
    header: 'Order',
    card: 'title',
    cell: (o) => (
      <div>
        <Link to={orderPath(o.id)} className="font-semibold text-slate-900 hover:text-brand-700">
          {o.number}
        </Link>
        <p className="text-xs text-slate-500">{formatDate(o.created_at)}</p>
      </div>
    ),
  },
  { key: 'supplier', header: 'Supplier', cell: (o) => o.supplier.company_name },
  { key: 'status', header: 'Status', cell: (o) => <OrderStatus status={o.status} /> },
  { key: 'expected', header: 'Expected', cell: (o) => (o.expected_on ? formatDate(o.expected_on) : '—') },
  { key: 'total', header: 'Total', align: 'right', cell: (o) => rupees(o.total) },
];

/** Purchase orders (issue 38): by status and supplier, newest first, paged like the other back-office lists. */
export function PurchaseListPage() {
  useDocumentTitle('Purchases · Admin Panel');
  const { shop, loading } = useSelectedShop();
  const params = useListParams(paramsSchema, { pageSize: PAGE_SIZE });
  const f = params.values;
  const suppliers = useSupplierOptions();
  const list = usePurchaseOrders({
    status: f.status || undefined,
    supplier_id: f.supplier || undefined,
    limit: params.limit,
    offset: params.offset,
  });
  if (!shop) return loading ? <PageLoading /> : <NoShop />;
  const supplierOptions = [
    { value: '', label: 'All suppliers' },
    ...(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.company_name })),
  ];
  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Purchases</h1>
          <p className="mt-1 text-sm text-slate-600">
            Order stock from suppliers, receive it, and pay their bills.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={suppliersPath} className={buttonStyles.secondary}>
            <Wallet aria-hidden className="size-4" /> Supplier accounts
          </Link>
          <Link to="/purchases/new" className={buttonStyles.primary}>
            <Plus aria-hidden className="size-4" /> New purchase order
          </Link>
        </div>
      </header>
      <ListLayout
        label="Purchase orders"
        filters={
          <FilterBar label="Filter purchase orders" active={params.active} onClear={params.clear}>
            <FilterSelect
              label="Status"
              value={f.status}
              onChange={(status) => params.update({ status })}
              options={STATUS_OPTIONS}
            />
            <FilterSelect
              label="Supplier"
              value={f.supplier}
              onChange={(supplier) => params.update({ supplier })}
              options={supplierOptions}
              width="lg:w-56"
            />
          </FilterBar>
        }
        query={list}
        rows={list.data?.results ?? []}
        paging={{
          page: params.page,
          pageSize: params.pageSize,
          total: list.data?.count ?? 0,
          noun: ['purchase order', 'purchase orders'],
          onPage: params.setPage,
        }}
        table={{
          caption: 'Purchase orders',
          columns: COLUMNS,
          rowKey: (o) => o.id,
          rowLabel: (o) => o.number,
          actions: (o) => (
            <Link to={orderPath(o.id)} className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}>
              View
            </Link>
          ),
        }}
        errorText="The purchase orders could not be loaded."
        empty={
          <EmptyState
            icon={<Truck aria-hidden className="size-6" />}
            title={params.active ? 'No purchase orders match these filters' : 'No purchase orders yet'}
            description="A purchase order lists what you buy from a supplier, at what cost."
          />
        }
      />
    </div>
  );
}
