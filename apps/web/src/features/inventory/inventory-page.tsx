import { Download, PackageOpen, Plus, SearchX, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ListLayout } from '../../components/ui/list-layout.tsx';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { downloadFile } from '../../lib/download.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { StockConflictsNotice } from '../stock-conflicts/index.ts';
import { DeleteProductDialog } from './delete-product-dialog.tsx';
import { HsnWarning } from './hsn-warning.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { type AdminProduct, type ListQuery, useInventoryList, useProductStats } from './inventory-api.ts';
import { controlClass, InventoryFiltersBar } from './inventory-filters.tsx';
import { exportQuery, type Sort, useInventoryParams } from './inventory-params.ts';
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

function NoProducts({
  filtered,
  onClear,
  onAdd,
}: {
  filtered: boolean;
  onClear: () => void;
  onAdd: () => void;
}) {
  return (
    <EmptyState
      icon={
        filtered ? <SearchX aria-hidden className="size-6" /> : <PackageOpen aria-hidden className="size-6" />
      }
      title={filtered ? 'No products match these filters' : 'No inventory items found'}
      description={
        filtered ? 'Try another search or clear the filters.' : 'Add your first product to start selling.'
      }
      action={
        <div className="flex justify-center gap-2">
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
      }
    />
  );
}

/** Add, Update, Delete and Import: which dialog is open, and the dialogs. */
function useProductDialogs() {
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const [importing, setImporting] = useState(false);
  const element = (
    <>
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
    </>
  );
  return {
    edit: setEditing,
    remove: setDeleting,
    add: () => setAdding(true),
    openImport: () => setImporting(true),
    element,
  };
}

/** The title, and Export (of the filtered products), Import and Add Product. */
function InventoryHeader({
  shopName,
  query,
  onImport,
  onAdd,
}: {
  shopName: string;
  query: ListQuery;
  onImport: () => void;
  onAdd: () => void;
}) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Inventory</h1>
        <p className="mt-1 text-sm text-slate-600">Products, stock and prices of {shopName}.</p>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <ExportButton query={exportQuery(query)} />
        <button type="button" onClick={onImport} className={headerButton}>
          <Upload aria-hidden className="size-4" />
          Import
        </button>
        <button
          type="button"
          onClick={onAdd}
          className={`${buttonStyles.primary} order-first col-span-2 px-3.5 sm:order-none`}
        >
          <Plus aria-hidden className="size-4" />
          Add Product
        </button>
      </div>
    </header>
  );
}

/** The inventory (02 §2 Inventory list): stats, filters in the address, a sortable server-paged list, CSV. */
export function InventoryPage() {
  useDocumentTitle('Inventory · Admin Panel');
  const { shop, loading } = useSelectedShop();
  const params = useInventoryParams();
  const { filters, query, update, active, clear } = params;
  const list = useInventoryList(query);
  const stats = useProductStats();
  const dialogs = useProductDialogs();

  if (!shop) return loading ? <PageLoading /> : <NoShop />;

  const products = list.data?.results ?? [];
  const total = list.data?.count ?? 0;
  const hasProducts = (stats.data?.total_product ?? 1) > 0 || active || total > 0;
  const actions = { onEdit: dialogs.edit, onDelete: dialogs.remove };
  const onSort = (sort: Sort) => update({ sort, page: 1 });

  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <InventoryHeader
        shopName={shop.store_name}
        query={query}
        onImport={dialogs.openImport}
        onAdd={dialogs.add}
      />

      <StatsTiles />

      <StockConflictsNotice quiet />
      <HsnWarning filters={filters} onChange={update} />

      <ListLayout
        label="Product list"
        filters={
          hasProducts ? (
            <InventoryFiltersBar filters={filters} onChange={update} active={active} onClear={clear} />
          ) : null
        }
        toolbar={
          <div className="flex justify-end">
            <SortSelect sort={filters.sort} onSort={onSort} />
          </div>
        }
        query={list}
        rows={products}
        paging={{
          page: params.page,
          pageSize: params.pageSize,
          total,
          noun: ['product', 'products'],
          onPage: params.setPage,
        }}
        view={(loading) => (
          <>
            <ProductTable
              products={products}
              loading={loading}
              sort={filters.sort}
              onSort={onSort}
              {...actions}
            />
            <ProductCards products={products} loading={loading} {...actions} />
          </>
        )}
        errorText="The product list could not be loaded."
        empty={<NoProducts filtered={active} onClear={clear} onAdd={dialogs.add} />}
      />

      {dialogs.element}
    </div>
  );
}
