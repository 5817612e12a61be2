import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { HostInfo } from '@haat/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../lib/deps.ts';
import { describeHost, isOpen } from '../modules/stores/index.ts';
import { BACKOFFICE_HEAD, isBackofficeAppFile, sendBackofficeAppFile } from './backoffice-app.ts';
import { type PageAnswer, pageCache, sendAnswer } from './page-cache.ts';
import { loadPageData, type PageData } from './page-data.ts';
import { type PageMeta, pageMeta, pageStatus, registerSeoRoutes } from './seo.ts';
import { rendersOnServer, shopRenderer } from './ssr.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
/**
 * JSON safe inside a <script> element: `<`, `>` and `&` as \u escapes (so no `</script>` or `<!--` can occur) and the
 * line separators escaped too; JSON.parse gives back exactly the same value.
 */
export const scriptJson = (v: unknown) => JSON.stringify(v).replace(UNSAFE_IN_SCRIPT, (c) => ESCAPED[c] ?? c);
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
/** Each escape made once (a page's 15 to 25 kB of data has hundreds of them: a product's description is HTML). */
const ESCAPED: Record<string, string> = Object.fromEntries(
  ['<', '>', '&', '\u2028', '\u2029'].map((c) => [c, `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`]),
);

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
  const chunks = faceChunks(distDir, template);
  // A page rendered here starts its code from DEFERRED_BOOT: its template without the scripts.
  const deferred = withoutScripts(template);
  const renderShop =
    deps.config.SSR === 'on' ? shopRenderer(distDir, app.log, deps.config.SSR_TIMEOUT_MS) : null;
  // The build's files, answered by the page route below: one route per file (@fastify/static's way without a
  // wildcard, which the page route takes) cost a tenth of the server's start (issue 18).
  const files = builtFiles(distDir);
  serveCompressedAssets(app, distDir, files);
  await app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    // The build's own bookkeeping (.vite/manifest.json) is read by the server, not served.
    dotfiles: 'ignore',
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
  const answer = pageAnswerer({ template, deferred, chunks, renderShop });
  const cache = deps.config.PAGE_CACHE === 'on' ? pageCache(deps, answer) : null;

  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (isBackofficeAppFile(path)) return sendBackofficeAppFile(deps, distDir, req, reply);
    if (files.has(path)) return reply.sendFile(path.slice(1));
    // Not a page: an API path, or a file of another build (a tab open across a deploy asks for its old chunks).
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/assets/'))
      return reply.callNotFound();
    // An open shop's public pages come from the page cache (plugins/page-cache.ts); everything else as rendered.
    if (cache) return cache.serve(req, reply, path);
    return sendAnswer(reply, await answer(deps, req, path));
  };
  registerSeoRoutes(app, deps);
  app.get('/', page);
  app.get('/*', page);
}

/** What a page is made from: index.html, its copy without scripts, the chunks per page, the shop renderer. */
interface PageParts {
  template: string;
  deferred: ReturnType<typeof withoutScripts>;
  chunks: ReturnType<typeof faceChunks>;
  renderShop: ReturnType<typeof shopRenderer> | null;
}

/** A page as this server answers it (`d`: the caches to read through, plugins/page-cache.ts). */
function pageAnswerer({ template, deferred, chunks, renderShop }: PageParts) {
  return async (d: Deps, req: FastifyRequest, path: string): Promise<PageAnswer> => {
    const host = await hostOf(d, req, path);
    // A basic-plan shop answers only on /store/{slug} of the main domain.
    if (host.face === 'storefront' && host.via === 'host' && host.store?.plan === 'basic') {
      return { status: 302, redirect: host.store.store_url, html: '', open: false, complete: true };
    }
    const [meta, data] = await metaAndData(d, req, host, path);
    // Data is sent for an open shop's pages only; any other shop address shows a status screen.
    const modules = chunks(host, host.face !== 'storefront' ? 'other' : data.data ? data.route : 'closed');
    // An open shop's home, listing and product page are rendered here from that data (decision 0017); the
    // browser hydrates them with the same data. Any failure serves the page to render in the browser.
    let root = '';
    let serverTiming: string | undefined;
    let complete = true;
    if (renderShop && data.data && rendersOnServer(host, data.route, data.data)) {
      data.data.now = Date.now();
      const rendered = await renderShop(req, host, data.route, data.data);
      if (rendered) {
        root = rendered.html;
        serverTiming = `ssr;dur=${rendered.ms.toFixed(1)}`;
      } else complete = false;
    }
    return {
      ...pageStatus(host, meta),
      html:
        root && deferred.entry
          ? render(deferred.template, host, {
              meta,
              page: data,
              root,
              boot: { entry: deferred.entry, modules: [...deferred.modules, ...modules.map((f) => `/${f}`)] },
            })
          : render(template, host, { meta, page: data, modules, root }),
      serverTiming,
      open: host.face === 'storefront' && !!host.store && isOpen(host.store.online_status),
      complete,
    };
  };
}

