import { FIGURES, TRANSACTION_MODE_FILTERS, TRANSACTION_STATUS_FILTERS } from '@haat/contracts';
import { AlertTriangle, Clock, IndianRupee, Receipt } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { DateRangeField } from '../../components/ui/date-range-field.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FilterBar, FilterSelect } from '../../components/ui/filter-bar.tsx';
import { ListLayout } from '../../components/ui/list-layout.tsx';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { formatINR } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { ReportButtons } from './report-buttons.tsx';
import { COLUMNS, detailPath } from './transaction-columns.tsx';
import {
  MODE_TEXT,
  type Mode,
  STATUS_TEXT,
  type Status,
  useTransactionParams,
} from './transaction-params.ts';
import { useTransactionStats, useTransactions } from './transactions-api.ts';

/** Transaction Management (02 §2 Transaction list): 4 stats, filters in the address, a server-paged list, CSV. */
export function TransactionManagementPage() {
  useDocumentTitle('Transactions · Admin Panel');
  const { shop, loading } = useSelectedShop();
  const params = useTransactionParams();
  const { query, active } = params;
  const list = useTransactions(query);
  if (!shop) return loading ? <PageLoading /> : <NoShop />;

  const total = list.data?.count ?? 0;

  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Transaction Management
          </h1>
          <p className="mt-1 text-sm text-slate-600">Payments, invoices and refunds of {shop.store_name}.</p>
        </div>
        <ReportButtons query={query} />
      </header>

      <TransactionStats range={params.range} />

      <ListLayout
        label="Transaction list"
        filters={<TransactionFilters params={params} />}
        query={list}
        rows={list.data?.results ?? []}
        paging={{
          page: params.page,
          pageSize: params.pageSize,
          total,
          noun: ['transaction', 'transactions'],
          onPage: params.setPage,
        }}
        table={{
          caption: 'Transactions',
          columns: COLUMNS,
          rowKey: (t) => t.id,
          rowLabel: (t) => t.transaction_id,
          actions: (t) => (
            <Link to={detailPath(t.id)} className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}>
              View
            </Link>
          ),
        }}
        errorText="The transactions could not be loaded."
        empty={
          <EmptyState
            icon={<Receipt aria-hidden className="size-6" />}
            title={active ? 'No transactions match these filters' : 'No transactions yet'}
            description={
              active
                ? 'Try another search, status or date range.'
                : 'Payments appear here as customers order.'
            }
          />
        }
      />
    </div>
  );
}

const count = new Intl.NumberFormat('en-IN');

/** Revenue, count, pending and failed for the date range. */
function TransactionStats({ range }: { range: ReturnType<typeof useTransactionParams>['range'] }) {
  const stats = useTransactionStats(range);
  const s = stats.data;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        label={FIGURES.received.label}
        icon={IndianRupee}
        loading={!s}
        value={s ? formatINR(s.total_revenue) : '—'}
        hint={FIGURES.received.note}
      />
      <StatCard
        label="Total Transactions"
        icon={Receipt}
        tone="neutral"
        loading={!s}
        value={s ? count.format(s.total_transaction) : '—'}
      />
      <StatCard
        label="Pending"
        icon={Clock}
        tone="warning"
        loading={!s}
        value={s ? count.format(s.total_pending_transaction) : '—'}
      />
      <StatCard
        label="Failed"
        icon={AlertTriangle}
        tone="danger"
        loading={!s}
        value={s ? count.format(s.total_failed_transaction) : '—'}
      />
    </div>
  );
}

/** Search, status, payment and dates; every change asks the server again. */
function TransactionFilters({ params }: { params: ReturnType<typeof useTransactionParams> }) {
  const { f, update, active, clear } = params;
  const search = useDebouncedSearch(f.search, (text) => update({ search: text }));
  return (
    <FilterBar
      label="Filter transactions"
      search={{
        value: search.text,
        onChange: search.onChange,
        label: 'Search',
        placeholder: 'Transaction, order, customer...',
      }}
      active={active}
      onClear={clear}
    >
      <FilterSelect<Status>
        label="Status"
        width="lg:w-44"
        value={f.status}
        onChange={(status) => update({ status })}
        options={TRANSACTION_STATUS_FILTERS.map((v) => ({ value: v, label: STATUS_TEXT[v] }))}
      />
      <FilterSelect<Mode>
        label="Payment"
        value={f.payment_mode}
        onChange={(payment_mode) => update({ payment_mode })}
        options={TRANSACTION_MODE_FILTERS.map((v) => ({ value: v, label: MODE_TEXT[v] }))}
      />
      <DateRangeField
        label="Date range"
        value={{ from: f.from, to: f.to }}
        onChange={(r) => update({ from: r.from, to: r.to })}
        compact
      />
    </FilterBar>
  );
}
