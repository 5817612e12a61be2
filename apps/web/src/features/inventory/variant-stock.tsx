import type { AdminVariant } from '@haat/contracts';
import { formatINR } from '../../lib/format.ts';
import { StockBadge } from './stock-badge.tsx';

const qty = new Intl.NumberFormat('en-IN');
const money = (n: number | null) => (n == null ? '—' : formatINR(n, { paise: true }));

/** The Inventory tab's per-variant stock: each size or pack with its SKU, prices, stock and state. */
export function VariantStock({ variants, unit }: { variants: AdminVariant[]; unit: string }) {
  if (!variants.length) return null;
  return (
    <section aria-labelledby="variant-stock-heading" className="mt-6">
      <h2 id="variant-stock-heading" className="mb-2 text-base font-semibold text-slate-900">
        Stock by variant
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Stock by variant">
        {variants.map((v) => (
          <li key={v.id} className="rounded-lg p-3 ring-1 ring-slate-200">
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold text-slate-900">{v.label}</p>
              <StockBadge status={v.stock_status} />
            </div>
            <p className="mt-0.5 font-mono text-xs text-slate-500">
              {v.sku}
              {v.barcode ? ` · ${v.barcode}` : ''}
            </p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">Stock</dt>
              <dd className="text-right font-medium text-slate-900 tabular-nums">
                {qty.format(v.product_quantity)} {unit}
              </dd>
              <dt className="text-slate-600">Min stock</dt>
              <dd className="text-right tabular-nums">{qty.format(v.low_stock_threshold)}</dd>
              <dt className="text-slate-600">Price</dt>
              <dd className="text-right tabular-nums">{money(v.product_price)}</dd>
              <dt className="text-slate-600">Sale price</dt>
              <dd className="text-right tabular-nums">{money(v.discount_price)}</dd>
              <dt className="text-slate-600">Cost price</dt>
              <dd className="text-right tabular-nums">{money(v.original_price)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
