import { Plus, Search } from 'lucide-react';
import { type FormEvent, type RefObject, useEffect, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { inputClass } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { type BadgeTone, StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatAmount } from '../../lib/format.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { productByBarcode, useProductSearch } from './counter-lookups.ts';
import type { PosProduct } from './pos-api.ts';
import { ScanButton } from './scan-button.tsx';

const BADGE: Record<PosProduct['stock_status'], BadgeTone> = {
  'In Stock': 'success',
  'Low Stock': 'warning',
  'Out of Stock': 'danger',
};

export const productTitle = (p: Pick<PosProduct, 'name' | 'variant_label'>) =>
  p.variant_label ? `${p.name} (${p.variant_label})` : p.name;

/**
 * The barcode box: a USB or Bluetooth scanner types the code and presses Enter; the cashier can type it and press
 * Enter or Add; on a phone, Scan reads it with the camera. An unknown code says 'Product not found with this
 * barcode'. Focus comes back here after every add, so the next scan needs no click.
 */
export function BarcodeBox({
  inputRef,
  onProduct,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onProduct: (p: PosProduct) => void;
}) {
  const { shop } = useSelectedShop();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const look = async (raw: string) => {
    const c = raw.trim();
    if (!c || !shop) return;
    setBusy(true);
    setProblem(null);
    try {
      // The server's answer, or with no network the catalogue on this device (issue 43).
      const found = await productByBarcode(shop.slug, c);
      if (found) {
        onProduct(found);
        setCode('');
      } else setProblem('Product not found with this barcode');
    } catch {
      setProblem('Product not found with this barcode');
    } finally {
      setBusy(false);
      inputRef.current?.focus();
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void look(code);
  };

  return (
    <form onSubmit={submit} aria-label="Add by barcode">
      <label htmlFor="pos-barcode" className="block text-sm font-medium text-slate-800">
        Barcode
      </label>
      {/* On a phone the code gets the whole row (it was five characters wide beside Add and Scan at 360 px). */}
      <div className="mt-1.5 flex flex-wrap gap-2 sm:flex-nowrap">
        <input
          id="pos-barcode"
          ref={inputRef}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setProblem(null);
          }}
          placeholder="Scan or type a barcode"
          autoComplete="off"
          inputMode="numeric"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'pos-barcode-error' : undefined}
          className={`${inputClass(!!problem)} basis-full sm:basis-auto`}
        />
        <button type="submit" className={buttonStyles.secondary} disabled={busy || !code.trim()}>
          {busy ? <Spinner /> : <Plus aria-hidden className="size-4" />}
          Add
        </button>
        <ScanButton onCode={(c) => void look(c)} disabled={busy} />
      </div>
      {problem ? (
        <p id="pos-barcode-error" role="alert" className="mt-1.5 text-sm text-red-600">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/** Search by name or SKU as the cashier types (the server, or offline the device); each with its price and stock. */
export function ProductPicker({
  search,
  onSearch,
  onAdd,
}: {
  search: string;
  onSearch: (s: string) => void;
  onAdd: (p: PosProduct) => void;
}) {
  const [typed, setTyped] = useState(search);
  useEffect(() => setTyped(search), [search]);
  useEffect(() => {
    // Offline the device answers in milliseconds: no wait for the typing to stop.
    const t = setTimeout(() => onSearch(typed.trim()), navigator.onLine ? 250 : 0);
    return () => clearTimeout(t);
  }, [typed, onSearch]);
  const found = useProductSearch(search);
  const products = found.data?.products ?? [];

  return (
    <section aria-label="Products" className="space-y-3">
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="Search products by name or SKU"
          aria-label="Search products by name or SKU"
          className={`${inputClass(false)} pl-9`}
        />
      </div>
      {found.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner className="size-6" />
        </div>
      ) : products.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
          {search ? `No products match “${search}”.` : 'No products to sell yet. Add them in Inventory.'}
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {products.map((p) => (
            <li key={p.variant_id}>
              <button
                type="button"
                onClick={() => onAdd(p)}
                disabled={p.stock <= 0}
                className="flex h-full w-full flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 text-left shadow-xs transition hover:border-brand-500 hover:shadow disabled:cursor-not-allowed disabled:opacity-60"
              >
                {/* The button's name is all it shows (WCAG 2.5.3), led by what it does. */}
                <span className="line-clamp-2 text-sm font-semibold text-slate-900">
                  <span className="sr-only">Add </span>
                  {productTitle(p)}
                </span>
                <span className="text-xs text-slate-500">{p.sku ?? 'No SKU'}</span>
                <span className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 pt-1">
                  <span className="font-semibold text-slate-900 tabular-nums">{formatAmount(p.price)}</span>
                  <StatusBadge tone={BADGE[p.stock_status]}>
                    {p.stock_status === 'Out of Stock' ? p.stock_status : `${p.stock_status} · ${p.stock}`}
                  </StatusBadge>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
