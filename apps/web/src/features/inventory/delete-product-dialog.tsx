import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { FormProblem } from './form-field.tsx';
import {
  type AdminProduct,
  inventoryApi,
  type ProductDeleted,
  useRefreshShop,
  useShopSlug,
} from './inventory-api.ts';

export const dangerButton = buttonStyles.danger;

/**
 * Delete asks first (02 §2: "Are you sure you want to delete this product?"). A product that orders refer to is
 * archived by the server instead, and the toast says so.
 */
export function DeleteProductDialog({
  product,
  onClose,
  onDeleted,
}: {
  product: AdminProduct | null;
  onClose: () => void;
  onDeleted?: (result: ProductDeleted) => void;
}) {
  const slug = useShopSlug();
  const refresh = useRefreshShop();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    if (!product) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await inventoryApi.remove(slug, product.id);
      if (result.archived) {
        toast.success('Product archived', {
          description: `${product.product_name} has orders, so it was archived instead`,
        });
      } else {
        toast.success('Product deleted', { description: `${product.product_name} was deleted` });
      }
      void refresh();
      onDeleted?.(result);
      onClose();
    } catch (err) {
      // Said inside the dialog (a toast would sit behind its backdrop); it stays for another try.
      setProblem(err instanceof ApiError && err.message ? err.message : 'The product could not be deleted');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={product !== null}
      onClose={() => {
        setProblem(null);
        onClose();
      }}
      title="Delete product"
      description="Are you sure you want to delete this product? This action cannot be undone."
      size="max-w-md"
    >
      {product ? (
        <div className="space-y-5">
          <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-200">
            <span className="block font-semibold break-words text-slate-900">{product.product_name}</span>
            <span className="font-mono text-xs text-slate-500">{product.sku ?? 'No SKU'}</span>
          </p>
          <p className="text-sm text-slate-600">
            A product that is part of any order is archived instead: it leaves the shop but stays in the order
            history.
          </p>
          <FormProblem>{problem}</FormProblem>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className={buttonStyles.secondary} data-autofocus>
              Cancel
            </button>
            <button
              type="button"
              onClick={confirm}
              disabled={busy}
              aria-busy={busy || undefined}
              className={dangerButton}
            >
              {busy ? <Spinner /> : <Trash2 aria-hidden className="size-4" />}
              Delete
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
