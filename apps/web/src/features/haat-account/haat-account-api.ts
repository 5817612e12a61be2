import type { DeleteAccountResult, HaatAccount } from '@haat/contracts';
import { queryApi } from '../../lib/api.ts';

/** "Your Haat account" (decision 0032): the shops holding the shopper's data, and deleting the account. */
export const haatAccountKey = (userId: string) => ['haat-account', userId] as const;

export const haatAccountApi = {
  get: (storeOrigin: string | null, signal?: AbortSignal) =>
    queryApi<HaatAccount>('/api/store/haat-account/', { storeOrigin, signal }),
  remove: (confirmEmail: string, storeOrigin: string | null) =>
    queryApi<DeleteAccountResult>('/api/store/haat-account/delete/', {
      method: 'POST',
      body: { confirm_email: confirmEmail },
      storeOrigin,
      silent: true,
    }),
};
