import type { HostInfo } from '@haat/contracts';
import { type ReactNode, Suspense } from 'react';
import { FullPageMessage } from '../components/ui/full-page-message.tsx';
import { ToastLayer } from '../components/ui/toast-layer.tsx';
import { type AppQueryClient, QueryClientProvider } from '../lib/query.ts';
import { SessionProvider } from '../lib/session/session-context.tsx';
import { useHydrating } from '../lib/use-hydrating.ts';
import { HostProvider } from './host.tsx';
import { type PageStart, PageStartProvider } from './initial-data.ts';
import { ScrollToTop } from './scroll-to-top.tsx';

/**
 * The app inside its router (BrowserRouter in the browser, StaticRouter on the server): the providers, then
 * `children`, the face (main.tsx picks it lazily from the host; the server renders the storefront's).
 *
 * `serverRendered`: the page's HTML came from the server (entry-server.tsx) and is being hydrated. Its controls are
 * then inside a fieldset disabled until hydration ends: a button or field the server drew does nothing before the
 * app runs (a form would even submit itself as a plain GET), so it says so; links work either way. React hydrates
 * a page's own Suspense boundary (inLayout) a moment after this one, and its parts show the session one render
 * later still: a tap on them in between runs the hydrating render's handler, so a handler reads the session with
 * useLiveSession, not useSession.
 */
export function App({
  queryClient,
  host,
  start,
  serverRendered = false,
  children,
}: {
  queryClient: AppQueryClient;
  host: HostInfo | null;
  start: PageStart;
  serverRendered?: boolean;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <PageStartProvider value={start}>
        <ScrollToTop />
        <HostProvider
          initial={host}
          fallback={(state) =>
            state === 'loading' ? (
              <FullPageMessage title="Loading.." />
            ) : (
              <FullPageMessage
                title="Something went wrong"
                body="We could not work out which shop this address belongs to. Please reload the page."
              />
            )
          }
        >
          <SessionProvider>
            <Suspense fallback={<FullPageMessage title="Loading.." />}>
              {serverRendered ? <UntilHydrated>{children}</UntilHydrated> : children}
            </Suspense>
          </SessionProvider>
        </HostProvider>
      </PageStartProvider>
      <ToastLayer />
    </QueryClientProvider>
  );
}

function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrating = useHydrating();
  return (
    <fieldset disabled={hydrating} role="none" className="contents">
      {children}
    </fieldset>
  );
}
