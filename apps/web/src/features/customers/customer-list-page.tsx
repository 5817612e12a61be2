import { type CustomerSummary, formatPhone } from '@haat/contracts';
import { Users } from 'lucide-react';
import { z } from 'zod';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import type { Column } from '../../components/ui/data-table.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FilterBar } from '../../components/ui/filter-bar.tsx';
import { ListLayout } from '../../components/ui/list-layout.tsx';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { formatDate, formatINR } from '../../lib/format.ts';
import { listParam, useListParams } from '../../lib/list-params.ts';
import { Link } from '../../lib/router.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { useCustomers } from './customers-api.ts';

const PAGE_SIZE = 20;
const paramsSchema = z.object({ search: listParam.text(), page: listParam.page() });
export const customerPath = (id: string) => `/customers/${id}`;

/** What a customer owes (red), holds as an advance (green) or nothing. */
export function Balance({ amount }: { amount: number }) {
  if (amount > 0)
    return <span className="font-semibold text-rose-700">{formatINR(amount, { paise: true })} due</span>;
  if (amount < 0)
    return (
      <span className="font-semibold text-emerald-700">{formatINR(-amount, { paise: true })} advance</span>
    );
  return <span className="text-slate-500">Nothing due</span>;
}

const COLUMNS: Column<CustomerSummary>[] = [
  {
    key: 'name',
    header: 'Customer',
    card: 'title',
    cell: (c) => (
      <div>
        <Link to={customerPath(c.id)} className="font-semibold text-slate-900 hover:text-brand-700">
          {c.name}
        </Link>
        <p className="text-xs text-slate-500">
          {formatPhone(c.phone)}
          {c.online ? ' · online' : ''}
        </p>
      </div>
    ),
  },
  { key: 'orders', header: 'Orders', align: 'right', cell: (c) => c.orders_count },
  {
    key: 'value',
    header: 'Lifetime value',
    align: 'right',
    cell: (c) => formatINR(c.lifetime_value, { paise: true }),
  },
  { key: 'visit', header: 'Last visit', cell: (c) => (c.last_visit ? formatDate(c.last_visit) : '—') },
  { key: 'balance', header: 'Khata', align: 'right', cell: (c) => <Balance amount={c.balance} /> },
];

/** The shop's customers (issue 38): counter and online customers in one book, searched by name or phone. */
export function CustomerListPage() {
  useDocumentTitle('Customers · Admin Panel');
  const { shop, loading } = useSelectedShop();
  const params = useListParams(paramsSchema, { pageSize: PAGE_SIZE });
  const f = params.values;
  const list = useCustomers({ search: f.search || undefined, limit: params.limit, offset: params.offset });
  const search = useDebouncedSearch(f.search, (text) => params.update({ search: text }));
  if (!shop) return loading ? <PageLoading /> : <NoShop />;
  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Customers</h1>
        <p className="mt-1 text-sm text-slate-600">
          Counter and online customers of {shop.store_name}, matched by phone, with their khata.
        </p>
      </header>
      <ListLayout
        label="Customer list"
        filters={
          <FilterBar
            label="Search customers"
            search={{
              value: search.text,
              onChange: search.onChange,
              label: 'Search',
              placeholder: 'Name or phone',
            }}
            active={params.active}
            onClear={params.clear}
          />
        }
        query={list}
        rows={list.data?.results ?? []}
        paging={{
          page: params.page,
          pageSize: params.pageSize,
          total: list.data?.count ?? 0,
          more: list.data?.count_capped,
          noun: ['customer', 'customers'],
          onPage: params.setPage,
        }}
        table={{
          caption: 'Customers',
          columns: COLUMNS,
          rowKey: (c) => c.id,
          rowLabel: (c) => c.name,
          actions: (c) => (
            <Link to={customerPath(c.id)} className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}>
              View
            </Link>
          ),
        }}
        errorText="The customers could not be loaded."
        empty={
          <EmptyState
            icon={<Users aria-hidden className="size-6" />}
            title={params.active ? 'No customers match this search' : 'No customers yet'}
            description={params.active ? 'Try another name or phone.' : 'Customers appear here as they buy.'}
          />
        }
      />
    </div>
  );
}
