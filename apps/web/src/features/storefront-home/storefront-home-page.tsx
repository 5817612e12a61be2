import type { DealsConfig, FeaturedConfig, StoreHome, StoreSection } from '@haat/contracts';
import { sectionRank } from '@haat/contracts/constants';
import { RefreshCw, Store } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useLocation } from '../../lib/router.tsx';
import { BannerSection } from './banner-section.tsx';
import { DealsSection } from './deals-section.tsx';
import { FeaturedSection } from './featured-section.tsx';
import { SalesSection } from './sales-section.tsx';
import { useStoreHome } from './use-store-home.ts';

// Used when a shop has products but has not set up its home sections yet.
const DEFAULT_FEATURED: FeaturedConfig = {
  mainHeading: { text: 'Featured Products' },
  subHeading: { text: '' },
  button: { text: 'View All Products' },
};
const DEFAULT_DEALS: DealsConfig = {
  mainHeading: { text: "Today's Deals" },
  subHeading: { text: '' },
  timerHeading: { text: 'Deal ends in' },
  button: { text: 'Shop Now' },
};
const DEFAULT_SALES: DealsConfig = {
  mainHeading: { text: 'Upcoming Sale' },
  subHeading: { text: '' },
  timerHeading: { text: 'Sale starts in' },
  button: { text: 'Notify Me' },
};

/** Home sections in the spec's order (banner, featured, deals, then the rest); filter and footer live elsewhere. */
export function orderedSections(sections: StoreSection[]) {
  return sections
    .filter((s) => s.name !== 'filter' && s.name !== 'footer')
    .sort((a, b) => sectionRank(a.name) - sectionRank(b.name) || a.position - b.position);
}

/**
 * A section of the public home. One with nothing to show (no featured product, no deal running, no sale coming) is
 * left out for shoppers; the template editor still shows it, with its empty-state line, to the vendor.
 */
function Section({ section, data, base }: { section: StoreSection; data: StoreHome; base: string }) {
  switch (section.name) {
    case 'banner':
      return (
        <BannerSection
          config={section.config.banner}
          base={base}
          storeName={data.store.store_name}
          hasDeals={data.deals.length > 0}
        />
      );
    case 'featured':
      return data.featured.length ? (
        <FeaturedSection config={section.config.featured} products={data.featured} base={base} />
      ) : null;
    case 'deals':
      return data.deals.length ? (
        <DealsSection config={section.config.deals} deals={data.deals} base={base} />
      ) : null;
    case 'sales':
      return data.upcoming_sales.length ? (
        <SalesSection config={section.config.sales} sales={data.upcoming_sales} base={base} />
      ) : null;
    default:
      return null;
  }
}

function HomeMessage({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      {children}
    </div>
  );
}

/** The shop's home page: its theme sections with featured products, deals and upcoming sales. */
export function StorefrontHomePage({
  slug,
  base,
  storeName,
}: {
  slug: string;
  base: string;
  storeName: string;
}) {
  const home = useStoreHome(slug);
  const { hash } = useLocation();
  const loaded = home.isSuccess;

  // Arriving from another page at `…#deals`: the section exists only once the data is here.
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [loaded, hash]);

  if (home.isPending) {
    return (
      <HomeMessage>
        <h1 className="sr-only">{storeName}</h1>
        <div role="status" className="flex flex-col items-center gap-2 text-slate-600">
          <Spinner className="size-6 text-brand-600" />
          <p className="text-lg font-medium text-slate-900">Loading..</p>
          <p className="text-sm">Hang tight! We're finding the perfect deals for you...</p>
        </div>
      </HomeMessage>
    );
  }

  if (home.isError) {
    return (
      <HomeMessage>
        <h1 className="text-xl font-semibold text-slate-900">We couldn't load this shop</h1>
        <p className="text-slate-600">Something went wrong while loading it. Please try again in a moment.</p>
        <button type="button" onClick={() => home.refetch()} className={buttonStyles.primary}>
          <RefreshCw aria-hidden className="size-4" />
          Try again
        </button>
      </HomeMessage>
    );
  }

  const data = home.data;
  const sections = orderedSections(data.sections);
  const hasProducts = data.featured.length > 0 || data.deals.length > 0 || data.upcoming_sales.length > 0;

  if (!sections.length && !hasProducts) {
    return (
      <HomeMessage>
        <Store aria-hidden className="size-10 text-slate-400" />
        <h1 className="text-xl font-semibold text-slate-900">{storeName}</h1>
        <p className="text-slate-600">No data available for this store</p>
      </HomeMessage>
    );
  }

  const hasBanner = sections.some((s) => s.name === 'banner');
  return (
    <>
      {hasBanner ? null : <h1 className="sr-only">{storeName}</h1>}
      {sections.length ? (
        sections.map((s) => <Section key={`${s.name}-${s.position}`} section={s} data={data} base={base} />)
      ) : (
        <>
          {data.featured.length ? (
            <FeaturedSection config={DEFAULT_FEATURED} products={data.featured} base={base} />
          ) : null}
          {data.deals.length ? <DealsSection config={DEFAULT_DEALS} deals={data.deals} base={base} /> : null}
          {data.upcoming_sales.length ? (
            <SalesSection config={DEFAULT_SALES} sales={data.upcoming_sales} base={base} />
          ) : null}
        </>
      )}
    </>
  );
}