/** Where the page is (face, shop and its status); a shop that cannot be read is an ERROR status screen. */
async function hostOf(d: Deps, req: FastifyRequest, path: string): Promise<HostInfo> {
  try {
    return await describeHost(d, req, path);
  } catch (err) {
    req.log.error({ err }, 'host resolution failed');
    return {
      face: 'storefront',
      storeSlug: null,
      via: null,
      platformDomain: d.config.PLATFORM_DOMAIN,
      store: null,
      storeStatus: 'ERROR',
    };
  }
}

/** The page's meta tags and its first data, loaded alongside (a product page shares its product). */
function metaAndData(d: Deps, req: FastifyRequest, host: HostInfo, path: string) {
  const metaLoad = pageMeta(d, host, path).catch((): PageMeta => ({}));
  return Promise.all([
    metaLoad,
    loadPageData(
      d,
      req,
      host,
      path,
      metaLoad.then((m) => m.product),
    ).catch((err): PageData => {
      req.log.error({ err }, 'page data failed');
      return { route: 'other', data: null, images: [] };
    }),
  ]);
}

/**
 * The paths of the build's files ('/assets/…', '/favicon.svg'), read once at start: none starting with a dot (the
 * manifest's folder), and not index.html, the template every page is made from.
 */
function builtFiles(distDir: string) {
  const out = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile()) out.add(`${prefix}${entry.name}`);
    }
  };
  walk(distDir, '/');
  out.delete('/index.html');
  return out;
}

const ASSET = /^\/assets\/([\w.-]+\.(js|css|svg|wasm))$/;
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  // The point of sale's barcode reader (ZXing), 1.1 MB as built and 0.4 MB compressed.
  wasm: 'application/wasm',
};
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * The build's JS, CSS, SVG and WebAssembly under /assets/ go out compressed (brotli, else gzip) when the browser
 * accepts it: about a quarter of the bytes on a phone's connection. The names are content hashes, so each file is
 * compressed once, on its first request, and kept in memory (the whole build is about a megabyte, and the point of
 * sale's barcode reader another); anything else falls through to the static files.
 */
function serveCompressedAssets(app: FastifyInstance, distDir: string, files: Set<string>) {
  const dir = join(distDir, 'assets');
  const cache = new Map<string, Promise<Buffer | null>>();
  const compressed = (name: string, encoding: 'br' | 'gzip') => {
    const key = `${encoding}:${name}`;
    let hit = cache.get(key);
    if (!hit) {
      hit = readFile(join(dir, name))
        .then((raw) =>
          encoding === 'br'
            ? brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
            : gz(raw, { level: 9 }),
        )
        .catch(() => null);
      cache.set(key, hit);
    }
    return hit;
  };
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET') return;
    const m = ASSET.exec(req.url);
    if (!m?.[1] || !m[2] || !files.has(`/assets/${m[1]}`)) return;
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (!encoding) return;
    const body = await compressed(m[1], encoding);
    if (!body) return; // unreadable: the static handler answers
    return reply
      .header('content-type', TYPES[m[2]] ?? 'application/octet-stream')
      .header('content-encoding', encoding)
      .header('vary', 'accept-encoding')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(body);
  });
}

/**
 * The JS chunks a page runs before it renders beyond the entry (which index.html already names): its face, and on a
 * shop's listing or product page that page's chunk, on a closed shop its status screen (and owner mode), each with
 * the chunks it imports. They are found from the build's manifest and preloaded with the HTML, instead of one after
 * the other as each import() runs.
 */
function faceChunks(distDir: string, template: string) {
  const SOURCES = {
    marketing: 'src/faces/marketing/marketing-face.tsx',
    storefront: 'src/faces/storefront/storefront-face.tsx',
    backoffice: 'src/faces/backoffice/backoffice-face.tsx',
    home: 'src/faces/storefront/home-page.tsx',
    listing: 'src/faces/storefront/products-page.tsx',
    product: 'src/faces/storefront/product-page.tsx',
    owner: 'src/faces/storefront/owner-bar.tsx',
    status: 'src/faces/storefront/status-screens.tsx',
  } as const;
  type Manifest = Record<string, { file: string; imports?: string[] }>;
  let manifest: Manifest = {};
  try {
    manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    // No manifest (an older build, tests): the app loads its chunks as it goes.
  }
  const files = (source: string) => {
    const out = new Set<string>();
    const visit = (key: string) => {
      const c = manifest[key];
      if (!c || out.has(c.file)) return;
      out.add(c.file);
      for (const i of c.imports ?? []) visit(i);
    };
    visit(source);
    return [...out].filter((f) => f.endsWith('.js') && !template.includes(`/${f}"`));
  };
  const lists = Object.fromEntries(Object.entries(SOURCES).map(([k, v]) => [k, files(v)])) as Record<
    keyof typeof SOURCES,
    string[]
  >;
  const byPage: Partial<Record<PageData['route'] | 'closed', string[]>> = {
    home: lists.home,
    listing: lists.listing,
    product: lists.product,
    closed: [...lists.owner, ...lists.status],
  };
  return (host: HostInfo, page: PageData['route'] | 'closed') => [
    ...new Set([...lists[host.face], ...(byPage[page] ?? [])]),
  ];
}

