import type { HostInfo } from '@haat/contracts';
import { createContext, type ReactNode, use, useEffect, useState } from 'react';
import { callApi } from '../lib/api.ts';

const HostContext = createContext<HostInfo | null>(null);

/**
 * Provides where this page is (face, shop): `initial` is what the server resolved (injected into the page, or the
 * request's own on the server); the API is asked only without it.
 */
export function HostProvider({
  initial,
  children,
  fallback,
}: {
  initial: HostInfo | null;
  children: ReactNode;
  fallback: (state: 'loading' | 'error') => ReactNode;
}) {
  const [host, setHost] = useState<HostInfo | null>(initial);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (host) return;
    callApi<HostInfo>('/api/store/host/', { query: { path: window.location.pathname }, silent: true }).then(
      (h) => (h ? setHost(h) : setFailed(true)),
    );
  }, [host]);
  if (!host) return fallback(failed ? 'error' : 'loading');
  return <HostContext value={host}>{children}</HostContext>;
}

export function useHost(): HostInfo {
  const host = use(HostContext);
  if (!host) throw new Error('useHost outside HostProvider');
  return host;
}
