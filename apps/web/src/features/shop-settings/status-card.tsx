import type { OwnedShop } from '../../lib/selected-shop.tsx';
import { ShopStatusControl } from '../shop-status/index.ts';
import { SettingsCard } from './settings-ui.tsx';

const STATUS: Record<string, { label: string; tone: string; meaning: string }> = {
  PUBLISHED: {
    label: 'Published',
    tone: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
    meaning: 'Open: shoppers can browse and order.',
  },
  DRAFT: {
    label: 'Draft',
    tone: 'bg-slate-100 text-slate-700 ring-slate-200',
    meaning: 'Not launched: only you can see the shop.',
  },
  OFFLINE: {
    label: 'Offline',
    tone: 'bg-amber-50 text-amber-800 ring-amber-200',
    meaning: 'Closed for now: shoppers see your message.',
  },
  MAINTENANCE: {
    label: 'Under maintenance',
    tone: 'bg-amber-50 text-amber-800 ring-amber-200',
    meaning: 'Closed for maintenance: shoppers see your message.',
  },
  SUSPENDED: {
    label: 'Suspended',
    tone: 'bg-red-50 text-red-700 ring-red-200',
    meaning: 'Closed by the platform; only the platform can reopen it.',
  },
};

/** The shop's status, changed with the same control as the dashboard's (the platform alone suspends). */
export function StatusCard({ shop }: { shop: OwnedShop }) {
  const status = STATUS[shop.online_status] ?? {
    label: shop.online_status.charAt(0) + shop.online_status.slice(1).toLowerCase().replace(/_/g, ' '),
    tone: 'bg-amber-50 text-amber-800 ring-amber-200',
    meaning: 'Shoppers cannot order right now.',
  };
  return (
    <SettingsCard
      id="status"
      title="Shop status"
      description={
        <p className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${status.tone}`}>
            {status.label}
          </span>
          <span>{status.meaning}</span>
        </p>
      }
    >
      <ShopStatusControl key={`${shop.id}-${shop.online_status}`} shop={shop} />
    </SettingsCard>
  );
}
