import { TriangleAlert } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { useProductStats } from './inventory-api.ts';
import type { InventoryFilters } from './inventory-params.ts';

/** "Show them": the list of active products without an HSN code, every other filter back to its default. */
const MISSING_HSN_ONLY: Partial<InventoryFilters> = {
  search: '',
  category: '',
  stock: 'all',
  status: 'ACTIVE',
  updated_from: '',
  updated_to: '',
  missing_hsn: 'true',
};

/**
 * The HSN warning (issue 39): how many active products have no valid HSN code (none, or not 4, 6 or 8 digits),
 * which GST invoices and GSTR-1 need, and a button that lists them. Gone once every product has one (saving a
 * product refreshes the shop's queries, the stats with them).
 */
export function HsnWarning({
  filters,
  onChange,
}: {
  filters: InventoryFilters;
  onChange: (patch: Partial<InventoryFilters>) => void;
}) {
  const stats = useProductStats();
  const missing = stats.data?.missing_hsn ?? 0;
  if (missing <= 0) return null;
  const showing = filters.missing_hsn === 'true';
  const noun = missing === 1 ? 'product has' : 'products have';
  return (
    <section
      aria-label="Products without an HSN code"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between sm:p-4"
    >
      <p className="flex min-w-0 items-start gap-2">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
        <span className="min-w-0 break-words">
          <strong className="font-semibold">
            {missing.toLocaleString('en-IN')} {noun} no HSN code
          </strong>{' '}
          — GST invoices and GSTR-1 need one.
          {showing ? ' Open each product and fill in its HSN code.' : null}
        </span>
      </p>
      <button
        type="button"
        onClick={() => onChange(showing ? { missing_hsn: '' } : MISSING_HSN_ONLY)}
        className={`${buttonStyles.secondary} shrink-0 self-start px-3.5 sm:self-auto`}
      >
        {showing ? 'Show all products' : 'Show them'}
      </button>
    </section>
  );
}
