import { AlertTriangle, CheckCircle2, Package, XCircle } from 'lucide-react';
import { Link } from '../../lib/router.tsx';
import { useProductStats } from './inventory-api.ts';

const TILES = [
  {
    key: 'total_product',
    label: 'Total Products',
    icon: Package,
    tone: 'bg-brand-50 text-brand-600',
    stock: 'all',
  },
  {
    key: 'in_stock',
    label: 'In Stock',
    icon: CheckCircle2,
    tone: 'bg-emerald-50 text-emerald-600',
    stock: 'in_stock',
  },
  {
    key: 'low_stock',
    label: 'Low Stock',
    icon: AlertTriangle,
    tone: 'bg-amber-50 text-amber-600',
    stock: 'low_stock',
  },
  {
    key: 'out_of_stock',
    label: 'Out of Stock',
    icon: XCircle,
    tone: 'bg-red-50 text-red-600',
    stock: 'out_of_stock',
  },
] as const;

const count = new Intl.NumberFormat('en-IN');

/** The product stats tiles (02 §2), counted by the server over the shop's active products; each filters the list. */
export function StatsTiles() {
  const stats = useProductStats();
  return (
    <ul aria-label="Product stats" className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {TILES.map(({ key, label, icon: Icon, tone, stock }) => (
        <li key={key}>
          <Link
            to={stock === 'all' ? '/inventory/' : `/inventory/?stock=${stock}`}
            className="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:p-4"
          >
            <span
              className={`hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex ${tone}`}
            >
              <Icon aria-hidden className="size-5" />
            </span>
            <span className="min-w-0">
              <span className="block truncate text-xs font-medium text-slate-600 sm:text-sm">{label}</span>
              {stats.data ? (
                <span className="block text-xl font-bold text-slate-900 tabular-nums sm:text-2xl">
                  {count.format(stats.data[key])}
                </span>
              ) : stats.isError ? (
                <span className="block text-sm text-slate-500">Not available</span>
              ) : (
                <span aria-hidden className="mt-1 block h-7 w-12 animate-pulse rounded bg-slate-200" />
              )}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
