import type { HostInfo, ProductDetail } from '@haat/contracts';
import { plainText, shopPageHead } from '@haat/contracts/seo';
import { schema, withStore } from '@haat/db';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../lib/deps.ts';

import { AppError } from '../lib/errors.ts';
import { getProduct } from '../modules/catalog/index.ts';
import { describeHost, findStoreBySlug, isOpen, originOf, storeUrl } from '../modules/stores/index.ts';

export interface PageMeta {
  title?: string;
  description?: string;
  image?: string | null;
  type?: 'website' | 'product';
  /** The product of a product page, as its API call answers it (also sent with the page, see page-data.ts). */
  product?: ProductDetail;
  /** The page's absolute address for search engines (an open shop's pages). */
  canonical?: string;
  /** schema.org structured data (a product page's Product). */
  jsonLd?: Record<string, unknown>;
  /** An open shop's address it has no page for (an unknown path, a product it does not sell): answered 404. */
  notFound?: boolean;
}

const PRODUCT = /\/product\/([0-9a-f-]{36})\/?$/i;
/** The paths of an open shop's pages under its base (apps/web's storefront-face.tsx routes). */
const SHOP_PAGES = [
  /^$/,
  /^\/products$/,
  /^\/product\/[^/]+$/,
  /^\/subscription\/confirm$/,
  /^\/policies\/[^/]+$/,
  /^\/(profile|cart|checkout|orders?|wishlist|login|verification|forgot-password)$/,
  /^\/order\/(confirm-cod|success)$/,
  /^\/orders\/[^/]+$/,
];

/** An address made absolute against the shop's own origin (images are stored as /uploads/… paths). */
const absoluteIn = (origin: string) => (src: string) => {
  try {
    return new URL(src, origin).href;
  } catch {
    return src;
  }
};

/** Title, description, image, canonical address and structured data of a shop's pages, for the served HTML. */
export async function pageMeta(deps: Deps, host: HostInfo, path: string): Promise<PageMeta> {
  if (host.face === 'marketing' && /^\/shops\/?$/.test(path)) {
    return {
      title: 'All Shops | Haat',
      description:
        'Browse independent Indian shops on Haat by category and city: fashion, electronics, food, beauty and home.',
    };
  }
  const store = host.store;
  if (host.face !== 'storefront' || !store) return {};
  const abs = absoluteIn(new URL(store.store_url).origin);
  const image = store.image ? abs(store.image) : null;
  const home = { ...shopPageHead(store, 'home'), image };
  if (!isOpen(store.online_status)) return home;
  const base = host.via === 'path' ? `/store/${store.slug}` : '';
  const rest = path.startsWith(base) ? path.slice(base.length).replace(/\/+$/, '') : path;
  if (path !== '/unauthorized' && !SHOP_PAGES.some((r) => r.test(rest))) return { ...home, notFound: true };
  const canonical = rest ? `${store.store_url.replace(/\/+$/, '')}${rest}` : store.store_url;
  const m = PRODUCT.exec(rest);
  if (/^\/product\//.test(rest)) {
    const row = m?.[1] ? await findStoreBySlug(deps, store.slug) : null;
    const product =
      row && m?.[1]
        ? await getProduct(deps, row, m[1]).catch((err: unknown) => {
            if (err instanceof AppError && err.statusCode === 404) return null;
            throw err;
          })
        : null;
    if (!product) return { ...home, notFound: true };
    return {
      ...shopPageHead(store, { product }),
      image: product.thumbnail ? abs(product.thumbnail) : image,
      type: 'product',
      product,
      canonical,
      jsonLd: productJsonLd(product, canonical, abs),
    };
  }
  const page = rest === '/products' ? 'listing' : 'home';
  return { ...shopPageHead(store, page), image, canonical };
}

