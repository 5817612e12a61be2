import type { ProductDetail } from '@haat/contracts';
import { ChevronRight } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useHost } from '../../app/host.tsx';
import { paths } from '../../app/paths.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { useShopHead } from '../../components/ui/use-shop-head.ts';
import { isNotFound } from '../../lib/api.ts';
import { Link } from '../../lib/router.tsx';
import { whenNear } from '../../lib/when-near.ts';
import { BuyBox } from './buy-box.tsx';
import { CheckDelivery } from './check-delivery.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { MORE_ID } from './product-more-id.ts';
import { ProductOffers } from './product-offers.tsx';
import { useChosenVariant } from './use-chosen-variant.ts';
import { useProduct } from './use-product.ts';

// Reviews and similar products sit below the first screen: their code, TanStack Query's engine and their data load
// as the shopper scrolls towards them (issue 18). On a page the server rendered, the section keeps the server's HTML
// until then (React hydrates it when its code arrives).
const ProductMore = lazy(() =>
  whenNear(MORE_ID)
    .then(() => import('./product-more.tsx'))
    .then((m) => ({ default: m.ProductMore })),
);

// Share on WhatsApp is a plain link in the server's HTML: its code (the share text) can follow the first page.
const ProductShare = lazy(() => import('./product-share.tsx').then((m) => ({ default: m.ProductShare })));

// Shown only while a product opened in the browser loads: a page the server rendered never needs it.
const ProductSkeleton = lazy(() =>
  import('./product-skeleton.tsx').then((m) => ({ default: m.ProductSkeleton })),
);

// Only for an id the shop does not sell.
const NotFound = lazy(() => import('./product-not-found.tsx').then((m) => ({ default: m.NotFound })));

// Below the first screen: a space the size of an empty reviews section until the code arrives.
const MoreLoading = () => <div id={MORE_ID} aria-busy="true" className="mt-12 min-h-96" />;

function Breadcrumb({ product, base }: { product: ProductDetail; base: string }) {
  const products = paths.shop.products(base);
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to={products} className="hover:text-brand-700 hover:underline">
            All Products
          </Link>
        </li>
        {product.category ? (
          <li className="flex items-center gap-1">
            <ChevronRight aria-hidden className="size-3.5" />
            <Link
              to={`${products}?${new URLSearchParams({ category: product.category.id })}`}
              className="hover:text-brand-700 hover:underline"
            >
              {product.category.name}
            </Link>
          </li>
        ) : null}
        {product.sub_category ? (
          <li className="flex items-center gap-1">
            <ChevronRight aria-hidden className="size-3.5" />
            <span>{product.sub_category.name}</span>
          </li>
        ) : null}
        <li className="flex min-w-0 items-center gap-1">
          <ChevronRight aria-hidden className="size-3.5" />
          <span aria-current="page" className="truncate font-medium text-slate-900">
            {product.product_name}
          </span>
        </li>
      </ol>
    </nav>
  );
}

/** /product/{id}: one product of this shop, its offers, reviews and similar products. */
export function ProductDetailPage({ slug, base, id }: { slug: string; base: string; id: string }) {
  const product = useProduct(slug, id);
  const p = product.data;
  const notFound = isNotFound(product.error);
  const store = useHost().store;
  // The head the server wrote for this product (shopPageHead), kept after hydration.
  useShopHead((seo) =>
    p && store
      ? seo.shopPageHead(store, { product: p })
      : notFound && store
        ? { ...seo.shopPageHead(store, 'home'), title: 'Product not found' }
        : null,
  );

  if (notFound) {
    return (
      <Suspense fallback={null}>
        <NotFound base={base} />
      </Suspense>
    );
  }
  if (product.isError) {
    return (
      <div role="alert" className="mx-auto max-w-md px-6 py-20 text-center">
        <h1 className="text-xl font-bold text-slate-900">We couldn't load this product.</h1>
        <button type="button" className={`${buttonStyles.secondary} mt-4`} onClick={() => product.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!p) {
    return (
      <Suspense fallback={null}>
        <ProductSkeleton />
      </Suspense>
    );
  }
  return <ProductView product={p} slug={slug} base={base} />;
}

/** The loaded product: gallery, buy box and offers follow the chosen variant. */
function ProductView({ product: p, slug, base }: { product: ProductDetail; slug: string; base: string }) {
  const { chosen, pick } = useChosenVariant(p);
  const own = p.images.length ? p.images : p.thumbnail ? [p.thumbnail] : [];
  const variantImage = p.options.length ? chosen?.image : null;
  const images = variantImage ? [variantImage, ...own.filter((i) => i !== variantImage)] : own;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <Breadcrumb product={p} base={base} />
      <div className="grid gap-6 md:grid-cols-2 lg:gap-12">
        <ProductGallery key={`${p.id}:${variantImage ?? ''}`} images={images} name={p.product_name} />
        <div className="flex min-w-0 flex-col gap-8">
          <BuyBox key={p.id} product={p} variant={chosen} onPick={pick} />
          <Suspense fallback={null}>
            <ProductShare product={p} variant={chosen} base={base} />
          </Suspense>
          <CheckDelivery slug={slug} productId={p.id} variantId={chosen?.id} />
          <ProductOffers product={p} />
        </div>
      </div>
      <section aria-labelledby="description-heading" className="mt-12">
        <h2 id="description-heading" className="text-xl font-bold text-slate-900">
          Description
        </h2>
        <p className="mt-3 whitespace-pre-line text-slate-700">
          {p.product_description?.trim() || 'No description available for this product.'}
        </p>
      </section>
      <Suspense fallback={<MoreLoading />}>
        <ProductMore slug={slug} id={p.id} base={base} />
      </Suspense>
    </div>
  );
}
