import type { CartData } from '@haat/contracts';
import { Minus, Package, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { paths } from '../../app/paths.ts';
import { formatINR } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';
import { useCartMutations } from './use-cart.ts';

type Line = CartData['lines'][number];

/** One cart line: selection, picture, name, unit price, quantity stepper, line total and Remove. */
export function CartLineItem({ line, base }: { line: Line; base: string }) {
  const { setQuantity, setSelected, remove } = useCartMutations();
  const busy = setQuantity.isPending || setSelected.isPending || remove.isPending;
  const stock = line.product.product_quantity;
  const atStock = stock > 0 && line.quantity >= stock;
  const href = `${paths.shop.product(base, line.product.id)}${line.variant ? `?variant=${line.variant.id}` : ''}`;
  const change = (quantity: number) => setQuantity.mutate({ lineId: line.id, quantity });
  // The tick follows the click at once; the server's answer (or a refusal) then sets it for good.
  const [selected, setSelectedLocal] = useState(line.is_selected);
  useEffect(() => setSelectedLocal(line.is_selected), [line.is_selected]);

  return (
    <li
      className={`flex gap-3 p-3 sm:gap-4 sm:p-4 ${line.is_selected ? '' : 'bg-slate-50'}`}
      data-testid="cart-line"
    >
      <input
        type="checkbox"
        aria-label={`Select ${line.name}`}
        checked={selected}
        onChange={(e) => {
          setSelectedLocal(e.target.checked);
          setSelected.mutate({ lineId: line.id, selected: e.target.checked });
        }}
        className="mt-1 size-5 shrink-0 cursor-pointer accent-brand-600"
      />
      <Link to={href} className="shrink-0" tabIndex={-1} aria-hidden>
        {line.image ? (
          <img
            src={line.image}
            alt=""
            width={96}
            height={96}
            loading="lazy"
            className={`size-20 rounded-lg border border-slate-200 object-cover sm:size-24 ${line.is_selected ? '' : 'opacity-60'}`}
          />
        ) : (
          <span className="flex size-20 items-center justify-center rounded-lg bg-slate-100 text-slate-400 sm:size-24">
            <Package className="size-8" />
          </span>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link
              to={href}
              className="line-clamp-2 font-medium text-slate-900 hover:text-brand-700 hover:underline"
            >
              {line.name}
            </Link>
            {line.variant ? (
              <p className="text-sm text-slate-700">
                {line.variant.label}
                {line.variant.sku ? <span className="text-slate-500"> · SKU {line.variant.sku}</span> : null}
              </p>
            ) : null}
            <p className="mt-0.5 text-sm text-slate-600">
              {formatINR(line.unit_price)} <span className="text-slate-500">each</span>
            </p>
            {line.is_shipping_free ? (
              <p className="text-xs font-medium text-green-700">Free delivery</p>
            ) : null}
          </div>
          <button
            type="button"
            aria-label={`Remove ${line.name}`}
            disabled={remove.isPending}
            onClick={() => remove.mutate({ lineId: line.id })}
            className="shrink-0 rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-600 disabled:opacity-50"
          >
            <Trash2 aria-hidden className="size-5" />
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <fieldset
            aria-label={`Quantity of ${line.name}`}
            className="inline-flex items-center rounded-lg border border-slate-300"
          >
            <button
              type="button"
              aria-label={`Decrease quantity of ${line.name}`}
              disabled={busy || line.quantity <= 1}
              onClick={() => change(line.quantity - 1)}
              className="flex size-9 items-center justify-center rounded-l-lg text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40"
            >
              <Minus aria-hidden className="size-4" />
            </button>
            <output
              aria-live="polite"
              aria-label={`Quantity of ${line.name}`}
              className="w-10 text-center text-sm font-semibold text-slate-900 tabular-nums"
            >
              {line.quantity}
            </output>
            <button
              type="button"
              aria-label={`Increase quantity of ${line.name}`}
              title={atStock ? `Only ${stock} in stock` : undefined}
              disabled={busy || atStock}
              onClick={() => change(line.quantity + 1)}
              className="flex size-9 items-center justify-center rounded-r-lg text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40"
            >
              <Plus aria-hidden className="size-4" />
            </button>
          </fieldset>
          <p className="font-semibold text-slate-900 tabular-nums" data-testid="line-total">
            {formatINR(line.line_total)}
          </p>
        </div>
      </div>
    </li>
  );
}
