import { ArrowDown, ArrowUp, ArrowUpDown, Eye, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatAmount, formatDate } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import type { AdminProduct } from './inventory-api.ts';
import type { Sort } from './inventory-params.ts';
import { ProductThumb } from './product-image.tsx';
import { StockBadge } from './stock-badge.tsx';

export interface RowActions {
  onEdit: (p: AdminProduct) => void;
  onDelete: (p: AdminProduct) => void;
}

type SortField = 'name' | 'sku' | 'price' | 'stock' | 'updated';
const FIRST_DIRECTION: Record<SortField, 'asc' | 'desc'> = {
  name: 'asc',
  sku: 'asc',
  price: 'asc',
  stock: 'asc',
  updated: 'desc',
};

export const SORT_OPTIONS: { value: Sort; label: string }[] = [
  { value: 'updated_desc', label: 'Recently updated' },
  { value: 'updated_asc', label: 'Least recently updated' },
  { value: 'name_asc', label: 'Name: A to Z' },
  { value: 'name_desc', label: 'Name: Z to A' },
  { value: 'sku_asc', label: 'SKU: A to Z' },
  { value: 'sku_desc', label: 'SKU: Z to A' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'stock_asc', label: 'Stock: low to high' },
  { value: 'stock_desc', label: 'Stock: high to low' },
];

const price = formatAmount;
const qty = new Intl.NumberFormat('en-IN');

