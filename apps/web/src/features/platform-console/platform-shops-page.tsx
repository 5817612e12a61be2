import { PLANS, type PlatformShopQuery, STORE_STATUSES } from '@haat/contracts';
import { Store } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import type { Column } from '../../components/ui/data-table.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FilterBar, FilterSelect, filterControlClass } from '../../components/ui/filter-bar.tsx';
import { ListLayout } from '../../components/ui/list-layout.tsx';
import { type BadgeTone, StatusBadge } from '../../components/ui/status-badge.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { listParam, useListParams } from '../../lib/list-params.ts';
import { useNavigate } from '../../lib/router.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { type PlatformShop, usePlatformShops } from './platform-api.ts';
import { ShopAuditDialog } from './shop-audit-dialog.tsx';
import { type ACTION_TEXT, StatusDialog } from './status-dialog.tsx';

const PAGE_SIZE = 20;
/** The console's filters in the address; a change replaces the history entry. */
const shopParamsSchema = z.object({
  search: listParam.text(),
  status: listParam.anyOf(STORE_STATUSES),
  plan: listParam.anyOf(PLANS),
  city: listParam.text(),
  page: listParam.page(),
});
type ShopParams = ReturnType<typeof useShopParams>;
const useShopParams = () => useListParams(shopParamsSchema, { pageSize: PAGE_SIZE, replace: true });
const TONE: Partial<Record<string, BadgeTone>> = {
  PUBLISHED: 'success',
  ONLINE: 'success',
  SUSPENDED: 'danger',
  MAINTENANCE: 'warning',
  OFFLINE: 'warning',
  DRAFT: 'neutral',
};
const words = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase().replaceAll('_', ' ');
const count = new Intl.NumberFormat('en-IN');

/**
 * Four columns, so the table and its actions fit a 1,366 px window (issue 42): the plan and creation date go under
 * the shop, the orders under the last activity, and long names and emails wrap.
 */
