import { ProductCard } from '../products/index.ts';
import { MORE_ID } from './product-more-id.ts';
import { ProductReviews } from './product-reviews.tsx';
import { useSimilarProducts } from './use-product-more.ts';

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

/** Below a product: its reviews and similar products (loaded as they come near, product-detail-page.tsx). */
export function ProductMore({ slug, id, base }: { slug: string; id: string; base: string }) {
  return (
    <div id={MORE_ID}>
      <ProductReviews slug={slug} productId={id} />
      <Similar slug={slug} id={id} base={base} />
    </div>
  );
}