/** What fills a page's template besides its host: meta tags, first data, chunks, rendered root, deferred boot. */
interface PageFill {
  meta?: PageMeta;
  page?: PageData;
  modules?: string[];
  root?: string;
  boot?: Boot;
}

/** The page's HTML: the template with its title, description, head tags, data and rendered root filled in. */
function render(template: string, host: HostInfo, fill: PageFill) {
  const {
    meta = {},
    page = { route: 'other', data: null, images: [] },
    modules = [],
    root = '',
    boot,
  } = fill;
  let title = 'Build Your Online Store';
  let description = 'Haat: build your online store, sell on the marketplace.';
  if (host.face === 'backoffice') title = 'Admin Panel';
  // A shop's own title and description come with meta (seo.ts); these are for a shop that cannot be read.
  else if (host.face === 'storefront') title = host.store?.store_name ?? 'Shop Not Found';
  title = meta.title ?? title;
  description = meta.description ?? description;
  const ogTitle = meta.title ?? host.store?.store_name;
  const ogImage = meta.image ?? host.store?.image;
  const head = [
    `<script id="haat-host" type="application/json">${scriptJson(host)}</script>`,
    host.face === 'backoffice' ? BACKOFFICE_HEAD : '',
    ogTitle ? `<meta property="og:title" content="${escapeHtml(ogTitle)}" />` : '',
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    ogImage ? `<meta property="og:image" content="${escapeHtml(ogImage)}" />` : '',
    meta.canonical ? `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />` : '',
    meta.jsonLd ? `<script type="application/ld+json">${scriptJson(meta.jsonLd)}</script>` : '',
    // A page's largest paint is its first image (a product's, the home banner, the listing's first row): start
    // it with the HTML, not after the app has loaded.
    ...[...new Set([...(meta.product?.thumbnail ? [meta.product.thumbnail] : []), ...page.images])].map(
      (src) => `<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high" />`,
    ),
    // A page the browser renders needs its chunks to paint at all: they load with the HTML.
    ...modules.map((f) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(f)}" />`),
    page.data ? `<script id="haat-data" type="application/json">${scriptJson(page.data)}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace('<!--haat-head-->', () => head)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${root}</div>${
          boot
            ? `\n    <script id="haat-boot" type="application/json">${scriptJson(boot)}</script>\n    <script>${DEFERRED_BOOT}</script>`
            : ''
        }`,
    );
}

/** The app's code for a page rendered here: its entry, and the chunks to fetch alongside it. */
type Boot = { entry: string; modules: string[] };

/**
 * index.html without its entry script and module preloads (which start downloading as the HTML is read), and what
 * they named: a page rendered here starts them from DEFERRED_BOOT instead.
 */
function withoutScripts(template: string) {
  const entryTag = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;
  const preloadTag = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;
  const entry = template.match(entryTag)?.[1] ?? '';
  const modules = [...template.matchAll(preloadTag)].map((m) => m[1] ?? '');
  return { template: template.replace(entryTag, '').replace(preloadTag, ''), entry, modules };
}

/**
 * How a page rendered here loads its JavaScript (decision 0017). The page is readable and its links work without
 * it; the code (5 to 8 files, 106 to 121 kB on a shop's first page) only makes it interactive. Fetched with the
 * HTML, those files share a phone's connection (and HTTP/1.1's six sockets) with the first screen's images, and the
 * largest paint waits for them. So they start once the first screen's images (those the server marked
 * fetchpriority=high) have loaded or failed and the next frame has painted; at once when the shopper touches, clicks,
 * types or tabs, or the tab is in the background (where frames do not run); and after 3 s whatever happens.
 * A constant, so the CSP allows it by its hash (DEFERRED_BOOT_CSP) and needs no per-request nonce.
 */
export const DEFERRED_BOOT = [
  '(()=>{',
  "const b=JSON.parse(document.getElementById('haat-boot').textContent);let done=false;",
  "const events=['pointerdown','keydown','touchstart','focusin'];",
  'const go=()=>{if(done)return;done=true;',
  'for(const t of events)removeEventListener(t,go,true);',
  "for(const href of b.modules){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.append(l);}",
  "const s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=b.entry;document.head.append(s);};",
  'for(const t of events)addEventListener(t,go,{capture:true,passive:true});',
  'setTimeout(go,3000);',
  "if(document.visibilityState==='hidden')return go();",
  'const painted=()=>requestAnimationFrame(()=>setTimeout(go));',
  "let left=0;for(const img of document.querySelectorAll('#root img[fetchpriority=high]')){if(img.complete)continue;left++;",
  "const one=()=>{if(--left===0)painted();};img.addEventListener('load',one);img.addEventListener('error',one);}",
  'if(left===0)painted();',
  '})()',
].join('');

/** The CSP source that lets DEFERRED_BOOT run. */
export const DEFERRED_BOOT_CSP = `'sha256-${createHash('sha256').update(DEFERRED_BOOT).digest('base64')}'`;
