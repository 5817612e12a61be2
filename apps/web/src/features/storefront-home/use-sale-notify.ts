import type { SaleNotifyData } from '@haat/contracts';
import { useSyncExternalStore } from 'react';
import { useHost } from '../../app/host.tsx';
import { ApiError, announceFailure, queryApi } from '../../lib/api.ts';
import { useMutation } from '../../lib/query.ts';
import { isCustomerOf, useLiveSession, useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';

const STORAGE_KEY = 'haat:notified-sales';
const listeners = new Set<() => void>();

function readNotified(): string[] {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Sales signed up for on this page whose confirmation link has not been opened yet (as far as it knows). */
const awaitingMail = new Set<string>();

/** Sales this browser signed up for, so the button still says so after a reload (the server is the record). */
function rememberNotified(dealId: string, pending: boolean) {
  if (pending) awaitingMail.add(dealId);
  else awaitingMail.delete(dealId);
  const ids = readNotified().filter((id) => id !== dealId);
  ids.push(dealId);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(ids.slice(-100)));
  } catch {
    // Storage full or blocked: the button still shows the state until the page is left.
  }
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY) l();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
};
const snapshot = () => localStorage.getItem(STORAGE_KEY) ?? '';

/** Whether this browser signed up for the sale: 'PENDING' while the link mailed on this page waits to be opened. */
export function useNotifiedSale(dealId: string): 'PENDING' | 'ON' | null {
  const raw = useSyncExternalStore(subscribe, snapshot, () => '');
  if (!raw.includes(`"${dealId}"`)) return null;
  return awaitingMail.has(dealId) ? 'PENDING' : 'ON';
}

/**
 * The shop's signed-in customer, whose account email is used (null: the shopper must give one). The email is read
 * for the tap, from the session as it is (a tap while the page hydrates; see useLiveSession); `status` is as shown.
 */
export function useShopCustomer() {
  const slug = useHost().storeSlug;
  const { status } = useSession();
  const live = useLiveSession();
  return { slug, status, email: isCustomerOf(live, slug) ? (live.session?.email ?? null) : null };
}

/**
 * Notify Me (POST …/store-deals/{id}/notify/). Success is told in a toast with the server's words: a signed-out
 * shopper is asked to confirm from their mail (double opt-in); a repeat is "You're already on the list", not an
 * error. Failures come back to the caller, which shows a field error
 * in its form or announces them.
 */
export function useSaleNotify(dealId: string) {
  const { slug } = useShopCustomer();
  return useMutation({
    mutationFn: (email: string | null) =>
      queryApi<SaleNotifyData>(
        `/api/store/stores/product/store-deals/${encodeURIComponent(dealId)}/notify/`,
        {
          method: 'POST',
          body: email ? { email } : {},
          storeOrigin: slug,
          silent: true,
        },
      ),
    onSuccess: (data) => {
      rememberNotified(dealId, data.pending);
      if (data.pending) {
        toast.success('Check your mail to confirm', {
          description: `We sent a link to ${data.email}. Open it and we'll write to you once, when the sale starts.`,
        });
        return;
      }
      toast.success(
        data.already_subscribed ? "You're already on the list" : "We'll email you when the sale starts",
        {
          description: `We'll write to ${data.email} once.`,
        },
      );
    },
  });
}

/** A failure the dialog does not show beside its field is announced the usual way. */
export const announceNotifyFailure = (err: unknown) => {
  if (err instanceof ApiError) announceFailure(err.status, err.message);
};
