import type { ProductDetail } from '@haat/contracts';
import { ChevronRight, PackageSearch } from 'lucide-react';
import { paths } from '../../app/paths.ts';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { isNotFound } from '../../lib/api.ts';
import { Link } from '../../lib/router.tsx';
import { ProductCard } from '../products/index.ts';
import { BuyBox } from './buy-box.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { ProductOffers } from './product-offers.tsx';
import { ProductReviews } from './product-reviews.tsx';
import { ProductShare } from './product-share.tsx';
import { ProductSkeleton } from './product-skeleton.tsx';
import { useChosenVariant } from './use-chosen-variant.ts';
import { useProduct, useSimilarProducts } from './use-product.ts';

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

function NotFound({ base }: { base: string }) {
  return (
    <div className="mx-auto flex min-h-[50dvh] max-w-md flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <PackageSearch aria-hidden className="size-12 text-brand-600" />
      <h1 className="text-2xl font-bold text-slate-900">Product not found</h1>
      <p className="text-slate-600">This product is not sold here, or it is no longer available.</p>
      <Link to={paths.shop.products(base)} className={buttonStyles.primary}>
        View all products
      </Link>
    </div>
  );
}

function Similar({ slug, id, base }: { slug: string; id: string; base: string }) {
  const similar = useSimilarProducts(slug, id);
  if (!similar.data?.length) return null;
  return (
    <section aria-labelledby="similar-heading" className="mt-12">
      <h2 id="similar-heading" className="text-xl font-bold text-slate-900">
        Similar products
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 lg:gap-6">
        {similar.data.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} base={base} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /product/{id}: one product of this shop, its offers, reviews and similar products. */
export function ProductDetailPage({ slug, base, id }: { slug: string; base: string; id: string }) {
  const product = useProduct(slug, id);
  const p = product.data;
  const notFound = isNotFound(product.error);
  useDocumentTitle(p?.product_name ?? (notFound ? 'Product not found' : slug));

  if (notFound) return <NotFound base={base} />;
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
  if (!p) return <ProductSkeleton />;
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
          <ProductShare product={p} variant={chosen} base={base} />
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
      <ProductReviews slug={slug} productId={p.id} />
      <Similar slug={slug} id={p.id} base={base} />
    </div>
  );
}
