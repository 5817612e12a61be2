import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { useNavigate } from '../../lib/router.tsx';
import { productSearchHref } from './use-product-search.ts';

/**
 * "Search products in every shop": the box on the landing page and the All Shops page. Submitting opens the
 * results page (/search?q=…) on the main domain.
 */
export function ProductSearchBox({
  className = '',
  onDark = false,
}: {
  className?: string;
  onDark?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const navigate = useNavigate();
  return (
    <search aria-label="Products in every shop" className={className}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          navigate(productSearchHref(text));
        }}
        className="mx-auto flex w-full max-w-2xl gap-2"
      >
        <div className="relative min-w-0 flex-1">
          <label htmlFor={id} className="sr-only">
            Search products in every shop
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
          />
          <input
            id={id}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search products"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            className="w-full rounded-full border border-slate-300 bg-white py-3 pr-3 pl-11 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          />
        </div>
        <button
          type="submit"
          className={
            onDark
              ? 'inline-flex shrink-0 items-center rounded-full bg-white px-5 text-sm font-semibold text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white'
              : `${buttonStyles.primary} shrink-0 rounded-full px-5`
          }
        >
          Search
        </button>
      </form>
    </search>
  );
}

/** The landing page's band for shoppers: one search over the products of every open shop. */
export function ProductSearchBand() {
  return (
    <section aria-labelledby="find-products" className="bg-brand-700 px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
      <div className="mx-auto max-w-3xl text-center">
        <h2 id="find-products" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
          Find a product in every shop
        </h2>
        <p className="mt-2 text-brand-100">
          Kurtas from Jaipur, tea from Darjeeling, spices from Kerala: search them all at once.
        </p>
        <ProductSearchBox className="mt-6" onDark />
      </div>
    </section>
  );
}
