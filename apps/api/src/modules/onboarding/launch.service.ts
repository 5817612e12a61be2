import { withStore } from '@haat/db';
import { changedFields, recordAudit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/deps.ts';
import { forgetStorefront } from '../../lib/deps.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import * as repo from './onboarding.repository.ts';
import { requireOwnedStore } from './onboarding.service.ts';

type StoreRow = NonNullable<Awaited<ReturnType<typeof repo.findStoreById>>>;

interface LaunchSettings {
  store_id: string;
  online_status: 'PUBLISHED' | 'DRAFT' | 'OFFLINE' | 'MAINTENANCE' | 'SUSPENDED';
  payment_methods?: ('COD' | 'UPI')[];
  upi_id?: string | null;
  status_note?: string | null;
  status_until?: string | null;
}

/** Launch settings: status (published or draft), payment methods, UPI id. Omitted methods stay as they are. */
export async function saveSettings(deps: Deps, actor: Actor, s: LaunchSettings) {
  return applySettings(deps, actor, await requireOwnedStore(deps, actor, s.store_id), s, false);
}

/**
 * A status the platform sets on a shop (modules/platform: suspend, maintenance, lift), through the same path as
 * the owner's changes so caches, storefront and audit trail follow. Only a status and its note: no payments.
 */
export async function platformStatus(
  deps: Deps,
  actor: Actor,
  storeId: string,
  s: Pick<LaunchSettings, 'online_status' | 'status_note'>,
) {
  const store = await repo.findStoreById(deps.db, storeId);
  if (!store) throw notFound('Shop not found');
  return applySettings(deps, actor, store, { store_id: store.id, ...s }, true);
}

async function applySettings(
  deps: Deps,
  actor: Actor,
  store: StoreRow,
  s: LaunchSettings,
  operator: boolean,
) {
  if (store.onlineStatus === 'SUSPENDED' && !operator)
    throw new AppError(403, 'FORBIDDEN', 'This shop is suspended. Please contact platform support.');
  if (s.online_status === 'SUSPENDED' && !operator)
    throw new AppError(403, 'FORBIDDEN', 'Only the platform can suspend a shop.');
  if (s.payment_methods?.includes('UPI') && !s.upi_id) {
    throw badRequest('Enter your UPI id to accept UPI payments', [
      { path: 'upi_id', message: 'Enter your UPI id to accept UPI payments' },
    ]);
  }
  if (s.online_status === 'PUBLISHED' && !store.city) {
    throw badRequest('Add your shop address before publishing', [
      { path: 'online_status', message: 'Add your shop address before publishing' },
    ]);
  }
  const methods = s.payment_methods;
  // Offline and maintenance tell shoppers why and until when; other statuses clear it.
  const away =
    s.online_status === 'OFFLINE' || s.online_status === 'MAINTENANCE' || s.online_status === 'SUSPENDED';
  const { saved, updated } = await withStore(deps.db, store.id, async (tx) => {
    const before = await repo.findSettings(tx);
    if (methods) {
      await repo.upsertSettings(tx, {
        storeId: store.id,
        paymentMethods: methods,
        upiId: methods.includes('UPI') ? (s.upi_id ?? null) : null,
      });
    }
    const updated = await repo.updateStore(tx, store.id, {
      onlineStatus: s.online_status,
      statusNote: away ? (s.status_note ?? null) : null,
      statusUntil: away && s.status_until ? new Date(s.status_until) : null,
    });
    const saved = await repo.findSettings(tx);
    const diff = changedFields(
      {
        status: store.onlineStatus,
        status_note: store.statusNote ?? null,
        payment_methods: before?.paymentMethods ?? null,
        upi_id: before?.upiId ?? null,
      },
      {
        status: s.online_status,
        status_note: updated?.statusNote ?? null,
        payment_methods: saved?.paymentMethods ?? null,
        upi_id: saved?.upiId ?? null,
      },
    );
    if (diff.changed.length) {
      await recordAudit(tx, store.id, actor, {
        entity: 'SETTINGS',
        action: 'UPDATE',
        summary:
          store.onlineStatus !== s.online_status
            ? `Shop status changed from ${store.onlineStatus.toLowerCase()} to ${s.online_status.toLowerCase()}${
                operator ? ' by the platform' : ''
              }${updated?.statusNote ? `: ${updated.statusNote}` : ''}`
            : `Payment settings changed: ${diff.changed.join(', ')}`,
        before: diff.before,
        after: diff.after,
      });
    }
    return { saved, updated };
  });
  forgetStorefront(deps, store);
  return settingsView(updated ?? store, saved);
}

/** The shop's launch settings as the launch page shows them. */
export async function getSettings(deps: Deps, actor: Actor, storeId: string) {
  const store = await requireOwnedStore(deps, actor, storeId);
  return settingsView(store, await withStore(deps.db, store.id, (tx) => repo.findSettings(tx)));
}

function settingsView(store: StoreRow, settings: Awaited<ReturnType<typeof repo.findSettings>>) {
  const methods = (settings?.paymentMethods ?? ['COD']).filter(
    (m): m is 'COD' | 'UPI' => m === 'COD' || m === 'UPI',
  );
  return {
    store_id: store.id,
    slug: store.slug,
    online_status: store.onlineStatus,
    payment_methods: methods.length ? methods : (['COD'] as ('COD' | 'UPI')[]),
    upi_id: settings?.upiId ?? null,
    currency: 'INR' as const,
  };
}
