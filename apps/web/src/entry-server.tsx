import type { HostInfo } from '@haat/contracts';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/App.tsx';
import { type InitialData, pageStart } from './app/initial-data.ts';
import { newQueryClient } from './app/query-client.ts';
import StorefrontFace from './faces/storefront/storefront-face.tsx';
import * as queryEngine from './lib/query/engine.ts';
import { installQueryCore } from './lib/query.ts';
import { StaticRouter } from './lib/router.tsx';

// The server renders with TanStack Query's engine at hand; the browser loads it when first needed (lib/query/core.ts).
installQueryCore(queryEngine);

/**
 * Server rendering of a shop's first pages (home, listing, product page; decision 0017), loaded by the API server
 * from the SSR build (apps/web/dist/.ssr/entry-server.js; apps/api/src/plugins/ssr.ts). Every call renders with its
 * own query client, data, clock and router: nothing is shared between requests.
 */
export interface ShopRender {
  /** The request's path and query, e.g. `/products?sort=price_asc`. */
  url: string;
  host: HostInfo;
  /** What the page is sent with (`<script id="haat-data">`, with `now`): the browser hydrates from the same. */
  data: InitialData;
  /** The page's origin as the server sees it, e.g. `http://shop.localhost:3000`. */
  origin: string;
  /** Gives up (and rejects) after this many ms. */
  timeoutMs: number;
}

/**
 * The HTML of #root for a shop page, once everything on it is ready (its lazily loaded page included), so it goes
 * out in one piece: React's out-of-order streaming reveals late parts with inline scripts, which the CSP does not
 * allow. Rejects when anything fails to render or the time runs out: the caller then serves the client-rendered
 * page.
 */
export async function renderShopPage({ url, host, data, origin, timeoutMs }: ShopRender): Promise<string> {
  const queryClient = newQueryClient();
  const start = pageStart(data, data.now ?? Date.now(), origin);
  const abort = new AbortController();
  let failed: unknown = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error(`server rendering took over ${timeoutMs} ms`);
      abort.abort(err);
      reject(err);
    }, timeoutMs);
  });
  try {
    const render = prerender(
      <StrictMode>
        <StaticRouter location={url}>
          <App queryClient={queryClient} host={host} start={start} serverRendered>
            <StorefrontFace />
          </App>
        </StaticRouter>
      </StrictMode>,
      {
        signal: abort.signal,
        // Never outline a large part to be revealed later by an inline script: everything is written in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // An error inside a Suspense boundary would leave that part to the browser: the whole page goes that way.
        onError: (err) => {
          failed ??= err ?? new Error('server rendering failed');
        },
      },
    );
    render.catch(() => {}); // after a timeout, its own failure is no longer anyone's
    const { prelude } = await Promise.race([render, timeout]);
    const html = await new Response(prelude).text();
    if (failed) throw failed;
    return html;
  } finally {
    clearTimeout(timer);
    queryClient.clear();
  }
}
