import type {
  CloseRegisterBody,
  OpenRegisterBody,
  RegisterHistory,
  RegisterHistoryQuery,
  RegisterMovement,
  RegisterMovementBody,
  RegisterReport,
  RegisterSession,
} from '@haat/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey, useSelectedShop } from '../../lib/selected-shop.tsx';

export type { RegisterHistory, RegisterReport, RegisterSession };

/** The day at the counter's calls (issue 38, /api/admin/register/...). Silent: the dialogs show what went wrong. */
export const registerApi = {
  current: (slug: string, signal?: AbortSignal) =>
    adminCall<{ session: RegisterSession | null }>(slug, '/register/current/', { signal, silent: true }),
  open: (slug: string, body: OpenRegisterBody) =>
    adminCall<RegisterSession>(slug, '/register/open/', { method: 'POST', body, silent: true }),
  movement: (slug: string, id: string, body: RegisterMovementBody) =>
    adminCall<RegisterMovement>(slug, `/register/${encodeURIComponent(id)}/movement/`, {
      method: 'POST',
      body,
      silent: true,
    }),
  close: (slug: string, id: string, body: CloseRegisterBody) =>
    adminCall<RegisterReport>(slug, `/register/${encodeURIComponent(id)}/close/`, {
      method: 'POST',
      body,
      silent: true,
    }),
  report: (slug: string, id: string, signal?: AbortSignal) =>
    adminCall<RegisterReport>(slug, `/register/${encodeURIComponent(id)}/`, { signal }),
  history: (slug: string, q: RegisterHistoryQuery, signal?: AbortSignal) =>
    adminCall<RegisterHistory>(slug, '/register/', {
      query: q,
      signal,
      errorMessage: 'Failed to fetch registers',
    }),
};

const keys = {
  all: (slug: string) => adminKey(slug, 'registers'),
  current: (slug: string) => adminKey(slug, 'registers', 'current'),
  report: (slug: string, id: string) => adminKey(slug, 'registers', 'report', id),
  history: (slug: string, q: RegisterHistoryQuery) => adminKey(slug, 'registers', 'history', q),
};

function useSlug() {
  const { shop } = useSelectedShop();
  return { slug: shop?.slug ?? '', ready: !!shop };
}

export function useCurrentRegister() {
  const { slug, ready } = useSlug();
  return useQuery({
    queryKey: keys.current(slug),
    queryFn: ({ signal }) => registerApi.current(slug, signal),
    enabled: ready,
  });
}

/** Every register write changes what the bar, the reports and the history show. */
function useRegisterWrite<A, R>(fn: (slug: string, args: A) => Promise<R>) {
  const { slug } = useSlug();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => fn(slug, args),
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.all(slug) }),
  });
}

export const useOpenRegister = () =>
  useRegisterWrite((slug, body: OpenRegisterBody) => registerApi.open(slug, body));
export const useRegisterMovement = () =>
  useRegisterWrite((slug, a: { id: string; body: RegisterMovementBody }) =>
    registerApi.movement(slug, a.id, a.body),
  );
export const useCloseRegister = () =>
  useRegisterWrite((slug, a: { id: string; body: CloseRegisterBody }) =>
    registerApi.close(slug, a.id, a.body),
  );

export function useRegisterReport(id: string | null) {
  const { slug, ready } = useSlug();
  return useQuery({
    queryKey: keys.report(slug, id ?? ''),
    queryFn: ({ signal }) => registerApi.report(slug, id ?? '', signal),
    enabled: ready && !!id,
  });
}

export function useRegisterHistory(q: RegisterHistoryQuery) {
  const { slug, ready } = useSlug();
  return useQuery({
    queryKey: keys.history(slug, q),
    queryFn: ({ signal }) => registerApi.history(slug, q, signal),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}
