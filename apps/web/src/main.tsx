import type { HostInfo } from '@haat/contracts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { readInjectedHost } from './app/boot.ts';
import { useHost } from './app/host.tsx';
import { pageStart, readSentData } from './app/initial-data.ts';
import { preloadable } from './app/preloadable.ts';
import { newQueryClient } from './app/query-client.ts';
import { loadOnFirstInput } from './lib/query.ts';
import { BrowserRouter } from './lib/router.tsx';
import './styles.css';

// One lazy chunk per face: a shopper never downloads back-office code.
const MarketingFace = preloadable(() => import('./faces/marketing/marketing-face.tsx'));
const StorefrontFace = preloadable(() => import('./faces/storefront/storefront-face.tsx'));
const BackofficeFace = preloadable(() => import('./faces/backoffice/backoffice-face.tsx'));

/** The face of this host (in the browser; the server renders the storefront's, entry-server.tsx). */
function Face() {
  const host = useHost();
  if (host.face === 'backoffice') return <BackofficeFace />;
  if (host.face === 'storefront') return <StorefrontFace />;
  return <MarketingFace />;
}

/** Loads the code a server-rendered page shows (the shop face and its page) before it is hydrated. */
async function preloadShopPage(host: HostInfo, pathname: string) {
  if (host.face !== 'storefront') return;
  const face = await StorefrontFace.preload();
  await face.preloadPage(host, pathname);
}

const root = document.getElementById('root');
if (root) {
  // TanStack Query's engine: on a shop page it loads when a query or mutation needs it, or at the first input.
  loadOnFirstInput(document);
  const host = readInjectedHost();
  // A shop page the server rendered (entry-server.tsx) arrives with its HTML in #root: it is hydrated, from the
  // same data it was rendered with. Every other page (back office, marketing, the rest of a shop) renders here.
  const serverRendered = !!host && root.hasChildNodes();
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App
          queryClient={newQueryClient()}
          host={host}
          start={pageStart(readSentData(), Date.now(), window.location.origin)}
          serverRendered={serverRendered}
        >
          <Face />
        </App>
      </BrowserRouter>
    </StrictMode>
  );
  if (host && serverRendered) {
    // The face's and the page's code first, so hydration runs in one pass (if a load fails, React waits for it).
    // As a transition: React hydrates in slices of a few milliseconds and gives the main thread back between them
    // (paint, input), where an ordinary update hydrates the whole page in one long task, which a phone's CPU makes
    // several hundred ms (issue 37). A tap meanwhile still counts: React hydrates what it hits first.
    const hydrate = () => startTransition(() => void hydrateRoot(root, app));
    preloadShopPage(host, window.location.pathname).then(hydrate, hydrate);
  } else {
    createRoot(root).render(app);
  }
}
