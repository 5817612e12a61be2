import { cacheNames, setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The back office's service worker (decision 0035), served by the admin host alone (apps/api/src/plugins/
 * backoffice-app.ts). It keeps one build of the back office: the page shell and every file the back office can
 * load, listed at build time (apps/web/build/service-worker.ts fills in the two constants below). Every page of
 * the admin host starts from that shell, online or not, so the code that runs is always this worker's build: a new
 * build installs beside it and waits until the person chooses Reload (SKIP_WAITING), then every tab reloads onto
 * it together. Nothing under /api/ is ever cached: the counter keeps its data in IndexedDB (features/pos).
 */

declare const self: ServiceWorkerGlobalScope;
/** This build's id: it changes whenever any precached file does. */
declare const __HAAT_BUILD__: string;
/** The files to keep: the shell (`/`, revised by the build id), hashed chunks (no revision), public files. */
declare const __HAAT_PRECACHE__: { url: string; revision: string | null }[];

setCacheNameDetails({ prefix: 'haat' });
precacheAndRoute(__HAAT_PRECACHE__);
// Caches of an older Workbox's format.
cleanupOutdatedCaches();

/** What a navigation on the admin host may ask for that is not a page of the app: never the shell. */
const NOT_PAGES = [/^\/api(\/|$)/, /^\/media\//, /^\/dev\//, /^\/\.well-known\//, /\/[^/]+\.[a-z0-9]+$/i];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/'), { denylist: NOT_PAGES }));

// Any other cache of ours (a runtime cache of an earlier version) goes when this build takes over; the precache
// itself drops the previous build's files (workbox-precaching, on activate).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((n) => n.startsWith(`${cacheNames.prefix}-`) && n !== cacheNames.precache)
            .map((n) => caches.delete(n)),
        ),
      )
      // The back office's tabs opened before the first install come under this worker too: from now on a new
      // build reaches them only through Reload.
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  // Sent by the page only when the person chooses Reload (features/backoffice-shell/app-updates.ts).
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === 'GET_VERSION') event.ports[0]?.postMessage(__HAAT_BUILD__);
});