/** schema.org Product of a product page: its offer at today's price in rupees, and its rating once reviewed. */
function productJsonLd(p: ProductDetail, url: string, abs: (src: string) => string) {
  const images = p.images.length ? p.images : p.thumbnail ? [p.thumbnail] : [];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.product_name,
    image: images.map(abs),
    sku: p.sku ?? p.id,
    description: plainText(p.product_description, 5000) ?? p.product_name,
    ...(p.category ? { category: p.category.name } : {}),
    offers: {
      '@type': 'Offer',
      price: p.deal?.discount_price ?? p.discount_price ?? p.product_price,
      priceCurrency: 'INR',
      availability:
        p.stock_status === 'OUT_OF_STOCK' ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      url,
    },
    ...(p.total_reviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: p.average_rating,
            reviewCount: p.total_reviews,
          },
        }
      : {}),
  };
}

/** Statuses of a closed shop that come back by themselves: 503 with Retry-After. */
const COMING_BACK = ['MAINTENANCE', 'TEMPORARILY_UNAVAILABLE', 'OFFLINE', 'ERROR'];

/**
 * The HTTP status of a page: 404 for an unknown shop, a shop not yet public (draft, unpublished) or an address an
 * open shop has no page for; 503 with Retry-After (until the shop's announced return, else an hour; a minute when
 * the shop could not be read) while it is in maintenance, temporarily unavailable or offline; 403 when the platform
 * has suspended it (the server refuses to show it: 451 would claim a legal demand, which most suspensions are not).
 */
export function pageStatus(
  host: HostInfo,
  meta: PageMeta,
  now = Date.now(),
): { status: number; retryAfter?: number } {
  if (host.face !== 'storefront') return { status: 200 };
  const s = host.storeStatus;
  if (s === 'NOT_FOUND' || s === 'DRAFT' || s === 'UNPUBLISHED') return { status: 404 };
  if (s === 'SUSPENDED') return { status: 403 };
  if (s && COMING_BACK.includes(s)) {
    const until = host.store?.status_until ? Date.parse(host.store.status_until) : Number.NaN;
    const fallback = s === 'ERROR' ? 60 : 3600;
    const seconds = until > now ? Math.ceil((until - now) / 1000) : fallback;
    return { status: 503, retryAfter: Math.min(seconds, 7 * 86_400) };
  }
  return { status: meta.notFound ? 404 : 200 };
}

const xml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
const base = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? 'localhost'}`;

/** /robots.txt and /sitemap.xml per host: a shop lists its home, listing and products; the main domain its open shops. */
export function registerSeoRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) => {
    const host = await describeHost(deps, req, '/');
    const body =
      host.face === 'backoffice'
        ? 'User-agent: *\nDisallow: /\n'
        : `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /cart\nDisallow: /checkout\nDisallow: /orders\nDisallow: /order/\nDisallow: /profile\nDisallow: /wishlist\nSitemap: ${base(req)}/sitemap.xml\n`;
    return reply.header('content-type', 'text/plain; charset=utf-8').send(body);
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const host = await describeHost(deps, req, '/');
    const urls: string[] = [];
    if (host.face === 'storefront' && host.store && host.via === 'host' && isOpen(host.store.online_status)) {
      const root = base(req);
      urls.push(`${root}/`, `${root}/products`);
      const rows = await withStore(deps.db, host.store.id, (tx) =>
        tx
          .select({ id: schema.products.id })
          .from(schema.products)
          .where(eq(schema.products.status, 'ACTIVE'))
          .orderBy(desc(schema.products.updatedAt))
          .limit(50_000),
      );
      for (const r of rows) urls.push(`${root}/product/${r.id}`);
    } else if (host.face === 'marketing') {
      urls.push(`${base(req)}/`, `${base(req)}/shops`, `${base(req)}/pricing`, `${base(req)}/about`);
      const shops = await deps.db
        .select({ slug: schema.stores.slug, plan: schema.stores.plan })
        .from(schema.stores)
        .where(and(inArray(schema.stores.onlineStatus, ['PUBLISHED', 'ONLINE'])))
        .limit(50_000);
      for (const s of shops) urls.push(storeUrl(deps, { ...s, customDomain: null }, originOf(req)));
    } else {
      return reply.callNotFound();
    }
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => `  <url><loc>${xml(u)}</loc></url>`).join('\n')}\n</urlset>\n`;
    return reply.header('content-type', 'application/xml; charset=utf-8').send(body);
  });
}
