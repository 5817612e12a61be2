import { PLATFORM_SUPPORT_EMAIL } from '@haat/contracts';
import { type FormEvent, useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { queryApi } from '../../lib/api.ts';
import { type OwnedShop, ownedShopsKey } from '../../lib/owned-shops.ts';
import { useQueryClient } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';

const CHOICES = [
  { value: 'PUBLISHED', label: 'Published' },
  { value: 'DRAFT', label: 'Draft' },
  { value: 'OFFLINE', label: 'Offline' },
  { value: 'MAINTENANCE', label: 'Under maintenance' },
] as const;
type Choice = (typeof CHOICES)[number]['value'];

const field =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none sm:text-sm';

/** Switch a shop between published, draft, offline and maintenance; suspension is the platform's alone. */
export function ShopStatusControl({ shop }: { shop: OwnedShop }) {
  const id = useId();
  const queryClient = useQueryClient();
  const current = CHOICES.some((c) => c.value === shop.online_status)
    ? (shop.online_status as Choice)
    : 'DRAFT';
  const [status, setStatus] = useState<Choice>(current);
  const [note, setNote] = useState('');
  const [until, setUntil] = useState('');
  const [busy, setBusy] = useState(false);
  if (shop.online_status === 'SUSPENDED') {
    return (
      <div className="text-sm text-red-700" role="status">
        <p className="font-semibold">
          Suspended by the platform{shop.status_note ? `: ${shop.status_note}` : '.'}
        </p>
        <p className="mt-1">
          Shoppers see a notice instead of your shop. To resolve it, write to{' '}
          <a className="underline" href={`mailto:${PLATFORM_SUPPORT_EMAIL}`}>
            {PLATFORM_SUPPORT_EMAIL}
          </a>
          .
        </p>
      </div>
    );
  }
  const away = status === 'OFFLINE' || status === 'MAINTENANCE';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await queryApi('/api/store/create-store-setting/', {
        method: 'POST',
        body: {
          store_id: shop.id,
          online_status: status,
          ...(away
            ? { status_note: note.trim() || null, status_until: until ? new Date(until).toISOString() : null }
            : {}),
        },
      });
      toast.success(
        `${shop.store_name} is now ${CHOICES.find((c) => c.value === status)?.label.toLowerCase()}`,
      );
      await queryClient.invalidateQueries({ queryKey: ownedShopsKey });
    } catch {
      // The api client has shown why (e.g. "Add your shop address before publishing").
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid w-full gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
      <label htmlFor={`${id}-status`} className="text-sm font-medium text-slate-700">
        Shop status
        <select
          id={`${id}-status`}
          className={field}
          value={status}
          onChange={(e) => setStatus(e.target.value as Choice)}
        >
          {CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      {away ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <label htmlFor={`${id}-note`} className="text-sm font-medium text-slate-700">
            Message for shoppers
            <input
              id={`${id}-note`}
              className={field}
              maxLength={200}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="Closed for Diwali"
            />
          </label>
          <label htmlFor={`${id}-until`} className="text-sm font-medium text-slate-700">
            Back at (optional)
            <input
              id={`${id}-until`}
              type="datetime-local"
              className={field}
              value={until}
              onChange={(e) => setUntil(e.target.value)}
            />
          </label>
        </div>
      ) : (
        <span className="hidden sm:block" />
      )}
      <button type="submit" className={buttonStyles.primary} disabled={busy || (status === current && !away)}>
        {busy ? 'Saving...' : 'Update status'}
      </button>
    </form>
  );
}
