import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { FullPageMessage } from '../components/ui/full-page-message.tsx';
import { ToastLayer } from '../components/ui/toast-layer.tsx';
import { SessionProvider } from '../lib/session/session-context.tsx';
import { HostProvider, useHost } from './host.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

// One lazy chunk per face: a shopper never downloads back-office code.
const MarketingFace = lazy(() => import('../faces/marketing/marketing-face.tsx'));
const StorefrontFace = lazy(() => import('../faces/storefront/storefront-face.tsx'));
const BackofficeFace = lazy(() => import('../faces/backoffice/backoffice-face.tsx'));

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Every failed call is announced once by the api client; a silent retry would announce it twice.
      retry: false,
    },
  },
});

function Face() {
  const host = useHost();
  if (host.face === 'backoffice') return <BackofficeFace />;
  if (host.face === 'storefront') return <StorefrontFace />;
  return <MarketingFace />;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ScrollToTop />
        <HostProvider
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
              <Face />
            </Suspense>
          </SessionProvider>
        </HostProvider>
      </BrowserRouter>
      <ToastLayer />
    </QueryClientProvider>
  );
}