function SortHeader({
  field,
  sort,
  onSort,
  children,
  className = '',
}: {
  field: SortField;
  sort: Sort;
  onSort: (s: Sort) => void;
  children: ReactNode;
  className?: string;
}) {
  const [current, dir] = sort.split('_') as [SortField, 'asc' | 'desc'];
  const active = current === field;
  const next: Sort = `${field}_${active ? (dir === 'asc' ? 'desc' : 'asc') : FIRST_DIRECTION[field]}`;
  const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={`px-3 py-3 font-semibold whitespace-nowrap ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(next)}
        className="inline-flex items-center gap-1 rounded tracking-wide uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {children}
        <Icon aria-hidden className={`size-3.5 ${active ? 'text-brand-600' : 'text-slate-400'}`} />
      </button>
    </th>
  );
}

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500';

function Actions({ p, onEdit, onDelete }: { p: AdminProduct } & RowActions) {
  return (
    <div className="flex items-center justify-end gap-0.5">
      <Link
        to={`/inventory/${p.id}`}
        className={iconButton}
        aria-label={`View ${p.product_name}`}
        title="View"
      >
        <Eye aria-hidden className="size-4" />
      </Link>
      <button
        type="button"
        onClick={() => onEdit(p)}
        className={iconButton}
        aria-label={`Edit ${p.product_name}`}
        title="Edit"
      >
        <Pencil aria-hidden className="size-4" />
      </button>
      <button
        type="button"
        onClick={() => onDelete(p)}
        className={`${iconButton} hover:bg-red-50 hover:text-red-600`}
        aria-label={`Delete ${p.product_name}`}
        title="Delete"
      >
        <Trash2 aria-hidden className="size-4" />
      </button>
    </div>
  );
}

const notAdded = <span className="text-slate-500">Not added</span>;

function SkeletonRow() {
  return (
    <tr aria-hidden>
      <td className="py-3 pr-3 pl-4">
        <div className="flex items-center gap-3">
          <span className="size-12 animate-pulse rounded-lg bg-slate-200" />
          <span className="space-y-2">
            <span className="block h-3.5 w-40 animate-pulse rounded bg-slate-200" />
            <span className="block h-3 w-24 animate-pulse rounded bg-slate-100" />
          </span>
        </div>
      </td>
      {[20, 16, 20, 20, 20].map((w, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <td key={j} className="px-3 py-3">
          <span className="block h-3.5 animate-pulse rounded bg-slate-200" style={{ width: `${w * 4}px` }} />
        </td>
      ))}
      <td className="py-3 pr-4 pl-3">
        <span className="ml-auto block h-8 w-24 animate-pulse rounded bg-slate-100" />
      </td>
    </tr>
  );
}

function ProductRow({ p, ...actions }: { p: AdminProduct } & RowActions) {
  return (
    <tr className="hover:bg-slate-50/70">
      <td className="py-3 pr-3 pl-4">
        <div className="flex min-w-0 items-center gap-3">
          <ProductThumb src={p.images[0]} name={p.product_name} />
          <div className="min-w-0">
            <Link
              to={`/inventory/${p.id}`}
              className="line-clamp-2 font-semibold text-slate-900 hover:text-brand-700 hover:underline"
            >
              {p.product_name}
            </Link>
            <p className="mt-0.5 font-mono text-xs text-slate-500">{p.sku ?? 'No SKU'}</p>
            <VariantFold p={p} />
          </div>
        </div>
      </td>
      <td className="px-3 py-3 text-slate-700">{p.category?.name ?? notAdded}</td>
      <td className="px-3 py-3 whitespace-nowrap tabular-nums">
        <PriceNow p={p} price={price} />
      </td>
      <td className="px-3 py-3">
        <span className="block font-medium text-slate-900 tabular-nums">
          {qty.format(p.product_quantity)} <span className="text-xs text-slate-500">{p.unit}</span>
        </span>
        <span className="mt-1 block">
          <StockBadge status={p.stock_status} archived={p.status === 'ARCHIVED'} />
        </span>
      </td>
      <td className="px-3 py-3 text-slate-700">{p.supplier?.supplier_name ?? notAdded}</td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-600">{formatDate(p.updated_at)}</td>
      <td className="py-3 pr-4 pl-3">
        <Actions p={p} {...actions} />
      </td>
    </tr>
  );
}

/** The product table (wide screens) with sortable headers; `loading` shows skeleton rows in place of the rows. */
export function ProductTable({
  products,
  loading,
  sort,
  onSort,
  ...actions
}: { products: AdminProduct[]; loading: boolean; sort: Sort; onSort: (s: Sort) => void } & RowActions) {
  return (
    <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 lg:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Products</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <SortHeader field="name" sort={sort} onSort={onSort} className="pl-4">
              Product
            </SortHeader>
            <th scope="col" className="px-3 py-3 font-semibold">
              Category
            </th>
            <SortHeader field="price" sort={sort} onSort={onSort}>
              Price
            </SortHeader>
            <SortHeader field="stock" sort={sort} onSort={onSort}>
              Stock
            </SortHeader>
            <th scope="col" className="px-3 py-3 font-semibold">
              Supplier
            </th>
            <SortHeader field="updated" sort={sort} onSort={onSort}>
              Last Updated
            </SortHeader>
            <th scope="col" className="py-3 pr-4 pl-3 text-right font-semibold">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100" aria-busy={loading || undefined}>
          {loading
            ? Array.from({ length: 6 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <SkeletonRow key={i} />
              ))
            : products.map((p) => <ProductRow key={p.id} p={p} {...actions} />)}
        </tbody>
      </table>
    </div>
  );
}

/** Phones and tablets: one card per product with the same facts and actions. */
export function ProductCards({
  products,
  loading,
  ...actions
}: { products: AdminProduct[]; loading: boolean } & RowActions) {
  if (loading) {
    return (
      <ul aria-hidden className="space-y-3 lg:hidden">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i} className="flex gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <span className="size-16 animate-pulse rounded-lg bg-slate-200" />
            <span className="flex-1 space-y-2">
              <span className="block h-4 w-3/4 animate-pulse rounded bg-slate-200" />
              <span className="block h-3 w-1/3 animate-pulse rounded bg-slate-100" />
              <span className="block h-3 w-1/2 animate-pulse rounded bg-slate-100" />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul aria-label="Products" className="space-y-3 lg:hidden">
      {products.map((p) => (
        <li key={p.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="flex gap-3">
            <ProductThumb src={p.images[0]} name={p.product_name} className="size-16" />
            <div className="min-w-0 flex-1">
              <Link
                to={`/inventory/${p.id}`}
                className="line-clamp-2 font-semibold break-words text-slate-900 hover:text-brand-700"
              >
                {p.product_name}
              </Link>
              <p className="mt-0.5 truncate font-mono text-xs text-slate-500">{p.sku ?? 'No SKU'}</p>
              <VariantFold p={p} />
              <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-900 tabular-nums">
                <span className="font-semibold">
                  <PriceNow p={p} price={price} />
                </span>
                <span className="text-slate-500">
                  {qty.format(p.product_quantity)} {p.unit}
                </span>
                <StockBadge status={p.stock_status} archived={p.status === 'ARCHIVED'} />
              </div>
            </div>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-3 border-t border-slate-100 pt-3 text-xs">
            <div className="min-w-0">
              <dt className="text-slate-500">Category</dt>
              <dd className="truncate font-medium text-slate-800">{p.category?.name ?? notAdded}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-slate-500">Supplier</dt>
              <dd className="truncate font-medium text-slate-800">{p.supplier?.supplier_name ?? notAdded}</dd>
            </div>
          </dl>
          <div className="mt-2 flex items-center justify-between gap-2">
            <p className="text-xs text-slate-500">Updated {formatDate(p.updated_at)}</p>
            <Actions p={p} {...actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The price shoppers pay now, and why: the list price alone, or the sale or deal price with the list price struck
 * through and the reason named ("Sale price", "Deal: Diwali Dhamaka").
 */
function PriceNow({ p, price }: { p: AdminProduct; price: (n: number) => string }) {
  if (p.price_now_reason === 'LIST')
    return <span className="font-medium text-slate-900">{price(p.product_price)}</span>;
  return (
    <>
      <span className="font-medium text-slate-900">{price(p.price_now)}</span>{' '}
      <s className="text-xs text-slate-500">{price(p.product_price)}</s>
      <span className="block max-w-40 truncate text-xs text-emerald-700" title={p.live_deal?.title}>
        {p.price_now_reason === 'DEAL' ? `Deal: ${p.live_deal?.title ?? ''}` : 'Sale price'}
      </span>
    </>
  );
}

/** A product's variants folded under its name: each with its SKU and stock, opened on demand. */
function VariantFold({ p }: { p: AdminProduct }) {
  if (!p.variants.length) return null;
  return (
    <details className="relative z-10 mt-1 text-xs text-slate-600">
      <summary className="cursor-pointer font-medium text-brand-700 hover:underline">
        {p.variants.length} variants
      </summary>
      <ul className="mt-1 space-y-0.5">
        {p.variants.map((v) => (
          <li key={v.id} className="flex flex-wrap gap-x-2">
            <span className="font-medium text-slate-800">{v.label}</span>
            <span className="font-mono">{v.sku}</span>
            <span className={v.stock_status === 'IN_STOCK' ? '' : 'font-semibold text-amber-700'}>
              {v.product_quantity} in stock
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
