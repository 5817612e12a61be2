import type { StockStatus } from '@haat/contracts';
import { type BadgeTone, StatusBadge } from '../../components/ui/status-badge.tsx';

const BADGES: Record<StockStatus, { label: string; tone: BadgeTone }> = {
  IN_STOCK: { label: 'In Stock', tone: 'success' },
  LOW_STOCK: { label: 'Low Stock', tone: 'warning' },
  OUT_OF_STOCK: { label: 'Out of Stock', tone: 'danger' },
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
  return <StatusBadge tone={b.tone}>{b.label}</StatusBadge>;
}