const COLUMNS: Column<PlatformShop>[] = [
  {
    key: 'shop',
    header: 'Shop',
    card: 'title',
    className: 'min-w-40',
    cell: (s) => (
      <span className="block break-words">
        <span className="block font-semibold text-slate-900">{s.store_name}</span>
        <span className="block text-xs font-normal text-slate-500">
          {s.slug}
          {s.city ? ` · ${s.city}` : ''}
        </span>
        <span className="block text-xs font-normal text-slate-500">
          {words(s.plan)} plan · since {formatDate(s.created_at)}
        </span>
      </span>
    ),
  },
  {
    key: 'owner',
    header: 'Owner',
    className: 'min-w-36',
    cell: (s) => (
      <span className="block [overflow-wrap:anywhere]">
        <span className="block text-slate-900">{s.owner.name}</span>
        <span className="block text-xs text-slate-500">{s.owner.email}</span>
      </span>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (s) => (
      <span>
        <StatusBadge tone={TONE[s.online_status] ?? 'neutral'}>{words(s.online_status)}</StatusBadge>
        {s.status_note ? (
          <span className="mt-1 block max-w-48 text-xs break-words text-slate-500">{s.status_note}</span>
        ) : null}
      </span>
    ),
  },
  {
    key: 'activity',
    header: 'Activity',
    cell: (s) => (
      <span className="block">
        <span className="block text-slate-900">
          {count.format(s.orders_30d)} order{s.orders_30d === 1 ? '' : 's'} in 30 days
        </span>
        <span className="block text-xs text-slate-500">
          {s.last_activity ? `Last ${formatDateTime(s.last_activity)}` : 'No activity yet'}
        </span>
      </span>
    ),
  },
];

type Target = keyof typeof ACTION_TEXT;

/** The shop's back office, to read as the platform operator (role OPERATOR: no changes, decision 0021). */
function useOpenBackOffice() {
  const { visitShop } = useSelectedShop();
  const navigate = useNavigate();
  return (s: PlatformShop) => {
    visitShop({
      id: s.id,
      slug: s.slug,
      store_name: s.store_name,
      plan: s.plan,
      online_status: s.online_status,
      status_note: s.status_note,
      has_address: true,
    });
    navigate('/dashboard/');
  };
}

/** A shop's row actions: the statuses it can move to, its audit trail, its back office. */
function ShopActions({
  shop,
  onStatus,
  onAudit,
  onOpen,
}: {
  shop: PlatformShop;
  onStatus: (target: Target) => void;
  onAudit: () => void;
  onOpen: () => void;
}) {
  const suspended = shop.online_status === 'SUSPENDED';
  const away = suspended || shop.online_status === 'MAINTENANCE';
  return (
    <div className="flex flex-col items-stretch gap-1.5 sm:w-40 sm:items-end">
      {away ? (
        <button
          type="button"
          className={`${buttonStyles.secondary} w-full`}
          onClick={() => onStatus('PUBLISHED')}
        >
          {suspended ? 'Lift suspension' : 'Reopen'}
        </button>
      ) : null}
      {!suspended ? (
        <button
          type="button"
          className={`${buttonStyles.danger} w-full`}
          onClick={() => onStatus('SUSPENDED')}
        >
          Suspend
        </button>
      ) : null}
      {!away ? (
        <button
          type="button"
          className={`${buttonStyles.secondary} w-full`}
          onClick={() => onStatus('MAINTENANCE')}
        >
          Maintenance
        </button>
      ) : null}
      <div className="flex flex-wrap justify-end gap-x-3 gap-y-1 text-xs font-semibold text-brand-700">
        <button type="button" className="hover:underline" onClick={onAudit}>
          Audit trail
        </button>
        <button type="button" className="hover:underline" onClick={onOpen}>
          Open back office
        </button>
      </div>
    </div>
  );
}

/** The platform operator's console (role ADMIN; issue 15): every shop, its activity, and the platform's statuses. */
export function PlatformShopsPage() {
  useDocumentTitle('Shops · Platform · Admin Panel');
  const params = useShopParams();
  const f = params.values;
  const query: PlatformShopQuery = {
    search: f.search || undefined,
    status: f.status || undefined,
    plan: f.plan || undefined,
    city: f.city || undefined,
    limit: params.limit,
    offset: params.offset,
  };
  const list = usePlatformShops(query);
  const [acting, setActing] = useState<{ shop: PlatformShop; target: Target } | null>(null);
  const [auditOf, setAuditOf] = useState<PlatformShop | null>(null);
  const openBackOffice = useOpenBackOffice();
  const total = list.data?.count ?? 0;
  const actions = (s: PlatformShop) => (
    <ShopActions
      shop={s}
      onStatus={(target) => setActing({ shop: s, target })}
      onAudit={() => setAuditOf(s)}
      onOpen={() => openBackOffice(s)}
    />
  );

  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Shops on Haat</h1>
        <p className="mt-1 text-sm text-slate-600">
          Every shop on the platform, with its owner and activity. Suspensions are mailed to the owner with
          the reason.
        </p>
      </header>
      <ListLayout
        label="Shop list"
        filters={<ShopFilters params={params} />}
        query={list}
        rows={list.data?.results ?? []}
        paging={{
          page: params.page,
          pageSize: PAGE_SIZE,
          total,
          noun: ['shop', 'shops'],
          onPage: params.setPage,
        }}
        table={{
          caption: 'Shops',
          columns: COLUMNS,
          rowKey: (s) => s.id,
          rowLabel: (s) => s.store_name,
          actions,
        }}
        errorText="The shops could not be loaded."
        empty={
          <EmptyState
            icon={<Store aria-hidden className="size-6" />}
            title="No shops match"
            description={params.active ? 'Try other filters.' : 'No shop has been registered yet.'}
          />
        }
      />
      <StatusDialog
        shop={acting?.shop ?? null}
        target={acting?.target ?? null}
        onClose={() => setActing(null)}
      />
      <ShopAuditDialog key={auditOf?.id ?? 'none'} shop={auditOf} onClose={() => setAuditOf(null)} />
    </div>
  );
}

/** Search, status, plan and city; every change asks the server again. */
function ShopFilters({ params }: { params: ShopParams }) {
  const { values: f, update } = params;
  const search = useDebouncedSearch(f.search, (text) => update({ search: text }));
  return (
    <FilterBar
      label="Filter shops"
      search={{
        value: search.text,
        onChange: search.onChange,
        label: 'Search',
        placeholder: 'Shop, address or owner email',
      }}
      active={params.active}
      onClear={params.clear}
    >
      <FilterSelect<typeof f.status>
        label="Status"
        width="lg:w-44"
        value={f.status}
        onChange={(status) => update({ status })}
        options={[{ value: '', label: 'All' }, ...STORE_STATUSES.map((s) => ({ value: s, label: words(s) }))]}
      />
      <FilterSelect<typeof f.plan>
        label="Plan"
        value={f.plan}
        onChange={(plan) => update({ plan })}
        options={[{ value: '', label: 'All' }, ...PLANS.map((p) => ({ value: p, label: words(p) }))]}
      />
      <label className="block text-sm font-medium text-slate-700 lg:w-44">
        City
        <input
          className={filterControlClass}
          defaultValue={f.city}
          placeholder="Any city"
          onBlur={(e) => update({ city: e.target.value.trim() })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') update({ city: e.currentTarget.value.trim() });
          }}
        />
      </label>
    </FilterBar>
  );
}
