import type { HostInfo, ProductDetail } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../lib/deps.ts';

import { getProduct } from '../modules/catalog/index.ts';
import { describeHost, findStoreBySlug, isOpen, originOf, storeUrl } from '../modules/stores/index.ts';

export interface PageMeta {
  title?: string;
  description?: string;
  image?: string | null;
  type?: 'website' | 'product';
  /** The product of a product page, as its API call answers it (also sent with the page, see page-data.ts). */
  product?: ProductDetail;
}

const PRODUCT = /\/product\/([0-9a-f-]{36})\/?$/i;
const clip = (s: string | null | undefined, n = 160) =>
  s ? (s.length > n ? `${s.slice(0, n - 1)}…` : s) : undefined;

/** Title, description and image of a shop's product and listing pages, for the served HTML (search and sharing). */
export async function pageMeta(deps: Deps, host: HostInfo, path: string): Promise<PageMeta> {
  if (host.face === 'marketing' && /^\/shops\/?$/.test(path)) {
    return {
      title: 'All Shops | Haat',
      description:
        'Browse independent Indian shops on Haat by category and city: fashion, electronics, food, beauty and home.',
    };
  }
  const store = host.store;
  if (host.face !== 'storefront' || !store || !isOpen(store.online_status)) return {};
  const m = PRODUCT.exec(path);
  if (m?.[1]) {
    const row = await findStoreBySlug(deps, store.slug);
    if (!row) return {};
    const product = await getProduct(deps, row, m[1]).catch(() => null);
    if (!product) return {};
    return {
      title: `${product.product_name} | ${store.store_name}`,
      description:
        clip(product.product_description) ?? `Buy ${product.product_name} from ${store.store_name}.`,
      image: product.thumbnail,
      type: 'product',
      product,
    };
  }
  if (/\/products\/?$/.test(path))
    return {
      title: `All Products | ${store.store_name}`,
      description: clip(store.short_description ?? store.description),
    };
  return {};
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
        : `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /cart\nDisallow: /checkout\nDisallow: /orders\nDisallow: /order/\nDisallow: /profile\nSitemap: ${base(req)}/sitemap.xml\n`;
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
