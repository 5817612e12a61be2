import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity } from '@haat/contracts';
import { Download, History } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { DateRangeField } from '../../components/ui/date-range-field.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FilterBar, FilterSelect } from '../../components/ui/filter-bar.tsx';
import { ListLayout } from '../../components/ui/list-layout.tsx';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { downloadFile } from '../../lib/download.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useAdminDownload } from '../../lib/use-admin-download.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { useAuditPeople, useAuditTrail } from './audit-api.ts';
import { COLUMNS } from './audit-columns.tsx';
import { ACTION_TEXT, KIND_TEXT } from './audit-labels.ts';
import { useAuditParams } from './audit-params.ts';
import { nothingChanged } from './audit-values.ts';

const today = () => new Date().toISOString().slice(0, 10);
const count = new Intl.NumberFormat('en-IN');

/** The audit trail (02 §2 Audit): every back-office change, who made it and when, filtered and paged on the server. */
export function AuditTrailPage() {
  useDocumentTitle('Audit trail · Admin Panel');
  const { shop, loading } = useSelectedShop();
  const params = useAuditParams();
  const { query } = params;
  const list = useAuditTrail(query);
  const { busy, run } = useAdminDownload();
  if (!shop) return loading ? <PageLoading /> : <NoShop />;

  const total = list.data?.count ?? 0;
  const exportCsv = () => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (v !== undefined && k !== 'limit' && k !== 'offset') q.set(k, String(v));
    return run('export', (req) =>
      downloadFile(`/api/admin/audit-trail/export.csv?${q}`, `audit-trail-${today()}.csv`, {
        ...req,
        errorMessage: 'The export failed',
      }),
    );
  };

  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Audit trail</h1>
          <p className="mt-1 text-sm text-slate-600">
            Every change made in the back office of {shop.store_name}: who, when, and the values before and
            after.
          </p>
        </div>
        <button
          type="button"
          onClick={exportCsv}
          disabled={busy !== null || total === 0}
          className={`${buttonStyles.secondary} px-3.5`}
        >
          {busy ? <Spinner /> : <Download aria-hidden className="size-4" />}
          Export CSV
        </button>
      </header>

      <ListLayout
        label="Changes"
        filters={<AuditFilters params={params} />}
        query={list}
        rows={(list.data?.results ?? []).filter((e) => !nothingChanged(e))}
        paging={{
          page: params.page,
          pageSize: params.pageSize,
          total,
          noun: ['change', 'changes'],
          onPage: params.setPage,
        }}
        table={{ caption: 'Audit trail', columns: COLUMNS, rowKey: (e) => e.id, rowLabel: (e) => e.summary }}
        errorText="The audit trail could not be loaded."
        empty={
          <EmptyState
            icon={<History aria-hidden className="size-6" />}
            title={params.active ? 'No changes match these filters' : 'No changes yet'}
            description={
              params.active
                ? 'Try another person, kind, action or date range.'
                : 'Changes to products, stock, orders and settings appear here as they are made.'
            }
          />
        }
        footer={
          list.data?.count_capped ? (
            <p className="text-center text-xs text-slate-500">
              More than {count.format(total)} changes match: narrow the dates or pick a person to see the
              rest.
            </p>
          ) : null
        }
      />
    </div>
  );
}

/** Search, person, kind, action and dates; every change asks the server again. */
function AuditFilters({ params }: { params: ReturnType<typeof useAuditParams> }) {
  const { f, update } = params;
  const people = useAuditPeople();
  const search = useDebouncedSearch(f.search, (text) => update({ search: text }));
  return (
    <FilterBar
      label="Filter the audit trail"
      search={{
        value: search.text,
        onChange: search.onChange,
        label: 'Search',
        placeholder: 'Order, SKU, coupon…',
      }}
      active={params.active}
      onClear={params.clear}
    >
      <FilterSelect
        label="Person"
        width="lg:w-44"
        value={f.person}
        onChange={(person) => update({ person })}
        options={[
          { value: '', label: 'Everyone' },
          ...(people.data ?? []).map((p) => ({ value: p.id, label: p.name })),
        ]}
      />
      <FilterSelect<AuditEntity | ''>
        label="Kind"
        value={f.kind}
        onChange={(kind) => update({ kind })}
        options={[
          { value: '', label: 'All kinds' },
          ...AUDIT_ENTITIES.map((k) => ({ value: k, label: KIND_TEXT[k] })),
        ]}
      />
      <FilterSelect<AuditAction | ''>
        label="Action"
        value={f.action}
        onChange={(action) => update({ action })}
        options={[
          { value: '', label: 'All actions' },
          ...AUDIT_ACTIONS.map((a) => ({ value: a, label: ACTION_TEXT[a] })),
        ]}
      />
      <FilterSelect<'show' | ''>
        label="Sign-ins"
        value={f.kind === 'SIGN_IN' ? 'show' : f.signins}
        onChange={(signins) => update({ signins })}
        options={[
          { value: '', label: 'Hide sign-ins' },
          { value: 'show', label: 'Show sign-ins' },
        ]}
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
