import { AlertTriangle } from 'lucide-react';
import { Link } from '../../lib/router.tsx';
import { openCountText } from './conflict-text.ts';
import { useStockConflicts } from './conflicts-api.ts';

export const STOCK_CONFLICTS_PATH = '/stock-conflicts';

/**
 * "2 stock conflicts to resolve", linking to the screen; nothing when there are none or the role may not
 * resolve them (owner and manager only: the list is not even asked for otherwise).
 */
export function StockConflictsNotice({ quiet = false }: { quiet?: boolean }) {
  const open = useStockConflicts('OPEN');
  const n = open.data?.conflicts.length ?? 0;
  if (n === 0)
    // `quiet`: with none open, a plain link to the resolved ones (Inventory's area).
    return quiet && open.data ? (
      <Link
        to={STOCK_CONFLICTS_PATH}
        className="inline-block text-sm text-slate-600 underline hover:text-brand-700"
      >
        Stock conflicts from the offline counter
      </Link>
    ) : null;
  return (
    <Link
      to={STOCK_CONFLICTS_PATH}
      className="flex items-center gap-3 rounded-xl bg-amber-50 p-4 text-sm font-semibold text-amber-900 ring-1 ring-amber-200 hover:bg-amber-100"
    >
      <AlertTriangle aria-hidden className="size-5 shrink-0 text-amber-600" />
      <span>{openCountText(n)}</span>
      <span className="ml-auto font-normal underline">Review</span>
    </Link>
  );
}
