import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { HostInfo } from '@haat/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../lib/deps.ts';
import { describeHost } from '../modules/stores/describe-host.ts';
import { type PageMeta, pageMeta, registerSeoRoutes } from './seo.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
/** JSON safe inside a <script> element. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, ' ');

/**
 * Serves the built web app. For a page request it resolves the host first and injects the result (and the
 * shop's title and description) into index.html, so the page knows where it is without another request.
 */
export async function registerWeb(app: FastifyInstance, deps: Deps, distDir: string) {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build`; serving the API only');
    return;
  }
  const template = readFileSync(indexPath, 'utf8');
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api') return reply.callNotFound();
    let host: HostInfo;
    try {
      host = await describeHost(deps, req, path);
    } catch (err) {
      req.log.error({ err }, 'host resolution failed');
      host = {
        face: 'storefront',
        storeSlug: null,
        via: null,
        platformDomain: deps.config.PLATFORM_DOMAIN,
        store: null,
        storeStatus: 'ERROR',
      };
    }
    // A basic-plan shop answers only on /store/{slug} of the main domain.
    if (host.face === 'storefront' && host.via === 'host' && host.store?.plan === 'basic') {
      return reply.redirect(host.store.store_url, 302);
    }
    const meta = await pageMeta(deps, host, path).catch(() => ({}));
    return reply
      .code(host.storeStatus === 'NOT_FOUND' ? 404 : host.storeStatus === 'ERROR' ? 503 : 200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(render(template, host, meta));
  };
  registerSeoRoutes(app, deps);
  app.get('/', page);
  app.get('/*', page);
}

function render(template: string, host: HostInfo, meta: PageMeta = {}) {
  let title = 'Build Your Online Store';
  let description = 'Haat: build your online store, sell on the marketplace.';
  if (host.face === 'backoffice') title = 'Admin Panel';
  else if (host.face === 'storefront') {
    title = host.store?.slug ?? host.storeSlug ?? 'Shop Not Found';
    description = host.store?.short_description ?? host.store?.description ?? description;
  }
  title = meta.title ?? title;
  description = meta.description ?? description;
  const ogTitle = meta.title ?? host.store?.store_name;
  const ogImage = meta.image ?? host.store?.image;
  const head = [
    `<script id="haat-host" type="application/json">${scriptJson(host)}</script>`,
    ogTitle ? `<meta property="og:title" content="${escapeHtml(ogTitle)}" />` : '',
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    ogImage ? `<meta property="og:image" content="${escapeHtml(ogImage)}" />` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace('<!--haat-head-->', head);
}
