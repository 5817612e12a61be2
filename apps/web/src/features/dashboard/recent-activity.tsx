import type { ActivityItem, ActivityKind } from '@haat/contracts';
import {
  Activity,
  Ban,
  Boxes,
  FolderTree,
  type LucideIcon,
  PackageCheck,
  Pencil,
  Settings,
  ShoppingBag,
  Undo2,
} from 'lucide-react';
import { useId } from 'react';
import { formatDateTime } from '../../lib/format.ts';
import { Link } from '../../lib/router.tsx';

const KINDS: Record<ActivityKind, { icon: LucideIcon; tone: string }> = {
  ORDER_PLACED: { icon: ShoppingBag, tone: 'bg-sky-50 text-sky-600' },
  ORDER_CANCELLED: { icon: Ban, tone: 'bg-red-50 text-red-600' },
  RETURN_REQUESTED: { icon: Undo2, tone: 'bg-rose-50 text-rose-600' },
  ORDER_RETURNED: { icon: Undo2, tone: 'bg-rose-50 text-rose-600' },
  ORDER_UPDATED: { icon: PackageCheck, tone: 'bg-emerald-50 text-emerald-600' },
  STOCK: { icon: Boxes, tone: 'bg-amber-50 text-amber-600' },
  PRODUCT: { icon: Pencil, tone: 'bg-brand-50 text-brand-600' },
  CATALOGUE: { icon: FolderTree, tone: 'bg-violet-50 text-violet-600' },
  SETTINGS: { icon: Settings, tone: 'bg-slate-100 text-slate-600' },
};

const relative = new Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' });

/** "just now", "5 minutes ago", "3 hours ago", "yesterday"; older than a week: the date and time in India. */
export function whenText(iso: string, now = Date.now()) {
  const seconds = (Date.parse(iso) - now) / 1000;
  const ago = Math.abs(seconds);
  if (ago < 60) return 'just now';
  if (ago < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (ago < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  if (ago < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day');
  return formatDateTime(iso);
}

/** Where a row leads: its order's page, its product's page, the catalogue, or Settings. */
export function activityHref(a: ActivityItem): string | null {
  if (a.target?.type === 'order') return `/admin-orders/${encodeURIComponent(a.target.id)}`;
  if (a.target?.type === 'product') return `/inventory/${encodeURIComponent(a.target.id)}`;
  if (a.kind === 'CATALOGUE') return '/inventory/';
  if (a.kind === 'SETTINGS') return '/settings';
  return null;
}

/**
 * The shop's latest real events (orders, returns, stock changes, edits), newest first. Each row links to what it
 * describes: an order to its page in Order Management, a product to its page in Inventory, a catalogue change to
 * Inventory, a settings change to Settings.
 */
export function RecentActivity({ items }: { items: ActivityItem[] }) {
  const id = useId();
  const now = Date.now();
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id={id} className="text-base font-semibold text-slate-900">
        Recent Activity
      </h2>
      {items.length === 0 ? (
        <div className="mt-4 flex flex-col items-center rounded-lg bg-slate-50 px-6 py-10 text-center">
          <Activity aria-hidden className="size-8 text-slate-400" />
          <p className="mt-3 font-semibold text-slate-800">No activity yet</p>
          <p className="mt-1 text-sm text-slate-600">
            Orders, stock changes and edits to your shop show here.
          </p>
        </div>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100">
          {items.map((a) => {
            const { icon: Icon, tone } = KINDS[a.kind];
            const href = activityHref(a);
            return (
              <li key={`${a.kind}-${a.id}`} className="flex gap-3 py-2.5">
                <span
                  className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full ${tone}`}
                >
                  <Icon aria-hidden className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm break-words text-slate-800">
                    {href ? (
                      <Link
                        to={href}
                        className="text-slate-800 underline decoration-slate-300 underline-offset-2 hover:text-brand-700 hover:decoration-brand-500"
                      >
                        {a.text}
                      </Link>
                    ) : (
                      a.text
                    )}
                  </p>
                  <time dateTime={a.at} title={formatDateTime(a.at)} className="text-xs text-slate-500">
                    {whenText(a.at, now)}
                  </time>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
