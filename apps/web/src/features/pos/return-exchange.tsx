import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { formatAmount } from '../../lib/format.ts';
import { useProductSearch } from './counter-lookups.ts';
import { productTitle } from './product-picker.tsx';
import { MethodChoice } from './return-lines.tsx';
import type { CounterReturnState } from './use-counter-return.ts';

const stepper = 'flex size-8 items-center justify-center rounded-lg border border-slate-300';

/** The exchange's new bill: products searched and added, their quantities, and what the difference comes to. */
export function ReturnExchange({ r }: { r: CounterReturnState }) {
  const [search, setSearch] = useState('');
  const found = useProductSearch(search);
  const products = (found.data?.products ?? []).filter((p) => p.stock > 0).slice(0, 6);
  const difference = r.newBill.totalPaise - r.returnedPaise;
  return (
    <div className="space-y-3">
      <label className="block text-sm font-medium text-slate-800">
        Add to the new bill
        <input
          type="search"
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm font-normal"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Product name, SKU or barcode"
        />
      </label>
      <ul aria-label="Products for the exchange" className="grid grid-cols-1 gap-1 sm:grid-cols-2">
        {products.map((p) => (
          <li key={p.variant_id}>
            <button
              type="button"
              className="flex w-full items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 text-left text-sm hover:border-brand-600"
              onClick={() => r.addExchange(p)}
            >
              <span className="min-w-0 truncate">{productTitle(p)}</span>
              <span className="shrink-0 tabular-nums">{formatAmount(p.price)}</span>
            </button>
          </li>
        ))}
      </ul>
      {r.exchange.length ? (
        <ul aria-label="New bill" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {r.exchange.map((l) => (
            <li
              key={l.product.variant_id}
              className="flex items-center justify-between gap-2 px-3 py-2 text-sm"
            >
              <span className="min-w-0 truncate">{productTitle(l.product)}</span>
              <span className="flex shrink-0 items-center gap-1">
                <button
                  type="button"
                  className={stepper}
                  aria-label={`One less ${productTitle(l.product)}`}
                  onClick={() => r.setExchangeQty(l.product.variant_id, l.quantity - 1)}
                >
                  <Minus aria-hidden className="size-4" />
                </button>
                <span className="w-6 text-center tabular-nums">{l.quantity}</span>
                <button
                  type="button"
                  className={stepper}
                  aria-label={`One more ${productTitle(l.product)}`}
                  disabled={l.quantity >= l.product.stock}
                  onClick={() => r.setExchangeQty(l.product.variant_id, l.quantity + 1)}
                >
                  <Plus aria-hidden className="size-4" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm">
        <Line label="New bill" value={formatAmount(r.newBill.totalPaise / 100)} />
        <Line label="Less the return" value={`− ${formatAmount(r.returnedPaise / 100)}`} />
        <Line
          strong
          label={difference >= 0 ? 'Customer pays' : 'Give back to the customer'}
          value={formatAmount(Math.abs(difference) / 100)}
        />
      </dl>
      <MethodChoice
        r={r}
        label={difference >= 0 ? 'The customer pays the difference by' : 'Give the difference back by'}
      />
    </div>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? 'font-bold text-slate-900' : 'text-slate-700'}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
