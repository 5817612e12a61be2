import { PackageCheck } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import type { Column } from '../../components/ui/data-table.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ListLayout } from '../../components/ui/list-layout.tsx';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { conflictItem, RESOLUTION_TEXT } from './conflict-text.ts';
import { type ConflictStatus, type PosStockConflict, useStockConflicts } from './conflicts-api.ts';
import { ResolveConflictDialog } from './resolve-conflict-dialog.tsx';

const stock = (n: number) => <span className={n < 0 ? 'font-semibold text-rose-700' : ''}>{n}</span>;

const COMMON: Column<PosStockConflict>[] = [
  {
    key: 'item',
    header: 'Product',
    card: 'title',
    cell: (c) => (
      <div>
        <p className="font-semibold text-slate-900">{conflictItem(c)}</p>
        {c.sku ? <p className="text-xs text-slate-500">SKU {c.sku}</p> : null}
      </div>
    ),
  },
  {
    key: 'receipt',
    header: 'Counter · receipt',
    cell: (c) => (
      <span>
        {c.counter_name ?? 'Counter'} ·{' '}
        <span className="whitespace-nowrap">{c.receipt_number ?? c.order_number}</span>
      </span>
    ),
  },
  { key: 'sold', header: 'Units sold', align: 'right', cell: (c) => c.quantity_sold },
  { key: 'after', header: 'Stock after', align: 'right', cell: (c) => stock(c.stock_after) },
  { key: 'when', header: 'Sold', cell: (c) => formatDateTime(c.sold_at) },
];

const OPEN_COLUMNS: Column<PosStockConflict>[] = [
  ...COMMON,
  { key: 'now', header: 'Stock now', align: 'right', cell: (c) => stock(c.stock_now) },
];

const RESOLVED_COLUMNS: Column<PosStockConflict>[] = [
  ...COMMON,
  {
    key: 'how',
    header: 'Resolved',
    cell: (c) => (
      <div>
        <p className="font-medium text-slate-900">{c.resolution ? RESOLUTION_TEXT[c.resolution] : '—'}</p>
        <p className="text-xs text-slate-500">
          {[c.resolved_by, c.resolved_at ? formatDateTime(c.resolved_at) : null].filter(Boolean).join(' · ')}
        </p>
        {c.note ? <p className="text-xs text-slate-600">“{c.note}”</p> : null}
      </div>
    ),
  },
];

function StatusSwitch({ value, onChange }: { value: ConflictStatus; onChange: (s: ConflictStatus) => void }) {
  const tabs: [ConflictStatus, string][] = [
    ['OPEN', 'To resolve'],
    ['RESOLVED', 'Resolved'],
  ];
  return (
    <fieldset className="flex gap-2">
      <legend className="sr-only">Show</legend>
      {tabs.map(([s, label]) => (
        <button
          key={s}
          type="button"
          aria-pressed={value === s}
          onClick={() => onChange(s)}
          className={`${value === s ? buttonStyles.primary : buttonStyles.secondary} px-3 py-1.5 text-sm`}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * Stock conflicts (issue 43): sales synced from an offline counter that took more units than the server had, so
 * the stock went below zero. The owner counts the shelf (an adjustment in the ledger) or accepts it as is.
 */
export function StockConflictsPage() {
  useDocumentTitle('Stock conflicts · Admin Panel');
  const { shop, loading } = useSelectedShop();
  const [status, setStatus] = useState<ConflictStatus>('OPEN');
  const [resolving, setResolving] = useState<PosStockConflict | null>(null);
  const list = useStockConflicts(status);
  const rows = list.data?.conflicts ?? [];
  if (!shop) return loading ? <PageLoading /> : <NoShop />;
  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Stock conflicts</h1>
        <p className="mt-1 text-sm text-slate-600">
          Sales from an offline counter that took more units than {shop.store_name} had in stock (sold online
          meanwhile). Each sale is kept; count the shelf or accept the stock as it is.
        </p>
      </header>
      <ListLayout
        label="Stock conflicts"
        filters={<StatusSwitch value={status} onChange={setStatus} />}
        query={list}
        rows={rows}
        paging={{
          page: 1,
          pageSize: 200,
          total: rows.length,
          noun: ['conflict', 'conflicts'],
          onPage: () => {},
        }}
        table={{
          caption: status === 'OPEN' ? 'Stock conflicts to resolve' : 'Resolved stock conflicts',
          columns: status === 'OPEN' ? OPEN_COLUMNS : RESOLVED_COLUMNS,
          rowKey: (c) => c.id,
          rowLabel: (c) => conflictItem(c),
          actions:
            status === 'OPEN'
              ? (c) => (
                  <button
                    type="button"
                    onClick={() => setResolving(c)}
                    className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
                    aria-label={`Resolve ${conflictItem(c)} (${c.receipt_number ?? c.order_number})`}
                  >
                    Resolve
                  </button>
                )
              : undefined,
        }}
        errorText="The stock conflicts could not be loaded."
        empty={
          <EmptyState
            icon={<PackageCheck aria-hidden className="size-6" />}
            title={status === 'OPEN' ? 'No stock conflicts to resolve' : 'No resolved stock conflicts yet'}
            description="A sale from an offline counter that takes more than the stock shows up here."
          />
        }
      />
      {resolving ? <ResolveConflictDialog open c={resolving} onClose={() => setResolving(null)} /> : null}
    </div>
  );
}
