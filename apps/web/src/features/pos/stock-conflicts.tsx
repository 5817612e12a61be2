import type { PosStockConflict } from '@haat/contracts';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { inputClass } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useQuery, useQueryClient } from '../../lib/query.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { posApi, posKeys } from './pos-api.ts';

/**
 * Offline sales that sold more than the shop had (sold online meanwhile, issue 43): the sale is recorded and the
 * stock went below zero. The owner counts the shelf and sets the stock, or accepts it as it is (goods on the way).
 */
export function useStockConflicts(online: boolean) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: posKeys.conflicts(slug),
    queryFn: async ({ signal }) => (await posApi.conflicts(slug, signal)).conflicts,
    enabled: online && !!shop,
    staleTime: 30_000,
  });
}

export function StockConflicts({ conflicts }: { conflicts: PosStockConflict[] }) {
  if (!conflicts.length) return null;
  return (
    <div className="mt-3 space-y-2">
      <p className="text-sm text-red-800">
        Sales made offline sold more than the stock: they are recorded, and the stock is below zero until
        someone counts the shelf.
      </p>
      <ul className="space-y-2" aria-label="Stock below zero">
        {conflicts.map((c) => (
          <ConflictRow key={c.id} conflict={c} />
        ))}
      </ul>
    </div>
  );
}

function ConflictRow({ conflict: c }: { conflict: PosStockConflict }) {
  const { shop } = useSelectedShop();
  const qc = useQueryClient();
  const [counted, setCounted] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const title = c.variant_label ? `${c.name} (${c.variant_label})` : c.name;

  const resolve = async (
    body: { resolution: 'COUNTED'; counted_stock: number } | { resolution: 'ACCEPTED' },
  ) => {
    if (!shop) return;
    setBusy(true);
    setProblem(null);
    try {
      await posApi.resolveConflict(shop.slug, c.id, body);
      await qc.invalidateQueries({ queryKey: posKeys.all(shop.slug) });
    } catch (e) {
      const status = e instanceof ApiError ? e.status : 0;
      setProblem(
        status === 403
          ? 'Only the owner or a manager can set the stock.'
          : status === 0
            ? 'This needs the network.'
            : (e as Error).message,
      );
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(counted);
    if (counted.trim() === '' || !Number.isInteger(n) || n < 0)
      setProblem('Enter the units you counted (0 or more).');
    else void resolve({ resolution: 'COUNTED', counted_stock: n });
  };
  return (
    <li className="rounded-lg border border-red-200 bg-white p-3 text-sm">
      <p className="font-semibold text-slate-900">
        {title}: stock {c.stock_now}
      </p>
      <p className="text-slate-600">
        {c.quantity_sold} sold offline on {c.receipt_number ?? c.order_number}, {formatDateTime(c.sold_at)}
        {c.counter_name ? ` at ${c.counter_name}` : ''}
      </p>
      <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
        <label className="text-xs text-slate-700">
          Units on the shelf
          <input
            value={counted}
            onChange={(e) => setCounted(e.target.value)}
            inputMode="numeric"
            className={`${inputClass(!!problem)} mt-1 w-28`}
          />
        </label>
        <button type="submit" className={buttonStyles.secondary} disabled={busy}>
          {busy ? <Spinner /> : null}
          Set stock
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={busy}
          onClick={() => void resolve({ resolution: 'ACCEPTED' })}
        >
          Accept as is
        </button>
      </form>
      {problem ? <p className="mt-1 text-red-700">{problem}</p> : null}
    </li>
  );
}
