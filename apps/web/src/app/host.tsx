import type { HostInfo } from '@haat/contracts';
import { createContext, type ReactNode, use, useEffect, useState } from 'react';
import { callApi } from '../lib/api.ts';
import { readInjectedHost } from './boot.ts';

const HostContext = createContext<HostInfo | null>(null);

/** Provides where this page is (face, shop); asks the API only when the server did not inject it. */
export function HostProvider({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback: (state: 'loading' | 'error') => ReactNode;
}) {
  const [host, setHost] = useState<HostInfo | null>(() => readInjectedHost());
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
