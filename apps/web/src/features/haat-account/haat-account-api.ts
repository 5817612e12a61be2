import type { DeleteAccountResult, HaatAccount, MarketplaceAccount } from '@haat/contracts';
import { queryApi } from '../../lib/api.ts';

/** "Your Haat account" (decision 0032): the shops holding the shopper's data, and deleting the account. */
export const haatAccountKey = (userId: string) => ['haat-account', userId] as const;

/** At a shop (its store-origin), or on the marketplace (none: its own session, decision 0036). */
const base = (storeOrigin: string | null) =>
  storeOrigin ? '/api/store/haat-account/' : '/api/user/account/';

export const haatAccountApi = {
  get: (storeOrigin: string | null, signal?: AbortSignal) =>
    queryApi<HaatAccount>(base(storeOrigin), { storeOrigin, signal }),
  /** The marketplace's: the same, with the addresses and wishlists at every shop. */
  mine: (signal?: AbortSignal) => queryApi<MarketplaceAccount>(base(null), { signal }),
  remove: (confirmEmail: string, storeOrigin: string | null) =>
    queryApi<DeleteAccountResult>(`${base(storeOrigin)}delete/`, {
      method: 'POST',
      body: { confirm_email: confirmEmail },
      storeOrigin,
      silent: true,
    }),
};
