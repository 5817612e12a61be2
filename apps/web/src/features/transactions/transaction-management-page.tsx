import { TRANSACTION_MODE_FILTERS, TRANSACTION_STATUS_FILTERS, type TransactionQuery } from '@haat/contracts';
import { AlertTriangle, Clock, Download, FileText, IndianRupee, Receipt } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { type Column, DataTable } from '../../components/ui/data-table.tsx';
import { DateRangeField } from '../../components/ui/date-range-field.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FilterBar, filterControlClass } from '../../components/ui/filter-bar.tsx';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { ListPager } from '../../components/ui/pager.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { formatDate, formatINR, formatTime } from '../../lib/format.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { downloadAdminFile } from './files.ts';
import { PAYMENT_MODE, PAYMENT_STATUS } from './payment-labels.ts';
import { type Transaction, useTransactionStats, useTransactions } from './transactions-api.ts';

const PAGE_SIZE = 10;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
type Status = (typeof TRANSACTION_STATUS_FILTERS)[number];
type Mode = (typeof TRANSACTION_MODE_FILTERS)[number];
const STATUS_TEXT: Record<Status, string> = {
  all: 'All',
  PENDING: 'Pending',
  SUCCESS: 'Success',
  FAILED: 'Failed',
  PARTIALLY_REFUNDED: 'Partially Refunded',
  REFUNDED: 'Refunded',
  CANCELLED: 'Cancelled',
};
const MODE_TEXT: Record<Mode, string> = {
  all: 'All',
  CREDIT_CARD: 'Credit Card',
  DEBIT_CARD: 'Debit Card',
  UPI: 'UPI',
  NET_BANKING: 'Net Banking',
  WALLET: 'Wallet',
  CASH: 'Cash',
};
const oneOf = <T extends string>(v: string | null, all: readonly T[], d: T) =>
  all.includes(v as T) ? (v as T) : d;

/** The list's filters in the address, so a filtered list can be linked to and reloaded. */
function useTransactionParams() {
  const [params, setParams] = useSearchParams();
  const f = useMemo(() => {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    return {
      search: params.get('search') ?? '',
      status: oneOf(params.get('status'), TRANSACTION_STATUS_FILTERS, 'all'),
      payment_mode: oneOf(params.get('payment_mode'), TRANSACTION_MODE_FILTERS, 'all'),
      from: DATE.test(from) ? from : '',
      to: DATE.test(to) ? to : '',
      page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    };
  }, [params]);
  const update = (patch: Partial<typeof f>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v === '' || v === 'all' || (k === 'page' && v === 1)) next.delete(k);
        else next.set(k, String(v));
      }
      if (!('page' in patch)) next.delete('page');
      return next;
    });
  const range = { from: f.from || undefined, to: f.to && (!f.from || f.to >= f.from) ? f.to : undefined };
  const query: Partial<TransactionQuery> = {
    search: f.search || undefined,
    status: f.status,
    payment_mode: f.payment_mode,
    ...range,
    limit: PAGE_SIZE,
    offset: (f.page - 1) * PAGE_SIZE,
  };
  const active = !!f.search || f.status !== 'all' || f.payment_mode !== 'all' || !!f.from || !!f.to;
  return { f, update, query, range, active, clear: () => setParams(new URLSearchParams()) };
}

/** The search box's text, sent to the address half a second after the last key. */
function useDebouncedSearch(value: string, onSearch: (s: string) => void) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    text,
    onChange: (next: string) => {
      setText(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(next.trim()), 500);
    },
  };
}

const detailPath = (id: string) => `/transaction/${id}`;

