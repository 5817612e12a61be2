import { ArrowLeft, Barcode, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { isNotFound } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Link, useNavigate, useParams } from '../../lib/router.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { DeleteProductDialog } from './delete-product-dialog.tsx';
import { type AdminProduct, useProduct } from './inventory-api.ts';
import { PrintLabelsDialog } from './print-labels-dialog.tsx';
import { Gallery, QuickStats, Tabs } from './product-detail-parts.tsx';
import { ProductDialog } from './product-dialog.tsx';
import { StockBadge } from './stock-badge.tsx';

function NotLoaded({ missing }: { missing: boolean }) {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-xl font-bold text-slate-900">
        {missing ? 'Product not found' : 'Something went wrong'}
      </h1>
      <p className="mt-2 text-slate-600">
        {missing
          ? 'It may have been deleted, or it belongs to another shop.'
          : 'The product could not be loaded. Please try again.'}
      </p>
      <Link to="/inventory/" className={`${buttonStyles.primary} mt-6`}>
        Back to Inventory
      </Link>
    </div>
  );
}

/** The product's name, stock badge, SKU and last update, and its actions. */
function DetailHeader({
  p,
  onEdit,
  onPrint,
  onDelete,
}: {
  p: AdminProduct;
  onEdit: () => void;
  onPrint: () => void;
  onDelete: () => void;
}) {
  return (
    <header className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {p.product_name}
          </h1>
          <StockBadge status={p.stock_status} archived={p.status === 'ARCHIVED'} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          SKU <span className="font-mono text-slate-800">{p.sku ?? 'Not added'}</span>
          <span aria-hidden className="hidden sm:inline">
            {' '}
            ·{' '}
          </span>
          <span className="block sm:inline">Last updated {formatDateTime(p.updated_at)}</span>
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <button type="button" onClick={onEdit} className={buttonStyles.primary}>
          <Pencil aria-hidden className="size-4" />
          Edit Product
        </button>
        <button type="button" onClick={onPrint} className={buttonStyles.secondary}>
          <Barcode aria-hidden className="size-4" />
          Print barcode labels
        </button>
        <button
          type="button"
          onClick={onDelete}
          className={`${buttonStyles.secondary} text-red-700 hover:bg-red-50`}
        >
          <Trash2 aria-hidden className="size-4" />
          Delete
        </button>
      </div>
    </header>
  );
}

/** /inventory/{productId} (02 §2 Product detail): header, photos, quick stats and the tabs. */
export function ProductDetailPage() {
  const { productId = '' } = useParams();
  const { shop, loading } = useSelectedShop();
  const navigate = useNavigate();
  const product = useProduct(productId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [printing, setPrinting] = useState(false);
  useDocumentTitle(product.data ? `${product.data.product_name} · Inventory` : 'Inventory · Admin Panel');

  if (!shop) return loading ? <PageLoading /> : <NoShop />;
  if (product.isPending) return <PageLoading />;
  const p = product.data;
  if (!p) return <NotLoaded missing={isNotFound(product.error)} />;

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <Link
        to="/inventory/"
        className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Back to Inventory
      </Link>
      <DetailHeader
        p={p}
        onEdit={() => setEditing(true)}
        onPrint={() => setPrinting(true)}
        onDelete={() => setDeleting(true)}
      />

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="mx-auto w-full max-w-sm space-y-4 lg:max-w-none">
          <Gallery key={p.images.join('|')} p={p} />
          <QuickStats p={p} />
        </div>
        <Tabs p={p} />
      </div>

      <ProductDialog open={editing} product={editing ? p : null} onClose={() => setEditing(false)} />
      <PrintLabelsDialog product={p} open={printing} onClose={() => setPrinting(false)} />
      <DeleteProductDialog
        product={deleting ? p : null}
        onClose={() => setDeleting(false)}
        onDeleted={(r) => {
          if (!r.archived) navigate('/inventory/', { replace: true });
        }}
      />
    </div>
  );
}
