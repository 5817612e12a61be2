import type { StockStatus } from '@haat/contracts';

const BADGES: Record<StockStatus, { label: string; tone: string; dot: string }> = {
  IN_STOCK: {
    label: 'In Stock',
    tone: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
    dot: 'bg-emerald-500',
  },
  LOW_STOCK: { label: 'Low Stock', tone: 'bg-amber-50 text-amber-800 ring-amber-200', dot: 'bg-amber-500' },
  OUT_OF_STOCK: { label: 'Out of Stock', tone: 'bg-red-50 text-red-700 ring-red-200', dot: 'bg-red-500' },
};

export const stockLabel = (status: StockStatus) => BADGES[status].label;

/**
 * The stock badge (02 §4). The server decides the status from the product's own minimum stock
 * (low_stock_threshold), so the table, the cards and the detail page always agree.
 */
export function StockBadge({ status, archived = false }: { status: StockStatus; archived?: boolean }) {
  if (archived) {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-600 ring-1 ring-slate-200">
        Archived
      </span>
    );
  }
  const b = BADGES[status];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${b.tone}`}
    >
      <span aria-hidden className={`size-1.5 rounded-full ${b.dot}`} />
      {b.label}
    </span>
  );
}
