import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HostInfo } from '@haat/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { InitialData, ShopRoute } from './page-data.ts';

/** What the web app's server entry exports (apps/web/src/entry-server.tsx, built into dist/.ssr/entry-server.js). */
interface ShopRenderer {
  renderShopPage(input: {
    url: string;
    host: HostInfo;
    data: InitialData;
    origin: string;
    timeoutMs: number;
  }): Promise<string>;
}

export type RenderShopPage = (
  req: FastifyRequest,
  host: HostInfo,
  route: ShopRoute,
  data: InitialData,
) => Promise<{ html: string; ms: number } | null>;

/** Whether the server renders this page: an open shop's home, listing or product page with its data at hand. */
export const rendersOnServer = (host: HostInfo, route: ShopRoute, data: InitialData | null) =>
  host.face === 'storefront' &&
  !!data &&
  ((route === 'home' && !!data.home) ||
    (route === 'listing' && !!data.listing) ||
    (route === 'product' && !!data.product));

/**
 * Server rendering of the shop pages (decision 0017): renders #root of an open shop's home, listing or product page
 * from the data the page is sent with, through the web app's SSR build in `distDir/.ssr` (loaded on the first such
 * page). Answers null, and logs why, when there is no such build, it fails to load, the render throws or it takes
 * longer than `timeoutMs`: the page is then served to render in the browser, as without server rendering.
 */
export function shopRenderer(
  distDir: string,
  log: FastifyBaseLogger,
  timeoutMs: number,
): RenderShopPage | null {
  const file = join(distDir, '.ssr', 'entry-server.js');
  if (!existsSync(file)) {
    log.warn({ file }, 'no server renderer built: shop pages render in the browser');
    return null;
  }
  let loading: Promise<ShopRenderer | null> | undefined;
  const load = () => {
    // By path, not file URL: in the server's bundle import() becomes require() (decision 0018), which takes a path.
    loading ??= import(file).then(
      (m: Partial<ShopRenderer>) => {
        if (typeof m.renderShopPage === 'function') return m as ShopRenderer;
        log.error(
          { file },
          'the server renderer exports no renderShopPage: shop pages render in the browser',
        );
        return null;
      },
      (err: unknown) => {
        log.error({ err, file }, 'the server renderer failed to load: shop pages render in the browser');
        return null;
      },
    );
    return loading;
  };

  return async (req, host, route, data) => {
    const renderer = await load();
    if (!renderer) return null;
    const t0 = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      // The renderer gives up at timeoutMs itself; this bounds a renderer that would not.
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`server rendering took over ${timeoutMs} ms`)),
          timeoutMs + 50,
        );
      });
      const rendering = renderer.renderShopPage({
        url: req.url,
        host,
        data,
        origin: `${req.protocol}://${req.host}`,
        timeoutMs,
      });
      rendering.catch(() => {});
      const html = await Promise.race([rendering, late]);
      if (typeof html !== 'string') throw new Error('the server renderer answered no HTML');
      return { html, ms: performance.now() - t0 };
    } catch (err) {
      req.log.error({ err, route }, 'server rendering failed: the page renders in the browser');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