const COLUMNS: Column<Transaction>[] = [
  {
    key: 'id',
    header: 'Transaction ID',
    card: 'title',
    cell: (t) => (
      <div>
        <Link to={detailPath(t.id)} className="font-semibold text-slate-900 hover:text-brand-700">
          {t.transaction_id}
        </Link>
        <p className="text-xs text-slate-500">{formatDate(t.created_at)}</p>
      </div>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (t) => (
      <div>
        <p className="font-semibold text-slate-900">{formatINR(t.amount, { paise: true })}</p>
        <p className="text-xs text-slate-500">{PAYMENT_MODE[t.payment_mode]}</p>
        {t.refunded_amount > 0 ? (
          <p className="text-xs text-sky-700">−{formatINR(t.refunded_amount, { paise: true })} refunded</p>
        ) : null}
      </div>
    ),
  },
  {
    key: 'date',
    header: 'Date',
    className: 'whitespace-nowrap',
    cell: (t) => (
      <span>
        {formatDate(t.created_at)}
        <span className="block text-xs text-slate-500">{formatTime(t.created_at)}</span>
      </span>
    ),
  },
  {
    key: 'order',
    header: 'Order ID',
    cell: (t) => (
      <Link to={`/admin-orders/${t.order_id}`} className="font-medium text-brand-700 underline">
        {t.order_number}
      </Link>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (t) => (
      <StatusBadge tone={PAYMENT_STATUS[t.payment_status].tone}>
        {PAYMENT_STATUS[t.payment_status].text}
      </StatusBadge>
    ),
  },
  {
    key: 'customer',
    header: 'Customer',
    className: 'max-w-48',
    cell: (t) => (
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{t.customer_name}</p>
        {t.customer_email ? <p className="truncate text-xs text-slate-500">{t.customer_email}</p> : null}
      </div>
    ),
  },
  {
    key: 'invoice',
    header: 'Invoice',
    cell: (t) =>
      t.customer_invoice ? (
        <InvoiceLink t={t} />
      ) : (
        <span className="text-xs text-slate-500">Not Generated</span>
      ),
  },
];

function InvoiceLink({ t }: { t: Transaction }) {
  const { shop } = useSelectedShop();
  const { session } = useSession();
  const [busy, setBusy] = useState(false);
  const number = t.customer_invoice?.invoice_number ?? '';
  const download = async () => {
    if (!shop) return;
    setBusy(true);
    try {
      await downloadAdminFile(
        `/api/admin/transaction/get-invoice/?transaction_id=${t.id}`,
        `${number.replaceAll('/', '-')}.pdf`,
        { token: session?.accessToken, slug: shop.slug },
        'The invoice could not be downloaded',
      );
    } catch {
      // Announced by the download helper.
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={download}
      disabled={busy}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      aria-label={`Download invoice ${number}`}
    >
      {busy ? <Spinner /> : <FileText aria-hidden className="size-4" />}
      {number}
    </button>
  );
}

/** The month's GST summary (by rate and by place of supply) as CSV, for filing GSTR-1. */
function GstSummaryButton({ slug, token }: { slug: string; token: string | null | undefined }) {
  const [month, setMonth] = useState(() => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 7));
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!/^\d{4}-\d{2}$/.test(month)) return;
    setBusy(true);
    try {
      await downloadAdminFile(
        `/api/admin/transaction/gst-summary.csv?month=${month}`,
        `${slug}-gst-${month}.csv`,
        { token, slug },
        'The GST summary could not be made',
      );
    } catch {
      // Announced by the download helper.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex w-full items-end gap-2 sm:w-auto">
      <label className="block min-w-0 flex-1 text-sm font-medium text-slate-800 sm:flex-none">
        GST month
        <input
          type="month"
          value={month}
          onChange={(e) => setMonth(e.target.value)}
          className={`${filterControlClass} sm:w-40`}
        />
      </label>
      <button type="button" onClick={run} disabled={busy} className={`${buttonStyles.secondary} px-3.5`}>
        {busy ? <Spinner /> : <FileText aria-hidden className="size-4" />}
        GST summary
      </button>
    </div>
  );
}

/** Transaction Management (02 §2 Transaction list): 4 stats, filters in the address, a server-paged list, CSV. */
export function TransactionManagementPage() {
  useDocumentTitle('Transactions · Admin Panel');
  const { shop, loading } = useSelectedShop();
  const { session } = useSession();
  const { f, update, query, range, active, clear } = useTransactionParams();
  const list = useTransactions(query);
  const stats = useTransactionStats(range);
  const search = useDebouncedSearch(f.search, (s) => update({ search: s }));
  const [exporting, setExporting] = useState(false);
  if (!shop) return loading ? <PageLoading /> : <NoShop />;

  const total = list.data?.count ?? 0;
  const s = stats.data;
  const count = new Intl.NumberFormat('en-IN');
  const exportCsv = async () => {
    setExporting(true);
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (v !== undefined && k !== 'limit' && k !== 'offset') q.set(k, String(v));
    try {
      await downloadAdminFile(
        `/api/admin/transaction/export.csv?${q}`,
        `${shop.slug}-transactions-${new Date().toISOString().slice(0, 10)}.csv`,
        { token: session?.accessToken, slug: shop.slug },
        'The export failed',
      );
    } catch {
      // Announced by the download helper.
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Transaction Management
          </h1>
          <p className="mt-1 text-sm text-slate-600">Payments, invoices and refunds of {shop.store_name}.</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <GstSummaryButton slug={shop.slug} token={session?.accessToken} />
          <button
            type="button"
            onClick={exportCsv}
            disabled={exporting}
            className={`${buttonStyles.secondary} px-3.5`}
          >
            {exporting ? <Spinner /> : <Download aria-hidden className="size-4" />}
            Export Report
          </button>
        </div>
      </header>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="Total Revenue"
          icon={IndianRupee}
          loading={!s}
          value={s ? formatINR(s.total_revenue) : '—'}
          hint="Net of refunds"
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
        <label className="block min-w-0 text-sm font-medium text-slate-800 lg:w-44">
          Status
          <select
            value={f.status}
            onChange={(e) => update({ status: e.target.value as Status })}
            className={filterControlClass}
          >
            {TRANSACTION_STATUS_FILTERS.map((v) => (
              <option key={v} value={v}>
                {STATUS_TEXT[v]}
              </option>
            ))}
          </select>
        </label>
        <label className="block min-w-0 text-sm font-medium text-slate-800 lg:w-40">
          Payment
          <select
            value={f.payment_mode}
            onChange={(e) => update({ payment_mode: e.target.value as Mode })}
            className={filterControlClass}
          >
            {TRANSACTION_MODE_FILTERS.map((v) => (
              <option key={v} value={v}>
                {MODE_TEXT[v]}
              </option>
            ))}
          </select>
        </label>
        <DateRangeField
          label="Date range"
          value={{ from: f.from, to: f.to }}
          onChange={(r) => update({ from: r.from, to: r.to })}
          compact
        />
      </FilterBar>

      <section aria-label="Transaction list" aria-busy={list.isFetching || undefined} className="space-y-3">
        <DataTable
          caption="Transactions"
          columns={COLUMNS}
          rows={list.data?.results ?? []}
          rowKey={(t) => t.id}
          rowLabel={(t) => t.transaction_id}
          loading={list.isPending || list.isPlaceholderData}
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
          actions={(t) => (
            <Link to={detailPath(t.id)} className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}>
              View
            </Link>
          )}
        />
        {list.data && total > 0 ? (
          <ListPager
            page={Math.min(f.page, Math.max(1, Math.ceil(total / PAGE_SIZE)))}
            pageSize={PAGE_SIZE}
            total={total}
            noun={total === 1 ? 'transaction' : 'transactions'}
            onPage={(page) => update({ page })}
          />
        ) : null}
      </section>
    </div>
  );
}
