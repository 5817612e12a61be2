import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/fields.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { problemOf, type RecentSale, type ReturnableSale, returnsApi } from './returns-api.ts';

const field = 'w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 text-sm';

/**
 * Finds the sale to return from: by the receipt's number (ORD-1042, as printed on it) or by the customer's phone
 * (their recent counter sales to pick from). Online orders are found too, and then said to go to Order Management.
 */
export function ReturnFind({ onSale }: { onSale: (s: ReturnableSale) => void }) {
  const { shop } = useSelectedShop();
  const [term, setTerm] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [recent, setRecent] = useState<RecentSale[] | null>(null);

  const open = async (number: string) => {
    if (!shop) return;
    setBusy(true);
    setProblem(null);
    try {
      onSale(await returnsApi.sale(shop.slug, number));
    } catch (e) {
      setProblem(problemOf(e));
    } finally {
      setBusy(false);
    }
  };

  const find = async (e: FormEvent) => {
    e.preventDefault();
    const t = term.trim();
    if (!shop || !t) return;
    const digits = t.replace(/[\s+-]/g, '');
    if (/^(91|0)?[6-9]\d{9}$/.test(digits)) {
      setBusy(true);
      setProblem(null);
      try {
        const { sales } = await returnsApi.byPhone(shop.slug, digits);
        setRecent(sales);
        if (!sales.length) setProblem('No counter sales to this phone number');
      } catch (err) {
        setProblem(problemOf(err));
      } finally {
        setBusy(false);
      }
      return;
    }
    await open(t);
  };

  return (
    <div className="space-y-3">
      <form onSubmit={find} className="flex gap-2">
        <label className="sr-only" htmlFor="return-find">
          Receipt number or customer phone
        </label>
        <input
          id="return-find"
          className={field}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder="Receipt no. (ORD-1042) or phone"
          data-autofocus
        />
        <button type="submit" className={buttonStyles.primary} disabled={busy || !term.trim()}>
          {busy ? <Spinner /> : <Search aria-hidden className="size-4" />}
          Find
        </button>
      </form>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {recent?.length ? (
        <ul
          aria-label="Recent counter sales"
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
        >
          {recent.map((s) => (
            <li key={s.order_id}>
              <button
                type="button"
                className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50"
                onClick={() => void open(s.order_number)}
              >
                <span>
                  <span className="font-semibold text-slate-900">{s.order_number}</span>
                  <span className="block text-xs text-slate-600">
                    {formatDateTime(s.created_at)} · {s.items} item{s.items === 1 ? '' : 's'}
                  </span>
                </span>
                <span className="tabular-nums font-medium">{formatAmount(s.total)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-slate-600">
        Counter sales are returned here. Online orders are returned from Order Management.
      </p>
    </div>
  );
}
