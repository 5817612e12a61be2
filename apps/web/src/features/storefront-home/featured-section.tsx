import type { FeaturedConfig, ProductCard as Product } from '@haat/contracts';
import { paths } from '../../app/paths.ts';
import { Link } from '../../lib/router.tsx';
import { ProductCard } from '../products/index.ts';
import { SectionHeading } from './section-heading.tsx';
import { type EditHook, textOf, textStyle } from './text-style.ts';

/** Featured products: four columns on desktop, two on a phone, and a link to the full listing. */
export function FeaturedSection({
  config,
  products,
  base,
  edit,
}: {
  config: FeaturedConfig;
  products: Product[];
  base: string;
  edit?: EditHook;
}) {
  return (
    <section aria-labelledby="featured-heading" className="scroll-mt-20 bg-white py-12 sm:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="featured-heading"
          heading={config.mainHeading}
          subHeading={config.subHeading}
          fallback="Featured Products"
          edit={edit}
        />
        {products.length ? (
          <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 lg:gap-6">
            {products.map((p) => (
              <li key={p.id}>
                <ProductCard
                  product={p}
                  base={base}
                  tagText={textOf(config.product_cart?.product_tag, 'NEW')}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-8 text-center text-slate-600">
            No featured products yet. Have a look at everything we sell.
          </p>
        )}
        <div className="mt-10 text-center">
          <Link
            {...edit?.('button', 'Button')}
            to={paths.shop.products(base)}
            className="inline-flex items-center justify-center rounded-lg border-2 border-current bg-white px-6 py-3 text-sm font-semibold text-brand-700 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            style={textStyle(config.button)}
          >
            {textOf(config.button, 'View All Products')}
          </Link>
        </div>
      </div>
    </section>
  );
}
