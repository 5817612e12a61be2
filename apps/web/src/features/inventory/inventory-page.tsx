import { Download, PackageOpen, Plus, SearchX, Upload } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { ListPager } from '../../components/ui/pager.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { downloadFile } from '../../lib/download.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { DeleteProductDialog } from './delete-product-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { type AdminProduct, useInventoryList, useProductStats } from './inventory-api.ts';
import { controlClass, InventoryFiltersBar } from './inventory-filters.tsx';
import { exportQuery, PAGE_SIZE, type Sort, useInventoryParams } from './inventory-params.ts';
import { ProductDialog } from './product-dialog.tsx';
import { ProductCards, ProductTable, SORT_OPTIONS } from './product-list.tsx';
import { StatsTiles } from './stats-tiles.tsx';

const headerButton = `${buttonStyles.secondary} px-3.5`;

function ExportButton({ query }: { query: Record<string, unknown> }) {
  const { session } = useSession();
  const { shop } = useSelectedShop();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!shop) return;
    setBusy(true);
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') q.set(k, String(v));
    try {
      await downloadFile(
        `/api/admin/product/export.csv?${q}`,
        `${shop.slug}-products-${new Date().toISOString().slice(0, 10)}.csv`,
        { token: session?.accessToken, storeOrigin: shop.slug, errorMessage: 'The export failed' },
      );
    } catch {
      // Announced by the request helper.
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={run}
      disabled={busy}
      aria-busy={busy || undefined}
      className={headerButton}
    >
      {busy ? <Spinner /> : <Download aria-hidden className="size-4" />}
      Export
    </button>
  );
}

function SortSelect({ sort, onSort }: { sort: Sort; onSort: (s: Sort) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 lg:hidden">
      <label htmlFor={id} className="shrink-0 text-sm text-slate-600">
        Sort by
      </label>
      <select
        id={id}
        value={sort}
        onChange={(e) => onSort(e.target.value as Sort)}
        className={`${controlClass} py-1.5`}
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function EmptyState({
  filtered,
  onClear,
  onAdd,
}: {
  filtered: boolean;
  onClear: () => void;
  onAdd: () => void;
}) {
  return (
    <div className="rounded-xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-slate-200">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        {filtered ? (
          <SearchX aria-hidden className="size-6" />
        ) : (
          <PackageOpen aria-hidden className="size-6" />
        )}
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">
        {filtered ? 'No products match these filters' : 'No inventory items found'}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {filtered ? 'Try another search or clear the filters.' : 'Add your first product to start selling.'}
      </p>
      <div className="mt-5 flex justify-center gap-2">
        {filtered ? (
          <button type="button" onClick={onClear} className={buttonStyles.secondary}>
            Clear filters
          </button>
        ) : null}
        <button type="button" onClick={onAdd} className={buttonStyles.primary}>
          <Plus aria-hidden className="size-4" />
          Add Product
        </button>
      </div>
    </div>
  );
}

/** The inventory (02 §2 Inventory list): stats, filters in the address, a sortable server-paged list, CSV. */
export function InventoryPage() {
  useDocumentTitle('Inventory · Admin Panel');
  const { shop, loading } = useSelectedShop();
  const { filters, query, update, active, clear } = useInventoryParams();
  const list = useInventoryList(query);
  const stats = useProductStats();
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const [importing, setImporting] = useState(false);

  // A page past the end (the last product of the last page was deleted, or an old link): go to the last page.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.count / PAGE_SIZE)) : null;
  useEffect(() => {
    if (lastPage !== null && !list.isPlaceholderData && filters.page > lastPage)
      update({ page: lastPage }, { replace: true });
  }, [lastPage, list.isPlaceholderData, filters.page, update]);

  if (!shop) return loading ? <PageLoading /> : <NoShop />;

  const products = list.data?.results ?? [];
  const total = list.data?.count ?? 0;
  const showSkeleton = list.isPending || list.isPlaceholderData;
  const hasProducts = (stats.data?.total_product ?? 1) > 0 || active || total > 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const actions = { onEdit: setEditing, onDelete: setDeleting };
  const onSort = (sort: Sort) => update({ sort, page: 1 });

  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Inventory</h1>
          <p className="mt-1 text-sm text-slate-600">Products, stock and prices of {shop.store_name}.</p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <ExportButton query={exportQuery(query)} />
          <button type="button" onClick={() => setImporting(true)} className={headerButton}>
            <Upload aria-hidden className="size-4" />
            Import
          </button>
          <button
            type="button"
            onClick={() => setAdding(true)}
            className={`${buttonStyles.primary} order-first col-span-2 px-3.5 sm:order-none`}
          >
            <Plus aria-hidden className="size-4" />
            Add Product
          </button>
        </div>
      </header>

      <StatsTiles />

      {hasProducts ? (
        <InventoryFiltersBar filters={filters} onChange={update} active={active} onClear={clear} />
      ) : null}

      <section aria-label="Product list" aria-busy={list.isFetching || undefined} className="space-y-3">
        {!showSkeleton && products.length === 0 ? (
          list.isError ? (
            <p
              role="alert"
              className="rounded-xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200"
            >
              The product list could not be loaded.{' '}
              <button
                type="button"
                onClick={() => list.refetch()}
                className="font-semibold text-brand-700 underline"
              >
                Try again
              </button>
            </p>
          ) : (
            <EmptyState filtered={active} onClear={clear} onAdd={() => setAdding(true)} />
          )
        ) : (
          <>
            <div className="flex justify-end">
              <SortSelect sort={filters.sort} onSort={onSort} />
            </div>
            <ProductTable
              products={products}
              loading={showSkeleton}
              sort={filters.sort}
              onSort={onSort}
              {...actions}
            />
            <ProductCards products={products} loading={showSkeleton} {...actions} />
            {list.data ? (
              <ListPager
                page={Math.min(filters.page, pageCount)}
                pageSize={PAGE_SIZE}
                total={total}
                noun={total === 1 ? 'product' : 'products'}
                onPage={(page) => {
                  update({ page });
                  document.getElementById('main')?.scrollIntoView({ block: 'start' });
                }}
              />
            ) : null}
          </>
        )}
      </section>

      <ProductDialog
        open={adding || editing !== null}
        product={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}
